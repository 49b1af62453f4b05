/**
 * The designer's palette (issue 27): which widgets it offers, in JNPF's four groups, and the
 * definition a new widget of each kind starts with (jnpf-wire-engine.md §1–2, the shape of the
 * JNPF demo definitions in fixtures/models). The widget kinds are the engine's: 系统控件 is
 * core's `filledByServer` list (widget_kinds.json), containers are its `layout` list, and
 * palette.test.ts proves every widget the engine renders is offered here and nothing else.
 * Labels are not here: the screen passes the translated widget name.
 */
import { CONTAINERS, FILLED_BY_SERVER, SYSTEM_KEYS, type Field, type FieldConfig } from '@/engine/definition';

export type PaletteGroup = 'basic' | 'advanced' | 'system' | 'layout';

/** A widget kind: its group and what its definition starts with besides the common parts. */
interface Kind {
  group: PaletteGroup;
  tag: string;
  icon: string;
  trigger?: string | string[];
  defaultValue?: unknown;
  /** Extra `__config__` entries. */
  config?: Record<string, unknown>;
  /** The widget's own settings (beside `__config__`). */
  props?: Record<string, unknown>;
}

const input = { placeholder: '请输入', style: { width: '100%' }, clearable: true, disabled: false };
const choose = { placeholder: '请选择', style: { width: '100%' }, clearable: true, disabled: false };
const staticOptions = {
  options: [
    { fullName: '选项一', id: '1' },
    { fullName: '选项二', id: '2' },
  ],
  props: { props: { label: 'fullName', value: 'id' } },
};
const optionSource = { dataType: 'static', dictionaryType: '', propsUrl: '', propsName: '', templateJson: [] };
const popup = { popupType: 'dialog', popupTitle: '选择数据', popupWidth: '800px', hasPage: false, pageSize: 20 };
const upload = { fileSize: 10, sizeUnit: 'MB', limit: 9, accept: '', disabled: false };
const openData = (type: string) => ({ type, readonly: true });

const KINDS: Record<string, Kind> = {
  // 基础控件
  comInput: { group: 'basic', tag: 'el-input', icon: 'input', trigger: 'blur', props: { ...input, readonly: false, 'show-password': false, 'show-word-limit': false, maxlength: null, __slot__: { prepend: '', append: '' } } },
  textarea: { group: 'basic', tag: 'el-input', icon: 'textarea', trigger: 'blur', props: { ...input, readonly: false, 'show-word-limit': false, maxlength: null, autosize: { minRows: 4, maxRows: 4 } } },
  numInput: { group: 'basic', tag: 'JnpfInputNumber', icon: 'number', trigger: ['blur', 'change'], props: { ...input, min: null, max: null, step: 1, precision: null, thousands: false, isAmountChinese: false, controls: false } },
  JNPFAmount: { group: 'basic', tag: 'JnpfAmount', icon: 'amount', trigger: 'change', props: { ...input, precision: 2, thousands: false, isAmountChinese: true } },
  switch: { group: 'basic', tag: 'el-switch', icon: 'switch', trigger: 'change', defaultValue: 0, props: { disabled: false, activeTxt: '开', inactiveTxt: '关', activeValue: 1, inactiveValue: 0 } },
  radio: { group: 'basic', tag: 'JnpfRadio', icon: 'radio', trigger: 'change', config: optionSource, props: { ...staticOptions, disabled: false, direction: 'horizontal', optionType: 'default' } },
  checkbox: { group: 'basic', tag: 'JnpfCheckbox', icon: 'checkbox', trigger: 'change', defaultValue: [], config: optionSource, props: { ...staticOptions, disabled: false, direction: 'horizontal', optionType: 'default' } },
  select: { group: 'basic', tag: 'JnpfSelect', icon: 'select', trigger: 'change', config: optionSource, props: { ...choose, ...staticOptions, filterable: false, multiple: false } },
  cascader: { group: 'basic', tag: 'JnpfCascader', icon: 'cascader', trigger: 'change', defaultValue: [], config: optionSource, props: { ...choose, options: [], props: { props: { label: 'fullName', value: 'id', children: 'children' } }, filterable: false, multiple: false, separator: '/' } },
  date: { group: 'basic', tag: 'JnpfDatePicker', icon: 'date', trigger: 'change', config: { defaultCurrent: false, startTimeRule: false, endTimeRule: false }, props: { ...choose, format: 'yyyy-MM-dd', type: 'date' } },
  time: { group: 'basic', tag: 'JnpfTimePicker', icon: 'time', trigger: 'change', config: { defaultCurrent: false }, props: { ...choose, format: 'HH:mm:ss' } },
  dateRange: { group: 'basic', tag: 'JnpfDateRangePicker', icon: 'date-range', trigger: 'change', defaultValue: [], props: { ...choose, format: 'yyyy-MM-dd', type: 'daterange', startPlaceholder: '开始日期', endPlaceholder: '结束日期' } },
  timeRange: { group: 'basic', tag: 'JnpfTimeRangePicker', icon: 'time-range', trigger: 'change', defaultValue: [], props: { ...choose, format: 'HH:mm:ss', startPlaceholder: '开始时间', endPlaceholder: '结束时间' } },
  colorPicker: { group: 'basic', tag: 'el-color-picker', icon: 'color', trigger: 'change', props: { disabled: false, 'show-alpha': false, 'color-format': '' } },
  rate: { group: 'basic', tag: 'el-rate', icon: 'rate', trigger: 'change', defaultValue: 0, props: { max: 5, 'allow-half': false, 'show-score': false, disabled: false } },
  slider: { group: 'basic', tag: 'el-slider', icon: 'slider', trigger: 'change', defaultValue: 0, props: { min: 0, max: 100, step: 1, disabled: false } },
  editor: { group: 'basic', tag: 'JNPF-Quill', icon: 'editor', trigger: 'blur', props: { placeholder: '请输入', disabled: false } },
  uploadFz: { group: 'basic', tag: 'JNPF-UploadFz', icon: 'upload', trigger: 'change', defaultValue: [], props: { ...upload, buttonText: '点击上传', pathType: 'defaultPath' } },
  uploadImg: { group: 'basic', tag: 'JNPF-UploadImg', icon: 'image', trigger: 'change', defaultValue: [], props: { ...upload, pathType: 'defaultPath' } },
  // 高级控件
  comSelect: { group: 'advanced', tag: 'comSelect', icon: 'company', trigger: 'change', defaultValue: [], props: { ...choose, multiple: false, selectType: 'all', ableIds: [] } },
  depSelect: { group: 'advanced', tag: 'dep-select', icon: 'department', trigger: 'change', props: { ...choose, multiple: false, selectType: 'all', ableIds: [] } },
  posSelect: { group: 'advanced', tag: 'pos-select', icon: 'position', trigger: 'change', props: { ...choose, multiple: false, selectType: 'all', ableIds: [] } },
  userSelect: { group: 'advanced', tag: 'user-select', icon: 'user', trigger: 'change', props: { ...choose, multiple: false, selectType: 'all', ableIds: [], relationField: '', hasSys: false } },
  usersSelect: { group: 'advanced', tag: 'users-select', icon: 'users', trigger: 'change', props: { ...choose, multiple: false, selectType: 'all', ableIds: [] } },
  roleSelect: { group: 'advanced', tag: 'role-select', icon: 'role', trigger: 'change', props: { ...choose, multiple: false, selectType: 'all', ableIds: [] } },
  groupSelect: { group: 'advanced', tag: 'group-select', icon: 'group', trigger: 'change', props: { ...choose, multiple: false, selectType: 'all', ableIds: [] } },
  treeSelect: { group: 'advanced', tag: 'JnpfTreeSelect', icon: 'tree', trigger: 'change', config: optionSource, props: { ...choose, options: [], props: { props: { label: 'fullName', value: 'id', children: 'children' } }, filterable: false, multiple: false } },
  address: { group: 'advanced', tag: 'JNPFAddress', icon: 'address', trigger: 'change', defaultValue: [], props: { ...choose, level: 2, multiple: false } },
  table: {
    group: 'advanced',
    tag: 'JNPF-InputTable',
    icon: 'table',
    defaultValue: [],
    config: { layout: 'rowFormItem', showLabel: false, showTitle: true, type: 'table', rowType: 'table', children: [] },
    props: {
      actionText: '添加',
      addType: 0,
      addTableConf: { popupTitle: '选择数据', popupType: 'dialog', popupWidth: '800px', interfaceId: '', interfaceName: '', templateJson: [], hasPage: true, pageSize: 20, columnOptions: [], relationOptions: [] },
      'show-summary': false,
      summaryField: [],
      thousands: false,
      thousandsField: [],
      tableConf: {},
      disabled: false,
    },
  },
  relationForm: { group: 'advanced', tag: 'relationForm', icon: 'menu', trigger: 'change', props: { ...choose, modelId: '', relationField: '', columnOptions: [], ...popup } },
  relationFormAttr: { group: 'advanced', tag: 'relationFormAttr', icon: 'nature', config: { isStorage: 0 }, props: { relationField: '', showField: '' } },
  popupSelect: { group: 'advanced', tag: 'popupSelect', icon: 'popup', trigger: 'change', props: { ...choose, interfaceId: '', interfaceName: '', templateJson: [], columnOptions: [], propsValue: 'id', relationField: 'fullName', multiple: false, ...popup } },
  popupTableSelect: { group: 'advanced', tag: 'popupTableSelect', icon: 'popup-table', trigger: 'change', props: { ...choose, interfaceId: '', interfaceName: '', templateJson: [], columnOptions: [], propsValue: 'id', relationField: 'fullName', multiple: false, ...popup } },
  popupAttr: { group: 'advanced', tag: 'popupAttr', icon: 'nature', config: { isStorage: 0 }, props: { relationField: '', showField: '' } },
  autoComplete: { group: 'advanced', tag: 'JnpfAutoComplete', icon: 'auto-complete', trigger: 'change', props: { ...input, interfaceId: '', interfaceName: '', templateJson: [], relationField: 'fullName', total: 10 } },
  calculate: { group: 'advanced', tag: 'calculate', icon: 'count', trigger: 'change', config: { isStorage: 0 }, props: { expression: [], precision: 2, thousands: false, isAmountChinese: false } },
  qrcode: { group: 'advanced', tag: 'JNPFQrcode', icon: 'qrcode', props: { dataType: 'static', staticText: '', relationField: '', colorDark: '#000000', colorLight: '#ffffff', width: 100 } },
  barcode: { group: 'advanced', tag: 'JNPFBarcode', icon: 'barcode', props: { dataType: 'static', staticText: '', relationField: '', format: 'code128', lineColor: '#000000', background: '#ffffff', width: 2, height: 100 } },
  // 系统控件 (jnpf-wire-engine.md §2.5): the server fills them
  billRule: { group: 'system', tag: 'el-input', icon: 'documents', trigger: 'change', config: { rule: '', ruleName: '' }, props: { readonly: true, placeholder: '系统自动生成' } },
  createUser: { group: 'system', tag: 'jnpf-open-data', icon: 'founder', defaultValue: '', props: openData('currUser') },
  createTime: { group: 'system', tag: 'jnpf-open-data', icon: 'createtime', defaultValue: '', props: openData('currTime') },
  modifyUser: { group: 'system', tag: 'jnpf-open-data', icon: 'modifier', defaultValue: '', props: openData('currUser') },
  modifyTime: { group: 'system', tag: 'jnpf-open-data', icon: 'modifytime', defaultValue: '', props: openData('currTime') },
  currOrganize: { group: 'system', tag: 'jnpf-open-data', icon: 'company', defaultValue: '', props: { ...openData('currOrganize'), showLevel: 'last' } },
  currDept: { group: 'system', tag: 'jnpf-open-data', icon: 'department', defaultValue: '', props: openData('currDept') },
  currPosition: { group: 'system', tag: 'jnpf-open-data', icon: 'station', defaultValue: '', props: openData('currPosition') },
  // 布局控件
  groupTitle: { group: 'layout', tag: 'groupTitle', icon: 'groupTitle', config: { showLabel: false }, props: { content: '分组标题', 'content-position': 'left', helpMessage: '' } },
  divider: { group: 'layout', tag: 'el-divider', icon: 'divider', config: { showLabel: false }, props: { __slot__: { default: '分割线' }, 'content-position': 'center' } },
  JNPFText: { group: 'layout', tag: 'JNPFText', icon: 'text', config: { showLabel: false }, props: { content: '文本', textStyle: { color: '#000000', 'text-align': 'left', 'font-weight': 'normal', 'font-style': 'normal', 'text-decoration': 'none', 'line-height': 32, 'font-size': 12 } } },
  alert: { group: 'layout', tag: 'el-alert', icon: 'alert', config: { showLabel: false }, props: { title: '提示', type: 'success', closable: true, 'show-icon': false, description: '' } },
  link: { group: 'layout', tag: 'JnpfLink', icon: 'link', config: { showLabel: false }, props: { content: '文本链接', href: '', target: '_self', textStyle: { color: '#1890ff', 'text-align': 'left' } } },
  button: { group: 'layout', tag: 'JnpfButton', icon: 'button', config: { showLabel: false }, props: { buttonText: '按钮', align: 'left', type: 'primary', disabled: false } },
  row: { group: 'layout', tag: 'el-row', icon: 'row', config: { layoutTree: true, rowType: 'layout' }, props: { type: 'default', justify: 'start', align: 'top' } },
  card: { group: 'layout', tag: 'el-card', icon: 'card', props: { header: '卡片容器', shadow: 'never' } },
  tab: { group: 'layout', tag: 'el-tab', icon: 'tab', config: { active: 0 }, props: { type: '', 'tab-position': 'top' } },
  collapse: { group: 'layout', tag: 'el-collapse', icon: 'collapse', config: { active: ['1'] }, props: { accordion: true } },
  tableGrid: { group: 'layout', tag: 'tableGrid', icon: 'table', config: { borderType: 'solid', borderColor: '#E2E0E0', borderWidth: 1 }, props: {} },
};

/** Containers made with their parent, never offered alone. */
export const PART_KEYS: ReadonlySet<string> = new Set(['tabItem', 'collapseItem', 'tableGridTr', 'tableGridTd']);

export const GROUPS: PaletteGroup[] = ['basic', 'advanced', 'system', 'layout'];

/** The palette: each group's widget keys in order (系统控件 in core's order). */
export const PALETTE: Record<PaletteGroup, string[]> = {
  basic: Object.keys(KINDS).filter((k) => KINDS[k].group === 'basic'),
  advanced: Object.keys(KINDS).filter((k) => KINDS[k].group === 'advanced'),
  system: [...FILLED_BY_SERVER].filter((k) => k in KINDS),
  layout: Object.keys(KINDS).filter((k) => KINDS[k].group === 'layout'),
};

export function isPaletteKey(key: string): boolean {
  return key in KINDS;
}

/** Holds other widgets (a layout container or a sub-table). */
export function holdsChildren(key: string): boolean {
  return CONTAINERS.has(key) || key === 'table';
}

/** Has no `__vModel__` in JNPF's format: layout containers and the display widgets without one. */
const NO_FIELD_NAME = new Set(['groupTitle', 'divider', 'JNPFText', 'alert', 'link', 'button', 'relationFormAttr', 'popupAttr']);
export function hasFieldName(key: string): boolean {
  return !CONTAINERS.has(key) && !NO_FIELD_NAME.has(key);
}

/** May `key` be a column of a sub-table? Value widgets only: no container, sub-table, system field or display widget. */
export function allowedInTable(key: string): boolean {
  if (key === 'relationFormAttr' || key === 'popupAttr') return true;
  return !holdsChildren(key) && !SYSTEM_KEYS.has(key) && hasFieldName(key) && key !== 'billRule' && key !== 'qrcode' && key !== 'barcode';
}

/** The ids a new widget takes: JNPF numbers widgets by `idGlobal` and keys renders by time plus that number. */
export interface Ids {
  next(): number;
  now: number;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * A new widget of `key` as JNPF's designer makes it: common `__config__`, the kind's settings,
 * formId/renderKey from `ids`, and (for containers) the parts it is made with. The field name
 * is set by the model (it must be unique in the form).
 */
export function newWidget(key: string, label: string, ids: Ids): Field {
  const kind = KINDS[key] ?? PART_KIND[key];
  if (!kind) throw new Error(`unknown widget ${key}`);
  const formId = ids.next();
  const container = CONTAINERS.has(key);
  const config: FieldConfig = container
    ? { jnpfKey: key, layout: 'rowFormItem', showLabel: false, span: 24, dragDisabled: false, visibility: ['pc', 'app'], formId, renderKey: ids.now + formId, children: [], componentName: `${key}${formId}`, tag: kind.tag }
    : {
        jnpfKey: key,
        label,
        tipLabel: '',
        showLabel: true,
        tag: kind.tag,
        tagIcon: `icon-ym icon-ym-generator-${kind.icon}`,
        className: [],
        defaultValue: kind.defaultValue === undefined ? null : clone(kind.defaultValue),
        required: false,
        layout: 'colFormItem',
        span: 24,
        dragDisabled: false,
        visibility: ['pc', 'app'],
        noShow: false,
        tableName: '',
        regList: [],
        formId,
        renderKey: ids.now + formId,
        ...(kind.trigger ? { trigger: clone(kind.trigger) } : {}),
      };
  Object.assign(config, clone(kind.config ?? {}));
  if (key === 'table') delete config.required;
  const widget: Field = { __config__: config, ...clone(kind.props ?? {}) };
  if (key === 'tab') config.children = [part('tabItem', { title: 'Tab 1', name: '1' }, ids), part('tabItem', { title: 'Tab 2', name: '2' }, ids)];
  if (key === 'collapse') config.children = [part('collapseItem', { title: '面板1', name: '1' }, ids)];
  if (key === 'tableGrid') config.children = [gridRow(ids), gridRow(ids)];
  return widget;
}

const PART_KIND: Record<string, Kind> = {
  tabItem: { group: 'layout', tag: 'el-tab-pane', icon: 'tab' },
  collapseItem: { group: 'layout', tag: 'el-collapse-item', icon: 'collapse' },
  tableGridTr: { group: 'layout', tag: 'tableGridTr', icon: 'table' },
  tableGridTd: { group: 'layout', tag: 'tableGridTd', icon: 'table', config: { colspan: 1, rowspan: 1, merged: false } },
};

/** A tab pane or collapse panel (with its title and name) for a tab or collapse. */
export function part(key: string, props: Record<string, unknown>, ids: Ids): Field {
  return { ...newWidget(key, '', ids), ...props };
}

function gridRow(ids: Ids): Field {
  const row = newWidget('tableGridTr', '', ids);
  row.__config__.children = [newWidget('tableGridTd', '', ids), newWidget('tableGridTd', '', ids)];
  return row;
}

/** A new form's settings (formData without fields), as JNPF's designer starts one. */
export function blankForm(): Record<string, unknown> & { fields: Field[] } {
  return {
    formRef: 'elForm',
    formModel: 'dataForm',
    size: 'small',
    labelPosition: 'right',
    labelWidth: 100,
    formRules: 'rules',
    popupType: 'general',
    generalWidth: '600px',
    fullScreenWidth: '100%',
    drawerWidth: '600px',
    gutter: 15,
    disabled: false,
    span: 24,
    formBtns: false,
    idGlobal: 100,
    formStyle: '',
    className: [],
    classNames: [],
    classJson: '',
    hasCancelBtn: true,
    cancelButtonText: '取 消',
    hasConfirmBtn: true,
    confirmButtonText: '确 定',
    hasPrintBtn: false,
    printButtonText: '打 印',
    printId: '',
    primaryKeyPolicy: 1,
    concurrencyLock: false,
    logicalDelete: false,
    fields: [],
  };
}

/**
 * The list designer's model (issue 27, 列表设计), no React: JNPF `columnData`
 * (jnpf-wire-engine.md §4) built from a form's fields. Every operation answers a new
 * columnData and leaves the old one as it was. The column and search items embed the whole
 * field definition (§4.2) — `refresh` re-embeds them from the current form (and drops the
 * items whose field is gone), so the saved columnData always matches the saved formData.
 * Whether the list is right (at least one column, fields that exist, main-table sort fields,
 * the group/tree settings) is **core's** checkDefinition, never checked here.
 */
import type { Field, FormDefinition } from '@/engine/definition';
import { CONTAINERS, NOT_LISTABLE } from '@/engine/definition';

export type ListType = 1 | 2 | 3 | 4 | 5;
export type Align = 'left' | 'center' | 'right';
export type Fixed = 'none' | 'left' | 'right';
/** 1 equal, 2 fuzzy, 3 range. */
export type SearchType = 1 | 2 | 3;

/** A columnList item: the field definition plus the column's settings (§4.2). */
export interface ColumnItem extends Field {
  label: string;
  prop: string;
  fixed: Fixed;
  align: Align;
  jnpfKey: string;
  sortable: boolean;
  width: number | null;
}

/** A searchList item: the field definition plus the search settings (§4.2). */
export interface SearchItem extends Field {
  label: string;
  prop: string;
  jnpfKey: string;
  value: unknown;
  searchType: SearchType;
  searchMultiple: boolean;
}

export interface ListButton {
  value: string;
  icon: string;
  label: string;
  [key: string]: unknown;
}

/** columnData as the JNPF designer writes it (§4.1); keys the designer does not edit are kept as they come. */
export interface ColumnData {
  type: ListType;
  columnList: ColumnItem[];
  searchList: SearchItem[];
  btnsList: ListButton[];
  columnBtnsList: ListButton[];
  defaultSidx: string;
  sort: 'asc' | 'desc';
  hasPage: boolean;
  pageSize: number;
  [setting: string]: unknown;
}

/** A field the list may show: its list name (`table-column` in a sub-table), label and definition. */
export interface Candidate {
  prop: string;
  /** The column's label (`表格-列` for a sub-table column). */
  label: string;
  /** The search item's label (the field's own). */
  searchLabel: string;
  jnpfKey: string;
  field: Field;
  /** The sub-table's field name when the field is one of its columns. */
  table?: string;
}

/** Header buttons in the order JNPF shows them (§4.1); type 5 offers 新增 only. */
export const HEADER_BUTTONS = ['add', 'download', 'upload', 'batchRemove', 'batchPrint'] as const;
/** Row buttons. */
export const ROW_BUTTONS = ['edit', 'remove', 'detail'] as const;
export const PAGE_SIZES = [20, 50, 100, 500] as const;
export const LIST_TYPES: ListType[] = [1, 2, 3, 4, 5];
export const TREE_SOURCES = ['dictionary', 'api', 'organize', 'department'] as const;
export const PERMISSIONS = ['useBtnPermission', 'useColumnPermission', 'useFormPermission', 'useDataPermission'] as const;

const ICONS: Record<string, string> = {
  add: 'el-icon-plus',
  download: 'el-icon-download',
  upload: 'el-icon-upload2',
  batchRemove: 'el-icon-delete',
  batchPrint: 'el-icon-printer',
  edit: 'el-icon-edit',
  remove: 'el-icon-delete',
  detail: 'el-icon-tickets',
};

/** The labels JNPF writes (zh-CN); the screen passes its language's. */
export const BUTTON_LABELS: Record<string, string> = {
  add: '新增',
  download: '导出',
  upload: '导入',
  batchRemove: '批量删除',
  batchPrint: '批量打印',
  edit: '编辑',
  remove: '删除',
  detail: '详情',
};

/** Not listable (§4.2); the attrs only when they store (isStorage 2). */
const ATTRS = new Set(['relationFormAttr', 'popupAttr']);
/** Not searchable besides the non-listable ones (§4.2). */
const NOT_SEARCHABLE = new Set(['switch', 'relationForm', 'popupSelect', 'popupTableSelect']);
const FUZZY = new Set(['comInput', 'textarea', 'billRule']);
const RANGE = new Set(['date', 'time', 'createTime', 'modifyTime', 'numInput', 'calculate']);
const MULTIPLE = new Set(['select', 'depSelect', 'roleSelect', 'userSelect', 'usersSelect', 'comSelect', 'posSelect', 'groupSelect']);
/** Widgets whose search type may be chosen (equal or fuzzy). */
export const SEARCH_TYPE_CHOICE = new Set(['comInput', 'textarea']);

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function listable(f: Field): boolean {
  const key = f.__config__.jnpfKey;
  if (!f.__vModel__ || CONTAINERS.has(key) || NOT_LISTABLE.has(key)) return false;
  if (ATTRS.has(key)) return Number(f.__config__.isStorage ?? f.isStorage) === 2;
  return true;
}

/** Every field a list may show, in form order (containers looked through; sub-table columns as `table-column`). */
export function candidates(form: FormDefinition): Candidate[] {
  const out: Candidate[] = [];
  const walk = (list: Field[]) => {
    for (const f of list) {
      if (!f?.__config__) continue;
      const key = f.__config__.jnpfKey;
      if (key === 'table' && f.__vModel__) {
        const tableLabel = String(f.__config__.label ?? '');
        for (const c of f.__config__.children ?? []) {
          if (!c?.__config__ || !listable(c)) continue;
          const label = String(c.__config__.label ?? '');
          out.push({ prop: `${f.__vModel__}-${c.__vModel__}`, label: `${tableLabel}-${label}`, searchLabel: label, jnpfKey: c.__config__.jnpfKey, field: c, table: f.__vModel__ });
        }
        continue;
      }
      if (listable(f)) {
        const label = String(f.__config__.label ?? '');
        out.push({ prop: f.__vModel__ as string, label, searchLabel: label, jnpfKey: key, field: f });
      }
      if (CONTAINERS.has(key) && Array.isArray(f.__config__.children)) walk(f.__config__.children);
    }
  };
  walk(form.fields);
  return out;
}

/** The fields a search may use. */
export function searchCandidates(form: FormDefinition): Candidate[] {
  return candidates(form).filter((c) => !NOT_SEARCHABLE.has(c.jnpfKey));
}

/** The main-form fields (no sub-table columns): sort, group, tree relation. */
export function mainCandidates(form: FormDefinition): Candidate[] {
  return candidates(form).filter((c) => !c.table);
}

export function defaultSearchType(jnpfKey: string): SearchType {
  if (FUZZY.has(jnpfKey)) return 2;
  if (RANGE.has(jnpfKey)) return 3;
  return 1;
}

/** Whether the search may take several values (offered for these widgets only). */
export function offersMultiple(jnpfKey: string): boolean {
  return MULTIPLE.has(jnpfKey);
}

/** The columnList item of a candidate (settings kept from `was` when given). */
export function columnItem(c: Candidate, was?: Partial<ColumnItem>): ColumnItem {
  return {
    ...clone(c.field),
    __vModel__: c.prop,
    label: was?.label ?? c.label,
    prop: c.prop,
    fixed: was?.fixed ?? 'none',
    align: was?.align ?? 'left',
    jnpfKey: c.jnpfKey,
    sortable: was?.sortable ?? false,
    width: was?.width ?? null,
  };
}

/** The searchList item of a candidate (settings kept from `was` when given). */
export function searchItem(c: Candidate, was?: Partial<SearchItem>): SearchItem {
  return {
    ...clone(c.field),
    __vModel__: c.prop,
    label: was?.label ?? c.searchLabel,
    prop: c.prop,
    jnpfKey: c.jnpfKey,
    value: was?.value ?? '',
    searchType: SEARCH_TYPE_CHOICE.has(c.jnpfKey) && (was?.searchType === 1 || was?.searchType === 2) ? was.searchType : defaultSearchType(c.jnpfKey),
    searchMultiple: offersMultiple(c.jnpfKey) ? (was?.searchMultiple ?? true) : false,
  };
}

export function button(value: string, labels: Record<string, string> = BUTTON_LABELS): ListButton {
  return { value, icon: ICONS[value] ?? '', label: labels[value] ?? BUTTON_LABELS[value] ?? value };
}

/** The list JNPF's designer starts with (§4.1 defaults): no columns, 新增, 编辑 and 删除. */
export function blankColumnData(labels: Record<string, string> = BUTTON_LABELS): ColumnData {
  return {
    type: 1,
    columnList: [],
    searchList: [],
    columnOptions: [],
    defaultColumnList: [],
    defaultSidx: '',
    sort: 'desc',
    hasPage: true,
    pageSize: 20,
    hasSuperQuery: true,
    showSummary: false,
    summaryField: [],
    thousands: false,
    thousandsField: [],
    childTableStyle: 1,
    groupField: '',
    parentField: '',
    hasTreeQuery: false,
    treeTitle: labels.treeTitle ?? '左侧标题',
    treeDataSource: 'dictionary',
    treeDictionary: '',
    treePropsUrl: '',
    treePropsValue: 'id',
    treePropsLabel: 'fullName',
    treePropsChildren: 'children',
    treeRelation: '',
    treeSynType: 0,
    treeInterfaceId: '',
    treeInterfaceName: '',
    treeTemplateJson: [],
    btnsList: [button('add', labels)],
    columnBtnsList: [button('edit', labels), button('remove', labels)],
    customBtnsList: [],
    printIds: [],
    uploaderTemplateJson: {},
    ruleList: [],
    useColumnPermission: false,
    useFormPermission: false,
    useBtnPermission: false,
    useDataPermission: false,
  };
}

/** How many columns a generated list shows. */
export const DEFAULT_COLUMNS = 5;

/**
 * A list for a form that has none, so a new model can be released at once: the first main-form
 * fields as columns (up to DEFAULT_COLUMNS), the first text field as a fuzzy search, 新增,
 * 编辑 and 删除.
 */
export function defaultColumnData(form: FormDefinition, labels: Record<string, string> = BUTTON_LABELS): ColumnData {
  const cd = blankColumnData(labels);
  const main = mainCandidates(form);
  cd.columnList = main.slice(0, DEFAULT_COLUMNS).map((c) => columnItem(c));
  const text = searchCandidates(form).find((c) => !c.table && FUZZY.has(c.jnpfKey));
  cd.searchList = text ? [searchItem(text)] : [];
  return cd;
}

/** A stored columnData (JSON text or JSON) with the designer's keys present; null when absent or unreadable. */
export function readColumnData(part: unknown): ColumnData | null {
  let v: unknown = part;
  if (typeof part === 'string') {
    if (part.trim() === '') return null;
    try {
      v = JSON.parse(part);
    } catch {
      return null;
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const got = v as Record<string, unknown>;
  const blank = blankColumnData();
  const out = { ...blank, ...got } as ColumnData;
  // lists that are not lists (a hand-made definition) read as the designer's defaults
  for (const key of ['columnList', 'searchList', 'btnsList', 'columnBtnsList'] as const) if (!Array.isArray(out[key])) (out as Record<string, unknown>)[key] = blank[key];
  for (const key of ['columnList', 'searchList'] as const) (out as Record<string, unknown>)[key] = (out[key] as { prop?: unknown }[]).filter((x) => x && typeof x.prop === 'string');
  if (!LIST_TYPES.includes(Number(out.type) as ListType)) out.type = 1;
  out.type = Number(out.type) as ListType;
  return out;
}

/**
 * The columnData to save for `form`: every column and search item re-embeds its field's
 * current definition (label, width … kept); items whose field is gone are dropped, as are
 * settings naming a field that is gone.
 */
export function refresh(cd: ColumnData, form: FormDefinition): ColumnData {
  const byProp = new Map(candidates(form).map((c) => [c.prop, c]));
  const columnList = cd.columnList.flatMap((item) => {
    const c = byProp.get(item.prop);
    return c ? [columnItem(c, item)] : [];
  });
  const searchList = cd.searchList.flatMap((item) => {
    const c = byProp.get(item.prop);
    return c && !NOT_SEARCHABLE.has(c.jnpfKey) ? [searchItem(c, item)] : [];
  });
  const next: ColumnData = { ...cd, columnList, searchList };
  if (Array.isArray(cd.summaryField)) next.summaryField = (cd.summaryField as string[]).filter((p) => byProp.has(p));
  // 导入 needs its template (§4.1): the default when none was made, else the fields still there
  if (cd.btnsList.some((b) => b.value === 'upload')) {
    const t = importTemplate(cd);
    next.uploaderTemplateJson = t ? { ...(cd.uploaderTemplateJson as object), selectKey: t.selectKey.filter((p) => byProp.has(p)) } : defaultImportTemplate(form);
  }
  for (const key of ['defaultSidx', 'groupField', 'parentField', 'treeRelation'] as const) {
    const name = cd[key];
    if (typeof name === 'string' && name !== '' && !byProp.has(name)) next[key] = '';
  }
  return next;
}

// ---- edits ------------------------------------------------------------------------------

const moved = <T>(list: T[], from: number, to: number): T[] => {
  const out = [...list];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length) return out;
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
};

function candidate(form: FormDefinition, prop: string): Candidate | undefined {
  return candidates(form).find((c) => c.prop === prop);
}

/** Shows `prop` as a column (at the end, or at `index`); a column already shown stays. */
export function addColumn(cd: ColumnData, form: FormDefinition, prop: string, index?: number): ColumnData {
  const c = candidate(form, prop);
  if (!c || cd.columnList.some((x) => x.prop === prop)) return cd;
  const columnList = [...cd.columnList];
  columnList.splice(index ?? columnList.length, 0, columnItem(c));
  return { ...cd, columnList };
}

export function removeColumn(cd: ColumnData, prop: string): ColumnData {
  return { ...cd, columnList: cd.columnList.filter((x) => x.prop !== prop) };
}

/** Moves the column at `from` to `to`. */
export function moveColumn(cd: ColumnData, from: number, to: number): ColumnData {
  return { ...cd, columnList: moved(cd.columnList, from, to) };
}

export type ColumnPatch = Partial<Pick<ColumnItem, 'label' | 'width' | 'align' | 'fixed' | 'sortable'>>;

export function setColumn(cd: ColumnData, prop: string, patch: ColumnPatch): ColumnData {
  return { ...cd, columnList: cd.columnList.map((x) => (x.prop === prop ? { ...x, ...patch } : x)) };
}

export function addSearch(cd: ColumnData, form: FormDefinition, prop: string): ColumnData {
  const c = searchCandidates(form).find((x) => x.prop === prop);
  if (!c || cd.searchList.some((x) => x.prop === prop)) return cd;
  return { ...cd, searchList: [...cd.searchList, searchItem(c)] };
}

export function removeSearch(cd: ColumnData, prop: string): ColumnData {
  return { ...cd, searchList: cd.searchList.filter((x) => x.prop !== prop) };
}

export function moveSearch(cd: ColumnData, from: number, to: number): ColumnData {
  return { ...cd, searchList: moved(cd.searchList, from, to) };
}

export type SearchPatch = Partial<Pick<SearchItem, 'label' | 'searchType' | 'searchMultiple'>>;

/** Changes a search item; a search type only where the widget offers the choice, multiple only where offered. */
export function setSearch(cd: ColumnData, prop: string, patch: SearchPatch): ColumnData {
  return {
    ...cd,
    searchList: cd.searchList.map((x) => {
      if (x.prop !== prop) return x;
      const next = { ...x, ...patch };
      if (!SEARCH_TYPE_CHOICE.has(x.jnpfKey) || (next.searchType !== 1 && next.searchType !== 2)) next.searchType = x.searchType;
      if (!offersMultiple(x.jnpfKey)) next.searchMultiple = false;
      return next;
    }),
  };
}

/** A list setting (type settings, paging, sort, permissions …). */
export function set(cd: ColumnData, key: string, value: unknown): ColumnData {
  return { ...cd, [key]: value };
}

/** The list type; a tree table (5) keeps 新增 only among the header buttons (§4.1). */
export function setType(cd: ColumnData, type: ListType): ColumnData {
  const next: ColumnData = { ...cd, type };
  if (type === 5) next.btnsList = cd.btnsList.filter((b) => b.value === 'add');
  return next;
}

/** The header buttons a list type offers. */
export function headerButtons(type: ListType): readonly string[] {
  return type === 5 ? ['add'] : HEADER_BUTTONS;
}

type ButtonList = 'btnsList' | 'columnBtnsList';

/** Turns a header (btnsList) or row (columnBtnsList) button on or off, in JNPF's order. */
export function toggleButton(cd: ColumnData, list: ButtonList, value: string, on: boolean, labels: Record<string, string> = BUTTON_LABELS): ColumnData {
  const current = cd[list];
  if (!on) return { ...cd, [list]: current.filter((b) => b.value !== value) };
  if (current.some((b) => b.value === value)) return cd;
  const order: readonly string[] = list === 'btnsList' ? HEADER_BUTTONS : ROW_BUTTONS;
  const next = [...current, button(value, labels)].sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
  return { ...cd, [list]: next };
}

export function labelButton(cd: ColumnData, list: ButtonList, value: string, label: string): ColumnData {
  return { ...cd, [list]: cd[list].map((b) => (b.value === value ? { ...b, label } : b)) };
}

/** The list settings only a type uses; the screen shows them for that type. */
export function typeSettings(type: ListType): string[] {
  switch (type) {
    case 2:
      return ['treeTitle', 'treeDataSource', 'treeDictionary', 'treePropsUrl', 'treePropsValue', 'treePropsLabel', 'treeRelation', 'hasTreeQuery', 'treeSynType'];
    case 3:
      return ['groupField'];
    case 5:
      return ['parentField'];
    default:
      return [];
  }
}

/** Widgets a summary row may add up (§4.1). */
const SUMMED = new Set(['comInput', 'numInput', 'calculate']);

/** The fields a summary row may add up. */
export function summaryCandidates(form: FormDefinition): Candidate[] {
  return candidates(form).filter((c) => SUMMED.has(c.jnpfKey));
}

/** Whether a list type has a summary row (1, 2, 4) and how its sub-tables show (1, 2). */
export function sums(type: ListType): boolean {
  return type === 1 || type === 2 || type === 4;
}
export function groupsSubTables(type: ListType): boolean {
  return type === 1 || type === 2;
}

/** The import template (uploaderTemplateJson, §4.1): '1' add only, '2' add and update; the fields imported. */
export interface ImportTemplate {
  dataType: '1' | '2';
  selectKey: string[];
}

/** The import template a list with 导入 starts with: add only, every listable field. */
export function defaultImportTemplate(form: FormDefinition): ImportTemplate {
  return { dataType: '1', selectKey: candidates(form).map((c) => c.prop) };
}

/** The list's import template, when it has 导入. */
export function importTemplate(cd: ColumnData): ImportTemplate | null {
  const t = cd.uploaderTemplateJson as Partial<ImportTemplate> | undefined;
  return t && Array.isArray(t.selectKey) ? { dataType: t.dataType === '2' ? '2' : '1', selectKey: t.selectKey } : null;
}

/** Whether the list pages (types 3 and 5 show every row, §4.1). */
export function pages(type: ListType): boolean {
  return type !== 3 && type !== 5;
}

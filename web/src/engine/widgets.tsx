/**
 * The value widgets of a generated form (spec 02; jnpf-wire-engine.md §2.3–2.5), one per
 * jnpfKey, each honouring disabled / readonly / placeholder / clearable / width. Pickers and
 * uploads are the shared widgets (widgets/pickers, widgets/upload); Quill, QR codes and bar
 * codes load only when a form shows them.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import {
  Alert,
  AutoComplete,
  Button,
  Cascader,
  Checkbox,
  ColorPicker,
  Divider,
  Input,
  InputNumber,
  Radio,
  Rate,
  Select,
  Slider,
  Space,
  Switch,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import { DatePicker, TimePicker } from '@/components/zonedPickers';
import { QuestionCircleOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { inZone, now as nowInZone, pickedMs, zoneOffset } from '@/utils/clock';
import { useTranslation } from 'react-i18next';
import { previewInterface, listInterfaceRows } from '@/api/dataInterface';
import type { DictionaryItem } from '@/api/dictionary';
import { useDictionaryTree } from '@/hooks/useDictionary';
import { useUser } from '@/stores/user';
import { AreaSelect } from '@/widgets/pickers/AreaSelect';
import { ComSelect } from '@/widgets/pickers/ComSelect';
import { DepSelect } from '@/widgets/pickers/DepSelect';
import { GroupSelect } from '@/widgets/pickers/GroupSelect';
import { PosSelect } from '@/widgets/pickers/PosSelect';
import { RoleSelect } from '@/widgets/pickers/RoleSelect';
import { UserSelect } from '@/widgets/pickers/UserSelect';
import { UsersSelect } from '@/widgets/pickers/UsersSelect';
import { UploadFz, UploadImg } from '@/widgets/upload';
import type { FileEntry } from '@/api/file';
import type { FieldLimits } from '@qiming/core';
import { dayjsFormat, optionKeys, WIDGET_DATE_FORMAT, staticOptions, type Field, type OptionItem, type FormRecord, type TemplateParam } from './definition';
import { useEngineContext, type WidgetProps } from './context';
import { chineseAmount, codeText, formatNumber, paramList } from './values';
import { PopupSelect, PopupTableSelect, RelationForm } from './popups';

const Editor = lazy(() => import('./Editor'));
const QrCode = lazy(() => import('./codes').then((m) => ({ default: m.QrCode })));
const BarCode = lazy(() => import('./codes').then((m) => ({ default: m.BarCode })));

type Option = OptionItem;

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
const styleOf = (field: Field): CSSProperties => ({ width: '100%', ...((field.style as CSSProperties | undefined) ?? {}) });
const placeholderOf = (field: Field, fallback: string) => (typeof field.placeholder === 'string' && field.placeholder ? field.placeholder : fallback);
const clearableOf = (field: Field) => field.clearable !== false;

/** Options of radio, checkbox, select, cascader, treeSelect: static, a dictionary, or a data interface. */
function useOptions(field: Field, record: FormRecord, row?: FormRecord): { options: Option[]; loading: boolean } {
  const c = field.__config__;
  const dictionary = useDictionaryTree(c.dataType === 'dictionary' ? String(c.dictionaryType ?? '') : '');
  const keys = optionKeys(field);
  const params = c.dataType === 'dynamic' ? JSON.stringify(paramList(c.templateJson, record, row)) : '';
  const [dynamic, setDynamic] = useState<{ options: Option[]; loading: boolean }>({ options: [], loading: false });
  useEffect(() => {
    if (c.dataType !== 'dynamic' || !c.propsUrl) return;
    let alive = true;
    setDynamic((d) => ({ ...d, loading: true }));
    previewInterface(String(c.propsUrl), JSON.parse(params)).then(
      ({ data }) => alive && setDynamic({ options: Array.isArray(data) ? staticOptions({ ...field, options: data }) : [], loading: false }),
      () => alive && setDynamic({ options: [], loading: false }),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refetched when the bound values change
  }, [c.dataType, c.propsUrl, params]);
  return useMemo(() => {
    if (c.dataType === 'dictionary') {
      const map = (items: DictionaryItem[]): Option[] =>
        items.map((i) => ({
          label: i.fullName,
          value: String((i as unknown as Record<string, unknown>)[keys.value === 'enCode' ? 'enCode' : 'id'] ?? i.id),
          ...(i.children?.length ? { children: map(i.children) } : {}),
        }));
      return { options: map(dictionary.items), loading: dictionary.loading };
    }
    if (c.dataType === 'dynamic') return dynamic;
    return { options: staticOptions(field) as Option[], loading: false };
  }, [c.dataType, dictionary.items, dictionary.loading, dynamic, field, keys.value]);
}

type TreeNode = { title: string; value: string; children?: TreeNode[] };
const treeData = (options: Option[]): TreeNode[] =>
  options.map((o) => ({ title: o.label, value: o.value, ...(o.children ? { children: treeData(o.children) } : {}) }));

/** A widget with the text before and after it (comInput's __slot__, numInput's addons). */
function withAddons(node: ReactNode, before: ReactNode, after: ReactNode): ReactNode {
  if (!before && !after) return node;
  return (
    <Space.Compact block>
      {before ? <Space.Addon>{before}</Space.Addon> : null}
      {node}
      {after ? <Space.Addon>{after}</Space.Addon> : null}
    </Space.Compact>
  );
}

function NumberInput({ field, value, onChange, onBlur, disabled, id }: WidgetProps) {
  const { core } = useEngineContext();
  const { t } = useTranslation();
  const separators = field.thousands === true;
  const precision = typeof field.precision === 'number' ? field.precision : undefined;
  const amount = field.isAmountChinese === true || field.__config__.jnpfKey === 'JNPFAmount';
  return (
    <div className="qm-engine-number">
      {withAddons(
      <InputNumber<number>
        id={id}
        style={styleOf(field)}
        value={typeof value === 'number' ? value : value === '' || value == null ? null : Number(value)}
        min={typeof field.min === 'number' ? field.min : undefined}
        max={typeof field.max === 'number' ? field.max : undefined}
        step={typeof field.step === 'number' ? field.step : 1}
        precision={precision}
        disabled={disabled}
        readOnly={field.readonly === true}
        placeholder={placeholderOf(field, t('engine.numberPlaceholder'))}
        formatter={separators ? (v, info) => (info.userTyping ? info.input : formatNumber(core, v, precision, true)) : undefined}
        parser={(v) => (v ? Number(String(v).replace(/,/g, '')) : (null as unknown as number))}
        onChange={(v) => onChange(v ?? null)}
        onBlur={onBlur}
      />,
        field.addonBefore as ReactNode,
        field.addonAfter as ReactNode,
      )}
      {amount && <div className="qm-engine-amount">{chineseAmount(core, value)}</div>}
    </div>
  );
}

function OptionWidget({ field, value, onChange, onBlur, disabled, record, row, id }: WidgetProps) {
  const { t } = useTranslation();
  const { options, loading } = useOptions(field, record, row);
  const key = field.__config__.jnpfKey;
  const multiple = field.multiple === true;
  const common = { id, disabled, style: styleOf(field), allowClear: clearableOf(field), placeholder: placeholderOf(field, t('engine.selectPlaceholder')), onBlur };
  if (key === 'radio') {
    return (
      <Radio.Group
        id={id}
        disabled={disabled}
        optionType={field.optionType === 'button' ? 'button' : 'default'}
        className={field.direction === 'vertical' ? 'qm-engine-vertical' : undefined}
        value={value == null ? undefined : str(value)}
        options={options.map((o) => ({ label: o.label, value: o.value }))}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  if (key === 'checkbox') {
    return (
      <Checkbox.Group
        disabled={disabled}
        className={field.direction === 'vertical' ? 'qm-engine-vertical' : undefined}
        value={Array.isArray(value) ? value.map(str) : []}
        options={options.map((o) => ({ label: o.label, value: o.value }))}
        onChange={(v) => onChange(v)}
      />
    );
  }
  if (key === 'cascader') {
    return (
      <Cascader
        {...common}
        multiple={multiple}
        loading={loading}
        options={options}
        value={(Array.isArray(value) ? value : []) as never}
        showSearch={field.filterable === true}
        displayRender={(labels: string[]) => (field['show-all-levels'] === false ? labels[labels.length - 1] : labels.join(str(field.separator) || '/'))}
        onChange={(v: unknown) => onChange(v ?? [])}
      />
    );
  }
  if (key === 'treeSelect') {
    return (
      <TreeSelect
        {...common}
        multiple={multiple}
        loading={loading}
        treeData={treeData(options)}
        treeDefaultExpandAll
        showSearch={field.filterable === true ? { treeNodeFilterProp: 'title' } : undefined}
        value={(multiple ? (Array.isArray(value) ? value : []) : value == null || value === '' ? undefined : str(value)) as never}
        onChange={(v) => onChange(v ?? (multiple ? [] : ''))}
      />
    );
  }
  return (
    <Select
      {...common}
      mode={multiple ? 'multiple' : undefined}
      loading={loading}
      options={options.map((o) => ({ label: o.label, value: o.value }))}
      showSearch={field.filterable === true ? { optionFilterProp: 'label' } : undefined}
      value={(multiple ? (Array.isArray(value) ? value.map(str) : []) : value == null || value === '' ? undefined : str(value)) as never}
      onChange={(v) => onChange(v ?? (multiple ? [] : ''))}
    />
  );
}

const PICKERS: Record<string, 'year' | 'month' | 'date'> = { year: 'year', month: 'month' };

/**
 * The limits the core sets for a date or time field (WGT-089/090) in this record or row: the
 * picker offers nothing outside them, and the check on change says the same in words.
 */
function useLimits(field: Field, record: FormRecord, row?: FormRecord): FieldLimits {
  const { core } = useEngineContext();
  const none: FieldLimits = { start: null, end: null, startText: null, endText: null };
  if (!core) return none;
  const table = typeof field.__config__.parentVModel === 'string' ? field.__config__.parentVModel : undefined;
  try {
    return core.fieldLimits(field, record, row ? table ?? '' : undefined, row, undefined, zoneOffset());
  } catch {
    return none;
  }
}

/** How much of `yyyy-MM-dd HH:mm:ss` a picker's cell covers: year, month or day. */
const CELL_TEXT: Record<string, [string, number]> = { year: ['YYYY', 4], month: ['YYYY-MM', 7] };

function DateWidget({ field, value, onChange, onBlur, disabled, id, record, row }: WidgetProps) {
  const { t } = useTranslation();
  const format = dayjsFormat(field.format, field.type === 'datetime' ? WIDGET_DATE_FORMAT : 'YYYY-MM-DD');
  const showTime = /H/.test(format);
  const { startText, endText } = useLimits(field, record, row);
  // Whole days (months, years) outside the limits cannot be picked, compared as calendar text
  // in the installation's zone (the picker shows its wall clock, issue 25); the core's check on change catches a time of day beyond them.
  const [cellFormat, cellLength] = CELL_TEXT[str(field.type)] ?? ['YYYY-MM-DD', 10];
  const disabledDate =
    startText === null && endText === null
      ? undefined
      : (d: Dayjs) => {
          const cell = d.format(cellFormat);
          return (startText !== null && cell < startText.slice(0, cellLength)) || (endText !== null && cell > endText.slice(0, cellLength));
        };
  return (
    <DatePicker
      disabledDate={disabledDate}
      id={id}
      style={styleOf(field)}
      picker={PICKERS[str(field.type)] ?? 'date'}
      showTime={showTime}
      format={format}
      disabled={disabled}
      inputReadOnly={field.readonly === true}
      allowClear={clearableOf(field)}
      placeholder={placeholderOf(field, t('engine.selectPlaceholder'))}
      value={typeof value === 'number' ? inZone(value) : null}
      onChange={(d: Dayjs | null) => onChange(d ? pickedMs(d) : null)}
      onBlur={onBlur}
    />
  );
}

/** The hours, minutes or seconds of `0..count` outside [from, to] (seconds since midnight). */
function outside(count: number, at: (n: number) => [number, number], from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const [first, last] = at(n);
    if (last < from || first > to) out.push(n);
  }
  return out;
}

function TimeWidget({ field, value, onChange, onBlur, disabled, id, record, row }: WidgetProps) {
  const { t } = useTranslation();
  const format = str(field.format) || 'HH:mm:ss';
  const limits = useLimits(field, record, row);
  const from = limits.start ?? 0;
  const to = limits.end ?? 86_399;
  const disabledTime =
    limits.start === null && limits.end === null
      ? undefined
      : () => ({
          disabledHours: () => outside(24, (h) => [h * 3600, h * 3600 + 3599], from, to),
          disabledMinutes: (h: number) => outside(60, (m) => [h * 3600 + m * 60, h * 3600 + m * 60 + 59], from, to),
          disabledSeconds: (h: number, m: number) => outside(60, (sec) => [h * 3600 + m * 60 + sec, h * 3600 + m * 60 + sec], from, to),
        });
  return (
    <TimePicker
      disabledTime={disabledTime}
      id={id}
      style={styleOf(field)}
      format={format}
      disabled={disabled}
      allowClear={clearableOf(field)}
      placeholder={placeholderOf(field, t('engine.selectPlaceholder'))}
      value={typeof value === 'string' && value ? dayjs(value, format) : null}
      onChange={(d: Dayjs | null) => onChange(d ? d.format(format) : null)}
      onBlur={onBlur}
    />
  );
}

function RangeWidget({ field, value, onChange, disabled, id }: WidgetProps) {
  const time = field.__config__.jnpfKey === 'timeRange';
  const pair = Array.isArray(value) && value.length === 2 ? value : null;
  if (time) {
    const format = str(field.format) || 'HH:mm:ss';
    return (
      <TimePicker.RangePicker
        id={id}
        style={styleOf(field)}
        format={format}
        disabled={disabled}
        value={pair ? [dayjs(str(pair[0]), format), dayjs(str(pair[1]), format)] : null}
        onChange={(v) => onChange(v && v[0] && v[1] ? [v[0].format(format), v[1].format(format)] : [])}
      />
    );
  }
  // The core says which picker a format gets and which dates it allows (WGT-119, WGT-120).
  const { core } = useEngineContext();
  const jnpfFormat = str(field.format) || 'yyyy-MM-dd';
  const format = dayjsFormat(jnpfFormat);
  const kind = core ? core.dateRangePicker(jnpfFormat) : 'daterange';
  return (
    <DatePicker.RangePicker
      id={id}
      style={styleOf(field)}
      format={format}
      picker={kind === 'monthrange' ? 'month' : 'date'}
      showTime={kind === 'datetimerange'}
      disabledDate={core ? (d: Dayjs) => !core.dateRangeAllows(pickedMs(d), jnpfFormat, zoneOffset()) : undefined}
      disabled={disabled}
      value={pair ? [inZone(Number(pair[0])), inZone(Number(pair[1]))] : null}
      onChange={(v) => onChange(v && v[0] && v[1] ? [pickedMs(v[0]), pickedMs(v[1])] : [])}
    />
  );
}

/** The open-data type a system field shows while filling (JNPF's `type`, else by its key). */
const OPEN_DATA: Record<string, string> = { createUser: 'currUser', createTime: 'currTime', currOrganize: 'currOrganize', currPosition: 'currPosition' };

/** What a system field shows while filling: its value, else the signed-in user's data (open data). */
function SystemField({ field, value }: WidgetProps) {
  const { t } = useTranslation();
  const user = useUser((s) => s.userInfo) as Record<string, unknown> | null;
  const key = field.__config__.jnpfKey;
  const type = key === 'modifyUser' || key === 'modifyTime' ? '' : OPEN_DATA[key] ?? '';
  // WGT-115: the user as name/account (JNPF's text), or whichever of the two is known.
  const currUser = [str(user?.userName), str(user?.userAccount)].filter(Boolean).join('/');
  const fallback: Record<string, string> = {
    currUser,
    // WGT-116, CONST-007: now, as yyyy-MM-dd HH:mm:ss.
    currTime: nowInZone().format(WIDGET_DATE_FORMAT),
    // WGT-117: the department when showLevel is last, else the organisation.
    currOrganize: str(field.showLevel === 'last' ? user?.departmentName : user?.organizeName),
    currPosition: str(user?.positionName),
  };
  const shown = value != null && value !== '' ? (typeof value === 'number' ? inZone(value).format(WIDGET_DATE_FORMAT) : str(value)) : fallback[type] ?? '';
  return <Input value={shown} readOnly disabled placeholder={t('engine.byServer')} style={styleOf(field)} />;
}

/** One value widget, chosen by jnpfKey. */
export function Widget(props: WidgetProps): ReactNode {
  const { field, value, onChange, onBlur, disabled, id, record } = props;
  const { t } = useTranslation();
  const { core } = useEngineContext();
  const key = field.__config__.jnpfKey;
  const readOnly = field.readonly === true;
  const multiple = field.multiple === true;
  const picker = { id, disabled, clearable: clearableOf(field), placeholder: typeof field.placeholder === 'string' ? field.placeholder : undefined, multiple };

  switch (key) {
    case 'comInput': {
      const slot = (field.__slot__ as { prepend?: string; append?: string } | undefined) ?? {};
      const Component = field['show-password'] === true ? Input.Password : Input;
      return withAddons(
        <Component
          id={id}
          style={styleOf(field)}
          value={str(value)}
          disabled={disabled}
          readOnly={readOnly}
          allowClear={clearableOf(field)}
          maxLength={typeof field.maxlength === 'number' ? field.maxlength : undefined}
          showCount={field['show-word-limit'] === true}
          placeholder={placeholderOf(field, t('engine.inputPlaceholder'))}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />,
        slot.prepend,
        slot.append,
      );
    }
    case 'textarea': {
      const size = (field.autosize as { minRows?: number; maxRows?: number } | undefined) ?? { minRows: 4, maxRows: 4 };
      return (
        <Input.TextArea
          id={id}
          style={styleOf(field)}
          value={str(value)}
          disabled={disabled}
          readOnly={readOnly}
          autoSize={size}
          maxLength={typeof field.maxlength === 'number' ? field.maxlength : undefined}
          showCount={field['show-word-limit'] !== false && typeof field.maxlength === 'number'}
          placeholder={placeholderOf(field, t('engine.inputPlaceholder'))}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      );
    }
    case 'numInput':
    case 'JNPFAmount':
      return <NumberInput {...props} />;
    case 'switch': {
      const on = field['active-value'] ?? 1;
      const off = field['inactive-value'] ?? 0;
      return (
        <Switch
          id={id}
          disabled={disabled}
          checked={value === on || (value === true && on === 1)}
          checkedChildren={str(field.activeTxt) || undefined}
          unCheckedChildren={str(field.inactiveTxt) || undefined}
          onChange={(checked) => onChange(checked ? on : off)}
        />
      );
    }
    case 'radio':
    case 'checkbox':
    case 'select':
    case 'cascader':
    case 'treeSelect':
      return <OptionWidget {...props} />;
    case 'date':
      return <DateWidget {...props} />;
    case 'time':
      return <TimeWidget {...props} />;
    case 'dateRange':
    case 'timeRange':
      return <RangeWidget {...props} />;
    case 'uploadFz':
    case 'uploadImg': {
      const Upload = key === 'uploadFz' ? UploadFz : UploadImg;
      return (
        <Upload
          value={(Array.isArray(value) ? value : []) as FileEntry[]}
          onChange={(v: FileEntry[]) => onChange(v)}
          disabled={disabled}
          limit={typeof field.limit === 'number' ? field.limit : 0}
          fileSize={typeof field.fileSize === 'number' ? field.fileSize : undefined}
          sizeUnit={field.sizeUnit as 'KB' | 'MB' | undefined}
          pathType={str(field.pathType) || undefined}
          isAccount={field.isAccount === 1 ? 1 : 0}
          folder={str(field.folder) || undefined}
          tipText={field.showTip ? str(field.tipText) : undefined}
          {...(key === 'uploadFz' ? { accept: str(field.accept) || undefined, buttonText: str(field.buttonText) || undefined } : {})}
        />
      );
    }
    case 'colorPicker':
      return (
        <ColorPicker
          disabled={disabled}
          allowClear={clearableOf(field)}
          value={str(value) || undefined}
          showText
          onChange={(color) => onChange(field['show-alpha'] === true ? color.toRgbString() : color.toHexString())}
          onClear={() => onChange(null)}
        />
      );
    case 'rate':
      return (
        <Rate
          disabled={disabled}
          count={typeof field.max === 'number' ? field.max : 5}
          allowHalf={field['allow-half'] === true}
          value={typeof value === 'number' ? value : 0}
          onChange={(v) => onChange(v)}
        />
      );
    case 'slider': {
      const range = field.range === true;
      return (
        <Slider
          disabled={disabled}
          min={typeof field.min === 'number' ? field.min : 0}
          max={typeof field.max === 'number' ? field.max : 100}
          step={typeof field.step === 'number' ? field.step : 1}
          dots={field['show-stops'] === true}
          range={range}
          value={(range ? (Array.isArray(value) ? value : [0, 0]) : typeof value === 'number' ? value : 0) as never}
          onChange={(v: number | number[]) => onChange(v)}
        />
      );
    }
    case 'editor':
      return (
        <Suspense fallback={<div className="qm-engine-editor-loading">{t('common.loading')}</div>}>
          <Editor value={str(value)} onChange={onChange} onBlur={onBlur} disabled={disabled} placeholder={str(field.placeholder) || t('engine.inputPlaceholder')} />
        </Suspense>
      );
    case 'comSelect':
      return <ComSelect {...picker} value={value as string[] | string[][] | null} onChange={onChange} />;
    case 'depSelect':
      return <DepSelect {...picker} value={value as string} onChange={onChange} selectType={field.selectType === 'custom' ? 'custom' : 'all'} ableDepIds={field.ableDepIds as string[]} />;
    case 'posSelect':
      return (
        <PosSelect
          {...picker}
          value={value as string}
          onChange={onChange}
          selectType={field.selectType === 'custom' ? 'custom' : 'all'}
          ableDepIds={field.ableDepIds as string[]}
          ablePosIds={field.ablePosIds as string[]}
        />
      );
    case 'userSelect': {
      // A 'dep' or 'pos' picker tied to another field (relationField, e.g. 主治医师 to 入院科室)
      // offers the users of the department or position chosen there (JNPF's behaviour).
      const related = str(field.relationField);
      const chosen = related ? [record[related]].flat().filter((v) => v != null && v !== '').map(String) : null;
      return (
        <UserSelect
          {...picker}
          value={value as string}
          onChange={onChange}
          selectType={(str(field.selectType) || 'all') as never}
          ableIds={(field.ableUserIds as string[]) ?? undefined}
          ableDepIds={chosen && field.selectType === 'dep' ? chosen : (field.ableDepIds as string[])}
          ablePosIds={chosen && field.selectType === 'pos' ? chosen : (field.ablePosIds as string[])}
          ableRoleIds={field.ableRoleIds as string[]}
          ableGroupIds={field.ableGroupIds as string[]}
        />
      );
    }
    case 'usersSelect':
      return <UsersSelect {...picker} value={value as string} onChange={onChange} selectType={field.selectType === 'custom' ? 'custom' : 'all'} ableIds={field.ableIds as string[]} />;
    case 'roleSelect':
      return <RoleSelect {...picker} value={value as string} onChange={onChange} />;
    case 'groupSelect':
      return <GroupSelect {...picker} value={value as string} onChange={onChange} />;
    case 'address':
      return <AreaSelect {...picker} value={value as string[]} onChange={onChange} level={typeof field.level === 'number' ? field.level + 1 : undefined} />;
    case 'billRule':
      // The number is issued by the server on submit (its rule `__config__.rule`).
      return <Input id={id} readOnly disabled value={str(value)} placeholder={placeholderOf(field, t('engine.byServer'))} style={styleOf(field)} />;
    case 'calculate': {
      const text = formatNumber(core, value, field.precision ?? 2, field.thousands === true);
      return (
        <div className="qm-engine-calculate" data-field={field.__vModel__}>
          <Input id={id} readOnly value={text} style={styleOf(field)} />
          {field.isAmountChinese === true && <div className="qm-engine-amount">{chineseAmount(core, value)}</div>}
        </div>
      );
    }
    case 'popupSelect':
      return <PopupSelect {...props} />;
    case 'popupTableSelect':
      return <PopupTableSelect {...props} />;
    case 'relationForm':
      return <RelationForm {...props} />;
    case 'autoComplete':
      return <AutoCompleteWidget {...props} />;
    case 'createUser':
    case 'createTime':
    case 'modifyUser':
    case 'modifyTime':
    case 'currOrganize':
    case 'currPosition':
      return <SystemField {...props} />;
    default:
      return <Typography.Text type="secondary">{t('engine.unknownWidget', { key })}</Typography.Text>;
  }
}

/** Suggestions asked for per typed text (spec 02 §7.1, §9). */
const AUTO_COMPLETE_PAGE_SIZE = 50;

/** autoComplete: suggestions from the data interface as the user types (`@keyword`). */
function AutoCompleteWidget({ field, value, onChange, onBlur, disabled, record, row, id }: WidgetProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ value: string }[]>([]);
  const search = (keyword: string) => {
    const interfaceId = str(field.interfaceId);
    if (!interfaceId) return;
    const params = paramList(field.templateJson, record, row).map((p, i) =>
      (field.templateJson as TemplateParam[])[i]?.relationField === '@keyword' ? { ...p, defaultValue: keyword } : p,
    );
    const key = str(field.relationField) || 'fullName';
    listInterfaceRows(interfaceId, { keyword, currentPage: 1, pageSize: AUTO_COMPLETE_PAGE_SIZE, relationField: key, paramList: params }).then(
      ({ data }) => {
        const seen = new Set<string>();
        const rows = (data?.list ?? []) as Record<string, unknown>[];
        const total = typeof field.total === 'number' ? field.total : 10;
        setOptions(
          rows
            .map((r) => str(r[key]))
            .filter((v) => v && !seen.has(v) && seen.add(v))
            .slice(0, total)
            .map((v) => ({ value: v })),
        );
      },
      () => setOptions([]),
    );
  };
  return (
    <AutoComplete
      id={id}
      style={styleOf(field)}
      value={str(value)}
      disabled={disabled}
      allowClear={clearableOf(field)}
      placeholder={placeholderOf(field, t('engine.inputPlaceholder'))}
      options={options}
      onSearch={search}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
    />
  );
}

/** Widgets that show something and hold no value: text, alert, link, button, codes, divider. */
export function DisplayWidget({ field, record, onStore }: { field: Field; record: FormRecord; onStore?(value: unknown): void }): ReactNode {
  const { t } = useTranslation();
  const { model } = useEngineContext();
  const key = field.__config__.jnpfKey;
  switch (key) {
    case 'JNPFText': {
      const style = (field.textStyle as Record<string, unknown> | undefined) ?? {};
      const css: CSSProperties = {
        color: str(style.color) || undefined,
        textAlign: (str(style['text-align']) || undefined) as CSSProperties['textAlign'],
        fontWeight: str(style['font-weight']) || undefined,
        fontStyle: str(style['font-style']) || undefined,
        textDecoration: str(style['text-decoration']) || undefined,
        lineHeight: style['line-height'] ? `${str(style['line-height'])}px` : undefined,
        fontSize: style['font-size'] ? `${str(style['font-size'])}px` : undefined,
      };
      return (
        <div className="qm-engine-text" style={css}>
          {str(field.__config__.defaultValue ?? field.content)}
        </div>
      );
    }
    case 'alert':
      return (
        <Alert
          title={str(field.title)}
          type={(['success', 'info', 'warning', 'error'].includes(str(field.type)) ? field.type : 'info') as 'info'}
          showIcon={field['show-icon'] === true}
          closable={field.closable !== false ? { closeIcon: field.closeText ? str(field.closeText) : undefined } : false}
          description={str(field.description) || undefined}
        />
      );
    case 'link': {
      const style = (field.textStyle as Record<string, unknown> | undefined) ?? {};
      return (
        <a className="qm-engine-link" href={str(field.href) || undefined} target={str(field.target) || '_self'} rel="noreferrer" style={{ color: str(style.color) || undefined }}>
          {str(field.content) || t('engine.link')}
        </a>
      );
    }
    case 'button':
      return (
        <div style={{ textAlign: (str(field.align) || 'left') as CSSProperties['textAlign'] }}>
          <Button type={field.type === 'primary' ? 'primary' : 'default'} danger={field.type === 'danger'}>
            {str(field.buttonText) || t('engine.button')}
          </Button>
        </div>
      );
    case 'divider':
      return (
        <Divider titlePlacement={field['content-position'] === 'left' ? 'start' : field['content-position'] === 'right' ? 'end' : 'center'}>
          {str((field.__slot__ as { default?: string } | undefined)?.default) || undefined}
        </Divider>
      );
    case 'groupTitle':
      return (
        <div className="qm-engine-group-title" style={{ textAlign: (str(field['content-position']) || 'left') as CSSProperties['textAlign'] }}>
          <span>{str(field.content)}</span>
          {/* WGT-110: the optional help, as a tooltip on a question mark. */}
          {field.tipLabel ? (
            <Tooltip title={str(field.tipLabel)}>
              <QuestionCircleOutlined className="qm-engine-tip" data-tip-of="groupTitle" />
            </Tooltip>
          ) : null}
        </div>
      );
    case 'qrcode':
    case 'barcode': {
      const text = codeText(field, record, model);
      return (
        <Suspense fallback={null}>{key === 'qrcode' ? <QrCode field={field} text={text} /> : <BarCode field={field} text={text} />}</Suspense>
      );
    }
    case 'relationFormAttr':
    case 'popupAttr':
      return <AttrWidget field={field} stored={field.__vModel__ ? record[field.__vModel__] : undefined} onStore={onStore} />;
    default:
      return null;
  }
}

/** relationFormAttr / popupAttr: a field of the row chosen in the form's relationForm or popupSelect. */
function AttrWidget({ field, stored, onStore }: { field: Field; stored: unknown; onStore?(value: unknown): void }) {
  const { picked } = useEngineContext();
  const source = str(field.relationField).split('_jnpfTable_')[0];
  const row = picked[source];
  const shown = row ? str(row[str(field.showField)]) : str(stored);
  // isStorage 2: the shown text is kept in the record under the attr's own name.
  const keep = Number(field.__config__.isStorage) === 2 && !!field.__vModel__ && !!onStore;
  useEffect(() => {
    if (keep && row && shown !== str(stored)) onStore?.(shown);
  }, [keep, row, shown, stored, onStore]);
  return <Input readOnly value={shown} data-attr-of={source} />;
}

/**
 * The engine's pure value helpers: what a field's value shows as (numbers, amounts, codes,
 * display text, the 合计 of a column) and the parameters a data interface is asked with. No
 * React and no components, so the widgets, the form, the viewer and the pages share them without
 * importing one another (issue 23 §3). Numbers and amounts are the core's (WASM).
 */
import { inZone } from '@/utils/clock';
import type { useCore } from '@/hooks/useCore';
import { dayjsFormat, WIDGET_DATE_FORMAT, staticOptions, type Field, type FormRecord, type TemplateParam } from './definition';
import type { ModelExtra } from './context';

type Core = ReturnType<typeof useCore>;

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** A templateJson's parameters with each bound field's current value (jnpf-wire-engine.md §3.3). */
export function paramList(templateJson: unknown, record: FormRecord, row?: FormRecord): { field: string; defaultValue: string }[] {
  if (!Array.isArray(templateJson)) return [];
  return (templateJson as TemplateParam[]).map((p) => {
    const name = p.relationField ?? '';
    const column = name.includes('-') ? name.split('-').pop() ?? '' : '';
    const bound = column && row ? row[column] : name ? record[name] : p.defaultValue;
    return { field: p.field, defaultValue: bound == null ? '' : Array.isArray(bound) ? bound.join(',') : String(bound) };
  });
}

/**
 * A number as shown: the core's `formatNumber` (precision rounded half up on the decimal
 * digits, thousands separators when asked); the value as it is until the core has loaded.
 */
export function formatNumber(core: { formatNumber(v: unknown, p?: number | null, t?: boolean | null): string } | null, value: unknown, precision: unknown, separators: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (!core) return String(value);
  return core.formatNumber(value, typeof precision === 'number' ? precision : null, separators);
}

/** The core's Chinese capitals of an amount (大写), '' for an empty value. */
export function chineseAmount(core: { toChineseAmount(v: string): string } | null, value: unknown): string {
  if (!core || value === null || value === undefined || value === '' || Number.isNaN(Number(value))) return '';
  return core.toChineseAmount(String(value));
}

/** The dynamic-form payload a qrcode of dataType 'form' encodes (WGT-103), or '' without form and model ids. */
export function formPayload(model: ModelExtra | undefined): string {
  if (!model?.id || !model.modelId) return '';
  const { id, modelId: mid, type: mt, flowId: fid, processId: pid, taskId: ftid, opType: opt } = model;
  return JSON.stringify({ t: 'DFD', id, mid, mt, fid, pid, ftid, opt });
}

/**
 * The text a qrcode or barcode draws (WGT-101): its static text; the value of the field it
 * follows (relation); a qrcode's dynamic-form payload when the form and model ids are known;
 * otherwise nothing.
 */
export function codeText(field: Field, record: FormRecord, model?: ModelExtra): string {
  const type = str(field.dataType) || 'static';
  if (type === 'static') return str(field.staticText);
  if (type === 'relation') return str(record[str(field.relationField)]);
  return field.__config__.jnpfKey === 'qrcode' ? formPayload(model) : '';
}

/** The 合计 of a sub-table column: the core's sum of the column (evaluateFormula over `table.column`). */
export function columnTotal(core: ReturnType<typeof useCore>, record: FormRecord, table: string, column: Field): string {
  if (!core) return '';
  const precision = typeof column.precision === 'number' ? column.precision : 2;
  return core.evaluateFormula([{ __vModel__: `${table}.${column.__vModel__}` }], record as never, precision);
}

/** The display text of a field's value (not uploads, editor, rate, colour: those draw). */
export function displayText(core: Core, field: Field, value: unknown, record: FormRecord): string {
  const key = field.__config__.jnpfKey;
  if (value === null || value === undefined || value === '') return '';
  if (key === 'numInput' || key === 'JNPFAmount' || key === 'calculate') {
    const text = formatNumber(core, value, field.precision ?? (key === 'calculate' ? 2 : undefined), field.thousands === true);
    const amount = field.isAmountChinese === true || key === 'JNPFAmount' ? chineseAmount(core, value) : '';
    return amount ? `${text} ${amount}` : text;
  }
  if (key === 'date' && typeof value === 'number') return inZone(value).format(dayjsFormat(field.format, 'YYYY-MM-DD'));
  if ((key === 'createTime' || key === 'modifyTime') && typeof value === 'number') return inZone(value).format(WIDGET_DATE_FORMAT);
  if (key === 'dateRange' && Array.isArray(value)) return value.map((v) => inZone(Number(v)).format(dayjsFormat(field.format))).join(' ~ ');
  if (key === 'timeRange' && Array.isArray(value)) return value.map(str).join(' ~ ');
  if (key === 'switch') return str(value === (field['active-value'] ?? 1) || value === true ? field.activeTxt ?? '开' : field.inactiveTxt ?? '关');
  if (['radio', 'checkbox', 'select', 'cascader', 'treeSelect'].includes(key) && field.__config__.dataType !== 'dictionary' && field.__config__.dataType !== 'dynamic') {
    // A raw record: the stored values read through the static options; names pass as they are.
    const labels = new Map<string, string>();
    const walk = (items: ReturnType<typeof staticOptions>) =>
      items.forEach((o) => {
        labels.set(o.value, o.label);
        if (o.children) walk(o.children as ReturnType<typeof staticOptions>);
      });
    walk(staticOptions(field));
    const one = (v: unknown) => labels.get(str(v)) ?? str(v);
    if (key === 'cascader' && Array.isArray(value)) return value.map(one).join(str(field.separator) || '/');
    return Array.isArray(value) ? value.map(one).join(',') : one(value);
  }
  if (key === 'relationForm' || key === 'popupSelect') return str(record[`${field.__vModel__}`]);
  if (Array.isArray(value)) return value.map((v) => (Array.isArray(v) ? v.join('/') : str(v))).join(',');
  return str(value);
}

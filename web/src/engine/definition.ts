/**
 * Reading a JNPF form definition (formData, jnpf-wire-engine.md §1–2) for the renderer: the
 * field shape, the parts that may come as JSON text, the record a new form starts with, and
 * the walk through containers. Rules (required, patterns, limits, formulas) are not here:
 * they are the core's (FormValidator, evaluateFormula) and the renderer calls it.
 */
import { inZone } from '@/utils/clock';
import type { WidgetKinds } from '@qiming/core';
import widgetKindsFile from '../../../core/src/widget_kinds.json';

/** A regList entry: the author's pattern and message. */
export interface RegRule {
  pattern: string;
  message: string;
}

/** `__config__` of a widget or container (only what the renderer reads). */
export interface FieldConfig {
  jnpfKey: string;
  label?: string;
  tipLabel?: string;
  showLabel?: boolean;
  required?: boolean;
  defaultValue?: unknown;
  defaultCurrent?: boolean;
  span?: number;
  noShow?: boolean;
  visibility?: string[];
  regList?: RegRule[];
  dataType?: 'static' | 'dictionary' | 'dynamic' | string;
  dictionaryType?: string;
  propsUrl?: string;
  templateJson?: TemplateParam[];
  children?: Field[];
  formId?: number;
  renderKey?: number;
  active?: unknown;
  rule?: string;
  ruleName?: string;
  tableName?: string;
  colspan?: number;
  rowspan?: number;
  merged?: boolean;
  borderType?: string;
  borderColor?: string;
  borderWidth?: number;
  [key: string]: unknown;
}

/** A data-interface parameter bound to a form field (templateJson). */
export interface TemplateParam {
  id?: string;
  field: string;
  defaultValue?: string | null;
  relationField?: string;
  jnpfKey?: string;
}

/** A widget or container as formData holds it. */
export interface Field {
  __config__: FieldConfig;
  __vModel__?: string;
  [prop: string]: unknown;
}

/** formData: the form's settings and its fields. */
export interface FormDefinition {
  fields: Field[];
  popupType?: 'general' | 'fullScreen' | 'drawer' | string;
  labelWidth?: number;
  labelPosition?: 'left' | 'right' | 'top' | string;
  gutter?: number;
  disabled?: boolean;
  generalWidth?: string;
  fullScreenWidth?: string;
  drawerWidth?: string;
  confirmButtonText?: string;
  cancelButtonText?: string;
  hasConfirmBtn?: boolean;
  hasCancelBtn?: boolean;
  [setting: string]: unknown;
}

/** A record as the form holds it: field name → value; sub-tables are arrays of rows. */
export type FormRecord = Record<string, unknown>;

/** A part of a definition, JSON text (as JNPF stores it) or JSON; null when unreadable. */
export function parsePart<T>(part: unknown): T | null {
  if (part == null || part === '') return null;
  if (typeof part === 'string') {
    try {
      return JSON.parse(part) as T;
    } catch {
      return null;
    }
  }
  return part as T;
}

/** The formData of a definition (JSON text or JSON), with `fields` always a list. */
export function readFormData(part: unknown): FormDefinition | null {
  const form = parsePart<FormDefinition>(part);
  if (!form || typeof form !== 'object') return null;
  return { ...form, fields: Array.isArray(form.fields) ? form.fields : [] };
}

/**
 * How widget keys are treated: core's one list (core/src/widget_kinds.json, the very file the
 * core includes and exports as `widgetKinds`; read here at build time because the form walks
 * its definition before the WASM module has loaded). vectors.test.ts proves the export equals it.
 */
const kinds: WidgetKinds = widgetKindsFile;

/** Layout keys: they hold children and no value. */
export const CONTAINERS: ReadonlySet<string> = new Set(kinds.layout);

/** Widgets that show something and hold no value. */
export const DISPLAY_ONLY: ReadonlySet<string> = new Set(kinds.displayOnly);

/** Widgets no list column, search field or query condition shows (jnpf-wire-engine.md §4.2). */
export const NOT_LISTABLE: ReadonlySet<string> = new Set(kinds.notListable);

/** Filled by the server: shown read-only, never sent by the form (jnpf-wire-engine.md §2.5). */
export const SYSTEM_KEYS: ReadonlySet<string> = new Set(kinds.system);

/** Every widget whose posted value the server ignores: the system fields and billRule's serial number. */
export const FILLED_BY_SERVER: ReadonlySet<string> = new Set(kinds.filledByServer);

/** Widgets whose value is a list when nothing is chosen. */
const LIST_DEFAULTS = new Set(['checkbox', 'cascader', 'comSelect', 'address', 'uploadFz', 'uploadImg', 'table', 'dateRange', 'timeRange']);

/** Every field at any container depth (not inside sub-tables), in form order. */
export function walkFields(fields: Field[], visit: (field: Field) => void): void {
  for (const field of fields) {
    if (!field?.__config__) continue;
    visit(field);
    if (CONTAINERS.has(field.__config__.jnpfKey) && Array.isArray(field.__config__.children)) walkFields(field.__config__.children, visit);
  }
}

/** The value fields of the main form (containers looked through, sub-tables included). */
export function valueFields(form: FormDefinition): Field[] {
  const out: Field[] = [];
  walkFields(form.fields, (f) => {
    if (f.__vModel__ && !CONTAINERS.has(f.__config__.jnpfKey)) out.push(f);
  });
  return out;
}

/** A sub-table's columns. */
export function columnsOf(table: Field): Field[] {
  return (table.__config__.children ?? []).filter((c) => c?.__config__ && c.__vModel__);
}

/** The value a field starts with: its default, else what an empty field of its kind holds. */
export function emptyValue(field: Field): unknown {
  const c = field.__config__;
  if (c.defaultValue !== undefined && c.defaultValue !== null && !SYSTEM_KEYS.has(c.jnpfKey)) {
    return structuredCloneSafe(c.defaultValue);
  }
  if (c.jnpfKey === 'switch') return 0;
  if (LIST_DEFAULTS.has(c.jnpfKey)) return [];
  if (field.multiple === true) return [];
  return null;
}

function structuredCloneSafe<T>(value: T): T {
  return value && typeof value === 'object' ? (JSON.parse(JSON.stringify(value)) as T) : value;
}

/** A new sub-table row: each column's default. */
export function blankRow(table: Field): FormRecord {
  return Object.fromEntries(columnsOf(table).map((c) => [c.__vModel__ as string, emptyValue(c)]));
}

/**
 * The record a new form starts with (jnpf-wire-engine.md §3.2): every value field's default;
 * a date with defaultCurrent gets now, a time now as text. System fields and billRule stay
 * empty: the server fills them.
 */
export function initialRecord(form: FormDefinition, now: number = Date.now()): FormRecord {
  const record: FormRecord = {};
  for (const field of valueFields(form)) {
    const c = field.__config__;
    let value = emptyValue(field);
    if (c.defaultCurrent && c.jnpfKey === 'date') value = now;
    if (c.defaultCurrent && c.jnpfKey === 'time') value = timeText(now, String(field.format ?? 'HH:mm:ss'));
    record[field.__vModel__ as string] = value;
  }
  return record;
}

/**
 * A new record's dates with defaultCurrent, truncated to their format's period by the core
 * (`dateDefaultCurrent`, WGT-091): yyyy → 1 January, yyyy-MM → the 1st, yyyy-MM-dd → midnight.
 */
export function withCurrentDates(form: FormDefinition, record: FormRecord, current: (now: number, format: string) => number | null | undefined, now = Date.now()): FormRecord {
  let next = record;
  for (const field of valueFields(form)) {
    if (field.__config__.jnpfKey !== 'date' || !field.__config__.defaultCurrent) continue;
    const value = current(now, typeof field.format === 'string' && field.format ? field.format : 'yyyy-MM-dd');
    if (value != null) next = { ...next, [field.__vModel__ as string]: value };
  }
  return next;
}

/** The installation's time of day at `ms` (issue 25: not the browser's), HH:mm or HH:mm:ss. */
function timeText(ms: number, format: string): string {
  const text = inZone(ms).format('HH:mm:ss');
  return format.length <= 5 ? text.slice(0, 5) : text;
}

/** CONST-007: the widgets' default date format, JNPF's yyyy-MM-dd HH:mm:ss (open-data times, system times). */
export const WIDGET_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** JNPF's date format (yyyy-MM-dd HH:mm) as dayjs reads it (YYYY-MM-DD HH:mm). */
export function dayjsFormat(format: unknown, fallback = 'YYYY-MM-DD'): string {
  if (typeof format !== 'string' || !format) return fallback;
  return format.replace(/y/g, 'Y').replace(/d/g, 'D');
}

/** The options of a static option widget, in {label, value} form (props.props names the keys). */
/** An option as the renderer's widgets take it. */
export interface OptionItem {
  label: string;
  value: string;
  children?: OptionItem[];
}

export function staticOptions(field: Field): OptionItem[] {
  const keys = optionKeys(field);
  const map = (items: unknown): OptionItem[] =>
    Array.isArray(items)
      ? items.map((o) => {
          const item = o as Record<string, unknown>;
          const children = item[keys.children];
          return {
            label: String(item[keys.label] ?? ''),
            value: String(item[keys.value] ?? ''),
            ...(Array.isArray(children) && children.length ? { children: map(children) } : {}),
          };
        })
      : [];
  return map(field.options);
}

/** Which keys of an option hold its label, value and children (props.props). */
export function optionKeys(field: Field): { label: string; value: string; children: string } {
  const props = ((field.props as { props?: Record<string, string> } | undefined)?.props ?? {}) as Record<string, string>;
  return { label: props.label || 'fullName', value: props.value || 'id', children: props.children || 'children' };
}

/** A field's own label (what the user reads next to it). */
export function labelOf(field: Field): string {
  return String(field.__config__.label ?? '');
}

/** A stable React key for a field. */
export function keyOf(field: Field, index: number): string {
  const c = field.__config__;
  return String(c.renderKey ?? c.formId ?? field.__vModel__ ?? `${c.jnpfKey}-${index}`);
}

/** A field that is emptied when the field it depends on changes (jnpf-wire-engine.md §3.4). */
export interface Dependant {
  /** The dependant's name (a column's name when `table` is set). */
  name: string;
  /** The sub-table the dependant is a column of (then it is reset in the same row). */
  table?: string;
  /** What it becomes: '' or [] for multi-value widgets. */
  empty: unknown;
}

const RESET_ON_CHANGE = new Set(['radio', 'checkbox', 'select', 'cascader', 'treeSelect', 'popupSelect', 'userSelect']);
const LIST_EMPTY = new Set(['checkbox', 'cascader']);

/**
 * Who depends on whom: options from a data interface whose parameter is bound to A, a
 * popupSelect bound to A, a userSelect limited by the dep/pos/role/group field A — each is
 * reset when A changes. Keys are A's name (`table-column` for a sub-table column).
 */
export function dependants(form: FormDefinition): Map<string, Dependant[]> {
  const out = new Map<string, Dependant[]>();
  const add = (source: string, d: Dependant) => out.set(source, [...(out.get(source) ?? []), d]);
  const consider = (field: Field, table?: string) => {
    const c = field.__config__;
    if (!field.__vModel__ || !RESET_ON_CHANGE.has(c.jnpfKey)) return;
    const empty = field.multiple === true || LIST_EMPTY.has(c.jnpfKey) ? [] : '';
    const sources = new Set<string>();
    const template = c.jnpfKey === 'popupSelect' ? field.templateJson : c.dataType === 'dynamic' ? c.templateJson : undefined;
    if (Array.isArray(template)) for (const p of template as TemplateParam[]) if (p.relationField && p.relationField !== '@keyword') sources.add(p.relationField);
    if (c.jnpfKey === 'userSelect' && ['dep', 'pos', 'role', 'group'].includes(String(field.selectType)) && typeof field.relationField === 'string' && field.relationField) sources.add(field.relationField);
    for (const source of sources) add(source, { name: field.__vModel__, table, empty });
  };
  for (const field of valueFields(form)) {
    consider(field);
    if (field.__config__.jnpfKey === 'table') for (const column of columnsOf(field)) consider(column, field.__vModel__);
  }
  return out;
}

/**
 * The form with only the fields `granted` keeps (form permission, VIEW-010): a field not
 * granted is neither shown nor checked nor sent. Sub-table columns are asked as
 * `table-column`; containers left empty stay (their other children may be granted later).
 */
export function restrictForm(form: FormDefinition, granted: (name: string) => boolean): FormDefinition {
  const keep = (fields: Field[], table?: string): Field[] =>
    fields
      .filter((f) => !f?.__vModel__ || CONTAINERS.has(f.__config__.jnpfKey) || granted(table ? `${table}-${f.__vModel__}` : f.__vModel__))
      .map((f) => {
        const children = f.__config__.children;
        if (!Array.isArray(children)) return f;
        const inner = f.__config__.jnpfKey === 'table' ? keep(children, f.__vModel__) : keep(children, table);
        return { ...f, __config__: { ...f.__config__, children: inner } };
      });
  return { ...form, fields: keep(form.fields) };
}

/**
 * The search fields of a generated list (columnData `searchList`; jnpf-wire-engine.md §4.2,
 * §4.4; issue 28 §1): each item drawn by the form's own widget, changed as JNPF's search form
 * changes it — text as a plain box (Enter searches), dates and times as ranges, numbers as
 * the numeric range (WGT-123), selects and pickers multiple when `searchMultiple` — and the
 * values sent as `queryJson`, empty ones left out. Which values match is the server's
 * (searchType: 1 equal, 2 contains, 3 range; filter.rs).
 */
import { useMemo } from 'react';
import { Space } from 'antd';
import { EngineContext, Widget, type Field } from '@/engine';
import type { Core } from '@/hooks/useCore';
import { NumberRange, type NumberRangeValue } from '@/widgets/numberRange/NumberRange';

/** A searchList item: the field definition plus the list's keys. */
export type SearchItem = Field & { prop?: string; label?: string; jnpfKey?: string; searchType?: number | string; searchMultiple?: boolean };

const TEXT = ['comInput', 'textarea', 'billRule', 'autoComplete', 'JNPFText', 'link'];
const DATES = ['date', 'createTime', 'modifyTime'];
const NUMBERS = ['numInput', 'calculate'];
/** The pickers JNPF makes multiple when the item's searchMultiple is on. */
const MULTIPLE = ['select', 'depSelect', 'roleSelect', 'userSelect', 'usersSelect', 'comSelect', 'posSelect', 'groupSelect'];

export function searchName(item: SearchItem): string {
  return String(item.prop ?? item.__vModel__ ?? '');
}

function keyOf(item: SearchItem): string {
  return String(item.__config__?.jnpfKey ?? item.jnpfKey ?? '');
}

/** The field the search draws for an item: the form's definition as JNPF's search form changes it. */
export function searchField(item: SearchItem): Field {
  const key = keyOf(item);
  const label = String(item.label ?? item.__config__?.label ?? '');
  const config = { ...(item.__config__ ?? {}), jnpfKey: key, label, required: false, defaultValue: undefined };
  const base = { ...item, __config__: config, disabled: false, readonly: false, placeholder: undefined, style: { width: '100%' } } as Field;
  if (TEXT.includes(key)) return { ...base, __config__: { ...config, jnpfKey: 'comInput' }, __slot__: undefined, maxlength: undefined, placeholder: label } as Field;
  if (DATES.includes(key)) {
    const format = key === 'date' && typeof item.format === 'string' ? item.format : 'yyyy-MM-dd';
    return { ...base, __config__: { ...config, jnpfKey: 'dateRange' }, format, type: 'daterange' } as Field;
  }
  if (key === 'time') return { ...base, __config__: { ...config, jnpfKey: 'timeRange' } } as Field;
  if (MULTIPLE.includes(key)) return { ...base, multiple: item.searchMultiple === true } as Field;
  return base;
}

/** `queryJson` of the values: JSON text of the non-empty ones, or '' (falsy values and empty arrays left out, as JNPF). */
export function queryJsonOf(values: Record<string, unknown>): string {
  const kept = Object.entries(values).filter(([, v]) => {
    if (Array.isArray(v)) return v.some((x) => x !== null && x !== undefined && x !== '');
    return v !== null && v !== undefined && v !== '' && v !== false;
  });
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : '';
}

interface Props {
  items: SearchItem[];
  values: Record<string, unknown>;
  onChange(values: Record<string, unknown>): void;
  /** Enter in a text box: search now. */
  onSearch(): void;
  core: Core | null;
}

/** The search fields, each with its label as the placeholder or before it. */
export function RecordSearch({ items, values, onChange, onSearch, core }: Props) {
  const engine = useMemo(() => ({ core, picked: {}, setPicked: () => undefined }), [core]);
  return (
    <EngineContext.Provider value={engine}>
      {items.map((item) => {
        const name = searchName(item);
        const key = keyOf(item);
        const label = String(item.label ?? item.__config__?.label ?? name);
        const set = (v: unknown) => onChange({ ...values, [name]: v });
        return (
          <Space.Compact key={name} className="qm-record-search-item" data-search={name}>
            <span className="qm-record-search-label">{label}</span>
            {NUMBERS.includes(key) ? (
              <NumberRange value={(values[name] as NumberRangeValue) ?? null} precision={typeof item.precision === 'number' ? item.precision : undefined} onChange={set} />
            ) : (
              <span
                className="qm-record-search-control"
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && TEXT.includes(key)) onSearch();
                }}
              >
                <Widget field={searchField(item)} value={values[name] ?? (DATES.includes(key) || key === 'time' ? null : undefined)} onChange={set} record={values} disabled={false} id={`search-${name}`} />
              </span>
            )}
          </Space.Compact>
        );
      })}
    </EngineContext.Provider>
  );
}

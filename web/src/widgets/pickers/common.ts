/** What every concrete picker takes besides its value (widget spec 2.1, §6). */
export interface PickerFieldProps {
  multiple?: boolean;
  /** WGT-012: the form's own disabled flag applies as well (antd's form context). */
  disabled?: boolean;
  /** Offers the hover clear icon (default true, WGT-004). */
  clearable?: boolean;
  placeholder?: string;
  /** The dialog's title; each picker has the spec's own by default. */
  title?: string;
  id?: string;
  className?: string;
}

/** WGT-014: which entries a picker offers — all, or only the given ones (custom). */
export type SelectType = 'all' | 'custom';

/** A single or multiple id value as a list. */
export function idList(value: string | string[] | null | undefined, multiple: boolean): string[] {
  if (multiple) return Array.isArray(value) ? value.filter((v) => typeof v === 'string' && v !== '') : [];
  return typeof value === 'string' && value !== '' ? [value] : [];
}

/** WGT-011: single mode emits '' when nothing is chosen; multiple mode the list. */
export function idValue(values: string[], multiple: boolean): string | string[] {
  return multiple ? values : (values[0] ?? '');
}

/** What a form sends on save: its values without those the server fills. */
import { SYSTEM_KEYS, valueFields, type FormDefinition, type FormRecord } from './definition';

/**
 * The record without system fields and serial numbers (the server fills them and ignores
 * posted values, jnpf-wire-engine.md §3.2); calculate fields stay (the server recomputes).
 */
export function recordForSave(form: FormDefinition, record: FormRecord): FormRecord {
  const dropped = new Set(valueFields(form).filter((f) => SYSTEM_KEYS.has(f.__config__.jnpfKey) || f.__config__.jnpfKey === 'billRule').map((f) => f.__vModel__ as string));
  return Object.fromEntries(Object.entries(record).filter(([name]) => !dropped.has(name)));
}

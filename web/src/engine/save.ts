/** What a form sends on save: its values without those the server fills. */
import { columnsOf, FILLED_BY_SERVER, valueFields, type FormDefinition, type FormRecord } from './definition';

/**
 * The record without system fields and serial numbers (the server fills them and ignores
 * posted values, jnpf-wire-engine.md §3.2); calculate fields stay (the server recomputes).
 *
 * With `full`, `form` is `full` restricted by form permission (restrictForm): the fields and
 * sub-table columns `full` has and `form` lacks are not sent either (an edited record read
 * whole holds them); what neither defines (id, version, …) passes as it is.
 */
export function recordForSave(form: FormDefinition, record: FormRecord, full?: FormDefinition): FormRecord {
  const shown = valueFields(form);
  const dropped = new Set(shown.filter((f) => FILLED_BY_SERVER.has(f.__config__.jnpfKey)).map((f) => f.__vModel__ as string));
  const tables = new Map<string, Set<string>>();
  if (full) {
    const kept = new Set(shown.map((f) => f.__vModel__ as string));
    for (const f of valueFields(full)) {
      const name = f.__vModel__ as string;
      if (!kept.has(name)) dropped.add(name);
      else if (f.__config__.jnpfKey === 'table') {
        const table = shown.find((s) => s.__vModel__ === name)!;
        const columns = new Set(columnsOf(table).map((c) => c.__vModel__ as string));
        const withheld = new Set(columnsOf(f).map((c) => c.__vModel__ as string).filter((c) => !columns.has(c)));
        if (withheld.size) tables.set(name, withheld);
      }
    }
  }
  return Object.fromEntries(
    Object.entries(record)
      .filter(([name]) => !dropped.has(name))
      .map(([name, value]) => {
        const withheld = tables.get(name);
        if (!withheld || !Array.isArray(value)) return [name, value];
        return [name, value.map((row) => (row && typeof row === 'object' ? Object.fromEntries(Object.entries(row as FormRecord).filter(([column]) => !withheld.has(column))) : row))];
      }),
  );
}

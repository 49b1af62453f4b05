/**
 * A node's field permissions on the generated form (jnpf-wire-engine2.md §7.4): each
 * `formOperates` item (`field`, or `table-column` for a sub-table's column) hides the field
 * when `read` is false, disables it when `write` is false, and makes it required when
 * `required` is true. My launched detail (opType 0) writes nothing; any mode other than a new
 * or draft task ('-1') and a to-do (1) shows the form read-only.
 */
import type { Field, FormDefinition } from '@/engine';
import type { FormOperate } from './flowView';

export type OpType = '-1' | 0 | 1 | 2 | 3 | 4;

/** Whether the form is edited in this mode. */
export const editableIn = (opType: OpType) => opType === '-1' || opType === 1;

export function applyFormOperates(form: FormDefinition, operates: FormOperate[], opType: OpType): FormDefinition {
  const byId = new Map(operates.filter((o) => o && typeof o.id === 'string').map((o) => [o.id, o]));
  const walk = (fields: Field[], table?: string): Field[] =>
    fields.flatMap((f) => {
      if (!f?.__config__) return [f];
      const children = f.__config__.children;
      const isTable = f.__config__.jnpfKey === 'table';
      const id = f.__vModel__ ? (table ? `${table}-${f.__vModel__}` : f.__vModel__) : '';
      const op = id ? byId.get(id) : undefined;
      if (op?.read === false) return [];
      let next: Field = f;
      if (op && (op.write === false || opType === 0)) next = { ...next, disabled: true };
      if (op?.required) next = { ...next, __config__: { ...next.__config__, required: true } };
      if (Array.isArray(children)) next = { ...next, __config__: { ...next.__config__, children: walk(children, isTable ? f.__vModel__ : table) } };
      return [next];
    });
  return { ...form, fields: walk(form.fields), ...(editableIn(opType) ? {} : { disabled: true }) };
}

/**
 * An editable list (columnData type 4; jnpf-wire-engine.md §4.5; issue 28 §1): a row is edited
 * in place — each listed column by the form's own widget — and saved with 保存 or dropped with
 * 取消; 新增 opens an empty row at the top. Before it is sent, the row is checked by the rules
 * core as the form checks a record (validateRecord), the messages of its columns shown under
 * the cells; the server's refusal lands there too. An update sends the listed columns and the
 * version read (only what is sent changes); a new row sends what was typed.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Typography } from 'antd';
import type { RecordRow } from '@/api/onlineDev';
import { EngineContext, Widget, type Field, type FormDefinition } from '@/engine';
import type { Core } from '@/hooks/useCore';
import { zoneOffset } from '@/utils/clock';
import { fieldErrorsOf, type FieldErrors } from '@/utils/formErrors';

/** The id of the row being added. */
export const NEW_ROW = '__new__';

export interface RowEditing {
  /** The row being edited (NEW_ROW for a new one), or null. */
  id: string | null;
  values: Record<string, unknown>;
  errors: FieldErrors;
  saving: boolean;
  start(row: RecordRow | null): void;
  cancel(): void;
  set(prop: string, value: unknown): void;
  /** Checks and saves the row; true when it was saved. */
  save(): Promise<boolean>;
  /** The rows to show: a new row first while one is added. */
  rows(list: RecordRow[]): RecordRow[];
  /** A cell of the row being edited: the column's widget and its messages. */
  cell(prop: string, field: Field | undefined): ReactNode;
}

interface Options {
  core: Core | null;
  form: FormDefinition;
  /** The listed main-form columns the row edits. */
  props: string[];
  create(values: Record<string, unknown>): Promise<unknown>;
  update(id: string, values: Record<string, unknown>): Promise<unknown>;
  /** Told after a save (the list refreshes). */
  onSaved(created: boolean): void;
}

export function useRowEditing({ core, form, props, create, update, onSaved }: Options): RowEditing {
  const [id, setId] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const engine = useMemo(() => ({ core, picked: {}, setPicked: () => undefined }), [core]);

  const start = (row: RecordRow | null) => {
    setErrors({});
    setId(row ? row.id : NEW_ROW);
    setValues(row ? Object.fromEntries([...props, 'version'].filter((p) => p in row).map((p) => [p, row[p]])) : {});
  };
  const cancel = () => {
    setId(null);
    setValues({});
    setErrors({});
  };
  const save = async () => {
    if (!id || !core) return false;
    // The form's rule on the row; only the listed columns' messages count (the others are not
    // edited here, and a stored record keeps them).
    const found = core.validateRecord(form as never, values as never, zoneOffset()) as Record<string, { text: string }[]>;
    const mine: FieldErrors = {};
    for (const p of props) if (found[p]?.length) mine[p] = found[p].map((m) => m.text);
    setErrors(mine);
    if (Object.keys(mine).length) return false;
    setSaving(true);
    try {
      if (id === NEW_ROW) await create(values);
      else await update(id, values);
      const created = id === NEW_ROW;
      cancel();
      onSaved(created);
      return true;
    } catch (error) {
      const refused = fieldErrorsOf(error);
      if (refused) setErrors(refused);
      return false;
    } finally {
      setSaving(false);
    }
  };
  return {
    id,
    values,
    errors,
    saving,
    start,
    cancel,
    set: (prop, value) => setValues((v) => ({ ...v, [prop]: value })),
    save,
    rows: (list) => (id === NEW_ROW ? [{ id: NEW_ROW } as RecordRow, ...list] : list),
    cell: (prop, field) =>
      field ? (
        <EngineContext.Provider value={engine}>
          <div className="qm-row-edit-cell" data-edit={prop}>
            <Widget field={field} value={values[prop]} onChange={(v) => setValues((was) => ({ ...was, [prop]: v }))} record={values} disabled={saving} id={`row-${prop}`} />
            {errors[prop]?.map((m) => (
              <Typography.Text key={m} type="danger" className="qm-row-edit-error">
                {m}
              </Typography.Text>
            ))}
          </div>
        </EngineContext.Provider>
      ) : null,
  };
}

/**
 * The state of a generated form: the record, the messages under each field, and the calls
 * that change them. Every rule is the core's (WASM): `FormValidator.validateField` when a
 * field changes or loses focus, `validate` on submit (the same code the server runs on save),
 * `Calculations.recompute` for calculate fields after every change. The server's own field messages
 * are shown the same way (`showServerMessages`).
 */
import { zoneOffset } from '@/utils/clock';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Calculations, FieldMessages, FormValidator, Message } from '@qiming/core';
import { loadCore } from '@/core';
import { fieldErrorsOf } from '@/utils/formErrors';
import { blankRow, dependants, initialRecord, valueFields, withCurrentDates, type FormDefinition, type FormRecord } from './definition';

type Core = Awaited<ReturnType<typeof loadCore>>;

/** A message under a field: the core's (translated by key) or the server's text. */
export type ShownMessage = Message | string;
export type ShownMessages = Record<string, ShownMessage[]>;

/** CALC-004: calculate fields follow the record this long after its last change. */
export const CALC_DEBOUNCE_MS = 100;

/**
 * The record with every calculate field computed by the core from its inputs (WASM
 * `Calculations.recompute`: main fields and every sub-table row, in dependency order, the
 * same function the server runs on save); the very record when nothing changed.
 */
export function recompute(calculations: Calculations | null, record: FormRecord): FormRecord {
  return calculations ? (calculations.recompute(record) as FormRecord) : record;
}

/** The core's calculations of `form`; none (with a console warning) when they cannot run, e.g. a formula cycle. */
function calculationsOf(core: Core, form: FormDefinition): Calculations | null {
  try {
    return new core.Calculations(form as never);
  } catch (error) {
    console.warn(error instanceof Error ? error.message : String(error));
    return null;
  }
}

/** `messages` without those of `name` (and of its sub-table cells). */
function without(messages: ShownMessages, name: string): ShownMessages {
  const out: ShownMessages = {};
  for (const [key, list] of Object.entries(messages)) {
    if (key !== name && !key.startsWith(`${name}[`)) out[key] = list;
  }
  return out;
}

/** The cell key the core and the server use: `table[row].column`. */
export const cellKey = (table: string, row: number, column: string) => `${table}[${row}].${column}`;

export interface FormEngine {
  form: FormDefinition;
  record: FormRecord;
  messages: ShownMessages;
  /** The core has loaded (validation and calculation run). */
  ready: boolean;
  setValue(name: string, value: unknown): void;
  setCell(table: string, row: number, column: string, value: unknown): void;
  /** Adds blank rows (one by default), or rows starting with the given values (picked rows). */
  addRow(table: string, rows?: FormRecord[]): void;
  removeRow(table: string, row: number): void;
  /** Checks one field now (on blur). */
  check(name: string): void;
  /** Checks the whole record as the server will; answers the messages ({} when it passes). */
  validate(): Promise<FieldMessages>;
  /**
   * Shows the server's per-field messages under the fields (a refused save's error, or its
   * `{field: [text]}`); answers the names it had messages for.
   */
  showServerMessages(errorOrFields: unknown): string[];
  /** The record as it stands now, calculate fields recomputed (what a submit sends). */
  current(): FormRecord;
  /** Starts again from this record (or, without one, a new record's defaults). */
  reset(record?: FormRecord): void;
}

/**
 * The state of the form `form`. Without `initial` it creates a record: every field starts at
 * its default (jnpf-wire-engine.md §3.2, add only); with `initial` (an edited record) the
 * record is that one as given.
 */
export function useFormEngine(form: FormDefinition, initial?: FormRecord): FormEngine {
  const tables = useMemo(() => new Map(valueFields(form).filter((f) => f.__config__.jnpfKey === 'table').map((t) => [t.__vModel__ as string, t])), [form]);
  const linked = useMemo(() => dependants(form), [form]);
  const [core, setCore] = useState<Core | null>(null);
  const validator = useRef<FormValidator | null>(null);
  const calc = useRef<Calculations | null>(null);
  const [record, setRecord] = useState<FormRecord>(() => initial ?? initialRecord(form));
  const [messages, setMessages] = useState<ShownMessages>({});
  const latest = useRef(record);
  const initialRef = useRef(initial);
  latest.current = record;

  useEffect(() => {
    let alive = true;
    loadCore().then(
      (loaded) => {
        if (!alive) return;
        validator.current?.free();
        validator.current = new loaded.FormValidator(form as never, zoneOffset());
        calc.current?.free();
        const calculations = calculationsOf(loaded, form);
        calc.current = calculations;
        setCore(loaded);
        const creating = initialRef.current === undefined;
        setRecord((r) => {
          const next = recompute(calculations, creating ? withCurrentDates(form, r, (now, format) => loaded.dateDefaultCurrent(now, format, zoneOffset())) : r);
          latest.current = next;
          return next;
        });
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [form]);
  useEffect(
    () => () => {
      validator.current?.free();
      calc.current?.free();
      calc.current = null;
    },
    [],
  );

  // CALC-004: the calculate fields are recomputed once the record has been still for 100 ms
  // (typing recomputes once); submitting recomputes at once (`settle`).
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const settle = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    if (!core) return latest.current;
    const next = recompute(calc.current, latest.current);
    if (next !== latest.current) {
      latest.current = next;
      setRecord(next);
    }
    return next;
  }, [core]);
  const schedule = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(settle, CALC_DEBOUNCE_MS);
  }, [settle]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  const checkNow = useCallback((next: FormRecord, name: string) => {
    const v = validator.current;
    if (!v) return;
    const found = v.validateField(next as never, name);
    setMessages((m) => ({ ...without(m, name), ...found }));
  }, []);

  const commit = useCallback(
    (change: (r: FormRecord) => FormRecord, checked: string) => {
      const next = change(latest.current);
      latest.current = next;
      setRecord(next);
      checkNow(next, checked);
      schedule();
    },
    [checkNow, schedule],
  );

  // Linkage: the fields bound to `name` start again empty (their options follow the new value).
  const setValue = useCallback(
    (name: string, value: unknown) =>
      commit((r) => {
        let next = { ...r, [name]: value };
        for (const d of linked.get(name) ?? []) if (!d.table) next = { ...next, [d.name]: d.empty };
        return next;
      }, name),
    [commit, linked],
  );

  const setCell = useCallback(
    (table: string, row: number, column: string, value: unknown) =>
      commit((r) => {
        const rows = Array.isArray(r[table]) ? [...(r[table] as FormRecord[])] : [];
        let cells = { ...rows[row], [column]: value };
        // WGT-088: a cell bound to this one (`table-column`) in the same row starts again empty.
        for (const d of linked.get(`${table}-${column}`) ?? []) if (d.table === table) cells = { ...cells, [d.name]: d.empty };
        rows[row] = cells;
        return { ...r, [table]: rows };
      }, table),
    [commit, linked],
  );

  const addRow = useCallback(
    (table: string, rows?: FormRecord[]) => {
      const def = tables.get(table);
      if (!def) return;
      const added = (rows ?? [{}]).map((values) => ({ ...blankRow(def), ...values }));
      const next = { ...latest.current, [table]: [...(Array.isArray(latest.current[table]) ? (latest.current[table] as FormRecord[]) : []), ...added] };
      latest.current = next;
      setRecord(next);
      schedule();
    },
    [tables, schedule],
  );

  const removeRow = useCallback(
    (table: string, row: number) =>
      commit((r) => ({ ...r, [table]: (Array.isArray(r[table]) ? (r[table] as FormRecord[]) : []).filter((_, i) => i !== row) }), table),
    [commit],
  );

  const check = useCallback((name: string) => checkNow(latest.current, name), [checkNow]);

  const validate = useCallback(async () => {
    const loaded = core ?? (await loadCore());
    settle();
    const found = loaded.validateRecord(form as never, latest.current as never, zoneOffset());
    setMessages(found);
    return found;
  }, [core, form, settle]);

  const showServerMessages = useCallback((errorOrFields: unknown) => {
    const fields =
      fieldErrorsOf(errorOrFields) ??
      (errorOrFields && typeof errorOrFields === 'object' && !('code' in errorOrFields) ? (errorOrFields as Record<string, string[]>) : null);
    if (!fields) return [];
    setMessages((m) => {
      const next = { ...m };
      for (const [name, list] of Object.entries(fields)) next[name] = (Array.isArray(list) ? list : [list]).map(String);
      return next;
    });
    return Object.keys(fields);
  }, []);

  const reset = useCallback(
    (next?: FormRecord) => {
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
      let r = next ?? initialRecord(form);
      if (core) r = recompute(calc.current, next ? r : withCurrentDates(form, r, (now, format) => core.dateDefaultCurrent(now, format, zoneOffset())));
      latest.current = r;
      setRecord(r);
      setMessages({});
    },
    [form, core],
  );

  return { form, record, messages, ready: core !== null, setValue, setCell, addRow, removeRow, check, validate, showServerMessages, reset, current: settle };
}

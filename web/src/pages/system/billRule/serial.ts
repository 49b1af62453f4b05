/**
 * The numbering part of the serial-number rule form, all from the rules core through WASM
 * (core/src/serial.rs, which the server checks and numbers with): each of prefix, date format,
 * digit and start number is checked by `checkSerialRule` (BILL-013..020), the live example is
 * `serialPreview` for today (BILL-005), and the start number sent is the core's own fitting
 * of it to the digit width (BILL-021) — nothing here knows how a number is made.
 */
import { useMemo } from 'react';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { now } from '@/utils/clock';
import type { SerialRule } from '@qiming/core';
import { loadCore } from '@/core';
import type { Core } from '@/hooks/useCore';
import { coreText } from '@/i18n';

/** The fields the core's serial rules check. */
export const SERIAL_FIELDS = ['prefix', 'dateFormat', 'digit', 'startNumber'] as const;
export type SerialField = (typeof SERIAL_FIELDS)[number];

/** The date formats a rule may use (BILL-003); the core refuses any other. */
export const DATE_FORMATS = ['yyyyMMdd', 'yyyyMM', 'yyyy', 'no'] as const;

/** The installation's today as the core reads dates (the server's example is for its today too). */
export const today = (): string => now().format('YYYY-MM-DD');

/** The numbering fields of the form's values, as the core reads them. */
export function serialOf(values: Record<string, unknown>): SerialRule {
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  return { prefix: text(values.prefix), dateFormat: text(values.dateFormat), digit: text(values.digit), startNumber: text(values.startNumber) };
}

/** The example the rule gives today; '' while the core finds the rule unusable. */
export function serialExample(core: Core | null, values: Record<string, unknown>, date = today()): string {
  return core ? core.serialPreview(serialOf(values), date) : '';
}

/**
 * The start number as sent (BILL-021; jnpf-wire-areas.md §2.2: left-padded with zeros to the
 * digit width, keeping the rightmost digits): the core's example of the same digit and start
 * without prefix or date. As typed while the core cannot make one (the server then says why).
 */
export function fittedStartNumber(core: Core | null, values: Record<string, unknown>, date = today()): string {
  const { digit, startNumber } = serialOf(values);
  const fitted = core ? core.serialPreview({ prefix: '', dateFormat: 'no', digit, startNumber }, date) : '';
  return fitted || String(startNumber ?? '').trim();
}

export interface SerialItem {
  name: SerialField;
  rules: Rule[];
  required: boolean;
}

/** Form.Item props for a numbering field: the core's check of the record as it stands. */
export function useSerialRules(core: Core | null, form: FormInstance): (name: SerialField) => SerialItem {
  return useMemo(() => {
    // A field is marked required when the core refuses it empty.
    const empty = core ? core.checkSerialRule({}) : null;
    return (name: SerialField): SerialItem => ({
      name,
      required: Boolean(empty?.[name]?.length),
      rules: [
        {
          validator: async (_rule, value: unknown) => {
            const loaded = core ?? (await loadCore());
            const record = { ...serialOf(form.getFieldsValue(true)), [name]: value === undefined || value === null ? '' : String(value) };
            const problems = loaded.checkSerialRule(record)[name];
            if (problems?.length) throw new Error(coreText(problems[0]));
          },
        },
      ],
    });
  }, [core, form]);
}

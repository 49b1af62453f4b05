/** @jest-environment node */
// Runs every case of fixtures/vectors/*.json through @qiming/core (under jest: the nodejs build), the
// same files `cargo test -p qiming-core --test vectors` runs against core: the build must
// agree with core case for case. A file is {description, function, cases: [{id, function?,
// args, expect}]}; `expect` must equal the answer, except that a message's `params` may be
// left out of `expect`. Checklist IDs (CALC-, AMT-, CONST-, WGT-, FILE-, IMP-, …) are in the
// case ids.
import * as fs from 'fs';
import * as path from 'path';
import * as wasm from '@qiming/core';

/** The exports by name (the case files name them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const core = wasm as unknown as Record<string, (...args: any[]) => any>;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Case {
  id: string;
  function?: string;
  args: Json[];
  expect: Json;
}
interface VectorFile {
  description: string;
  function: string;
  cases: Case[];
}

const dir = path.resolve(__dirname, '../../../fixtures/vectors');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((name) => ({ name, file: JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as VectorFile }));

/** `expect` equals `actual`, except that a message's `params` may be left out of `expect`. */
function matches(expect: unknown, actual: unknown): boolean {
  if (Array.isArray(expect)) {
    return Array.isArray(actual) && expect.length === actual.length && expect.every((e, i) => matches(e, actual[i]));
  }
  if (expect !== null && typeof expect === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const e = expect as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    return (
      Object.keys(a).every((k) => k in e || k === 'params') && Object.keys(e).every((k) => k in a && matches(e[k], a[k]))
    );
  }
  return Object.is(expect, actual) || expect === actual;
}

/** The WASM answer for one case, with the cross-checks between exports that must agree. */
function call(fn: string, args: Json[]): unknown {
  switch (fn) {
    case 'validateRecord': {
      // A compiled FormValidator of the same definition says the same.
      const [formData, record] = args;
      const messages = wasm.validateRecord(formData as wasm.FormData, record as Record<string, unknown>);
      const validator = new wasm.FormValidator(formData as wasm.FormData);
      try {
        expect(validator.validate(record as Record<string, unknown>)).toEqual(messages);
      } finally {
        validator.free();
      }
      return messages;
    }
    case 'FormValidator.validateField': {
      const validator = new wasm.FormValidator(args[0] as wasm.FormData);
      try {
        return validator.validateField(args[1] as Record<string, unknown>, args[2] as string);
      } finally {
        validator.free();
      }
    }
    case 'md5Hex': {
      // The upload identifier hashes bytes; the same text as UTF-8 bytes gives the same hex.
      const hex = wasm.md5Hex(args[0] as string);
      expect(wasm.md5Hex(new TextEncoder().encode(args[0] as string))).toBe(hex);
      return hex;
    }
    case 'evaluateFormula': {
      const value = core.evaluateFormula(...args);
      let formula: wasm.Formula | undefined;
      try {
        formula = new wasm.Formula(args[0] as wasm.FormulaExpression);
      } catch {
        // A malformed formula has no compiled form; evaluateFormula answered 0 above.
      }
      if (formula) {
        const [data, precision, row] = args.slice(1) as [Record<string, unknown>, number | null, wasm.FormulaRow | null];
        expect(formula.evaluate(data, precision, row)).toBe(value);
        formula.free();
      }
      return value;
    }
    case 'recomputeRecord': {
      // A Calculations read once says the same; recomputing its answer changes nothing and
      // answers that very record (the fixed point).
      const out = wasm.recomputeRecord(args[0] as wasm.FormData, args[1] as Record<string, unknown>);
      const calculations = new wasm.Calculations(args[0] as wasm.FormData);
      try {
        expect(calculations.recompute(args[1] as Record<string, unknown>)).toEqual(out);
        expect(calculations.recompute(out)).toBe(out);
      } finally {
        calculations.free();
      }
      return out;
    }
    default:
      if (typeof core[fn] !== 'function') throw new Error(`no such export: ${fn}`);
      return core[fn](...args);
  }
}

// A failed calculation warns on the console (CALC-013, proven in wasm.test.ts); the vectors
// include such cases, so keep the warnings out of the test output here.
beforeAll(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterAll(() => jest.restoreAllMocks());

let checked = 0;

describe.each(files)('$name', ({ name, file }) => {
  test('has cases', () => expect(file.cases.length).toBeGreaterThan(0));
  test.each(file.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const actual = call(c.function ?? file.function, c.args);
    checked += 1;
    if (!matches(c.expect, actual)) {
      throw new Error(`${name} / ${c.id}\n  expected ${JSON.stringify(c.expect)}\n  actual   ${JSON.stringify(actual)}`);
    }
  });
});

test('every case of every file was checked', () => {
  const total = files.reduce((n, f) => n + f.file.cases.length, 0);
  expect(total).toBeGreaterThan(0);
  expect(checked).toBe(total);
});

/** @jest-environment node */
// Runs every case of fixtures/vectors/*.json through the WASM build (--target nodejs), the
// same files `cargo test -p qiming-core --test vectors` runs against core: the build must
// agree with core case for case. A file is {description, function, cases: [{id, function?,
// args, expect}]}; `expect` must equal the answer, except that a message's `params` may be
// left out of `expect`. Checklist IDs (CALC-, AMT-, CONST-, WGT-, FILE-, IMP-, …) are in the
// case ids.
import * as fs from 'fs';
import * as path from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const core = require('../../../core-wasm/testing/load-nodejs.cjs');

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

const texts = (errors: Record<string, { text: string }[]>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((m) => m.text)]));

/** The WASM answer for one case, with the cross-checks between exports that must agree. */
function call(fn: string, args: Json[]): unknown {
  switch (fn) {
    case 'checkRule': {
      const m = core.checkRule(...args);
      expect(core.validateRule(...args)).toBe(m === null ? null : m.text);
      return m;
    }
    case 'validateRecordMessages': {
      const [formData, record] = args;
      const messages = core.validateRecordMessages(formData, record);
      const validator = new core.FormValidator(formData);
      try {
        expect(core.validateRecord(formData, record)).toEqual(texts(messages));
        expect(validator.validateMessages(record)).toEqual(messages);
        expect(validator.validate(record)).toEqual(texts(messages));
      } finally {
        validator.free();
      }
      return messages;
    }
    case 'validateFieldMessages': {
      const validator = new core.FormValidator(args[0]);
      try {
        return validator.validateField(args[1], args[2]);
      } finally {
        validator.free();
      }
    }
    case 'checkPasswordMessages': {
      // checkPassword is the string[] shape of the same answer (AUTH-027..032).
      const messages = core.checkPasswordMessages(...args);
      expect(core.checkPassword(...args)).toEqual(messages.map((m: { text: string }) => m.text));
      return messages;
    }
    case 'md5Hex': {
      // The upload identifier hashes bytes; the same text as UTF-8 bytes gives the same hex.
      const hex = core.md5Hex(...args);
      expect(core.md5Hex(new TextEncoder().encode(args[0] as string))).toBe(hex);
      return hex;
    }
    case 'evaluateFormula': {
      const value = core.evaluateFormula(...args);
      let formula: { evaluate: (...a: Json[]) => string; free: () => void } | undefined;
      try {
        formula = new core.Formula(args[0]);
      } catch {
        // A malformed formula has no compiled form; evaluateFormula answered 0 above.
      }
      if (formula) {
        expect(formula.evaluate(...args.slice(1))).toBe(value);
        formula.free();
      }
      return value;
    }
    default:
      if (typeof core[fn] !== 'function') throw new Error(`no such export: ${fn}`);
      return core[fn](...args);
  }
}

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

/** @jest-environment node */
// The WASM package @qiming/core (under jest its nodejs build, @qiming/core-node) answers like
// core does (smoke; vectors.test.ts runs every shared case), logs failed calculations, and is
// documented export by export.
import * as fs from 'fs';
import * as path from 'path';
import * as core from '@qiming/core';

test('md5Hex of the login password matches jnpf-wire.md', () => {
  expect(core.md5Hex('123456')).toBe('e10adc3949ba59abbe56e057f20f883e');
});

test('Md5Hasher over slices equals md5Hex of the whole (FILE-003 upload identifier)', () => {
  const bytes = new Uint8Array(100_000).map((_, i) => i % 251);
  const hasher = new core.Md5Hasher();
  for (let i = 0; i < bytes.length; i += 7919) hasher.update(bytes.subarray(i, i + 7919));
  expect(hasher.finishHex()).toBe(core.md5Hex(bytes));
  hasher.free();
});

test('a compiled Formula reads sub-table columns from a live JS object (CALC-008)', () => {
  const formula = new core.Formula('items.price × items.qty');
  const data = { items: [{ price: 0.1, qty: 3 }, { price: '2.50', qty: '2', other: { deep: true } }], extra: () => 1 };
  expect(formula.evaluate(data, 2)).toBe('13.00'); // (0.1 + 2.5) × (3 + 2), exact
  expect(formula.evaluate(data, 2, { table: 'items', index: 1 })).toBe('5.00');
  data.items.push({ price: 1, qty: 1 });
  expect(formula.evaluate(data, 0)).toBe('22'); // (0.1 + 2.5 + 1) × (3 + 2 + 1) = 21.6
  formula.free();
});

test('only the properties a formula reads are handed over: a cycle elsewhere in the data is harmless', () => {
  const data: Record<string, unknown> = { price: '12.5', qty: 3 };
  data.self = data;
  expect(core.evaluateFormula('price × qty', data, 2)).toBe('37.50');
});

describe('CALC-013: a calculation error logs a console warning and yields 0', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  test('division by zero', () => {
    expect(core.evaluateFormula('单价 ÷ 数量', { 单价: '12.5', 数量: 0 }, 2)).toBe('0.00');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/计算公式出错.*除数不能为0/);
  });

  test('overflow, through a compiled Formula', () => {
    const formula = new core.Formula('a × a');
    expect(formula.evaluate({ a: '9'.repeat(28) })).toBe('0');
    formula.free();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/计算结果超出范围/);
  });

  test('a malformed formula', () => {
    expect(core.evaluateFormula('1 +', {})).toBe('0');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('运算符前后必须是数字或字段'));
  });

  test('a good formula, and values that are not numbers (CALC-007), warn nothing', () => {
    expect(core.evaluateFormula('单价 × 数量', { 单价: '12.5', 数量: 3 }, 2)).toBe('37.50');
    expect(core.evaluateFormula('a + 1', { a: 'abc' })).toBe('1');
    const formula = new core.Formula('items.price × items.qty');
    expect(formula.evaluate({ items: [{ price: 1, qty: 2 }] })).toBe('2');
    formula.free();
    expect(warn).not.toHaveBeenCalled();
  });
});

test('core-wasm/README.md documents every export of the build', () => {
  const readme = fs.readFileSync(path.resolve(__dirname, '../../../core-wasm/README.md'), 'utf8');
  const exports = Object.entries(core)
    .filter(([name, value]) => typeof value === 'function' && !name.startsWith('__'))
    .map(([name]) => name);
  expect(exports.length).toBeGreaterThan(40);
  const undocumented = exports.filter((name) => !readme.includes(`\`${name}\``) && !readme.includes(`\`new ${name}`));
  expect(undocumented).toEqual([]);
});

test('validateRecord reuses the last compiled definition only while the definition is the same (WGT-083)', () => {
  const field = (required: boolean) => ({
    fields: [{ __vModel__: 'name', __config__: { jnpfKey: 'comInput', label: '姓名', required } }],
  });
  const texts = (errors: core.FieldMessages) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((m) => m.text)]));
  const required = field(true);
  expect(texts(core.validateRecord(required, {}))).toEqual({ name: ['姓名不能为空'] });
  expect(core.validateRecord(field(false), {})).toEqual({});
  expect(texts(core.validateRecord(required, {}))).toEqual({ name: ['姓名不能为空'] });
  // The same object changed in place is a new definition.
  required.fields[0].__config__.required = false;
  expect(core.validateRecord(required, {})).toEqual({});
  expect(texts(core.validateRecord(JSON.stringify(field(true)), {}))).toEqual({ name: ['姓名不能为空'] });
  expect(() => core.validateRecord(42 as unknown as string, {})).toThrow('表单定义格式不正确');
});

/** @jest-environment node */
// The nodejs build of qiming-core-wasm answers like core does (smoke; vectors.test.ts runs
// every shared case). Load the build through core-wasm/testing/load-nodejs.cjs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const core = require('../../../core-wasm/testing/load-nodejs.cjs');

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

test('core-wasm/README.md documents every export of the build', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const fs = require('fs') as typeof import('fs');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const path = require('path') as typeof import('path');
  const readme = fs.readFileSync(path.resolve(__dirname, '../../../core-wasm/README.md'), 'utf8');
  const exports = Object.keys(core).filter((name) => typeof core[name] === 'function' && !name.startsWith('__'));
  expect(exports.length).toBeGreaterThan(40);
  const undocumented = exports.filter((name) => !readme.includes(`\`${name}\``) && !readme.includes(`\`new ${name}`));
  expect(undocumented).toEqual([]);
});

test('validateRecord reuses the last compiled definition only while the definition is the same (WGT-083)', () => {
  const field = (required: boolean) => ({
    fields: [{ __vModel__: 'name', __config__: { jnpfKey: 'comInput', label: '姓名', required } }],
  });
  const required = field(true);
  expect(core.validateRecord(required, {})).toEqual({ name: ['姓名不能为空'] });
  expect(core.validateRecord(field(false), {})).toEqual({});
  expect(core.validateRecord(required, {})).toEqual({ name: ['姓名不能为空'] });
  // The same object changed in place is a new definition.
  required.fields[0].__config__.required = false;
  expect(core.validateRecord(required, {})).toEqual({});
  expect(core.validateRecord(JSON.stringify(field(true)), {})).toEqual({ name: ['姓名不能为空'] });
  expect(() => core.validateRecord(42, {})).toThrow('表单定义格式不正确');
});

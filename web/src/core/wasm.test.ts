/** @jest-environment node */
// The nodejs build of qiming-core-wasm answers like core does (smoke; the vectors test runs
// every shared case).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const core = require('../../../core-wasm/pkg/nodejs/qiming_core_wasm.js');

test('md5Hex of the login password matches jnpf-wire.md', () => {
  expect(core.md5Hex('123456')).toBe('e10adc3949ba59abbe56e057f20f883e');
});

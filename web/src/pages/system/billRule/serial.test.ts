// The numbering helpers of the rule form hand everything to the rules core (WASM, the nodejs
// build here): what they add is reading the form's values and what to do before the core has
// loaded.
import { loadCore } from '@/core';
import { fittedStartNumber, serialExample, serialOf } from './serial';

test('serialOf reads the four numbering fields as text, empty when missing', () => {
  expect(serialOf({ prefix: 'XS', dateFormat: 'yyyy', digit: 4, startNumber: 7, fullName: 'x' })).toEqual({
    prefix: 'XS',
    dateFormat: 'yyyy',
    digit: '4',
    startNumber: '7',
  });
  expect(serialOf({})).toEqual({ prefix: '', dateFormat: '', digit: '', startNumber: '' });
});

test('BILL-021 through the core: the start fitted to the digits; as typed when the core cannot make one', async () => {
  const core = await loadCore();
  expect(fittedStartNumber(core, { digit: '5', startNumber: '12' })).toBe('00012');
  expect(fittedStartNumber(core, { digit: 3, startNumber: '123456' })).toBe('456');
  expect(fittedStartNumber(core, { digit: '', startNumber: '12' })).toBe('12');
  expect(fittedStartNumber(null, { digit: '5', startNumber: ' 12 ' })).toBe('12');
});

test('BILL-005 through the core: the example for a given day; none before the core has loaded', async () => {
  const core = await loadCore();
  const rule = { prefix: 'XS', dateFormat: 'yyyyMMdd', digit: '5', startNumber: '1' };
  expect(serialExample(core, rule, '2024-01-15')).toBe('XS2024011500001');
  expect(serialExample(core, { ...rule, startNumber: '0' }, '2024-01-15')).toBe('');
  expect(serialExample(null, rule, '2024-01-15')).toBe('');
});

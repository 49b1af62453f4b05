/** @jest-environment node */
// The model fixtures (fixtures/models/*.json) through the WASM build, as the designer and the
// preview will check them: the demonstration model (every widget and layout) and the
// JNPF-format definitions load with no problem, and their typed fields say where each value
// is stored. core/tests/models.rs checks the same files natively; the broken definitions are
// vectors (fixtures/vectors/model.json, run by vectors.test.ts).
import * as fs from 'fs';
import * as path from 'path';
import * as core from '@qiming/core';

const dir = path.resolve(__dirname, '../../../fixtures/models');
const models = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((name) => ({ name, base: JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as core.ModelDefinition }));

test('the fixtures are there', () => expect(models.map((m) => m.name)).toContain('inpatient-admission.json'));

test.each(models.map((m) => [m.name, m.base] as const))('%s loads with no problem', (_name, base) => {
  const check = core.checkDefinition(base);
  expect(check.problems).toEqual([]);
  const fields = core.definitionFields(base);
  expect(fields.length).toBeGreaterThan(3);
  // Every field that stores has a table, a column and a kind; display widgets have none.
  for (const f of fields) {
    if (f.kind) expect([f.table, f.column]).toEqual([expect.any(String), expect.any(String)]);
    else expect(f.column).toBeUndefined();
  }
});

test('the demonstration model: where its values are stored', () => {
  const base = models.find((m) => m.name === 'inpatient-admission.json')!.base;
  const fields = core.definitionFields(base);
  const field = (vModel: string) => fields.find((f) => f.vModel === vModel)!;
  expect(field('patient_name')).toMatchObject({ table: 'inpatient_admission', kind: { type: 'text', length: 50 }, required: true });
  expect(field('jnpf_inpatient_insurance_jnpf_insurance_no')).toMatchObject({ table: 'inpatient_insurance', column: 'insurance_no' });
  expect(field('amount')).toMatchObject({ subTable: 'charge_items', table: 'inpatient_charge', kind: { type: 'decimal', scale: 2 } });
  expect(field('admission_no')).toMatchObject({ filledByServer: true, kind: { type: 'text' } });
  expect(field('ward').options).toEqual({ type: 'dataInterface', id: '325449144728584301', valueKey: 'wardId', labelKey: 'wardName' });
  const references = core.checkDefinition(base).references;
  expect(references).toContainEqual(expect.objectContaining({ kind: 'billRule', id: 'ZYDJ', field: 'admission_no' }));
});

test('a definition that tries SQL injection in a name is refused with the field named', () => {
  const base = { webType: 1, formData: { fields: [{ __vModel__: 'x"; drop table y; --', __config__: { jnpfKey: 'comInput', label: '名称' } }] } };
  const { problems } = core.checkDefinition(base);
  expect(problems).toEqual([expect.objectContaining({ path: '/formData/fields/0', field: 'x"; drop table y; --', key: 'model.fieldName' })]);
});

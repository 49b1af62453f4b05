// What a form sends (recordForSave) over the demonstration model: no system fields nor serial
// numbers, and with form permission none of the fields or sub-table columns not granted.
import * as fs from 'fs';
import * as path from 'path';
import { readFormData, restrictForm, type FormDefinition } from './definition';
import { recordForSave } from './save';

const root = path.resolve(__dirname, '../../..');
const form = readFormData(JSON.parse(fs.readFileSync(path.join(root, 'fixtures/models/inpatient-admission.json'), 'utf8')).formData) as FormDefinition;

const record = {
  id: 'r1',
  version: 3,
  admission_no: 'ZY0001',
  patient_name: '张三',
  deposit: 3000,
  creator_name: 'u1',
  charge_items: [{ item_name: '床位费', unit_price: 80, quantity: 2, amount: 160 }],
};

test('the server\'s fields (system fields, the serial number) are not sent; the rest is', () => {
  expect(recordForSave(form, record)).toEqual({ id: 'r1', version: 3, patient_name: '张三', deposit: 3000, charge_items: record.charge_items });
});

test('with form permission, fields and sub-table columns not granted are not sent; id and version are', () => {
  const granted = new Set(['patient_name', 'charge_items', 'charge_items-item_name', 'charge_items-quantity']);
  const limited = restrictForm(form, (name) => granted.has(name));
  expect(recordForSave(limited, record, form)).toEqual({ id: 'r1', version: 3, patient_name: '张三', charge_items: [{ item_name: '床位费', quantity: 2 }] });
});

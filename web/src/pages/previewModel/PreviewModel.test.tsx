// ROUTE-003: /previewModel?id=… shows a definition's draft form to fill and check, nothing
// saved — the real rules core (WASM) and the real HTTP client, only `fetch` fake (GET
// Base/{id} answering the parts as JSON text, as the server does).
import * as fs from 'fs';
import * as path from 'path';
import { fireEvent, waitFor } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { fakeFetch, type Call } from '@/test/fakeFetch';
import { buttonNamed, renderPage } from '@/test/renderPage';
import PreviewModel from './PreviewModel';

const root = path.resolve(__dirname, '../../../..');
const demo = JSON.parse(fs.readFileSync(path.join(root, 'fixtures/models/inpatient-admission.json'), 'utf8'));
let calls: Call[];
let formData: unknown;

jest.setTimeout(120_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  formData = demo.formData;
  calls = fakeFetch({
    'GET /api/visualdev/Base/{id}': ({ params }) => ({
      ...demo,
      id: params.id,
      tables: JSON.stringify(demo.tables),
      formData: JSON.stringify(formData),
      columnData: JSON.stringify(demo.columnData),
      appColumnData: JSON.stringify(demo.appColumnData),
    }),
    'GET /api/system/DictionaryData/All': () => ({ list: [] }),
    'POST /api/system/DataInterface/{id}/Actions/Preview': () => [],
  });
});

test('ROUTE-003: the draft form is shown; 校验 shows the core\'s messages and saves nothing', async () => {
  const { container } = renderPage(PreviewModel, '/previewModel?id=m1');
  await waitFor(() => expect(container.querySelector('[data-field="patient_name"] input')).not.toBeNull(), { timeout: 30_000 });
  expect(calls[0].path).toBe('/api/visualdev/Base/m1');
  expect(container.textContent).toContain('功能预览：住院登记');
  fireEvent.click(buttonNamed('校验'));
  await waitFor(() => expect(container.querySelector('[data-messages-for="patient_name"]')?.textContent).toBe('患者姓名不能为空'));
  expect(calls.filter((c) => c.method !== 'GET' && !c.path.includes('DataInterface'))).toEqual([]);
  // The demonstration definition has no problem of its own.
  expect(container.textContent).not.toMatch(/定义有 \d+ 处问题/);
});

test('a definition with problems lists them above the form (what release would refuse)', async () => {
  const fields = JSON.parse(JSON.stringify(demo.formData.fields));
  const dup = fields[1].__config__.children[1];
  fields.push({ ...dup, __config__: { ...dup.__config__, formId: 999, renderKey: 999 } });
  formData = { ...demo.formData, fields };
  const { container } = renderPage(PreviewModel, '/previewModel?id=m2');
  await waitFor(() => expect(container.textContent).toMatch(/定义有 1 处问题/), { timeout: 30_000 });
  expect(container.querySelector('.qm-release-problems')?.textContent).toContain('patient_name');
});

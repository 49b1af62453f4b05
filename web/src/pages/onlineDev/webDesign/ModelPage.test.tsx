// 功能设计 against a fake visualdev API (only `fetch` is fake; the real HTTP client): the list
// with keyword search, 从 JSON 新建 posting the definition (and a JNPF export file read the same
// way), release refused with every problem listed, copy and delete after confirmation, and
// the buttons only when granted.
import * as fs from 'fs';
import * as path from 'path';
import { fireEvent, waitFor } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { envelope, fakeFetch, page, type Call } from '@/test/fakeFetch';
import { buttonNamed, confirmation, grant, renderPage } from '@/test/renderPage';
import ModelPage from './ModelPage';
import { readDefinition } from './definitionFile';

const root = path.resolve(__dirname, '../../../../..');
const demoText = fs.readFileSync(path.join(root, 'fixtures/models/inpatient-admission.json'), 'utf8');
const PATH = '/onlineDev/webDesign';

type Row = { id: string; fullName: string; enCode: string; webType: number; isRelease: number; version: number; creatorUser: string; creatorTime: number };
let rows: Row[];
let calls: Call[];

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  rows = [
    { id: 'm1', fullName: '住院登记', enCode: 'inpatientAdmission', webType: 2, isRelease: 0, version: 0, creatorUser: '管理员/admin', creatorTime: 1_700_000_000_000 },
    { id: 'm2', fullName: '药品入库', enCode: 'drugReceipt', webType: 2, isRelease: 1, version: 3, creatorUser: '管理员/admin', creatorTime: 1_700_000_000_000 },
  ];
  calls = fakeFetch({
    'GET /api/visualdev/Base': ({ query }) =>
      page(
        rows.filter((r) => !query.keyword || r.fullName.includes(query.keyword)),
        Number(query.currentPage),
        Number(query.pageSize),
      ),
    'POST /api/visualdev/Base': ({ body }) => {
      const b = body as { fullName: string; enCode: string };
      rows.push({ id: 'm3', fullName: b.fullName, enCode: b.enCode, webType: 2, isRelease: 0, version: 0, creatorUser: '管理员/admin', creatorTime: 1 });
      return 'm3';
    },
    'POST /api/visualdev/Base/{id}/Actions/Release': () =>
      envelope(400, '发布失败：功能定义有2处问题，字段名重复：patient_name', [
        { path: '/formData/fields/1', field: 'patient_name', key: 'model.duplicateField', params: { field: 'patient_name' }, text: '字段名重复：patient_name' },
        { path: '/formData/fields/9', field: 'ward', key: 'model.missingDataInterface', params: { id: 'x' }, text: '数据接口不存在：x' },
      ]),
    'POST /api/visualdev/Base/{id}/Actions/Copy': () => null,
    'GET /api/system/Menu/Selector/{id}/{systemId}': () => ({ list: [{ id: 'ward', parentId: '-1', fullName: '病区管理', enCode: 'ward', icon: '', type: 1, hasChildren: false, children: [] }] }),
    'DELETE /api/visualdev/Base/{id}': () => null,
  });
});

const table = () => document.querySelector('.qm-model-page .ant-table-tbody') as HTMLElement;

test('the list, searched by keyword with Enter', async () => {
  grant(PATH, ['btn_add', 'btn_remove', 'btn_release']);
  renderPage(ModelPage, PATH);
  await waitFor(() => expect(table().textContent).toContain('药品入库'));
  expect(table().textContent).toContain('已发布 v3');
  expect(table().textContent).toContain('未发布');
  const keyword = document.querySelector('.qm-list-search input') as HTMLInputElement;
  fireEvent.change(keyword, { target: { value: '住院' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(table().textContent).not.toContain('药品入库'));
  expect(calls.filter((c) => c.method === 'GET').pop()?.query.keyword).toBe('住院');
});

test('从 JSON 新建 posts the pasted definition; malformed JSON is told next to the text', async () => {
  grant(PATH, ['btn_add']);
  renderPage(ModelPage, PATH);
  await waitFor(() => expect(table().textContent).toContain('住院登记'));
  fireEvent.click(buttonNamed('从JSON新建'));
  const text = await waitFor(() => document.querySelector('#model-json') as HTMLTextAreaElement);
  fireEvent.change(text, { target: { value: '{"fullName": ' } });
  fireEvent.click(buttonNamed('确定'));
  await waitFor(() => expect(document.querySelector('[data-messages-for="definition"]')?.textContent).toMatch(/JSON 格式有误/));
  fireEvent.change(text, { target: { value: demoText.replace('"inpatientAdmission"', '"inpatientAdmission2"') } });
  fireEvent.click(buttonNamed('确定'));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/visualdev/Base')).toBe(true));
  const posted = calls.find((c) => c.method === 'POST' && c.path === '/api/visualdev/Base')?.body as Record<string, unknown>;
  expect(posted.enCode).toBe('inpatientAdmission2');
  expect(posted).not.toHaveProperty('id');
  expect((posted.formData as { fields: unknown[] }).fields.length).toBeGreaterThan(5);
  await waitFor(() => expect(table().textContent).toContain('住院登记'));
});

test('a JNPF export (the entity wrapped in data, parts as JSON text) reads as the same definition', () => {
  const demo = JSON.parse(demoText);
  const wrapped = JSON.stringify({ data: JSON.stringify({ ...demo, id: '123', formData: JSON.stringify(demo.formData) }) });
  const read = readDefinition(wrapped);
  expect('form' in read && read.form.enCode).toBe('inpatientAdmission');
  expect('form' in read && read.form).not.toHaveProperty('id');
  expect(readDefinition('[1]')).toEqual({ error: 'jsonNotObject' });
});

test('发布 refused: every problem is listed with its field and message', async () => {
  grant(PATH, ['btn_release']);
  renderPage(ModelPage, PATH);
  await waitFor(() => expect(table().textContent).toContain('住院登记'));
  fireEvent.click(buttonNamed('发布 住院登记'));
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(document.querySelector('.qm-release-problems')?.textContent).toContain('数据接口不存在：x'));
  const problems = document.querySelector('.qm-release-problems') as HTMLElement;
  expect(problems.textContent).toContain('字段名重复：patient_name');
  expect(problems.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(2);
  expect(calls.find((c) => c.path === '/api/visualdev/Base/m1/Actions/Release')?.body).toEqual({ pc: 1, app: 0 });
  // without 编辑 the designer is not offered from here
  expect(document.querySelector('.ant-modal-footer')?.textContent ?? '').not.toContain('在设计器中修改');
});

test('发布 refused: 在设计器中修改 opens the model in the designer, where core’s problems select their widget', async () => {
  const demo = JSON.parse(demoText);
  // a second field named patient_name at the end of the form: core's duplicate-name problem, on the canvas
  type Widget = { __vModel__?: string; __config__: { children?: Widget[]; tableName?: string } };
  const find = (list: Widget[]): Widget | undefined => list.reduce<Widget | undefined>((got, f) => got ?? (f.__vModel__ === 'patient_name' ? f : find(f.__config__?.children ?? [])), undefined);
  const tableName = find(demo.formData.fields)?.__config__.tableName;
  const fields = [...demo.formData.fields, { __vModel__: 'patient_name', __config__: { jnpfKey: 'comInput', label: '重名字段', formId: 999, renderKey: 999, span: 24, regList: [], tableName } }];
  calls = fakeFetch({
    'GET /api/visualdev/Base': () => page(rows, 1, 20),
    'GET /api/visualdev/Base/{id}': () => ({ ...demo, id: 'm1', formData: JSON.stringify({ ...demo.formData, fields }) }),
    'POST /api/visualdev/Base/{id}/Actions/Release': () =>
      envelope(400, '发布失败', [{ path: '/formData/fields/1', field: 'patient_name', key: 'model.duplicateField', params: { field: 'patient_name' }, text: '字段名重复：patient_name' }]),
    'GET /api/system/Menu/Selector/{id}/{systemId}': () => ({ list: [] }),
  });
  grant(PATH, ['btn_release', 'btn_edit']);
  renderPage(ModelPage, PATH);
  await waitFor(() => expect(table().textContent).toContain('住院登记'));
  fireEvent.click(buttonNamed('发布 住院登记'));
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(document.querySelector('.qm-release-problems')).not.toBeNull());
  fireEvent.click(buttonNamed('在设计器中修改'));
  const problems = await waitFor(
    () => {
      const shown = document.querySelector<HTMLElement>('.qm-designer-problems');
      expect(shown?.textContent).toContain('字段名重复：patient_name');
      return shown as HTMLElement;
    },
    { timeout: 15_000 },
  );
  const item = [...problems.querySelectorAll('li')].find((li) => li.textContent?.includes('字段名重复：patient_name')) as HTMLElement;
  fireEvent.click(item.querySelector('button') as HTMLElement);
  await waitFor(() => expect(document.querySelector('.qm-designer-canvas .is-selected')?.getAttribute('data-widget')).toBe('comInput'));
});

test('发布 under a chosen menu: the parent goes with the release', async () => {
  grant(PATH, ['btn_release']);
  renderPage(ModelPage, PATH);
  await waitFor(() => expect(table().textContent).toContain('住院登记'));
  fireEvent.click(buttonNamed('发布 住院登记'));
  const dialog = confirmation();
  expect(dialog.textContent).toContain('上级菜单');
  fireEvent.mouseDown(dialog.querySelector('.qm-release-menu .ant-select') as HTMLElement);
  const node = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-tree-node-content-wrapper')].find((n) => n.textContent === '病区管理');
    if (!found) throw new Error('no menu yet');
    return found;
  });
  fireEvent.click(node);
  fireEvent.click(buttonNamed('确定', dialog));
  await waitFor(() => expect(calls.find((c) => c.path === '/api/visualdev/Base/m1/Actions/Release')?.body).toEqual({ pc: 1, app: 0, pcModuleParentId: 'ward' }));
});

test('复制 and 删除 ask first; without the buttons they are not offered', async () => {
  grant(PATH, ['btn_add', 'btn_remove']);
  const view = renderPage(ModelPage, PATH);
  await waitFor(() => expect(table().textContent).toContain('住院登记'));
  fireEvent.click(buttonNamed('复制 住院登记'));
  expect(calls.some((c) => c.path.endsWith('/Actions/Copy'))).toBe(false);
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(calls.some((c) => c.path === '/api/visualdev/Base/m1/Actions/Copy')).toBe(true));
  fireEvent.click(buttonNamed('删除 药品入库'));
  await waitFor(() => expect(confirmation().textContent).toContain('此操作将永久删除该数据'));
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/visualdev/Base/m2')).toBe(true));
  view.unmount();

  grant(PATH, []);
  renderPage(ModelPage, PATH);
  await waitFor(() => expect(table().textContent).toContain('住院登记'));
  expect(document.body.textContent).not.toContain('从JSON新建');
  expect(document.querySelector('[aria-label="发布 住院登记"]')).toBeNull();
  expect(document.querySelector('[aria-label="删除 住院登记"]')).toBeNull();
  expect(document.querySelector('[aria-label="预览 住院登记"]')).not.toBeNull();
});

test('新建 opens the form designer; 保存 posts the names, the designed formData and the list generated for it', async () => {
  grant(PATH, ['btn_add']);
  renderPage(ModelPage, PATH);
  await waitFor(() => expect(table().textContent).toContain('住院登记'));
  fireEvent.click(buttonNamed('新建'));
  const widget = await waitFor(() => document.querySelector('.qm-designer-palette [data-widget="comInput"]') as HTMLButtonElement);
  fireEvent.change(document.querySelector('#designer-fullName')!, { target: { value: '门诊收费' } });
  fireEvent.change(document.querySelector('#designer-enCode')!, { target: { value: 'outpatientFee' } });
  fireEvent.click(widget);
  fireEvent.click(buttonNamed('保存'));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/visualdev/Base')).toBe(true));
  const posted = calls.find((c) => c.method === 'POST' && c.path === '/api/visualdev/Base')?.body as Record<string, unknown>;
  expect(posted).toMatchObject({ fullName: '门诊收费', enCode: 'outpatientFee', type: 1, webType: 2 });
  const form = JSON.parse(posted.formData as string) as { fields: { __vModel__: string }[]; labelWidth: number };
  expect(form.fields.map((f) => f.__vModel__)).toEqual(['comInputField101']);
  expect(form.labelWidth).toBe(100);
  // no list designed: the generated one (the first fields as columns), so 发布 works at once
  const list = JSON.parse(posted.columnData as string) as { type: number; columnList: { prop: string }[]; searchList: { prop: string; searchType: number }[]; btnsList: { value: string }[] };
  expect(list.type).toBe(1);
  expect(list.columnList.map((c) => c.prop)).toEqual(['comInputField101']);
  expect(list.searchList.map((c) => [c.prop, c.searchType])).toEqual([['comInputField101', 2]]);
  expect(list.btnsList.map((b) => b.value)).toEqual(['add']);
});

test('列表设计 beside 表单设计: the columns ticked there are posted as columnData', async () => {
  grant(PATH, ['btn_add']);
  renderPage(ModelPage, PATH);
  await waitFor(() => expect(table().textContent).toContain('住院登记'));
  fireEvent.click(buttonNamed('新建'));
  await waitFor(() => document.querySelector('.qm-designer-palette [data-widget="comInput"]') as HTMLButtonElement);
  fireEvent.change(document.querySelector('#designer-fullName')!, { target: { value: '门诊收费' } });
  fireEvent.change(document.querySelector('#designer-enCode')!, { target: { value: 'outpatientFee' } });
  for (const key of ['comInput', 'numInput', 'date']) fireEvent.click(document.querySelector(`.qm-designer-palette [data-widget="${key}"]`)!);
  const tab = [...document.querySelectorAll<HTMLElement>('.qm-designer-steps .ant-tabs-tab-btn')].find((b) => b.textContent === '列表设计') as HTMLElement;
  fireEvent.click(tab);
  const field = await waitFor(() => document.querySelector('.qm-list-field[data-prop="numInputField102"]') as HTMLElement);
  // the generated list shows all three; the number is taken out, the date searched
  fireEvent.click(field.querySelector('input[aria-label^="列 "]')!);
  fireEvent.click(document.querySelector('.qm-list-field[data-prop="dateField103"] input[aria-label^="查询 "]')!);
  fireEvent.click(buttonNamed('保存'));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/visualdev/Base')).toBe(true));
  const posted = calls.find((c) => c.method === 'POST' && c.path === '/api/visualdev/Base')?.body as Record<string, unknown>;
  const list = JSON.parse(posted.columnData as string) as { columnList: { prop: string }[]; searchList: { prop: string; searchType: number }[] };
  expect(list.columnList.map((c) => c.prop)).toEqual(['comInputField101', 'dateField103']);
  expect(list.searchList.map((c) => [c.prop, c.searchType])).toEqual([
    ['comInputField101', 2],
    ['dateField103', 3],
  ]);
});

test('编辑 opens the draft’s form in the designer; 保存 puts its formData and its list back, nothing else', async () => {
  const demo = JSON.parse(demoText);
  calls = fakeFetch({
    'GET /api/visualdev/Base': () => page(rows, 1, 20),
    'GET /api/visualdev/Base/{id}': () => ({ ...demo, id: 'm1', formData: JSON.stringify(demo.formData) }),
    'PUT /api/visualdev/Base/{id}': () => null,
  });
  grant(PATH, ['btn_edit']);
  renderPage(ModelPage, PATH);
  await waitFor(() => expect(table().textContent).toContain('住院登记'));
  fireEvent.click(buttonNamed('编辑 住院登记'));
  await waitFor(() => expect(document.querySelectorAll('.qm-designer-canvas [data-form-id]').length).toBeGreaterThan(5));
  fireEvent.click(document.querySelector('.qm-designer-palette [data-widget="textarea"]')!);
  fireEvent.click(buttonNamed('保存'));
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
  const put = calls.find((c) => c.method === 'PUT')!;
  expect(put.path).toBe('/api/visualdev/Base/m1');
  expect(Object.keys(put.body as object)).toEqual(['formData', 'columnData']);
  // the list as it was (the new field is not a column of it)
  expect(JSON.parse((put.body as { columnData: string }).columnData)).toEqual(demo.columnData);
  const saved = JSON.parse((put.body as { formData: string }).formData) as { fields: unknown[] };
  expect(saved.fields).toHaveLength(demo.formData.fields.length + 1);
  expect(saved.fields.slice(0, -1)).toEqual(demo.formData.fields);
});

// A released model's records against a fake OnlineDev API (only `fetch` is fake: the real HTTP
// client, the real rules core in the form): the list from columnData with keyword (Enter) and
// sort, 新增 posting {id: '', data}, the server's field messages under the fields, the optimistic
// lock's refusal told in the form that stays open, 详情 from DataChange, 删除 and 批量删除
// after confirmation, the buttons only when granted, and from a form menu the columns and form
// fields only as its column and form permission grant them.
import * as fs from 'fs';
import * as path from 'path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { envelope, fakeFetch, page, type Call } from '@/test/fakeFetch';
import { buttonNamed, confirmation, grant, renderPage } from '@/test/renderPage';
import { walkFields, type Field } from '@/engine/definition';
import type { AppRoute } from '@/app/menu';
import { useUser } from '@/stores/user';
import RecordsRoute, { RecordsPage } from './RecordsPage';

const root = path.resolve(__dirname, '../../../../..');
const demo = JSON.parse(fs.readFileSync(path.join(root, 'fixtures/models/inpatient-admission.json'), 'utf8'));
const demoForm = typeof demo.formData === 'string' ? JSON.parse(demo.formData) : demo.formData;
const picked: Record<string, Field> = {};
walkFields(demoForm.fields, (f) => {
  if (['patient_name', 'deposit', 'gender', 'allergies', 'native_place', 'attending_doctor'].includes(f.__vModel__ as string)) picked[f.__vModel__ as string] = f;
});
// Two widgets of the demonstration model: a required text and a required number.
let formData: Record<string, unknown> = { ...demoForm, popupType: 'general', fields: [picked.patient_name, picked.deposit] };
const columnData = {
  type: 1,
  columnList: [
    { prop: 'patient_name', label: '患者姓名', sortable: false, align: 'left', jnpfKey: 'comInput' },
    { prop: 'deposit', label: '预交押金', sortable: true, align: 'left', jnpfKey: 'numInput' },
  ],
  searchList: [],
  defaultSidx: '',
  sort: 'desc',
  pageSize: 20,
  useBtnPermission: true,
  btnsList: [
    { value: 'add', label: '新增' },
    { value: 'batchRemove', label: '批量删除' },
  ],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
    { value: 'detail', label: '详情' },
  ],
};
const PATH = '/onlineDev/records?id=m1';
const SCOPE = '/onlineDev/webDesign';

type Row = { id: string; patient_name: string; deposit: number; version: number };
let rows: Row[];
let calls: Call[];
let refuseCreate: unknown = null;
let columns: typeof columnData = columnData;
let refuseUpdate: unknown = null;
let savedColumns: unknown[] = [];

jest.setTimeout(120_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  rows = [
    { id: 'r1', patient_name: '张三', deposit: 3000, version: 0 },
    { id: 'r2', patient_name: '李四', deposit: 500, version: 2 },
  ];
  refuseCreate = null;
  refuseUpdate = null;
  columns = columnData;
  savedColumns = [];
  calls = fakeFetch({
    'GET /api/permission/Authority/GetColumnsByModuleId/{menuId}': () => savedColumns,
    'PUT /api/permission/Authority/SetColumnsByModuleId': ({ body }) => {
      savedColumns = JSON.parse((body as { fieldList: string }).fieldList);
      return null;
    },
    'POST /api/visualdev/OnlineDev/{modelId}/Actions/Export': () => ({ url: '/api/file/DownloadModel?encryption=k1' }),
    'GET /api/visualdev/OnlineDev/{modelId}/Config': () => ({
      id: 'm1', fullName: '住院登记', enCode: 'inpatientAdmission', type: 1, webType: 2, enableFlow: 0, flowId: '',
      formData: JSON.stringify(formData), columnData: JSON.stringify(columns), appColumnData: '', version: 1,
    }),
    'POST /api/visualdev/OnlineDev/{modelId}/List': ({ body }) => {
      const b = body as { keyword: string; currentPage: number; pageSize: number };
      return page(rows.filter((r) => !b.keyword || r.patient_name.includes(b.keyword)), b.currentPage, b.pageSize);
    },
    'POST /api/visualdev/OnlineDev/batchDelete/{modelId}': ({ body }) => {
      rows = rows.filter((r) => !(body as { ids: string[] }).ids.includes(r.id));
      return null;
    },
    'GET /api/visualdev/OnlineDev/{modelId}/{id}/DataChange': ({ params }) => {
      const r = rows.find((x) => x.id === params.id)!;
      return { id: r.id, data: JSON.stringify({ ...r, patient_name: `${r.patient_name}（详情）` }) };
    },
    'GET /api/visualdev/OnlineDev/{modelId}/{id}': ({ params }) => {
      const r = rows.find((x) => x.id === params.id)!;
      return { id: r.id, data: JSON.stringify(r) };
    },
    'PUT /api/visualdev/OnlineDev/{modelId}/{id}': () => refuseUpdate ?? null,
    'DELETE /api/visualdev/OnlineDev/{modelId}/{id}': ({ params }) => {
      rows = rows.filter((r) => r.id !== params.id);
      return null;
    },
    'GET /api/system/printDev/Data': ({ query }) => ({ printTemplate: '<p>单：<span data-tag="headTable.id">{id}</span></p>', printData: { id: query.formId }, operatorRecordList: [] }),
    'GET /api/system/printDev/BatchData': ({ query }) =>
      query.formId.split(',').map((id) => ({ printTemplate: '<p>单：<span data-tag="headTable.id">{id}</span></p>', printData: { id }, operatorRecordList: [] })),
    'POST /api/visualdev/OnlineDev/{modelId}': ({ body }) => {
      if (refuseCreate) return refuseCreate;
      const data = (body as { data: Row }).data;
      rows.push({ ...data, id: 'r3', version: 0 });
      return 'r3';
    },
  });
});

const table = () => document.querySelector('.qm-records-page .ant-table-tbody') as HTMLElement;
const input = (name: string) => document.querySelector(`[data-field="${name}"] input`) as HTMLInputElement;
const messagesFor = (name: string) => document.querySelector(`[data-messages-for="${name}"]`)?.textContent ?? '';
const listCalls = () => calls.filter((c) => c.path.endsWith('/List'));

test('LIST-010, LIST-011: the list: columns from columnData, values as displayed, keyword with Enter, sort by a sortable column', async () => {
  grant(SCOPE, ['btn_add', 'btn_edit', 'btn_remove']);
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  expect(document.querySelector('.qm-records-page thead')?.textContent).toContain('患者姓名');
  // Cells read as the detail reads a raw value: the amount with separators and in Chinese.
  await waitFor(() => expect(table().textContent).toContain('3,000.00'));
  expect(table().textContent).toContain('叁仟元整');
  expect(listCalls()[0].body).toMatchObject({ currentPage: 1, pageSize: 20, keyword: '', sort: 'desc' });
  const keyword = document.querySelector('.qm-list-search input') as HTMLInputElement;
  fireEvent.change(keyword, { target: { value: '张' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(table().textContent).not.toContain('李四'));
  expect(listCalls().pop()?.body).toMatchObject({ keyword: '张' });
  fireEvent.click(document.querySelector('.qm-records-page thead .ant-table-column-has-sorters') as HTMLElement);
  await waitFor(() => expect(listCalls().pop()?.body).toMatchObject({ sidx: 'deposit', sort: 'asc' }));
});

test('an empty list says so', async () => {
  rows = [];
  grant(SCOPE, []);
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('暂无数据'));
});

test('with the definition\'s button permission off, every listed button shows', async () => {
  grant(SCOPE, []);
  columns = { ...columnData, useBtnPermission: false };
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  expect(buttonNamed(/^新\s*增$/)).toBeTruthy();
  expect(buttonNamed('编辑 张三')).toBeTruthy();
  expect(buttonNamed('删除 张三')).toBeTruthy();
});

test('the buttons only when granted', async () => {
  grant(SCOPE, []);
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  expect(() => buttonNamed('新增')).toThrow();
  expect(() => buttonNamed('编辑 张三')).toThrow();
  expect(() => buttonNamed('删除 张三')).toThrow();
  expect(buttonNamed('详情 张三')).toBeTruthy();
});

test('LIST-012: 新增 posts {id: "", data} with what was typed; field messages from the server land under the fields', async () => {
  grant(SCOPE, ['btn_add']);
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  fireEvent.click(buttonNamed('新增'));
  await waitFor(() => expect(input('patient_name')).toBeTruthy());
  // The core checks as the user types.
  fireEvent.change(input('patient_name'), { target: { value: '王五' } });
  fireEvent.change(input('patient_name'), { target: { value: '' } });
  await waitFor(() => expect(messagesFor('patient_name')).toMatch(/不能为空/));
  fireEvent.change(input('patient_name'), { target: { value: '王五' } });
  fireEvent.change(input('deposit'), { target: { value: '800' } });
  fireEvent.blur(input('deposit'));
  refuseCreate = envelope(400, '患者姓名不能重复', { patient_name: ['患者姓名不能重复'] });
  fireEvent.click(buttonNamed('确定'));
  await waitFor(() => expect(messagesFor('patient_name')).toContain('患者姓名不能重复'));
  const refused = calls.filter((c) => c.method === 'POST' && c.path === '/api/visualdev/OnlineDev/m1').pop()!;
  expect(refused.body).toMatchObject({ id: '', data: { patient_name: '王五', deposit: 800 } });
  refuseCreate = null;
  fireEvent.click(buttonNamed('确定'));
  await waitFor(() => expect(table().textContent).toContain('王五'));
});

test('编辑 sends the version read; the stale-version refusal is shown and the form kept', async () => {
  grant(SCOPE, ['btn_edit']);
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  fireEvent.click(buttonNamed('编辑 李四'));
  await waitFor(() => expect(input('patient_name')?.value).toBe('李四'));
  fireEvent.change(input('patient_name'), { target: { value: '李四四' } });
  refuseUpdate = envelope(400, '数据已被修改，请刷新后重试');
  fireEvent.click(buttonNamed('确定'));
  await waitFor(() => expect(document.querySelector('.qm-record-refusal')?.textContent).toContain('数据已被修改，请刷新后重试'));
  expect(input('patient_name').value).toBe('李四四');
  const put = calls.filter((c) => c.method === 'PUT').pop()!;
  expect(put.path).toBe('/api/visualdev/OnlineDev/m1/r2');
  expect(put.body).toMatchObject({ id: 'r2', data: { patient_name: '李四四', version: 2 } });
});

test('详情 shows the DataChange values', async () => {
  grant(SCOPE, []);
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  fireEvent.click(buttonNamed('详情 张三'));
  await waitFor(() => expect(document.body.textContent).toContain('张三（详情）'));
});

test('LIST-012, LIST-013: 删除 and 批量删除 ask first', async () => {
  grant(SCOPE, ['btn_remove']);
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  fireEvent.click(buttonNamed('删除 张三'));
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(table().textContent).not.toContain('张三'));
  expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/visualdev/OnlineDev/m1/r1');
  fireEvent.click(document.querySelector('.qm-records-page tbody .ant-checkbox-input') as HTMLElement);
  fireEvent.click(buttonNamed('批量删除'));
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(calls.find((c) => c.path.includes('batchDelete'))?.body).toEqual({ ids: ['r2'] }));
});

// Issue 29: 批量打印 needs a selection (请选择一条数据) and a configured template (请配置打印模板);
// with one template the preview opens at once with the selected records (BatchData), no confirmation.
test('批量打印: 请选择一条数据 without a selection, 请配置打印模板 without a template; nothing printed', async () => {
  grant(SCOPE, ['btn_batchPrint']);
  columns = { ...columnData, btnsList: [{ value: 'batchPrint', label: '批量打印' }], printIds: [] } as typeof columnData;
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  fireEvent.click(buttonNamed('批量打印'));
  await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('请选择一条数据'));
  fireEvent.click(document.querySelector('.qm-records-page tbody .ant-checkbox-input') as HTMLElement);
  fireEvent.click(buttonNamed('批量打印'));
  await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('请配置打印模板'));
  expect(calls.some((c) => c.path.startsWith('/api/system/printDev'))).toBe(false);
});

test('批量打印 with one template opens the preview of the selection at once (BatchData), no confirmation', async () => {
  grant(SCOPE, ['btn_batchPrint']);
  columns = { ...columnData, btnsList: [{ value: 'batchPrint', label: '批量打印' }], printIds: ['t1'] } as typeof columnData;
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  // The header's box selects both rows.
  fireEvent.click(document.querySelector('.qm-records-page .ant-checkbox-input') as HTMLElement);
  fireEvent.click(buttonNamed('批量打印'));
  await waitFor(() => expect(document.querySelector('.qm-print-page')?.textContent).toBe('单：r1单：r2'));
  expect(calls.find((c) => c.path === '/api/system/printDev/BatchData')?.query).toEqual({ id: 't1', formId: 'r1,r2' });
  expect(document.querySelector('.ant-modal-confirm')).toBeNull();
});

test('详情 打印 prints the record with the form\'s printId', async () => {
  grant(SCOPE, []);
  const saved = formData;
  try {
    formData = { ...saved, hasPrintBtn: true, printId: ['t1'] };
    renderPage(RecordsRoute, PATH);
    await waitFor(() => expect(table().textContent).toContain('李四'));
    fireEvent.click(buttonNamed('详情 李四'));
    await waitFor(() => expect(document.body.textContent).toContain('李四（详情）'));
    fireEvent.click(buttonNamed('打印'));
    await waitFor(() => expect(document.querySelector('.qm-print-page')?.textContent).toBe('单：r2'));
    expect(calls.find((c) => c.path === '/api/system/printDev/Data')?.query).toEqual({ id: 't1', formId: 'r2' });
  } finally {
    formData = saved;
  }
});

// A form menu bound to the model (menu type 3): its own permission entry grants the columns and
// form fields; the model's definition says whether they are limited.
const MENU_PATH = '/hospital/admission';
const MENU_ID = 'menu-admission';
function signInOnMenu(grants: { button?: string[]; column?: string[]; form?: string[] }) {
  const route: AppRoute = { path: MENU_PATH, name: 'hospital-admission', type: 3, address: '', meta: { title: '住院登记', zhTitle: '住院登记', modelId: MENU_ID, moduleId: 'm1' } };
  const codes = (list: string[] = []) => list.map((enCode) => ({ enCode }));
  useUser.setState({
    routes: [route],
    permissionList: [{ modelId: MENU_ID, button: codes(grants.button), column: codes(grants.column), form: codes(grants.form) }] as never,
    userInfo: { isAdministrator: false } as never,
  });
}
const MenuRecords = () => <RecordsPage modelId="m1" menuId={MENU_ID} />;
const head = () => document.querySelector('.qm-records-page thead')?.textContent ?? '';
const posted = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/visualdev/OnlineDev/m1').pop();

test('PERM-007: column permission: from a form menu only the granted columns are listed', async () => {
  columns = { ...columnData, useBtnPermission: false, useColumnPermission: true } as typeof columnData;
  signInOnMenu({ column: ['patient_name'] });
  renderPage(MenuRecords, MENU_PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  expect(head()).toContain('患者姓名');
  expect(head()).not.toContain('预交押金');
  expect(table().textContent).not.toContain('3,000.00');
});

test('PERM-008: form permission: a field not granted is not in the new-record form and not sent', async () => {
  columns = { ...columnData, useBtnPermission: false, useFormPermission: true } as typeof columnData;
  signInOnMenu({ form: ['patient_name'] });
  renderPage(MenuRecords, MENU_PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  fireEvent.click(buttonNamed(/^新\s*增$/));
  await waitFor(() => expect(input('patient_name')).toBeTruthy());
  expect(document.querySelector('[data-field="deposit"]')).toBeNull();
  fireEvent.change(input('patient_name'), { target: { value: '王五' } });
  // The required 预交押金 is not asked for: it is not this user's to fill.
  fireEvent.click(buttonNamed('确定'));
  await waitFor(() => expect(posted()).toBeTruthy());
  expect((posted()!.body as { data: Record<string, unknown> }).data).toEqual({ patient_name: '王五' });
});

test('form permission: an edited record is sent without the fields not granted (its version kept)', async () => {
  columns = { ...columnData, useBtnPermission: false, useFormPermission: true } as typeof columnData;
  signInOnMenu({ form: ['patient_name'] });
  renderPage(MenuRecords, MENU_PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  fireEvent.click(buttonNamed('编辑 李四'));
  await waitFor(() => expect(input('patient_name')?.value).toBe('李四'));
  expect(document.querySelector('[data-field="deposit"]')).toBeNull();
  fireEvent.change(input('patient_name'), { target: { value: '李四四' } });
  fireEvent.click(buttonNamed('确定'));
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
  const data = (calls.filter((c) => c.method === 'PUT').pop()!.body as { data: Record<string, unknown> }).data;
  expect(data).toMatchObject({ patient_name: '李四四', version: 2 });
  expect(data).not.toHaveProperty('deposit');
});

test('VIEW-010: form permission: the detail shows only the granted fields', async () => {
  columns = { ...columnData, useBtnPermission: false, useFormPermission: true } as typeof columnData;
  signInOnMenu({ form: ['patient_name'] });
  renderPage(MenuRecords, MENU_PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  fireEvent.click(buttonNamed('详情 张三'));
  await waitFor(() => expect(document.body.textContent).toContain('张三（详情）'));
  const detail = document.querySelector('.ant-modal') as HTMLElement;
  expect(detail.textContent).toContain('患者姓名');
  expect(detail.textContent).not.toContain('预交押金');
});

test('a formData carrying useFormPermission limits the form too', async () => {
  columns = { ...columnData, useBtnPermission: false } as typeof columnData;
  const saved = formData;
  formData = { ...saved, useFormPermission: true };
  try {
    signInOnMenu({ form: ['deposit'] });
    renderPage(MenuRecords, MENU_PATH);
    await waitFor(() => expect(table().textContent).toContain('李四'));
    fireEvent.click(buttonNamed(/^新\s*增$/));
    await waitFor(() => expect(input('deposit')).toBeTruthy());
    expect(document.querySelector('[data-field="patient_name"]')).toBeNull();
  } finally {
    formData = saved;
  }
});

test('with column and form permission off, a form menu shows every column and field', async () => {
  columns = { ...columnData, useBtnPermission: false } as typeof columnData;
  signInOnMenu({ column: ['patient_name'], form: ['patient_name'] });
  renderPage(MenuRecords, MENU_PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  expect(head()).toContain('预交押金');
  fireEvent.click(buttonNamed(/^新\s*增$/));
  await waitFor(() => expect(input('deposit')).toBeTruthy());
  expect(input('patient_name')).toBeTruthy();
  fireEvent.click(buttonNamed('详情 张三'));
  await waitFor(() => expect(document.body.textContent).toContain('张三（详情）'));
  expect([...document.querySelectorAll('.ant-modal')].pop()?.textContent).toContain('预交押金');
});

test('the administrator\'s route (no menu) shows every column and field whatever the flags say', async () => {
  grant(SCOPE, ['btn_add']);
  columns = { ...columnData, useColumnPermission: true, useFormPermission: true } as typeof columnData;
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  expect(head()).toContain('预交押金');
  fireEvent.click(buttonNamed(/^新\s*增$/));
  await waitFor(() => expect(input('deposit')).toBeTruthy());
  expect(input('patient_name')).toBeTruthy();
});

test('cells show the display values the List answers (option labels, joined lists, names) unchanged', async () => {
  grant(SCOPE, []);
  const saved = formData;
  formData = { ...saved, fields: [picked.patient_name, picked.gender, picked.allergies, picked.native_place, picked.attending_doctor] };
  columns = {
    ...columnData,
    columnList: [
      { prop: 'patient_name', label: '患者姓名', sortable: false, align: 'left', jnpfKey: 'comInput' },
      { prop: 'gender', label: '性别', sortable: false, align: 'left', jnpfKey: 'radio' },
      { prop: 'allergies', label: '过敏史', sortable: false, align: 'left', jnpfKey: 'checkbox' },
      { prop: 'native_place', label: '籍贯', sortable: false, align: 'left', jnpfKey: 'cascader' },
      { prop: 'attending_doctor', label: '主治医师', sortable: false, align: 'left', jnpfKey: 'userSelect' },
    ],
  };
  rows = [{ id: 'r1', patient_name: '张三', gender: '女', allergies: '青霉素,头孢', native_place: '北京市/市辖区', attending_doctor: '王医生/wangys', version: 0 } as unknown as Row];
  try {
    renderPage(RecordsRoute, PATH);
    await waitFor(() => expect(table().textContent).toContain('张三'));
    const cells = [...table().querySelectorAll('tr.ant-table-row td')].map((td) => td.textContent);
    expect(cells.slice(0, 5)).toEqual(['张三', '女', '青霉素,头孢', '北京市/市辖区', '王医生/wangys']);
  } finally {
    formData = saved;
  }
});

test('LIST-005…009 on the records page: the gear opens 列表显示设置; a hidden column leaves the table and is saved for the list; it stays hidden when the page opens again', async () => {
  grant(SCOPE, []);
  const first = renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  expect(calls.find((c) => c.path.includes('GetColumnsByModuleId'))?.path).toBe('/api/permission/Authority/GetColumnsByModuleId/m1');
  fireEvent.click(document.querySelector('.qm-records-page .qm-column-settings') as HTMLElement);
  await waitFor(() => expect(document.querySelector('.qm-column-drawer')?.textContent).toContain('预交押金'));
  fireEvent.click(screen.getByRole('checkbox', { name: '预交押金' }));
  await waitFor(() => expect(document.querySelector('.qm-records-page thead')?.textContent).not.toContain('预交押金'));
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
  expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ moduleId: 'm1' });
  first.unmount();
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  await waitFor(() => expect(document.querySelector('.qm-records-page thead')?.textContent).not.toContain('预交押金'));
  expect(document.querySelector('.qm-records-page thead')?.textContent).toContain('患者姓名');
});

test('导出: only when listed and granted; the dialog sends the List body with dataType and the chosen columns, and the answer is downloaded', async () => {
  columns = { ...columnData, btnsList: [...columnData.btnsList, { value: 'download', label: '导出' }] };
  grant(SCOPE, []);
  const first = renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  expect(document.querySelector('.qm-records-page')?.textContent).not.toContain('导出');
  first.unmount();
  grant(SCOPE, ['btn_download']);
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  const clicked: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href') ?? '');
  });
  fireEvent.click(buttonNamed('导出'));
  const dialog = await waitFor(() => document.querySelector('.qm-export-dialog') as HTMLElement);
  fireEvent.click(screen.getByRole('radio', { name: '全部页面数据' }));
  fireEvent.click(screen.getByRole('checkbox', { name: '患者姓名' }));
  fireEvent.click(buttonNamed('导出', dialog));
  await waitFor(() => expect(clicked).toEqual(['/api/file/DownloadModel?encryption=k1']));
  const sent = calls.find((c) => c.path.endsWith('/Actions/Export'));
  expect(sent?.path).toBe('/api/visualdev/OnlineDev/m1/Actions/Export');
  expect(sent?.body).toMatchObject({ currentPage: 1, pageSize: 20, sort: 'desc', dataType: 1, selectKey: ['deposit'] });
  click.mockRestore();
});

// Issue 28 §1: sub-table columns (`table-column`) show the rows the List answers per record.
describe('sub-table columns (childTableStyle)', () => {
  const lines = {
    __vModel__: 'lines',
    __config__: { jnpfKey: 'table', label: '明细', children: [
      { __vModel__: 'item', __config__: { jnpfKey: 'comInput', label: '项目' } },
      { __vModel__: 'fee', __config__: { jnpfKey: 'numInput', label: '费用' }, precision: 2, thousands: true },
    ] },
  } as unknown as Field;
  const childColumns = [
    { prop: 'patient_name', label: '患者姓名', sortable: false, align: 'left', jnpfKey: 'comInput' },
    { prop: 'lines-item', label: '明细-项目', sortable: false, align: 'left', jnpfKey: 'comInput' },
    { prop: 'lines-fee', label: '明细-费用', sortable: false, align: 'left', jnpfKey: 'numInput' },
  ];
  let saved: Record<string, unknown>;
  beforeEach(() => {
    saved = formData;
    formData = { ...saved, fields: [picked.patient_name, lines] };
    rows = [
      { id: 'r1', patient_name: '张三', version: 0, lines: [{ id: 'l1', item: '挂号', fee: 12 }, { id: 'l2', item: '血常规', fee: 1250.5 }] } as unknown as Row,
      { id: 'r2', patient_name: '李四', version: 0, lines: [] } as unknown as Row,
    ];
    grant(SCOPE, []);
  });
  afterEach(() => {
    formData = saved;
  });

  test('style 1: the columns grouped under the table\'s header, one line per row, numbers as the form shows them', async () => {
    columns = { ...columnData, columnList: childColumns, childTableStyle: 1 } as typeof columnData;
    renderPage(RecordsRoute, PATH);
    await waitFor(() => expect(table().textContent).toContain('张三'));
    const head = document.querySelector('.qm-records-page thead') as HTMLElement;
    expect(head.querySelector('.qm-child-group')?.textContent).toBe('明细');
    expect([...head.querySelectorAll('.qm-child-column')].map((th) => th.textContent)).toEqual(['项目', '费用']);
    const first = table().querySelector('tr[data-row-key="r1"]') as HTMLElement;
    const cells = [...first.querySelectorAll('.qm-child-cells')].map((c) => [...c.querySelectorAll('.qm-child-cell')].map((d) => d.textContent));
    expect(cells).toEqual([['挂号', '血常规'], ['12.00', '1,250.50']]);
    expect(document.querySelector('.ant-table-row-expand-icon')).toBeNull();
  });

  test('style 2: no sub-table column in the table; the expanded row shows a tab per sub-table with its rows', async () => {
    columns = { ...columnData, columnList: childColumns, childTableStyle: 2 } as typeof columnData;
    renderPage(RecordsRoute, PATH);
    await waitFor(() => expect(table().textContent).toContain('张三'));
    expect(document.querySelector('.qm-records-page thead')?.textContent).not.toContain('项目');
    const expanders = document.querySelectorAll('.qm-records-page .ant-table-row-expand-icon');
    expect(expanders).toHaveLength(2);
    fireEvent.click(expanders[0]);
    const tabs = await waitFor(() => document.querySelector('.qm-child-tabs') as HTMLElement);
    expect(tabs.querySelector('.ant-tabs-tab')?.textContent).toBe('明细');
    expect([...tabs.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['项目', '费用']);
    expect([...tabs.querySelectorAll('tbody tr.ant-table-row')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['挂号', '12.00'],
      ['血常规', '1,250.50'],
    ]);
    fireEvent.click(expanders[1]);
    await waitFor(() => expect(document.querySelectorAll('.qm-child-tabs')).toHaveLength(2));
    expect(document.querySelectorAll('.qm-child-tabs')[1].textContent).toContain('无明细');
  });
});

test('合计 (showSummary): the page\'s sum of each summaryField column by the rules core, with the column\'s separators; none without showSummary', async () => {
  grant(SCOPE, ['btn_batchRemove']);
  rows = [
    { id: 'r1', patient_name: '张三', deposit: 0.1, version: 0 },
    { id: 'r2', patient_name: '李四', deposit: 3000.2, version: 0 },
  ];
  columns = { ...columnData, showSummary: true, summaryField: ['deposit'] } as typeof columnData;
  const first = renderPage(RecordsRoute, PATH);
  const row = await waitFor(() => {
    const r = document.querySelector('.qm-records-page .qm-summary-row') as HTMLElement;
    expect(r).not.toBeNull();
    return r;
  });
  const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
  // The selection column first (合计), then 患者姓名 (blank) and 预交押金 (0.1 + 3000.2, exactly).
  expect(cells.slice(0, 3)).toEqual(['合计', '', '3,000.30']);
  first.unmount();
  columns = { ...columnData, showSummary: false, summaryField: ['deposit'] } as typeof columnData;
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  expect(document.querySelector('.qm-records-page .qm-summary-row')).toBeNull();
});

test('a grouped list (type 3): every row asked at once (10,000, no pager), the group field\'s column left out, open group rows with value and count, no actions on them', async () => {
  grant(SCOPE, ['btn_edit', 'btn_remove']);
  columns = {
    ...columnData,
    type: 3,
    groupField: 'deposit',
    columnList: [
      { prop: 'deposit', label: '预交押金', sortable: false, align: 'left', jnpfKey: 'numInput' },
      { prop: 'patient_name', label: '患者姓名', sortable: false, align: 'left', jnpfKey: 'comInput' },
    ],
  } as typeof columnData;
  const grouped = [
    { id: 'group:0', top: true, deposit: '500', patient_name: '500', count: 1, children: [{ id: 'r2', patient_name: '李四', deposit: 500, version: 0 }] },
    { id: 'group:1', top: true, deposit: '', patient_name: '', count: 1, children: [{ id: 'r1', patient_name: '张三', deposit: 0, version: 0 }] },
  ];
  rows = grouped as unknown as Row[];
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  expect(listCalls()[0].body).toMatchObject({ currentPage: 1, pageSize: 10000 });
  expect(document.querySelector('.qm-records-page thead')?.textContent).not.toContain('预交押金');
  expect([...document.querySelectorAll('.qm-group-label')].map((l) => l.textContent)).toEqual(['500（1）', '（空）（1）']);
  expect(document.querySelector('.qm-records-page .ant-pagination')).toBeNull();
  const groupRow = table().querySelector('tr[data-row-key="group:0"]') as HTMLElement;
  expect(groupRow.querySelector('.qm-row-actions')?.textContent ?? '').toBe('');
  expect(table().querySelector('tr[data-row-key="r2"] .qm-row-actions')?.textContent).toContain('编辑');
  // Closing a group hides its rows.
  fireEvent.click(groupRow.querySelector('.ant-table-row-expand-icon') as HTMLElement);
  await waitFor(() => expect(table().textContent).not.toContain('李四'));
  expect(table().textContent).toContain('张三');
});

test('WGT-123: search fields (searchList): text with Enter, the numeric range and a multiple select go to the server as queryJson with the keyword; 重置 clears them', async () => {
  grant(SCOPE, []);
  const status = {
    __vModel__: 'status',
    __config__: { jnpfKey: 'select', label: '状态', dataType: 'static' },
    options: [{ id: '1', fullName: '在院' }, { id: '2', fullName: '出院' }],
    props: { props: { value: 'id', label: 'fullName' } },
  } as unknown as Field;
  const saved = formData;
  formData = { ...saved, fields: [picked.patient_name, picked.deposit, status] };
  columns = {
    ...columnData,
    searchList: [
      { ...picked.patient_name, prop: 'patient_name', label: '患者姓名', jnpfKey: 'comInput', searchType: 2 },
      { ...picked.deposit, prop: 'deposit', label: '预交押金', jnpfKey: 'numInput', searchType: 3 },
      { ...status, prop: 'status', label: '状态', jnpfKey: 'select', searchType: 1, searchMultiple: true },
    ],
  } as unknown as typeof columnData;
  try {
    renderPage(RecordsRoute, PATH);
    await waitFor(() => expect(table().textContent).toContain('李四'));
    expect([...document.querySelectorAll('.qm-record-search-label')].map((l) => l.textContent)).toEqual(['患者姓名', '预交押金', '状态']);
    const name = document.querySelector('[data-search="patient_name"] input') as HTMLInputElement;
    fireEvent.change(name, { target: { value: '张' } });
    const [min] = [...document.querySelectorAll('[data-search="deposit"] input')] as HTMLInputElement[];
    fireEvent.change(min, { target: { value: '1000' } });
    fireEvent.blur(min);
    // The status select: open it and pick 出院.
    fireEvent.mouseDown(document.querySelector('[data-search="status"] .ant-select') as HTMLElement);
    fireEvent.click(await screen.findByTitle('出院'));
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(1));
    const sent = listCalls().pop()!.body as { queryJson: string; currentPage: number };
    expect(sent.currentPage).toBe(1);
    expect(JSON.parse(sent.queryJson)).toEqual({ patient_name: '张', deposit: [1000, null], status: ['2'] });
    fireEvent.click(buttonNamed('重置'));
    await waitFor(() => expect((listCalls().pop()!.body as { queryJson: string }).queryJson).toBe(''));
    expect((document.querySelector('[data-search="patient_name"] input') as HTMLInputElement).value).toBe('');
  } finally {
    formData = saved;
  }
});

test('a tree table (type 5): every row asked at once, no pager, children under their parent opened by the row\'s expander', async () => {
  grant(SCOPE, []);
  columns = { ...columnData, type: 5, parentField: 'deposit' } as typeof columnData;
  rows = [
    { id: 'r1', patient_name: '总院', deposit: 0, version: 0, children: [{ id: 'r2', patient_name: '内科', deposit: 0, version: 0 }] },
  ] as unknown as Row[];
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('总院'));
  expect(listCalls()[0].body).toMatchObject({ currentPage: 1, pageSize: 10000 });
  expect(document.querySelector('.qm-records-page .ant-pagination')).toBeNull();
  expect(table().textContent).not.toContain('内科');
  fireEvent.click(table().querySelector('tr[data-row-key="r1"] .ant-table-row-expand-icon') as HTMLElement);
  await waitFor(() => expect(table().textContent).toContain('内科'));
});

test('a list with a left tree (type 2): the dictionary\'s items as the tree; a node filters the table by treeRelation (its id), with the applied search fields; clicking it again shows every row', async () => {
  grant(SCOPE, []);
  const more = fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({
      list: [{ id: 'd1', enCode: 'dept', fullName: '科室', dictionaryList: [
        { id: 'i1', enCode: 'nk', fullName: '内科', enabledMark: 1, children: [{ id: 'i11', enCode: 'xnk', fullName: '心内科', enabledMark: 1, children: [] }] },
        { id: 'i2', enCode: 'wk', fullName: '外科', enabledMark: 1, children: [] },
      ] }],
    }),
    'POST /api/visualdev/OnlineDev/{modelId}/List': () => page(rows, 1, 20),
    'GET /api/visualdev/OnlineDev/{modelId}/Config': () => ({
      id: 'm1', fullName: '住院登记', enCode: 'inpatientAdmission', type: 1, webType: 2, enableFlow: 0, flowId: '',
      formData: JSON.stringify(formData), columnData: JSON.stringify(columns), appColumnData: '', version: 1,
    }),
    'GET /api/permission/Authority/GetColumnsByModuleId/{menuId}': () => [],
  });
  columns = { ...columnData, type: 2, treeTitle: '科室', treeDataSource: 'dictionary', treeDictionary: 'd1', treePropsValue: 'id', treeRelation: 'dept' } as typeof columnData;
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  const tree = document.querySelector('.qm-list-tree') as HTMLElement;
  await waitFor(() => expect(tree.textContent).toContain('外科'));
  expect(tree.querySelector('.qm-list-tree-title')?.textContent).toBe('科室');
  const lists = () => more.filter((c) => c.path.endsWith('/List'));
  fireEvent.click(screen.getByText('外科'));
  await waitFor(() => expect((lists().pop()?.body as { queryJson: string }).queryJson).toBe(JSON.stringify({ dept: 'i2' })));
  // Tree search keeps the matching branch.
  fireEvent.change(tree.querySelector('input') as HTMLInputElement, { target: { value: '心内' } });
  await waitFor(() => expect(tree.textContent).not.toContain('外科'));
  expect(tree.textContent).toContain('心内科');
  fireEvent.change(tree.querySelector('input') as HTMLInputElement, { target: { value: '' } });
  fireEvent.click(await screen.findByText('外科'));
  await waitFor(() => expect((lists().pop()?.body as { queryJson: string }).queryJson).toBe(''));
});

test('an editable list (type 4): 编辑 edits the row in place and 保存 sends its columns with the version; the core\'s message stops an empty required cell; 新增 opens an empty row first; 取消 drops it', async () => {
  grant(SCOPE, ['btn_add', 'btn_edit']);
  columns = { ...columnData, type: 4 } as typeof columnData;
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  const row = () => table().querySelector('tr[data-row-key="r2"]') as HTMLElement;
  fireEvent.click(within(row()).getByRole('button', { name: /编辑/ }));
  const name = await waitFor(() => row().querySelector('[data-edit="patient_name"] input') as HTMLInputElement);
  expect(name.value).toBe('李四');
  // Required: the core refuses the empty name under its cell, and nothing is sent.
  fireEvent.change(name, { target: { value: '' } });
  fireEvent.click(within(row()).getByRole('button', { name: /保存/ }));
  await waitFor(() => expect(row().querySelector('.qm-row-edit-error')?.textContent).toContain('不能为空'));
  expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  fireEvent.change(name, { target: { value: '李四（改）' } });
  fireEvent.click(within(row()).getByRole('button', { name: /保存/ }));
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
  const put = calls.find((c) => c.method === 'PUT')!;
  expect(put.path).toBe('/api/visualdev/OnlineDev/m1/r2');
  const sent = (put.body as { data: unknown }).data;
  expect(typeof sent === 'string' ? JSON.parse(sent) : sent).toEqual({ patient_name: '李四（改）', deposit: 500, version: 2 });
  await waitFor(() => expect(row().querySelector('[data-edit]')).toBeNull());
  // 新增: an empty row first, dropped by 取消.
  fireEvent.click(buttonNamed('新增'));
  const fresh = await waitFor(() => table().querySelector('tr[data-row-key="__new__"]') as HTMLElement);
  expect(fresh.querySelector('[data-edit="patient_name"] input')).not.toBeNull();
  fireEvent.click(within(fresh).getByRole('button', { name: /取消/ }));
  await waitFor(() => expect(table().querySelector('tr[data-row-key="__new__"]')).toBeNull());
});

/** The open select's option showing `text`. */
const option = (text: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((o) => o.textContent === text);
    expect(found).toBeTruthy();
    return found as HTMLElement;
  });

test('高级查询: a condition needs its field and value; applied, it goes as superQueryJson (matchLogic, conditionJson text) and the button counts it; 重置 clears it', async () => {
  grant(SCOPE, []);
  renderPage(RecordsRoute, PATH);
  await waitFor(() => expect(table().textContent).toContain('李四'));
  fireEvent.click(buttonNamed('高级查询'));
  const dialog = await waitFor(() => document.querySelector('.qm-super-query') as HTMLElement);
  fireEvent.click(within(dialog).getByRole('button', { name: /添加条件/ }));
  fireEvent.click(buttonNamed('查询', dialog));
  await waitFor(() => expect(dialog.querySelector('.qm-super-problem')?.textContent).toBe('请选择查询字段'));
  fireEvent.mouseDown(dialog.querySelector('.qm-super-field') as HTMLElement);
  fireEvent.click(await option('预交押金'));
  fireEvent.mouseDown(dialog.querySelector('.qm-super-symbol') as HTMLElement);
  fireEvent.click(await option('大于等于'));
  fireEvent.click(buttonNamed('查询', dialog));
  await waitFor(() => expect(dialog.querySelector('.qm-super-problem')?.textContent).toBe('请输入数据值'));
  const amount = dialog.querySelector('[data-condition="0"] .qm-super-value input') as HTMLInputElement;
  fireEvent.change(amount, { target: { value: '1000' } });
  fireEvent.blur(amount);
  fireEvent.click(within(dialog).getByRole('radio', { name: /任意条件/ }));
  fireEvent.click(buttonNamed('查询', dialog));
  await waitFor(() => expect((listCalls().pop()?.body as { superQueryJson: string }).superQueryJson).not.toBe(''));
  const sent = JSON.parse((listCalls().pop()!.body as { superQueryJson: string }).superQueryJson);
  expect(sent.matchLogic).toBe('OR');
  expect(JSON.parse(sent.conditionJson)).toEqual([{ field: 'deposit', symbol: '>=', fieldValue: 1000, jnpfKey: 'numInput' }]);
  await waitFor(() => expect(document.querySelector('.qm-super-query-button')?.textContent).toContain('(1)'));
  // 重置 clears it with the search fields.
  fireEvent.click(buttonNamed('重置'));
  await waitFor(() => expect((listCalls().pop()?.body as { superQueryJson: string }).superQueryJson).toBe(''));
  expect(document.querySelector('.qm-super-query-button')?.textContent).not.toContain('(1)');
});

// 变量 of a data interface (DI-002, DI-008; spec 02 §7.8 DataInterfaceVariate) from the data
// interface page, with the real rules core (WASM) and the real HTTP client: only `fetch` is
// fake (and the file download, which jsdom cannot follow), so the catalogue's paths — {id},
// {id}/Info, POST, PUT {id}, DELETE {id}, {id}/Actions/Copy, {id}/Actions/Export and the state —
// are the ones checked.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as download from '@/utils/download';
import { initI18n } from '@/i18n';
import { buttonNamed, confirmation, formDialog, grant, renderPage, stateSwitch } from '@/test/renderPage';
import { envelope, fakeFetch, page, type Call } from '@/test/fakeFetch';
import DataInterfacePage from './DataInterfacePage';
import { CHILD_AREAS } from './testRows';

jest.mock('@/utils/download');

const PATH = '/systemData/dataInterface';
const INTERFACE = CHILD_AREAS;
const variate = (id: string, fullName: string, value: string, enabledMark = 1) => ({
  id,
  interfaceId: 'i1',
  fullName,
  expression: '',
  value,
  sortCode: 0,
  enabledMark,
  creatorUser: '管理员/admin',
  creatorTime: 1_700_000_000_000,
  lastModifyTime: null,
});
let variates: ReturnType<typeof variate>[];
let calls: Call[];

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.resetAllMocks();
  variates = [variate('v1', 'appToken', 'abc'), variate('v2', 'tenant', 't-01', 0)];
  calls = fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [{ id: 'dt-di', enCode: 'DataInterfaceType', fullName: '数据接口分类', isTree: 0, dictionaryList: [] }] }),
    'GET /api/system/DataInterface': ({ query }) => page([INTERFACE], Number(query.currentPage), Number(query.pageSize)),
    'GET /api/system/DataInterfaceVariate/{id}/Info': ({ params }) => {
      const { creatorUser: _u, creatorTime: _t, lastModifyTime: _m, ...info } = variates.find((v) => v.id === params.id)!;
      return { ...info, description: '令牌' };
    },
    'GET /api/system/DataInterfaceVariate/{id}/Actions/Export': () => ({ url: '/api/file/Download?key=bdv' }),
    'GET /api/system/DataInterfaceVariate/{id}': ({ params, query }) =>
      params.id === 'i1' ? { list: variates.filter((v) => !query.keyword || v.fullName.includes(query.keyword)) } : envelope(404, '数据接口不存在'),
    'POST /api/system/DataInterfaceVariate/{id}/Actions/Copy': () => envelope(200, '复制成功'),
    'PUT /api/system/DataInterfaceVariate/{id}/Actions/State': () => envelope(200, '更新成功'),
    'POST /api/system/DataInterfaceVariate': ({ body }) =>
      (body as { fullName: string }).fullName === 'appToken' ? envelope(400, '变量名已存在') : envelope(200, '新建成功'),
    'PUT /api/system/DataInterfaceVariate/{id}': () => envelope(200, '更新成功'),
    'DELETE /api/system/DataInterfaceVariate/{id}': () => envelope(200, '删除成功'),
  });
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

const ALL = ['btn_add', 'btn_edit', 'btn_remove', 'btn_upload', 'btn_download'];
const box = () => document.querySelector('.qm-interface-variates') as HTMLElement;
const form = () => formDialog('qm-variate-form');
const variateCalls = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === `/api/system/DataInterfaceVariate${path}`);

async function openVariables(buttons = ALL) {
  grant(PATH, buttons);
  renderPage(DataInterfacePage, PATH);
  await screen.findByText('下级区域');
  await settle();
  fireEvent.click(buttonNamed('更多 下级区域'));
  await settle();
  fireEvent.click(screen.getByText('变量', { selector: '.ant-dropdown-menu-title-content' }));
  await settle();
  await waitFor(() => expect(within(box()).getByText('appToken')).toBeTruthy());
}
async function confirmIt() {
  fireEvent.click(buttonNamed('确定', confirmation()));
  await settle();
}

test('DI-008: 变量 of an interface lists its variables (DataInterfaceVariate/{interfaceId}); the keyword searches on Enter', async () => {
  await openVariables();
  expect(box().querySelector('.ant-modal-title')?.textContent).toBe('接口变量 - 下级区域');
  expect(variateCalls('GET', '/i1')[0].query).toEqual({ keyword: '' });
  expect(within(box()).getByText('tenant')).toBeTruthy();
  const keyword = within(box()).getByLabelText('关键词');
  fireEvent.change(keyword, { target: { value: 'ten' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await settle();
  expect(variateCalls('GET', '/i1').at(-1)?.query).toEqual({ keyword: 'ten' });
  expect(within(box()).queryByText('appToken')).toBeNull();
});

test('DI-008: 新建变量 — the core refuses an empty or @-name before any request; a save posts it under its interface; the server\'s refusal is shown', async () => {
  await openVariables();
  fireEvent.click(buttonNamed('新建', box()));
  await screen.findByText('新建变量');
  await settle();
  fireEvent.click(buttonNamed('确定', form()));
  await settle();
  expect(within(form()).getByText('请输入变量名')).toBeTruthy();
  fireEvent.change(within(form()).getByLabelText('变量名'), { target: { value: '@token' } });
  await settle();
  expect(within(form()).getByText('变量名只能包含字母、数字和下划线，且以字母开头')).toBeTruthy();
  fireEvent.click(buttonNamed('确定', form()));
  await settle();
  expect(variateCalls('POST', '')).toHaveLength(0);
  // A name the server already has: its message, the dialog stays.
  fireEvent.change(within(form()).getByLabelText('变量名'), { target: { value: 'appToken' } });
  await settle();
  fireEvent.click(buttonNamed('确定', form()));
  await settle();
  expect(variateCalls('POST', '')).toHaveLength(1);
  expect(screen.getAllByText('变量名已存在').length).toBeGreaterThan(0);
  expect(form()).toBeTruthy();
  fireEvent.change(within(form()).getByLabelText('变量名'), { target: { value: 'secret_2' } });
  fireEvent.change(within(form()).getByLabelText('变量值'), { target: { value: 's3' } });
  await settle();
  const listed = variateCalls('GET', '/i1').length;
  fireEvent.click(buttonNamed('确定', form()));
  await settle();
  expect(variateCalls('POST', '').at(-1)?.body).toEqual({ interfaceId: 'i1', fullName: 'secret_2', value: 's3', expression: '', sortCode: 0, enabledMark: 1, description: '' });
  expect(variateCalls('GET', '/i1').length).toBeGreaterThan(listed);
});

test('DI-008: 编辑 loads {id}/Info and puts the form to {id}', async () => {
  await openVariables();
  fireEvent.click(buttonNamed('编辑 appToken', box()));
  await screen.findByText('编辑变量');
  await settle();
  expect(variateCalls('GET', '/v1/Info')).toHaveLength(1);
  expect((within(form()).getByLabelText('变量值') as HTMLTextAreaElement).value).toBe('abc');
  fireEvent.change(within(form()).getByLabelText('变量值'), { target: { value: 'xyz' } });
  await settle();
  fireEvent.click(buttonNamed('确定', form()));
  await settle();
  expect(variateCalls('PUT', '/v1').at(-1)?.body).toMatchObject({ interfaceId: 'i1', fullName: 'appToken', value: 'xyz', description: '令牌' });
});

test('DI-008, DI-002: copy, export, delete and the state each ask first, then call {id}/Actions/Copy, {id}/Actions/Export, DELETE {id} and {id}/Actions/State', async () => {
  await openVariables();
  fireEvent.click(buttonNamed('复制 appToken', box()));
  await settle();
  expect(confirmation().textContent).toContain('您确定要复制该变量, 是否继续?');
  expect(variateCalls('POST', '/v1/Actions/Copy')).toHaveLength(0);
  await confirmIt();
  expect(variateCalls('POST', '/v1/Actions/Copy')).toHaveLength(1);

  fireEvent.click(buttonNamed('导出 appToken', box()));
  await settle();
  expect(confirmation().textContent).toContain('您确定要导出该变量, 是否继续?');
  await confirmIt();
  expect(variateCalls('GET', '/v1/Actions/Export')).toHaveLength(1);
  expect(download.downloadUrl).toHaveBeenCalledWith('/api/file/Download?key=bdv');

  fireEvent.click(buttonNamed('删除 appToken', box()));
  await settle();
  expect(confirmation().textContent).toContain('此操作将永久删除该数据, 是否继续?');
  expect(variateCalls('DELETE', '/v1')).toHaveLength(0);
  await confirmIt();
  expect(variateCalls('DELETE', '/v1')).toHaveLength(1);

  fireEvent.click(stateSwitch('tenant'));
  await settle();
  expect(confirmation().textContent).toContain('接口变量');
  await confirmIt();
  expect(variateCalls('PUT', '/v2/Actions/State')).toHaveLength(1);
});

test('PERM-011: without 新建 there is no 新建 nor 复制; without 编辑, 删除 and 导出 none of those', async () => {
  await openVariables(['btn_download']);
  expect(() => buttonNamed('新建', box())).toThrow('0 buttons');
  expect(() => buttonNamed('复制 appToken', box())).toThrow('0 buttons');
  expect(() => buttonNamed('编辑 appToken', box())).toThrow('0 buttons');
  expect(() => buttonNamed('删除 appToken', box())).toThrow('0 buttons');
  expect(buttonNamed('导出 appToken', box())).toBeTruthy();
});

// 数据接口 against a fake DataInterface API that answers as the server does, with the real rules
// core (WASM): the category filter, the form the core refuses before any request (DI-005), what
// a save sends, the server's refusal under the SQL, the preview's answer and refusal (DI-006),
// the state after confirmation (DI-001) and the call log (DI-007).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as api from '@/api/dataInterface';
import { initI18n } from '@/i18n';
import { answerDictionaries } from '@/test/pageKit';
import { ALL_BUTTONS, buttonNamed, confirmation, formDialog, grant, renderPage, settle, stateSwitch } from '@/test/renderPage';
import DataInterfacePage from './DataInterfacePage';
import { rowToValues, valuesToWire } from './form';
import { CHILD_AREAS } from './testRows';

jest.mock('@/api/dataInterface');
jest.mock('@/api/dictionary');
const m = api as jest.Mocked<typeof api>;

const PATH = '/systemData/dataInterface';
const CATEGORIES = [
  { id: 'c-base', enCode: 'base', fullName: '基础数据', enabledMark: 1 },
  { id: 'c-biz', enCode: 'biz', fullName: '业务数据', enabledMark: 1 },
];
const ROW = CHILD_AREAS;
const STORED: api.InterfaceRow = {
  id: 'i1',
  categoryId: 'c-base',
  fullName: '下级区域',
  enCode: 'childAreas',
  dataType: 1,
  requestMethod: '3',
  query: 'SELECT id, full_name AS fullName FROM base_province WHERE parent_id = {parentId}',
  requestParameters: JSON.stringify([{ field: 'parentId', dataType: 'varchar', defaultValue: '110100', required: 1, fieldName: '上级' }]),
  requestHeaders: '[]',
  propertyJson: '',
  sortCode: 0,
  enabledMark: 1,
  description: '',
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ok = (msg = '', data: any = null) => ({ code: 200, msg, data });

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.resetAllMocks();
  answerDictionaries({ id: 'dt-di', enCode: 'DataInterfaceType', fullName: '数据接口分类', isTree: 0, dictionaryList: CATEGORIES });
  m.getInterfaceList.mockImplementation(async (q) => {
    const list = !q.categoryId || q.categoryId === 'c-base' ? [ROW] : [];
    return { code: 200, msg: '', data: { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: list.length } } };
  });
  m.getInterface.mockResolvedValue({ code: 200, msg: '', data: STORED });
});

const ALL = ALL_BUTTONS;
async function open(buttons = ALL) {
  grant(PATH, buttons);
  renderPage(DataInterfacePage, PATH);
  await screen.findByText('下级区域');
  await settle();
}
const dialog = () => formDialog('qm-interface-form');
const type = async (label: string, value: string) => {
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
  await settle();
};
async function menu(item: string) {
  fireEvent.click(buttonNamed('更多 下级区域'));
  await settle();
  fireEvent.click(screen.getByText(item, { selector: '.ant-dropdown-menu-title-content' }));
  await settle();
}

test('the categories filter the list; 全部 shows every interface', async () => {
  await open();
  expect(m.getInterfaceList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', categoryId: '' });
  fireEvent.click(screen.getByText('业务数据'));
  await waitFor(() => expect(m.getInterfaceList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', categoryId: 'c-biz' }));
  fireEvent.click(screen.getByText('全部'));
  await waitFor(() => expect(m.getInterfaceList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', categoryId: '' }));
  expect(screen.getByText('SQL操作')).toBeTruthy();
});

test('DI-005: the core refuses the empty form before any request; a save sends the SQL and its parameters as JSON text', async () => {
  m.createInterface.mockResolvedValue(ok('新建成功'));
  await open();
  fireEvent.click(buttonNamed(/新建/));
  await settle();
  expect(dialog().style.width).toBe('900px');
  fireEvent.click(buttonNamed('确定', dialog()));
  await settle();
  for (const text of ['名称不能为空', '编码不能为空', '请选择分类', '请输入SQL查询语句或静态数据']) expect(within(dialog()).getByText(text)).toBeTruthy();
  expect(m.createInterface).not.toHaveBeenCalled();
  await type('名称', '下级区域2');
  await type('编码', 'childAreas2');
  fireEvent.mouseDown(within(dialog()).getByLabelText('分类'));
  await settle();
  fireEvent.click(screen.getByText('基础数据', { selector: '.ant-select-item-option-content' }));
  await type('SQL语句', 'SELECT 1 AS n WHERE 1 = {x}');
  fireEvent.click(buttonNamed(/添加参数/, dialog()));
  await settle();
  await type('参数名称 1', 'x');
  await type('默认值 1', '1');
  fireEvent.click(buttonNamed('确定', dialog()));
  await waitFor(() => expect(m.createInterface).toHaveBeenCalled());
  expect(m.createInterface.mock.calls[0][0]).toMatchObject({
    fullName: '下级区域2',
    enCode: 'childAreas2',
    categoryId: 'c-base',
    dataType: 1,
    requestMethod: '3',
    query: 'SELECT 1 AS n WHERE 1 = {x}',
    requestParameters: JSON.stringify([{ field: 'x', dataType: 'varchar', defaultValue: '1', required: 0, fieldName: '' }]),
    requestHeaders: '[]',
  });
});

test('the server’s refusal of the SQL shows under it, and the dialog keeps what was typed', async () => {
  m.updateInterface.mockRejectedValue({ code: 400, msg: '只能执行查询（SELECT）语句', data: { query: ['只能执行查询（SELECT）语句'] } });
  await open();
  fireEvent.click(buttonNamed('编辑 下级区域'));
  await settle();
  await waitFor(() => expect((within(dialog()).getByLabelText('SQL语句') as HTMLTextAreaElement).value).toContain('SELECT id'));
  await type('SQL语句', 'DELETE FROM base_province');
  fireEvent.click(buttonNamed('确定', dialog()));
  await within(dialog()).findByText('只能执行查询（SELECT）语句');
  expect((within(dialog()).getByLabelText('SQL语句') as HTMLTextAreaElement).value).toBe('DELETE FROM base_province');
});

test('DI-006: the preview sends the parameters as typed and prints the data, or the server’s refusal', async () => {
  m.previewInterface.mockResolvedValueOnce(ok('', [{ id: '110101', fullName: '东城区' }]));
  m.previewInterface.mockRejectedValueOnce({ code: 400, msg: '数据接口已停用', data: null });
  await open();
  await menu('接口预览');
  const preview = formDialog('qm-interface-preview');
  const value = await within(preview).findByLabelText('参数值 parentId');
  expect((value as HTMLInputElement).value).toBe('110100');
  fireEvent.change(value, { target: { value: '130100' } });
  fireEvent.click(buttonNamed('预览', preview));
  await within(preview).findByText(/东城区/);
  expect(m.previewInterface).toHaveBeenCalledWith('i1', [{ field: 'parentId', defaultValue: '130100' }]);
  await settle();
  fireEvent.click(buttonNamed('预览', preview));
  await settle();
  await within(preview).findByText('数据接口已停用');
});

test('DI-001, DI-007: the state after confirmation; the call log of the interface', async () => {
  m.toggleInterface.mockResolvedValue(ok('更新成功'));
  m.getInterfaceLog.mockResolvedValue(
    ok('', {
      list: [{ id: 'l1', invokTime: 1_700_000_000_000, userId: '管理员/admin', invokIp: '127.0.0.1', invokDevice: 'Chrome', invokType: 'preview', invokWasteTime: 3, success: 1, result: '成功' }],
      pagination: { currentPage: 1, pageSize: 20, total: 1 },
    }) as never,
  );
  await open();
  fireEvent.click(stateSwitch('下级区域'));
  await settle();
  expect(confirmation().textContent).toContain('您确定要禁用当前数据接口, 是否继续?');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(m.toggleInterface).toHaveBeenCalledWith('i1'));
  await menu('调用日志');
  await screen.findByText('成功');
  expect(m.getInterfaceLog).toHaveBeenCalledWith('i1', { currentPage: 1, pageSize: 20, keyword: '' });
  expect(screen.getByText('Chrome')).toBeTruthy();
});

test('the form’s JSON texts round-trip: API headers, timeout and the settings it does not show are kept', () => {
  const values = rowToValues({
    ...STORED,
    dataType: 3,
    requestMethod: '7',
    path: 'http://127.0.0.1:9/x',
    query: '',
    requestHeaders: JSON.stringify([{ field: 'X-Token', defaultValue: 'abc' }]),
    propertyJson: JSON.stringify({ timeout: 20, echoPath: 'keep' }),
  });
  expect(values).toMatchObject({ dataType: 3, requestMethod: '7', timeout: 20, headers: [{ field: 'X-Token', defaultValue: 'abc' }], property: { echoPath: 'keep' } });
  expect(values.params[0]).toEqual({ field: 'parentId', dataType: 'varchar', defaultValue: '110100', required: true, fieldName: '上级' });
  const wire = valuesToWire(values);
  expect(wire).toMatchObject({ requestMethod: '7', path: 'http://127.0.0.1:9/x', query: '', requestHeaders: JSON.stringify([{ field: 'X-Token', defaultValue: 'abc' }]) });
  expect(JSON.parse(wire.propertyJson as string)).toEqual({ echoPath: 'keep', timeout: 20 });
  expect(rowToValues({ ...STORED, requestParameters: 'not json' }).params).toEqual([]);
});

// 分组管理 against a fake Group API that answers as the server does, with the real rules core
// (WASM): the list (ROLE-009), button permission (PERM-009..011), confirmations (CONST-002,
// CONST-003), success messages (HTTP-014) and the form checked by the core before the request
// and by the server after it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as api from '@/api/group';
import { initI18n } from '@/i18n';
import { buttonNamed, buttonsLabelled, confirmation, formDialog, grant, renderPage, settle } from '@/test/renderPage';
import GroupPage from './GroupPage';
import { answerDictionaries, membersRound, pageOf } from '@/test/pageKit';

jest.mock('@/api/relation');
jest.mock('@/api/users');

jest.mock('@/api/group');
jest.mock('@/api/dictionary');
const m = api as jest.Mocked<typeof api>;

const PATH = '/permission/group';
const TYPES = [
  { id: 'gt-work', enCode: 'work', fullName: '工作组', enabledMark: 1 },
  { id: 'gt-duty', enCode: 'duty', fullName: '值班组', enabledMark: 1 },
  { id: 'gt-old', enCode: 'old', fullName: '停用类型', enabledMark: 0 },
];
const row = (i: number): api.GroupRow => ({
  id: `g${i}`,
  fullName: `分组${i}`,
  enCode: `g${i}`,
  type: '工作组',
  description: '',
  sortCode: i,
  enabledMark: i % 2,
  creatorTime: 1_700_000_000_000,
});
const ROWS = Array.from({ length: 45 }, (_, i) => row(i + 1));

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.resetAllMocks();
  answerDictionaries({ id: 'dt-group', enCode: 'groupType', fullName: '分组类型', dictionaryList: TYPES });
  m.getGroupList.mockImplementation(async (q) => {
    const found = ROWS.filter((r) => !q.keyword || r.fullName.includes(q.keyword));
    return pageOf(found, q);
  });
});

async function open(buttons = ['btn_add', 'btn_edit', 'btn_remove']) {
  grant(PATH, buttons);
  renderPage(GroupPage, PATH);
  await screen.findByText('分组1');
  await settle();
}

const button = (name: string | RegExp) => buttonNamed(name);
const dialog = () => formDialog('qm-group-form');
const confirmButton = () => buttonNamed('确定', confirmation());
const submit = () => fireEvent.click(buttonNamed('确定', dialog()));
const switches = () => [...document.querySelectorAll<HTMLElement>('.ant-table [role="switch"]')];

test('ROLE-009: the list — page 1 of 20, keyword on Enter from page 1, reset, refresh, sizes 20/50/100/500 (LIST-001)', async () => {
  await open();
  expect(m.getGroupList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '' });
  expect(screen.getByText('共 45 条')).toBeTruthy();
  const keyword = screen.getByLabelText('关键词');
  fireEvent.change(keyword, { target: { value: '分组4' } });
  expect(m.getGroupList).toHaveBeenCalledTimes(1); // typing asks nothing
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(m.getGroupList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '分组4' }));
  await screen.findByText('共 7 条'); // 分组4 and 分组40..45
  fireEvent.click(button('重置'));
  await waitFor(() => expect(m.getGroupList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '' }));
  const calls = m.getGroupList.mock.calls.length;
  fireEvent.click(button('刷新'));
  await waitFor(() => expect(m.getGroupList).toHaveBeenCalledTimes(calls + 1));
  // The sizes offered.
  fireEvent.mouseDown(document.querySelector('.ant-pagination-options .ant-select-selector, .ant-pagination-options .ant-select')!);
  await settle();
  for (const size of ['20 条/页', '50 条/页', '100 条/页', '500 条/页']) expect(screen.getAllByText(size).length).toBeGreaterThan(0);
});

test('PERM-011: 新建, 编辑, 删除 and the state switch only with their buttons (PERM-009, PERM-010)', async () => {
  await open(['btn_edit']);
  expect(() => button('新建')).toThrow('0 buttons');
  expect(buttonsLabelled(/^编辑 分组/)).toHaveLength(20);
  expect(buttonsLabelled(/^删除 分组/)).toHaveLength(0);
  expect(switches()).toHaveLength(20);
});

test('PERM-011: without the edit button the state is a tag, not a switch', async () => {
  await open(['btn_remove']);
  expect(switches()).toHaveLength(0);
  expect(screen.getAllByText('启用').length).toBeGreaterThan(0);
  expect(buttonsLabelled(/^删除 分组/)).toHaveLength(20);
});

test('CONST-003: delete asks 此操作将永久删除该数据, 是否继续? as a warning; confirming deletes and shows msg (HTTP-014)', async () => {
  m.deleteGroup.mockResolvedValue({ code: 200, msg: '删除成功', data: null });
  await open();
  fireEvent.click(button('删除 分组1'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  expect(confirmation().className).toMatch(/ant-modal-confirm-warning/);
  expect(confirmation().querySelector('.ant-modal-confirm-title')?.textContent).toBe('提示');
  // Cancelling does nothing.
  fireEvent.click(buttonNamed('取消', confirmation()));
  await settle();
  expect(m.deleteGroup).not.toHaveBeenCalled();
  fireEvent.click(button('删除 分组1'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  const calls = m.getGroupList.mock.calls.length;
  fireEvent.click(confirmButton());
  await screen.findByText('删除成功');
  expect(m.deleteGroup).toHaveBeenCalledWith('g1');
  await waitFor(() => expect(m.getGroupList).toHaveBeenCalledTimes(calls + 1)); // the list asks again
});

test('CONST-002: the state switch asks first, then sends the other state', async () => {
  m.updateGroup.mockResolvedValue({ code: 200, msg: '修改成功', data: null });
  await open();
  const first = switches()[0]; // 分组1 is enabled
  fireEvent.click(first);
  await screen.findByText('您确定要禁用当前分组, 是否继续?');
  fireEvent.click(confirmButton());
  await screen.findByText('修改成功');
  expect(m.updateGroup).toHaveBeenCalledWith('g1', { enabledMark: 0 });
});

test('the form: the core refuses before any request; the type is a groupType item id; a save shows msg and refreshes', async () => {
  m.createGroup.mockResolvedValue({ code: 200, msg: '新建成功', data: null });
  await open();
  fireEvent.click(button('新建'));
  await screen.findByText('新建分组');
  await settle();
  submit();
  await settle();
  expect(await within(dialog()).findByText('请输入分组名称')).toBeTruthy();
  expect(within(dialog()).getByText('请输入分组编码')).toBeTruthy();
  expect(within(dialog()).getByText('请选择分组类型')).toBeTruthy();
  fireEvent.change(within(dialog()).getByLabelText('分组名称'), { target: { value: '夜班-组' } });
  await settle();
  expect(within(dialog()).getByText('分组名称不能含有特殊符号')).toBeTruthy();
  expect(m.createGroup).not.toHaveBeenCalled();

  fireEvent.change(within(dialog()).getByLabelText('分组名称'), { target: { value: '夜班组' } });
  fireEvent.change(within(dialog()).getByLabelText('分组编码'), { target: { value: 'night' } });
  fireEvent.mouseDown(within(dialog()).getByLabelText('分组类型'));
  await settle();
  expect(screen.queryByText('停用类型')).toBeNull(); // a disabled item is not offered
  fireEvent.click(screen.getByText('值班组', { selector: '.ant-select-item-option-content' }));
  await settle();
  expect(within(dialog()).getByLabelText('分组名称').getAttribute('maxlength')).toBe('50');
  submit();
  await screen.findByText('新建成功');
  expect(m.createGroup).toHaveBeenCalledWith({ fullName: '夜班组', enCode: 'night', type: 'gt-duty', sortCode: 0, enabledMark: 1, description: '' });
});

test("the server's per-field refusal shows under the field and keeps the dialog open", async () => {
  m.createGroup.mockRejectedValue({ code: 400, msg: '编码已存在', data: { enCode: ['编码已存在'] } });
  await open();
  fireEvent.click(button('新建'));
  await screen.findByText('新建分组');
  await settle();
  fireEvent.change(within(dialog()).getByLabelText('分组名称'), { target: { value: '夜班组' } });
  fireEvent.change(within(dialog()).getByLabelText('分组编码'), { target: { value: 'night' } });
  fireEvent.mouseDown(within(dialog()).getByLabelText('分组类型'));
  await settle();
  fireEvent.click(screen.getByText('工作组', { selector: '.ant-select-item-option-content' }));
  submit();
  await settle();
  expect(within(dialog()).getByText('编码已存在')).toBeTruthy();
  expect((within(dialog()).getByLabelText('分组名称') as HTMLInputElement).value).toBe('夜班组');
});

test('编辑 loads the group and sends what the form shows (PATCH meaning on the server)', async () => {
  m.getGroup.mockResolvedValue({
    code: 200,
    msg: '',
    data: { id: 'g1', fullName: '分组1', enCode: 'g1', type: 'gt-work', sortCode: 1, enabledMark: 1, description: '说明' },
  });
  m.updateGroup.mockResolvedValue({ code: 200, msg: '修改成功', data: null });
  await open();
  fireEvent.click(button('编辑 分组1'));
  await screen.findByText('编辑分组');
  await settle();
  expect(m.getGroup).toHaveBeenCalledWith('g1');
  expect((within(dialog()).getByLabelText('分组名称') as HTMLInputElement).value).toBe('分组1');
  fireEvent.change(within(dialog()).getByLabelText('分组名称'), { target: { value: '分组一' } });
  submit();
  await screen.findByText('修改成功');
  expect(m.updateGroup).toHaveBeenCalledWith('g1', { fullName: '分组一', enCode: 'g1', type: 'gt-work', sortCode: 1, enabledMark: 1, description: '说明' });
});

test('分组成员 (UserRelation): the members named, one removed, 保存 posts the rest with objectType Group; only with btn_edit', async () => {
  await open();
  await membersRound({ title: '分组成员', name: '分组1', id: 'g1', kind: 'Group' });
});

test('PERM-011: without btn_edit no row offers 分组成员', async () => {
  await open(['btn_add', 'btn_remove']);
  expect(() => buttonNamed('分组成员 分组1')).toThrow('0 buttons');
});

// 角色管理 against a fake Role API, with the real rules core (WASM): the list filtered by the
// left tree (全局 for administrators), the type column, the state toggle through Actions/State
// (ROLE-004, CONST-002), button permission (PERM-011), and the form whose organisations the
// core asks for only for an organisation role (its rule's `when`, ROLE-011).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as api from '@/api/role';
import * as organize from '@/api/organize';
import { initI18n } from '@/i18n';
import { buttonNamed, confirmation, formDialog, grant, openPickerIn, pickerDialog, renderPage, settle, stateSwitch } from '@/test/renderPage';
import RolePage from './RolePage';
import { ORG_TREE as TREE } from '@/test/pageKit';

jest.mock('@/api/role');
jest.mock('@/api/organize');
const m = api as jest.Mocked<typeof api>;
const org = organize as jest.Mocked<typeof organize>;

const PATH = '/permission/role';
const ROWS: api.RoleRow[] = [
  { id: 'r1', fullName: '外科医生', enCode: 'wkys', type: '组织', organizeInfo: '总院/外科', description: '', creatorTime: 0, sortCode: 0, enabledMark: 1 },
  { id: 'r2', fullName: '审计员', enCode: 'sjy', type: '全局', organizeInfo: '', description: '', creatorTime: 0, sortCode: 1, enabledMark: 0 },
];

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.clearAllMocks();
  org.getDepartmentSelectorByAuth.mockResolvedValue({ code: 200, msg: '', data: { list: TREE } });
  org.getDepartmentSelector.mockResolvedValue({ code: 200, msg: '', data: { list: TREE } });
  m.getRoleList.mockImplementation(async (q) => ({
    code: 200,
    msg: '',
    data: { list: ROWS.filter((r) => q.organizeId !== '0' || r.type === '全局'), pagination: { currentPage: 1, pageSize: 20, total: 2 } },
  }));
});

async function open(buttons = ['btn_add', 'btn_edit', 'btn_remove'], isAdministrator = true) {
  grant(PATH, buttons, isAdministrator);
  renderPage(RolePage, PATH);
  await screen.findByText('外科医生');
  await settle();
}

const dialog = () => formDialog('qm-role-form');
const button = (name: string | RegExp, scope?: ParentNode) => buttonNamed(name, scope);

test('ROLE-011: the roles of every organisation, then 全局 (organizeId 0) or an organisation chosen on the left; the type shows 全局 or 组织', async () => {
  await open();
  expect(m.getRoleList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', organizeId: '' });
  const tree = document.querySelector('.qm-organize-tree') as HTMLElement;
  expect(org.getDepartmentSelectorByAuth).toHaveBeenCalledWith('0');
  fireEvent.click(within(tree).getByText('全局', { selector: '.ant-tree-title' }));
  await waitFor(() => expect(m.getRoleList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', organizeId: '0' }));
  await waitFor(() => expect(screen.queryByText('外科医生')).toBeNull());
  fireEvent.click(within(tree).getByText('外科', { selector: '.ant-tree-title' }));
  await waitFor(() => expect(m.getRoleList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', organizeId: 'd1' }));
  await screen.findByText('外科医生');
  const rows = document.querySelectorAll('.ant-table-row');
  expect(within(rows[0] as HTMLElement).getByText('组织')).toBeTruthy();
  expect(within(rows[1] as HTMLElement).getByText('全局')).toBeTruthy();
});

test('the 全局 node is offered to administrators only', async () => {
  await open(['btn_add'], false);
  expect(within(document.querySelector('.qm-organize-tree') as HTMLElement).queryByText('全局')).toBeNull();
});

test('ROLE-004, CONST-002: the state toggle asks 您确定要启用当前角色, 是否继续? and calls Actions/State; the msg shows (HTTP-014)', async () => {
  m.toggleRoleState.mockResolvedValue({ code: 200, msg: '更新成功', data: null });
  await open();
  fireEvent.click(stateSwitch('审计员')); // disabled
  await screen.findByText('您确定要启用当前角色, 是否继续?');
  fireEvent.click(button('确定', confirmation()));
  await screen.findByText('更新成功');
  expect(m.toggleRoleState).toHaveBeenCalledWith('r2');
});

test('PERM-011: without btn_add and btn_remove, neither 新建 nor 删除 is rendered', async () => {
  await open(['btn_edit']);
  expect(() => button('新建')).toThrow('0 buttons');
  expect(() => button(/^删除/)).toThrow('0 buttons');
  expect(button('编辑 外科医生')).toBeTruthy();
});

test('delete asks first and shows the refusal only through the HTTP client (the dialog closes, the row stays)', async () => {
  m.deleteRole.mockRejectedValue({ code: 400, msg: '该角色下有用户，不能删除', data: null });
  await open();
  fireEvent.click(button('删除 外科医生'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  fireEvent.click(button('确定', confirmation()));
  await settle();
  expect(m.deleteRole).toHaveBeenCalledWith('r1');
  await waitFor(() => expect(screen.queryByText('此操作将永久删除该数据, 是否继续?')).toBeNull());
  expect(screen.getByText('外科医生')).toBeTruthy();
});

test("ROLE-011: an organisation role needs its organisations (the core's `when`); a global one hides and sends none", async () => {
  m.createRole.mockResolvedValue({ code: 200, msg: '新建成功', data: null });
  await open();
  fireEvent.click(button('新建'));
  await screen.findByText('新建角色');
  await settle();
  const form = dialog();
  // 组织 by default: the organisations are required.
  expect(within(form).getByLabelText('组织')).toHaveProperty('checked', true);
  const orgLabel = within(form).getByText('所属组织', { selector: 'label' });
  expect(orgLabel.className).toMatch(/required/);
  fireEvent.change(within(form).getByLabelText('角色名称'), { target: { value: '外科主任' } });
  fireEvent.change(within(form).getByLabelText('角色编码'), { target: { value: 'wkzr' } });
  fireEvent.click(button('确定', form));
  await settle();
  expect(within(form).getByText('请选择所属组织')).toBeTruthy();
  expect(m.createRole).not.toHaveBeenCalled();

  // 全局: the core no longer asks for them; the field goes and nothing is sent for it.
  fireEvent.click(within(form).getByLabelText('全局'));
  await settle();
  expect(within(form).queryByText('所属组织', { selector: 'label' })).toBeNull();
  fireEvent.click(button('确定', form));
  await screen.findByText('新建成功');
  expect(m.createRole).toHaveBeenCalledWith({
    fullName: '外科主任',
    enCode: 'wkzr',
    globalMark: 1,
    organizeIdsTree: [],
    sortCode: 0,
    enabledMark: 1,
    description: '',
  });
});

test('ROLE-011: the organisations are picked with the organisation picker (multiple) and sent as id paths', async () => {
  m.createRole.mockResolvedValue({ code: 200, msg: '新建成功', data: null });
  await open();
  fireEvent.click(button('新建'));
  await screen.findByText('新建角色');
  await settle();
  const form = dialog();
  fireEvent.change(within(form).getByLabelText('角色名称'), { target: { value: '外科主任' } });
  fireEvent.change(within(form).getByLabelText('角色编码'), { target: { value: 'wkzr' } });
  openPickerIn(form);
  await settle();
  const choose = pickerDialog();
  expect(within(choose).getByText('选择组织')).toBeTruthy();
  expect(org.getDepartmentSelectorByAuth).toHaveBeenLastCalledWith('0'); // what the caller manages
  fireEvent.click(within(choose).getByText('外科', { selector: '.ant-tree-title' }));
  fireEvent.click(button('确定', choose));
  await settle();
  fireEvent.click(button('确定', form));
  await screen.findByText('新建成功');
  expect(m.createRole).toHaveBeenCalledWith(expect.objectContaining({ globalMark: 0, organizeIdsTree: [['c1', 'd1']] }));
});

// 角色管理's 更多: 权限授权 and 角色成员, against a fake Authority, UserRelation and Users API shaped
// as the server answers (jnpf-wire-areas.md §1.6, §1.7; server/tests/api/authority.rs), with the
// real rules core (WASM) deciding the page's buttons. The steps carry the labels of PERM-012;
// each tree is the server's (what a non-administrator may hand out is its business), what a
// step ticks first is what the role holds, and 保存 sends the ticked and half-ticked nodes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as authority from '@/api/authority';
import * as relation from '@/api/relation';
import * as role from '@/api/role';
import * as organize from '@/api/organize';
import * as users from '@/api/users';
import { initI18n } from '@/i18n';
import { buttonNamed, grant, renderPage, settle } from '@/test/renderPage';
import RolePage from './RolePage';

jest.mock('@/api/authority');
jest.mock('@/api/relation');
jest.mock('@/api/role');
jest.mock('@/api/organize');
jest.mock('@/api/users', () => ({ ...jest.requireActual('@/api/users'), ...Object.fromEntries(['getUserTree', 'getOrganizationUsers', 'getSubordinateUsers', 'getUsersByIds'].map((k) => [k, jest.fn()])) }));
const auth = authority as jest.Mocked<typeof authority>;
const rel = relation as jest.Mocked<typeof relation>;
const rol = role as jest.Mocked<typeof role>;
const org = organize as jest.Mocked<typeof organize>;
const usr = users as jest.Mocked<typeof users>;

jest.setTimeout(60_000);

const PATH = '/permission/role';
const ok = <T,>(data: T, msg = '') => Promise.resolve({ code: 200, msg, data });

// ---- the fake server ---------------------------------------------------------------------

type N = authority.AuthorityNode;
const n = (id: string, fullName: string, children: N[] = []): N => ({ id, fullName, icon: '', children });

const SYSTEM = n('sys', '启明');
const HOME = n('m-home', '首页');
const ORGANIZE = n('m-org', '组织管理');
const POSITION = n('m-pos', '岗位管理');
const USER = n('m-user', '用户管理');
const DIRECTORY = n('m-dir', '组织权限', [ORGANIZE, POSITION, USER]);
const BUTTONS: Record<string, N[]> = {
  'm-org': [n('b-org-add', '新建'), n('b-org-remove', '删除')],
  'm-pos': [n('b-pos-add', '新建'), n('b-pos-edit', '编辑'), n('b-pos-remove', '删除')],
  'm-user': [n('b-user-add', '新建')],
};
const COLUMNS: Record<string, N[]> = { 'm-user': [n('c-user-account', '账户')] };

/** The menus of these ids as the server builds a later step: each with its items, pruned. */
function forest(menus: N[], ids: Set<string>, items: Record<string, N[]>): N[] {
  return menus.flatMap((m) => {
    if (!ids.has(m.id)) return [];
    const children = [...forest(m.children, ids, items), ...(items[m.id] ?? [])];
    return children.length ? [{ ...m, children }] : [];
  });
}
const allIds = (nodes: N[]): string[] => nodes.flatMap((x) => [x.id, ...allIds(x.children)]);

/** What the role holds now (leaves, as Values answers `ids`). */
let held: Record<string, string[]>;

function fakeValues(objectId: string, type: authority.AuthorityKind, moduleIds: string[]) {
  const ids = new Set(moduleIds);
  let list: N[];
  if (type === 'system') list = [SYSTEM];
  else if (type === 'module') list = ids.has('sys') ? [{ ...SYSTEM, children: [HOME, DIRECTORY] }] : [];
  else list = forest([HOME, DIRECTORY], ids, type === 'button' ? BUTTONS : type === 'column' ? COLUMNS : {});
  const leaves = new Set(allIds(list));
  return ok({ list, ids: objectId === '0' ? [] : (held[type] ?? []).filter((x) => leaves.has(x)), all: allIds(list) });
}

const ROWS: role.RoleRow[] = [{ id: 'r1', fullName: '外科医生', enCode: 'wkys', type: '组织', organizeInfo: '总院/外科', description: '', creatorTime: 0, sortCode: 0, enabledMark: 1 }];

type UN = users.UserNode;
const unode = (id: string, fullName: string, type: string, organize = ''): UN => ({ id, parentId: '', fullName, type, icon: '', headIcon: '', organize, hasChildren: type !== 'user', isLeaf: type === 'user', children: [] });
const uitem = (id: string, fullName: string, organize: string): users.UserItem => ({ id, fullName, realName: fullName.split('/')[0], account: fullName.split('/')[1], headIcon: '', organize, type: 'user', icon: '' });
const PEOPLE: Record<string, users.UserItem> = {
  u1: uitem('u1', '张三/zhangsan', '总院/外科'),
  u2: uitem('u2', '李四/lisi', '总院/外科'),
  u3: uitem('u3', '王五/wangwu', '总院/内科'),
};

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.clearAllMocks();
  held = { module: ['m-org'], button: ['b-org-add', 'b-org-remove'] };
  org.getDepartmentSelectorByAuth.mockResolvedValue({ code: 200, msg: '', data: { list: [] } });
  rol.getRoleList.mockImplementation(() => ok({ list: ROWS, pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
  auth.getAuthorityValues.mockImplementation(fakeValues);
  auth.saveAuthority.mockImplementation(() => ok(null, '操作成功'));
  rel.getMembers.mockImplementation(() => ok({ ids: ['u1', 'u2'] }));
  rel.setMembers.mockImplementation(() => ok(null, '保存成功'));
  usr.getUsersByIds.mockImplementation((ids) => ok({ list: ids.flatMap((id) => (PEOPLE[id] ? [PEOPLE[id]] : [])) }));
  usr.getUserTree.mockImplementation((id) =>
    ok({ list: id === '0' ? [unode('c1', '总院', 'company')] : id === 'c1' ? [unode('u3', '王五/wangwu', 'user', '总院/内科')] : [], pagination: { currentPage: 1, pageSize: 20, total: 1 } }),
  );
  usr.getOrganizationUsers.mockImplementation(() => ok([]));
  usr.getSubordinateUsers.mockImplementation(() => ok([]));
});

async function open(buttons = ['btn_add', 'btn_edit', 'btn_remove'], isAdministrator = true) {
  grant(PATH, buttons, isAdministrator);
  renderPage(RolePage, PATH);
  await screen.findByText('外科医生');
  await settle();
}

/** 更多 of the row, then one of its entries. */
async function more(entry: string) {
  fireEvent.click(buttonNamed('更多 外科医生'));
  fireEvent.click(await screen.findByText(entry, { selector: '.ant-dropdown-menu-title-content' }));
  await settle();
}

const authorizeDialog = () => document.querySelector('.qm-authorize-dialog') as HTMLElement;
const membersDialog = () => document.querySelector('.qm-members-dialog') as HTMLElement;

/** The tree node titled `title` in the authorisation dialog. */
function treeNode(title: string): HTMLElement {
  const found = [...authorizeDialog().querySelectorAll<HTMLElement>('.ant-tree-treenode')].filter((el) => el.querySelector('.ant-tree-title')?.textContent === title);
  if (found.length !== 1) throw new Error(`${found.length} tree nodes titled ${title}`);
  return found[0];
}
/** 'on', 'half' or 'off'. */
function tick(title: string): string {
  const box = treeNode(title).querySelector('.ant-tree-checkbox') as HTMLElement;
  return box.classList.contains('ant-tree-checkbox-checked') ? 'on' : box.classList.contains('ant-tree-checkbox-indeterminate') ? 'half' : 'off';
}
function toggle(title: string) {
  fireEvent.click(treeNode(title).querySelector('.ant-tree-checkbox') as HTMLElement);
}
/** The visible titles of the current tree, in order. */
const titles = () => [...authorizeDialog().querySelectorAll('.ant-tree-treenode:not(.ant-tree-treenode-hidden) .ant-tree-title')].map((el) => el.textContent);

async function step(name: '上一步' | '下一步') {
  fireEvent.click(buttonNamed(name, authorizeDialog()));
  await settle();
}

// ---- 权限授权 ------------------------------------------------------------------------------

test('PERM-012: 权限授权 opens on 菜单权限 with the applications at the top, their menus under them, ticked as the role holds them', async () => {
  await open();
  await more('权限授权');
  const box = authorizeDialog();
  expect(within(box).getByText('权限授权')).toBeTruthy();
  expect(within(box).getByText('授权对象：外科医生')).toBeTruthy();
  expect([...box.querySelectorAll('.ant-steps-item-title')].map((el) => el.textContent)).toEqual(['菜单权限', '按钮权限', '列表权限', '表单权限', '数据权限']);
  // The applications first, then their menus.
  expect(auth.getAuthorityValues.mock.calls).toEqual([
    ['r1', 'system', []],
    ['r1', 'module', ['sys']],
  ]);
  expect(titles()).toEqual(['启明', '首页', '组织权限', '组织管理', '岗位管理', '用户管理']);
  expect(tick('组织管理')).toBe('on');
  expect(tick('组织权限')).toBe('half');
  expect(tick('启明')).toBe('half');
  expect(tick('岗位管理')).toBe('off');
  expect(buttonNamed('上一步', box).disabled).toBe(true);
  // An administrator is not told that the lists are limited.
  expect(within(box).queryByText('只列出您自己拥有、可以授予他人的权限。')).toBeNull();
});

test('PERM-012: 下一步 asks each later step with the ticked menus; a page gets 新建 and not 删除; 保存 sends ticked and half-ticked nodes of every step', async () => {
  await open();
  await more('权限授权');
  toggle('岗位管理');
  toggle('组织管理'); // off: only 岗位管理 stays
  await settle();
  expect(tick('组织权限')).toBe('half');

  await step('下一步');
  expect(auth.getAuthorityValues).toHaveBeenLastCalledWith('r1', 'button', ['m-dir', 'm-pos']);
  expect(authorizeDialog().querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent).toBe('按钮权限');
  expect(titles()).toEqual(['组织权限', '岗位管理', '新建', '编辑', '删除']);
  expect(tick('新建')).toBe('off');
  toggle('新建');
  await settle();
  expect(tick('岗位管理')).toBe('half');

  await step('下一步');
  expect(auth.getAuthorityValues).toHaveBeenLastCalledWith('r1', 'column', ['m-dir', 'm-pos']);
  expect(within(authorizeDialog()).getByText('所选菜单没有可以授权的列表字段')).toBeTruthy();
  await step('下一步');
  expect(within(authorizeDialog()).getByText('所选菜单没有可以授权的表单字段')).toBeTruthy();
  await step('下一步');
  expect(within(authorizeDialog()).getByText('所选菜单没有可以授权的数据权限方案')).toBeTruthy();
  expect(buttonNamed('下一步', authorizeDialog()).disabled).toBe(true);

  fireEvent.click(buttonNamed('保存', authorizeDialog()));
  await screen.findByText('操作成功');
  expect(auth.saveAuthority).toHaveBeenCalledTimes(1);
  const [id, body] = auth.saveAuthority.mock.calls[0];
  expect(id).toBe('r1');
  expect({ ...body, module: [...(body.module ?? [])].sort(), button: [...(body.button ?? [])].sort() }).toEqual({
    objectType: 'Role',
    systemIds: ['sys'],
    module: ['m-dir', 'm-pos'],
    button: ['b-pos-add', 'm-dir', 'm-pos'],
    column: [],
    form: [],
    resource: [],
  });
  await waitFor(() => expect(authorizeDialog()).toBeNull());
});

test('a choice is kept going back and forth; the buttons of a menu no longer ticked are not sent; 保存 from the first step brings the later steps up to date', async () => {
  await open();
  await more('权限授权');
  await step('下一步');
  // What the role holds on 组织管理, then 删除 taken off.
  expect(tick('新建')).toBe('on');
  expect(tick('删除')).toBe('on');
  toggle('删除');
  await step('上一步');
  await step('下一步');
  expect(tick('删除')).toBe('off'); // the choice, not the server's ids
  await step('上一步');
  toggle('用户管理');
  await settle();
  // Saved from 菜单权限: the later steps are asked with the menus ticked now.
  fireEvent.click(buttonNamed('保存', authorizeDialog()));
  await screen.findByText('操作成功');
  expect(auth.getAuthorityValues).toHaveBeenCalledWith('r1', 'column', ['m-dir', 'm-org', 'm-user']);
  const body = auth.saveAuthority.mock.calls[0][1];
  expect([...(body.button ?? [])].sort()).toEqual(['b-org-add', 'm-dir', 'm-org']);
  expect([...(body.column ?? [])].sort()).toEqual([]);

  // Taking 组织管理 off drops its buttons.
  auth.saveAuthority.mockClear();
  await more('权限授权');
  toggle('组织管理');
  toggle('首页');
  await settle();
  fireEvent.click(buttonNamed('保存', authorizeDialog()));
  await waitFor(() => expect(auth.saveAuthority).toHaveBeenCalled());
  expect(auth.saveAuthority.mock.calls[0][1]).toEqual(expect.objectContaining({ module: ['m-home'], systemIds: ['sys'], button: [] }));
});

test('全选 ticks every leaf of the step and clears them again; 折叠全部 and 展开全部 close and open every branch', async () => {
  await open();
  await more('权限授权');
  const box = authorizeDialog();
  const all = within(box).getByLabelText('全选') as HTMLInputElement;
  fireEvent.click(all);
  await settle();
  for (const title of ['首页', '组织管理', '岗位管理', '用户管理', '启明']) expect(tick(title)).toBe('on');
  fireEvent.click(all);
  await settle();
  for (const title of ['首页', '组织管理', '启明']) expect(tick(title)).toBe('off');

  fireEvent.click(buttonNamed('折叠全部', box));
  await settle();
  expect(titles()).toEqual(['启明']);
  fireEvent.click(buttonNamed('展开全部', box));
  await settle();
  expect(titles()).toEqual(['启明', '首页', '组织权限', '组织管理', '岗位管理', '用户管理']);
});

test('someone who is not the administrator is told the trees hold only what they may hand out; a refused save keeps the dialog and its choices', async () => {
  auth.saveAuthority.mockRejectedValue({ code: 403, msg: '您没有此操作的权限', data: null });
  await open(['btn_edit'], false);
  await more('权限授权');
  expect(within(authorizeDialog()).getByText('只列出您自己拥有、可以授予他人的权限。')).toBeTruthy();
  toggle('岗位管理');
  fireEvent.click(buttonNamed('保存', authorizeDialog()));
  await settle();
  expect(auth.saveAuthority).toHaveBeenCalled();
  expect(authorizeDialog()).toBeTruthy();
  expect(tick('岗位管理')).toBe('on');
});

test('PERM-011: without btn_edit the row offers neither 角色成员 nor 权限授权', async () => {
  await open(['btn_add', 'btn_remove']);
  expect(() => buttonNamed('更多 外科医生')).toThrow('0 buttons');
});

// ---- 角色成员 ------------------------------------------------------------------------------

const memberNames = () => [...membersDialog().querySelectorAll('.ant-table-row')].map((r) => r.querySelector('td')?.textContent);

test('角色成员: the members named with their organisations; one removed, one added with the user picker; 保存 posts the whole set', async () => {
  await open();
  await more('角色成员');
  const box = membersDialog();
  expect(within(box).getByText('角色成员')).toBeTruthy();
  await within(box).findByText('张三/zhangsan');
  expect(rel.getMembers).toHaveBeenCalledWith('r1');
  expect(usr.getUsersByIds).toHaveBeenCalledWith(['u1', 'u2']);
  expect(within(box).getByText('「外科医生」的成员，共 2 人')).toBeTruthy();
  expect(memberNames()).toEqual(['张三/zhangsan', '李四/lisi']);

  fireEvent.click(buttonNamed('移除 李四/lisi', box));
  await settle();
  expect(memberNames()).toEqual(['张三/zhangsan']);
  expect(within(box).getByText('「外科医生」的成员，共 1 人')).toBeTruthy();

  fireEvent.click(buttonNamed('添加成员', box));
  await settle();
  const picker = document.querySelector('.qm-user-picker') as HTMLElement;
  expect(within(picker).getByText('选择成员')).toBeTruthy();
  // The picker starts from the members: 张三 is already under 已选.
  expect(within(picker.querySelector('.qm-picker-selected') as HTMLElement).getByText('张三/zhangsan')).toBeTruthy();
  fireEvent.click(await within(picker).findByText('王五/wangwu'));
  await settle();
  fireEvent.click(buttonNamed(/^确\s*定$/, picker));
  await settle();
  expect(memberNames()).toEqual(['张三/zhangsan', '王五/wangwu']);
  await within(box).findByText('总院/内科'); // the new member's organisation

  expect(rel.setMembers).not.toHaveBeenCalled();
  fireEvent.click(buttonNamed(/^保\s*存$/, box));
  await screen.findByText('保存成功');
  expect(rel.setMembers).toHaveBeenCalledWith('r1', 'Role', ['u1', 'u3']);
});

test('角色成员: 取消 sends nothing; a role without members says how to add them', async () => {
  rel.getMembers.mockImplementation(() => ok({ ids: [] }));
  await open();
  await more('角色成员');
  await within(membersDialog()).findByText('暂无成员，请点击“添加成员”选择用户');
  expect(usr.getUsersByIds).not.toHaveBeenCalled();
  fireEvent.click(buttonNamed(/^取\s*消$/, membersDialog()));
  await settle();
  expect(rel.setMembers).not.toHaveBeenCalled();
});

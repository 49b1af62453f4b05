// The user picker (UserSelect) and the mixed picker (UsersSelect) of widget spec 2.1 / 4.1 against
// a fake Users API shaped as the server answers (jnpf-wire-areas.md §1.9), with the real rules
// core (WASM) deciding what the mixed picker may hold and how it encodes it.
import { act, configure, fireEvent, render, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { useState } from 'react';
import * as users from '@/api/users';
import * as role from '@/api/role';
import * as position from '@/api/position';
import * as group from '@/api/group';
import { loadCore } from '@/core';
import { initI18n } from '@/i18n';
import { UserSelect, CURRENT_USER } from './UserSelect';
import { UsersSelect } from './UsersSelect';

jest.mock('@/api/users', () => ({ ...jest.requireActual('@/api/users'), ...Object.fromEntries(['getUserTree', 'getOrganizationUsers', 'getSubordinateUsers', 'getUserCondition', 'getUsersByIds', 'getSelectedList', 'getSelectedUserList'].map((k) => [k, jest.fn()])) }));
jest.mock('@/api/role');
jest.mock('@/api/position');
jest.mock('@/api/group');
const api = users as jest.Mocked<typeof users>;
const rol = role as jest.Mocked<typeof role>;
const pos = position as jest.Mocked<typeof position>;
const grp = group as jest.Mocked<typeof group>;

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 5000 });

type Node = users.UserNode;
const node = (id: string, fullName: string, type: string, isLeaf = type === 'user', organize = ''): Node => ({
  id,
  parentId: '',
  fullName,
  type,
  icon: '',
  headIcon: '',
  organize,
  hasChildren: !isLeaf,
  isLeaf,
  children: [],
});
const item = (id: string, fullName: string, organize = '总院/外科'): users.UserItem => ({ id, fullName, realName: fullName.split('/')[0], account: fullName.split('/')[1] ?? id, headIcon: '', organize, type: 'user', icon: '' });
const ok = <T,>(data: T) => Promise.resolve({ code: 200, msg: '', data });
const page = <T,>(list: T[]) => ok({ list, pagination: { currentPage: 1, pageSize: 20, total: list.length } });

const TREE: Record<string, Node[]> = {
  '0': [node('c1', '总院', 'company', false)],
  c1: [node('d1', '外科', 'department', false), node('u1', '张三/zhangsan', 'user')],
  d1: [node('u2', '李四/lisi', 'user')],
};
/** 23 users named 用户00 … 用户22, 20 to a page. */
const MANY = Array.from({ length: 23 }, (_, i) => node(`m${i}`, `用户${String(i).padStart(2, '0')}/u${i}`, 'user', true, '总院'));

function App({ children }: { children: React.ReactNode }) {
  return (
    <ConfigProvider theme={{ zeroRuntime: true }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

function Field<V>({ draw, initial, changes }: { draw: (value: V, onChange: (v: V) => void) => React.ReactNode; initial: V; changes: V[] }) {
  const [value, setValue] = useState<V>(initial);
  return (
    <App>
      {draw(value, (v) => {
        changes.push(v);
        setValue(v);
      })}
    </App>
  );
}

beforeAll(async () => {
  initI18n('zh-CN');
  await loadCore();
});
beforeEach(() => {
  jest.resetAllMocks();
  api.getUserTree.mockImplementation((id, body) => {
    if (body.keyword) {
      const hits = MANY.filter((n) => n.fullName.includes(body.keyword as string));
      const p = body.currentPage ?? 1;
      return page(hits.slice((p - 1) * 20, p * 20));
    }
    return page(TREE[id] ?? []);
  });
  api.getOrganizationUsers.mockImplementation(() => ok([item('u1', '张三/zhangsan')]));
  api.getSubordinateUsers.mockImplementation(() => ok([item('u3', '王五/wangwu')]));
  api.getUsersByIds.mockImplementation((ids) => ok({ list: [item('u1', '张三/zhangsan'), item('u2', '李四/lisi')].filter((u) => ids.includes(u.id)) }));
  api.getUserCondition.mockImplementation(() => ok({ list: [item('u2', '李四/lisi')], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
  rol.getRoleSelector.mockImplementation(() =>
    ok({
      list: [
        { id: '1', onlyId: 'g', parentId: '-1', fullName: '全局', type: 'company', icon: '', disabled: false, children: [{ id: 'r1', onlyId: 'r1:g', parentId: '1', fullName: '院长', type: 'role', icon: '', disabled: false, children: [] }] },
      ] as unknown as role.RoleNode[],
    }),
  );
  pos.getPositionSelector.mockImplementation(() =>
    ok({ list: [{ ...node('c1', '总院', 'company', false), organize: '总院', organizeIds: ['c1'], lastFullName: null, disabled: false, children: [{ ...node('p1', '主治医师', 'position'), organizeIds: [], lastFullName: null, disabled: false, children: [] }] }] } as never),
  );
  grp.getGroupSelector.mockImplementation(() => ok([{ id: 't1', fullName: '值班组', type: 'groupType', children: [{ id: 'g1', fullName: '夜班组', type: 'group', children: [] }] }] as never));
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

async function openPicker() {
  const select = document.querySelector('.qm-picker') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content, input') ?? select);
  fireEvent.click(select);
  await settle();
}
const dialog = () => {
  const all = document.querySelectorAll<HTMLElement>('.qm-picker-dialog');
  return all[all.length - 1];
};
const tabs = () => [...dialog().querySelectorAll('.ant-tabs-tab')].map((el) => el.textContent);
const treeNode = (title: string) => within(dialog()).getByText(title, { selector: '.ant-tree-title' });
const option = (name: string) => within(dialog()).getByText(name, { selector: '.qm-picker-list-name' });
const button = (name: RegExp) => within(dialog()).getByRole('button', { name });
const searchBox = () => within(dialog()).getByRole('textbox', { name: '关键词' });
async function search(text: string) {
  fireEvent.change(searchBox(), { target: { value: text } });
  fireEvent.keyDown(searchBox(), { key: 'Enter', code: 'Enter', keyCode: 13 });
  await settle();
}
async function tab(name: string) {
  fireEvent.click(within(dialog()).getByText(name, { selector: '.ant-tabs-tab-btn' }));
  await settle();
}
const selectedPane = () => dialog().querySelector('.qm-picker-selected') as HTMLElement;
const fieldText = () => (document.querySelector('.qm-picker') as HTMLElement).textContent;

test('WGT-022, WGT-024: 选择用户 (or the given title) with the tabs 全部数据, 当前组织 and 我的下属, and no 系统变量 without hasSys', async () => {
  const { unmount } = render(<Field<string | string[]> initial="" changes={[]} draw={(v, on) => <UserSelect value={v} onChange={on} />} />);
  await openPicker();
  expect(within(dialog()).getByText('选择用户')).toBeTruthy();
  expect((dialog().closest('.ant-modal') as HTMLElement).style.width).toBe('800px');
  expect(tabs()).toEqual(['全部数据', '当前组织', '我的下属']);
  unmount();
  render(<Field<string | string[]> initial="" changes={[]} draw={(v, on) => <UserSelect value={v} onChange={on} title="选择审批人" />} />);
  await openPicker();
  expect(within(dialog()).getByText('选择审批人')).toBeTruthy();
});

test('ORG-011, ORG-012: the tree asks for the top (page 1 of 20), opens the first node with {}, any other when it opens; a user picked and confirmed is the value', async () => {
  const changes: (string | string[])[] = [];
  render(<Field<string | string[]> initial="" changes={changes} draw={(v, on) => <UserSelect value={v} onChange={on} />} />);
  await openPicker();
  expect(api.getUserTree).toHaveBeenCalledWith('0', { keyword: '', currentPage: 1, pageSize: 20 });
  expect(api.getUserTree).toHaveBeenCalledWith('c1', {});
  expect(treeNode('张三/zhangsan')).toBeTruthy();
  // 外科 opens on demand.
  const surgery = treeNode('外科').closest('.ant-tree-treenode') as HTMLElement;
  fireEvent.click(surgery.querySelector('.ant-tree-switcher') as HTMLElement);
  await settle();
  expect(api.getUserTree).toHaveBeenCalledWith('d1', {});
  // An organisation cannot be picked (WGT-013); a user can, and single mode replaces (WGT-009).
  fireEvent.click(treeNode('外科'));
  fireEvent.click(treeNode('张三/zhangsan'));
  fireEvent.click(treeNode('李四/lisi'));
  await settle();
  expect(within(selectedPane()).queryByText('张三/zhangsan')).toBeNull();
  expect(within(selectedPane()).getByText('李四/lisi')).toBeTruthy();
  fireEvent.click(button(/确\s*定/));
  await settle();
  expect(changes).toEqual(['u2']);
  expect(fieldText()).toContain('李四/lisi');
});

test('WGT-027, WGT-029, WGT-030: a keyword (Enter) lists matching users 20 at a time, the next page within 200px of the bottom, a short page ends it; clearing returns to the tree', async () => {
  render(<Field<string | string[]> initial="" changes={[]} draw={(v, on) => <UserSelect value={v} onChange={on} />} />);
  await openPicker();
  await search('用户');
  expect(api.getUserTree).toHaveBeenLastCalledWith('0', { keyword: '用户', currentPage: 1, pageSize: 20 });
  expect(option('用户19/u19')).toBeTruthy();
  expect(within(dialog()).queryByText('用户20/u20')).toBeNull();
  const scroller = dialog().querySelector('.qm-picker-scroll') as HTMLElement;
  const scrollTo = (top: number) => {
    Object.defineProperty(scroller, 'scrollHeight', { value: 1000, configurable: true });
    Object.defineProperty(scroller, 'clientHeight', { value: 400, configurable: true });
    Object.defineProperty(scroller, 'scrollTop', { value: top, configurable: true });
    fireEvent.scroll(scroller);
  };
  scrollTo(300); // 300px from the bottom: nothing yet
  await settle();
  expect(api.getUserTree).not.toHaveBeenCalledWith('0', expect.objectContaining({ currentPage: 2 }));
  scrollTo(450); // 150px from the bottom
  await settle();
  expect(api.getUserTree).toHaveBeenLastCalledWith('0', { keyword: '用户', currentPage: 2, pageSize: 20 });
  expect(option('用户22/u22')).toBeTruthy();
  const calls = api.getUserTree.mock.calls.length;
  scrollTo(600); // the page of 3 ended the list
  await settle();
  expect(api.getUserTree.mock.calls.length).toBe(calls);
  // Cleared: the tree again.
  fireEvent.change(searchBox(), { target: { value: '' } });
  await settle();
  expect(treeNode('总院')).toBeTruthy();
});

test('WGT-028, ORG-015, ORG-016: a tab clears the keyword and loads its list — 当前组织 (organizeId 0), 我的下属', async () => {
  render(<Field<string | string[]> initial="" changes={[]} draw={(v, on) => <UserSelect value={v} onChange={on} />} />);
  await openPicker();
  fireEvent.change(searchBox(), { target: { value: '张' } });
  await tab('当前组织');
  expect((searchBox() as HTMLInputElement).value).toBe('');
  expect(api.getOrganizationUsers).toHaveBeenCalledWith('');
  expect(option('张三/zhangsan')).toBeTruthy();
  await search('张');
  expect(api.getOrganizationUsers).toHaveBeenLastCalledWith('张');
  await tab('我的下属');
  expect(api.getSubordinateUsers).toHaveBeenCalledWith('');
  expect(option('王五/wangwu')).toBeTruthy();
});

// WGT-025 is not claimed here: no screen passes hasSys yet (issue 25); the component's tab is.
test('ORG-006: with hasSys, 系统变量 offers 当前用户 (currentUser), named without asking the server', async () => {
  const changes: (string | string[])[] = [];
  render(<Field<string | string[]> initial={['u1']} changes={changes} draw={(v, on) => <UserSelect multiple hasSys value={v} onChange={on} />} />);
  await settle();
  expect(api.getUsersByIds).toHaveBeenCalledWith(['u1']); // ORG-014: a stored value is named
  expect(fieldText()).toContain('张三/zhangsan');
  await openPicker();
  expect(tabs()).toEqual(['全部数据', '当前组织', '我的下属', '系统变量']);
  await tab('系统变量');
  fireEvent.click(option('当前用户'));
  fireEvent.click(option('当前用户')); // WGT-010: a duplicate is ignored
  await settle();
  fireEvent.click(button(/确\s*定/));
  await settle();
  expect(changes).toEqual([['u1', CURRENT_USER]]);
  expect(fieldText()).toContain('当前用户');
  expect(api.getUsersByIds).not.toHaveBeenCalledWith(expect.arrayContaining([CURRENT_USER]));
});

test('WGT-008: cancel leaves the value as it was', async () => {
  const changes: (string | string[])[] = [];
  render(<Field<string | string[]> initial="u1" changes={changes} draw={(v, on) => <UserSelect value={v} onChange={on} />} />);
  await openPicker();
  fireEvent.click(treeNode('外科').closest('.ant-tree-treenode')!.querySelector('.ant-tree-switcher') as HTMLElement);
  await settle();
  fireEvent.click(treeNode('李四/lisi'));
  fireEvent.click(button(/取\s*消/));
  await settle();
  expect(changes).toEqual([]);
  expect(fieldText()).toContain('张三/zhangsan');
});

test('WGT-023, WGT-026, ORG-017: selectType dep shows one list titled 全部数据 of the departments\u2019 users (UserCondition, paging nested)', async () => {
  render(<Field<string | string[]> initial="" changes={[]} draw={(v, on) => <UserSelect selectType="dep" ableDepIds={['d1']} value={v} onChange={on} />} />);
  await openPicker();
  expect(tabs()).toEqual([]);
  expect(within(dialog()).getByText('全部数据', { selector: '.qm-picker-tab-title' })).toBeTruthy();
  expect(api.getUserCondition).toHaveBeenCalledWith({ pagination: { keyword: '', currentPage: 1, pageSize: 20 }, departIds: ['d1'] });
  expect(option('李四/lisi')).toBeTruthy();
  expect(api.getUserTree).not.toHaveBeenCalled();
});

test('WGT-031: a failed list only stops the loading indicator', async () => {
  api.getUserTree.mockImplementation(() => Promise.reject({ code: 500, msg: '服务器错误', data: null }));
  render(<Field<string | string[]> initial="" changes={[]} draw={(v, on) => <UserSelect value={v} onChange={on} />} />);
  await openPicker();
  await waitFor(() => expect(dialog().querySelector('.qm-picker-tree .ant-spin')).toBeNull());
  expect(within(dialog()).getByText('暂无数据')).toBeTruthy();
});

// ---- the mixed picker ----------------------------------------------------------------------

test('WGT-032, WGT-033: multiple mode has the tabs 部门, 角色, 岗位, 分组; single mode 部门 only', async () => {
  const { unmount } = render(<Field<string | string[]> initial={[]} changes={[]} draw={(v, on) => <UsersSelect multiple value={v} onChange={on} />} />);
  await openPicker();
  expect(tabs()).toEqual(['部门', '角色', '岗位', '分组']);
  unmount();
  render(<Field<string | string[]> initial="" changes={[]} draw={(v, on) => <UsersSelect value={v} onChange={on} />} />);
  await openPicker();
  expect(tabs()).toEqual([]);
  expect(within(dialog()).getByText('部门', { selector: '.qm-picker-tab-title' })).toBeTruthy();
});

test('WGT-036: single mode picks users only — a department is not taken', async () => {
  const changes: (string | string[])[] = [];
  render(<Field<string | string[]> initial="" changes={changes} draw={(v, on) => <UsersSelect value={v} onChange={on} />} />);
  await openPicker();
  fireEvent.click(treeNode('外科'));
  await settle();
  expect(within(selectedPane()).queryByText('外科')).toBeNull();
  fireEvent.click(treeNode('张三/zhangsan'));
  fireEvent.click(button(/确\s*定/));
  await settle();
  expect(changes).toEqual(['u1--user']);
});

test('WGT-034, WGT-035, WGT-036: multiple mode takes departments, roles, positions, groups and users as id--type, 已选 grouped under 部门, 岗位, 用户, 分组, 角色', async () => {
  const changes: (string | string[])[] = [];
  render(<Field<string | string[]> initial={[]} changes={changes} draw={(v, on) => <UsersSelect multiple value={v} onChange={on} />} />);
  await openPicker();
  fireEvent.click(treeNode('张三/zhangsan'));
  fireEvent.click(treeNode('外科'));
  await tab('角色');
  fireEvent.click(treeNode('全局')); // an organisation in the role tab is not a role
  fireEvent.click(treeNode('院长'));
  await tab('岗位');
  fireEvent.click(treeNode('主治医师'));
  await tab('分组');
  fireEvent.click(treeNode('夜班组'));
  await settle();
  const headings = [...selectedPane().querySelectorAll('.qm-picker-selected-group-head')].map((h) => h.textContent);
  expect(headings).toEqual(['部门', '岗位', '用户', '分组', '角色']);
  const under = (heading: string) =>
    [...selectedPane().querySelectorAll('.qm-picker-selected-group')].find((g) => g.querySelector('.qm-picker-selected-group-head')?.textContent === heading)?.textContent;
  expect(under('部门')).toContain('外科');
  expect(under('角色')).toContain('院长');
  fireEvent.click(button(/确\s*定/));
  await settle();
  expect(changes).toEqual([['u1--user', 'd1--department', 'r1--role', 'p1--position', 'g1--group']]);
});

test('ORG-018: a stored mixed value is named by getSelectedList (bare ids, the type appended again)', async () => {
  api.getSelectedList.mockImplementation(() =>
    ok({ list: [{ id: 'd1', type: 'department', fullName: '外科', headIcon: '', organize: '总院/外科', icon: '' }, { id: 'u1', type: 'user', fullName: '张三/zhangsan', headIcon: '', organize: '', icon: '' }] }),
  );
  render(<Field<string | string[]> initial={['d1--department', 'u1--user']} changes={[]} draw={(v, on) => <UsersSelect multiple value={v} onChange={on} />} />);
  await settle();
  expect(api.getSelectedList).toHaveBeenCalledWith(['d1--department', 'u1--user']);
  expect(fieldText()).toContain('外科');
  expect(fieldText()).toContain('张三/zhangsan');
});

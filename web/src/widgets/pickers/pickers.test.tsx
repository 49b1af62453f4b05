// The common picker of widget spec 2.1 / 4.1 and its organisation, department, position, role
// and group pickers, against fake trees shaped as the server answers (jnpf-wire-areas.md §1.9).
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider, Form } from 'antd';
import { useState } from 'react';
import * as organize from '@/api/organize';
import * as position from '@/api/position';
import * as role from '@/api/role';
import * as group from '@/api/group';
import { initI18n } from '@/i18n';
import { ComSelect } from './ComSelect';
import { DepSelect } from './DepSelect';
import { GroupSelect } from './GroupSelect';
import { PosSelect } from './PosSelect';
import { RoleSelect } from './RoleSelect';
import { invalidateLookups } from './lookups';

jest.mock('@/api/organize');
jest.mock('@/api/position');
jest.mock('@/api/role');
jest.mock('@/api/group');
const org = organize as jest.Mocked<typeof organize>;
const pos = position as jest.Mocked<typeof position>;
const rol = role as jest.Mocked<typeof role>;
const grp = group as jest.Mocked<typeof group>;

type Node = organize.SelectorNode;
function node(id: string, fullName: string, type: string, path: string[], names: string[], children: Node[] = [], extra: Partial<Node> = {}): Node {
  return {
    id,
    parentId: path.length > 1 ? path[path.length - 2] : '-1',
    fullName,
    type,
    icon: '',
    organize: names.join('/'),
    organizeIds: path,
    lastFullName: type === 'department' ? names.join('/') : null,
    disabled: false,
    hasChildren: children.length > 0,
    isLeaf: children.length === 0,
    children,
    ...extra,
  };
}

const ORGS: Node[] = [
  node('c1', '总院', 'company', ['c1'], ['总院'], [
    node('d1', '外科', 'department', ['c1', 'd1'], ['总院', '外科']),
    node('d3', '停用科', 'department', ['c1', 'd3'], ['总院', '停用科'], [], { disabled: true }),
    node('c2', '分院', 'company', ['c1', 'c2'], ['总院', '分院'], [node('d2', '内科', 'department', ['c1', 'c2', 'd2'], ['总院', '分院', '内科'])]),
  ]),
];
const ok = <T,>(data: T) => Promise.resolve({ code: 200, msg: '', data });

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 5000 });

/** antd as the app runs it: zero-runtime styles (which also keeps jsdom's role queries fast). */
function App({ children }: { children: React.ReactNode }) {
  return (
    <ConfigProvider theme={{ zeroRuntime: true }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.resetAllMocks();
  invalidateLookups();
  org.getDepartmentSelector.mockImplementation(() => ok({ list: ORGS }));
  org.getDepartmentSelectorByAuth.mockImplementation(() => ok({ list: ORGS }));
  org.getCompanySelectorByAuth.mockImplementation(() => ok({ list: [node('c1', '总院', 'company', ['c1'], ['总院'])] }));
  org.getOrganizeCondition.mockImplementation(() => ok({ list: [ORGS[0].children[2]] }));
});

async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

/** A field holding its value in state, as a form would; `changes` records each emitted value. */
function Field<V>({ render: draw, initial, changes }: { render: (value: V, onChange: (v: V) => void) => React.ReactNode; initial: V; changes: V[] }) {
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

/** Opens the picker of the field (a click on it). */
async function openPicker(container: HTMLElement = document.body) {
  const select = container.querySelector('.qm-picker') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content, input') ?? select);
  fireEvent.click(select);
  await settle();
}

const pickerDialog = () => screen.getByRole('dialog');
/** What the field shows (a closing dialog may still hold the same names in jsdom). */
const shown = () => within(document.querySelector('.qm-picker') as HTMLElement);
/** Types into the dialog's search box, which opens the filtered tree whole. */
async function search(text: string) {
  fireEvent.change(within(pickerDialog()).getByRole('textbox', { name: '关键词' }), { target: { value: text } });
  await settle();
}
const treeNode = (title: string) => within(pickerDialog()).getByText(title, { selector: '.ant-tree-title' });
const confirm = () => fireEvent.click(within(pickerDialog()).getByRole('button', { name: /确\s*定/ }));
const cancel = () => fireEvent.click(within(pickerDialog()).getByRole('button', { name: /取\s*消/ }));

test('WGT-001, WGT-002, WGT-015: 选择组织 is a modal 800px dialog with a search box, choices, 已选 with 清空列表, 取消 and 确定', async () => {
  render(<Field<string[] | string[][]> initial={[]} changes={[]} render={(v, on) => <ComSelect value={v as string[]} onChange={on} />} />);
  await openPicker();
  const dlg = pickerDialog();
  expect(within(dlg).getByText('选择组织')).toBeTruthy();
  const modal = dlg.closest('.ant-modal') as HTMLElement;
  expect(modal.style.width).toBe('800px');
  expect(within(dlg).getByRole('textbox', { name: '关键词' })).toBeTruthy();
  expect(within(dlg).getByText('已选')).toBeTruthy();
  expect(within(dlg).getByRole('button', { name: '清空列表' })).toBeTruthy();
  expect(within(dlg).getByRole('button', { name: /取\s*消/ })).toBeTruthy();
  expect(within(dlg).getByRole('button', { name: /确\s*定/ })).toBeTruthy();
  expect(org.getDepartmentSelector).toHaveBeenCalledWith('0'); // ORG-009: every organisation
});

test('WGT-003: a click outside does not close the dialog', async () => {
  render(<Field<string[] | string[][]> initial={[]} changes={[]} render={(v, on) => <ComSelect value={v as string[]} onChange={on} />} />);
  await openPicker();
  const wrap = document.querySelector('.ant-modal-wrap') as HTMLElement;
  fireEvent.mouseDown(wrap);
  fireEvent.mouseUp(wrap);
  fireEvent.click(wrap);
  await settle();
  expect(screen.getByRole('dialog')).toBeTruthy();
  expect(document.querySelector('.ant-modal-wrap')?.getAttribute('style') ?? '').not.toMatch(/display: none/);
});

test('WGT-006..009: opening clears the keyword and loads again; a single pick replaces; confirm writes the id path back; cancel restores', async () => {
  const changes: unknown[] = [];
  render(<Field<string[] | string[][]> initial={[]} changes={changes as never[]} render={(v, on) => <ComSelect value={v as string[]} onChange={on} />} />);
  await openPicker();
  const search = within(pickerDialog()).getByRole('textbox', { name: '关键词' });
  fireEvent.change(search, { target: { value: '内' } });
  await settle();
  expect(within(pickerDialog()).queryByText('外科', { selector: '.ant-tree-title' })).toBeNull(); // filtered
  fireEvent.click(treeNode('内科'));
  fireEvent.change(search, { target: { value: '' } });
  await settle();
  fireEvent.click(treeNode('外科')); // WGT-009: replaces 内科
  await settle();
  const selected = within(pickerDialog()).getByRole('list', { name: '已选' });
  expect(within(selected).getByText('总院/外科')).toBeTruthy();
  expect(within(selected).queryByText('总院/分院/内科')).toBeNull();
  confirm();
  await settle();
  expect(changes).toEqual([['c1', 'd1']]); // WGT-007: the id path
  expect(shown().getByText('总院/外科')).toBeTruthy(); // the field names it

  await openPicker();
  expect(org.getDepartmentSelector).toHaveBeenCalledTimes(2); // WGT-006: loaded again on every opening
  expect((within(pickerDialog()).getByRole('textbox', { name: '关键词' }) as HTMLInputElement).value).toBe('');
  fireEvent.click(treeNode('分院'));
  cancel(); // WGT-008
  await settle();
  expect(changes).toEqual([['c1', 'd1']]);
  expect(shown().getByText('总院/外科')).toBeTruthy();
});

test('WGT-010: multiple mode appends and ignores a duplicate path; 清空列表 empties the pending list; WGT-011: an empty single confirm emits []', async () => {
  const many: unknown[] = [];
  const { unmount } = render(
    <Field<string[][]> initial={[]} changes={many as never[]} render={(v, on) => <ComSelect multiple value={v} onChange={(x) => on(x as string[][])} />} />,
  );
  await openPicker();
  await search('科');
  fireEvent.click(treeNode('外科'));
  fireEvent.click(treeNode('内科'));
  fireEvent.click(treeNode('外科'));
  await settle();
  const selected = within(pickerDialog()).getByRole('list', { name: '已选' });
  expect(within(selected).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['总院/外科', '总院/分院/内科']);
  confirm();
  await settle();
  expect(many).toEqual([[['c1', 'd1'], ['c1', 'c2', 'd2']]]);
  await openPicker();
  fireEvent.click(within(pickerDialog()).getByRole('button', { name: '清空列表' }));
  await settle();
  expect(within(within(pickerDialog()).getByRole('list', { name: '已选' })).queryAllByRole('listitem')).toHaveLength(0);
  confirm();
  await settle();
  expect(many[1]).toEqual([]);
  unmount();

  const single: unknown[] = [];
  render(<Field<string[]> initial={['c1', 'd1']} changes={single as never[]} render={(v, on) => <ComSelect value={v} onChange={(x) => on(x as string[])} />} />);
  await settle();
  await openPicker();
  fireEvent.click(within(pickerDialog()).getByRole('button', { name: '移除总院/外科' }));
  confirm();
  await settle();
  expect(single).toEqual([[]]); // the organisation picker's empty value is a list
});

test('WGT-004, WGT-005: the clear icon only when clearable, enabled and holding a value; clearing and closing a tag apply at once', async () => {
  const changes: unknown[] = [];
  const { container, unmount } = render(
    <Field<string[]> initial={['c1', 'd1']} changes={changes as never[]} render={(v, on) => <ComSelect value={v} onChange={(x) => on(x as string[])} />} />,
  );
  await settle();
  const clear = container.querySelector('.ant-select-clear') as HTMLElement;
  expect(clear).toBeTruthy();
  fireEvent.mouseDown(clear);
  fireEvent.click(clear);
  await settle();
  expect(changes).toEqual([[]]);
  expect(screen.queryByRole('dialog')).toBeNull(); // no dialog: the clear applies at once
  expect(container.querySelector('.ant-select-clear')).toBeNull(); // nothing left to clear
  unmount();

  for (const props of [{ disabled: true }, { clearable: false }]) {
    const { container: c, unmount: u } = render(<App><ComSelect value={['c1', 'd1']} {...props} /></App>);
    await settle();
    expect(c.querySelector('.ant-select-clear')).toBeNull();
    u();
  }

  const many: unknown[] = [];
  const { container: c2 } = render(
    <Field<string[][]> initial={[['c1', 'd1'], ['c1', 'c2', 'd2']]} changes={many as never[]} render={(v, on) => <ComSelect multiple value={v} onChange={(x) => on(x as string[][])} />} />,
  );
  await settle();
  const tagClose = c2.querySelectorAll('.ant-select-selection-item-remove')[0] as HTMLElement;
  fireEvent.mouseDown(tagClose);
  fireEvent.click(tagClose);
  await settle();
  expect(many).toEqual([[['c1', 'c2', 'd2']]]);
});

test("WGT-012: disabled by its own flag or by the form's: it opens nothing", async () => {
  for (const tree of [
    <App key="own"><ComSelect value={[]} disabled /></App>,
    <App key="form"><Form disabled><Form.Item name="x"><ComSelect /></Form.Item></Form></App>,
  ]) {
    const { unmount } = render(tree);
    await openPicker();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.qm-picker.ant-select-disabled')).toBeTruthy();
    unmount();
  }
  expect(org.getDepartmentSelector).not.toHaveBeenCalled();
});

test('WGT-016: the auth mode (SelectorByAuth of the edited node), companies only, the custom list, and 顶级节点 (ORG-002)', async () => {
  const { unmount } = render(<App><ComSelect auth currOrgId="c2" value={[]} /></App>);
  await openPicker();
  expect(org.getDepartmentSelectorByAuth).toHaveBeenCalledWith('c2');
  unmount();

  const top: unknown[] = [];
  const r2 = render(<Field<string[]> initial={[]} changes={top as never[]} render={(v, on) => <ComSelect isOnlyOrg topNode value={v} onChange={(x) => on(x as string[])} />} />);
  await openPicker();
  expect(org.getCompanySelectorByAuth).toHaveBeenCalledWith('0');
  fireEvent.click(treeNode('顶级节点'));
  confirm();
  await settle();
  expect(top).toEqual([['-1']]);
  expect(shown().getByText('顶级节点')).toBeTruthy();
  r2.unmount();

  // A top company being edited is offered only its 顶级节点 (the client asks nothing).
  org.getCompanySelectorByAuth.mockClear();
  const r3 = render(<App><ComSelect isOnlyOrg topNode currOrgId="c1" parentId="-1" value={['-1']} /></App>);
  await openPicker();
  expect(org.getCompanySelectorByAuth).not.toHaveBeenCalled();
  expect(within(pickerDialog()).getAllByText(/./, { selector: '.ant-tree-title' }).map((n) => n.textContent)).toEqual(['顶级节点']);
  r3.unmount();

  render(<App><ComSelect selectType="custom" ableDepIds={['c2']} value={[]} /></App>);
  await openPicker();
  expect(org.getOrganizeCondition).toHaveBeenCalledWith({ keyword: '', departIds: ['c2'] });
  await search('科');
  expect(treeNode('内科')).toBeTruthy();
  expect(within(pickerDialog()).queryByText('外科', { selector: '.ant-tree-title' })).toBeNull();
});

test('WGT-018, WGT-013: 选择部门 picks departments only (a company or a disabled one does nothing); the value is the id; empty single gives ""', async () => {
  const changes: unknown[] = [];
  render(<Field<string> initial="" changes={changes as never[]} render={(v, on) => <DepSelect value={v} onChange={(x) => on(x as string)} />} />);
  await openPicker();
  expect(within(pickerDialog()).getByText('选择部门')).toBeTruthy();
  await search('院');
  fireEvent.click(treeNode('分院'));
  await search('科');
  fireEvent.click(treeNode('停用科'));
  await settle();
  expect(within(within(pickerDialog()).getByRole('list', { name: '已选' })).queryAllByRole('listitem')).toHaveLength(0);
  fireEvent.click(treeNode('内科'));
  confirm();
  await settle();
  expect(changes).toEqual(['d2']);
  expect(shown().getByText('总院/分院/内科')).toBeTruthy();
  await openPicker();
  fireEvent.click(within(pickerDialog()).getByRole('button', { name: '清空列表' }));
  confirm();
  await settle();
  expect(changes).toEqual(['d2', '']); // WGT-011
});

test('WGT-019, ROLE-002, ROLE-006: 选择岗位 offers positions under their organisations, names a stored id from Position/All; custom asks PositionCondition', async () => {
  const tree: Node[] = [
    node('c1', '总院', 'company', ['c1'], ['总院'], [
      node('d1', '外科', 'department', ['c1', 'd1'], ['总院', '外科'], [node('p1', '主治医师', 'position', ['c1', 'd1', 'p1'], ['总院', '外科', '主治医师'])]),
    ]),
  ];
  pos.getPositionSelector.mockImplementation(() => ok({ list: tree }));
  pos.getPositionCondition.mockImplementation(() => ok({ list: tree }));
  pos.getAllPositions.mockImplementation(() => ok({ list: [{ id: 'p1', fullName: '主治医师', enCode: 'zz', organizeId: 'd1' }] }));
  const changes: unknown[] = [];
  const { unmount } = render(<Field<string[]> initial={['p1']} changes={changes as never[]} render={(v, on) => <PosSelect multiple value={v} onChange={(x) => on(x as string[])} />} />);
  await settle();
  expect(shown().getByText('主治医师')).toBeTruthy(); // named from the lookup
  expect(pos.getAllPositions).toHaveBeenCalledTimes(1);
  await openPicker();
  await search('');
  expect(within(pickerDialog()).getByText('选择岗位')).toBeTruthy();
  fireEvent.click(treeNode('外科')); // not a position
  await settle();
  expect(within(within(pickerDialog()).getByRole('list', { name: '已选' })).getAllByRole('listitem')).toHaveLength(1);
  confirm();
  await settle();
  expect(changes).toEqual([['p1']]);
  unmount();

  render(<App><PosSelect selectType="custom" ableDepIds={['d1']} ablePosIds={['p1']} /></App>);
  await openPicker();
  expect(pos.getPositionCondition).toHaveBeenCalledWith({ keyword: '', departIds: ['d1'], positionIds: ['p1'] });
});

test('WGT-020, WGT-021, ROLE-003, ROLE-008: 选择角色 has the tabs 组织 and 全局; a role under two organisations is one pick; custom shows one tree', async () => {
  const roleNode = (id: string, fullName: string, parent: string): role.RoleNode => ({
    id,
    onlyId: `${parent}_${id}`,
    parentId: parent,
    fullName,
    type: 'role',
    icon: '',
    disabled: false,
    hasChildren: false,
    isLeaf: true,
    children: [],
  });
  const container = (id: string, fullName: string, type: string, children: role.RoleNode[]): role.RoleNode => ({
    id,
    onlyId: id,
    parentId: id === '1' ? '0' : '-1',
    fullName,
    type,
    icon: '',
    disabled: false,
    hasChildren: true,
    isLeaf: false,
    children,
  });
  const TREE = [
    container('1', '全局', '', [roleNode('r-admin', '系统管理员', '1')]),
    container('c1', '总院', 'company', [roleNode('r-doc', '医生', 'c1'), container('d1', '外科', 'department', [roleNode('r-doc', '医生', 'd1')])]),
  ];
  rol.getRoleSelector.mockImplementation(() => ok({ list: TREE }));
  rol.getRoleCondition.mockImplementation(() => ok({ list: [TREE[1]] }));
  const changes: unknown[] = [];
  const { unmount } = render(<Field<string[]> initial={[]} changes={changes as never[]} render={(v, on) => <RoleSelect multiple value={v} onChange={(x) => on(x as string[])} />} />);
  await openPicker();
  const dlg = pickerDialog();
  expect(within(dlg).getByText('选择角色')).toBeTruthy();
  expect(within(dlg).getByRole('tab', { name: '组织' })).toBeTruthy();
  expect(within(dlg).getByRole('tab', { name: '全局' })).toBeTruthy();
  expect(within(dlg).queryByText('系统管理员', { selector: '.ant-tree-title' })).toBeNull();
  await search('医生');
  const doctors = within(dlg).getAllByText('医生', { selector: '.ant-tree-title' });
  expect(doctors).toHaveLength(2); // under 总院 and under 外科 (onlyId keys)
  fireEvent.click(doctors[0]);
  fireEvent.click(doctors[1]);
  fireEvent.click(within(dlg).getByRole('tab', { name: '全局' })); // changing tab clears the keyword
  await settle();
  expect((within(dlg).getByRole('textbox', { name: '关键词' }) as HTMLInputElement).value).toBe('');
  fireEvent.click(treeNode('系统管理员'));
  await settle();
  expect(within(within(dlg).getByRole('list', { name: '已选' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['医生', '系统管理员']);
  confirm();
  await settle();
  expect(changes).toEqual([['r-doc', 'r-admin']]);
  unmount();

  render(<App><RoleSelect selectType="custom" ableIds={['r-doc']} /></App>);
  await openPicker();
  expect(rol.getRoleCondition).toHaveBeenCalledWith({ keyword: '', ids: ['r-doc'] });
  expect(within(pickerDialog()).queryByRole('tab')).toBeNull();
});

test('WGT-017, ROLE-001, ROLE-005, ROLE-007: 分组选择 reads the tree from data itself and picks groups only; custom asks GroupCondition', async () => {
  const TYPES: group.GroupNode[] = [
    {
      id: 'gt-duty',
      fullName: '值班组',
      type: 'groupType',
      icon: '',
      hasChildren: true,
      isLeaf: false,
      children: [{ id: 'g1', fullName: '夜班组', type: 'group', icon: '', hasChildren: false, isLeaf: true, children: [] }],
    },
  ];
  grp.getGroupSelector.mockImplementation(() => ok(TYPES));
  grp.getGroupCondition.mockImplementation(() => ok({ list: TYPES }));
  const changes: unknown[] = [];
  const { unmount } = render(<Field<string> initial="" changes={changes as never[]} render={(v, on) => <GroupSelect value={v} onChange={(x) => on(x as string)} />} />);
  await openPicker();
  expect(within(pickerDialog()).getByText('分组选择')).toBeTruthy();
  fireEvent.click(treeNode('值班组'));
  await settle();
  expect(within(within(pickerDialog()).getByRole('list', { name: '已选' })).queryAllByRole('listitem')).toHaveLength(0);
  fireEvent.click(treeNode('夜班组'));
  confirm();
  await settle();
  expect(changes).toEqual(['g1']);
  await waitFor(() => expect(shown().getByText('夜班组')).toBeTruthy());
  unmount();

  render(<App><GroupSelect selectType="custom" ableIds={['g1']} /></App>);
  await openPicker();
  expect(grp.getGroupCondition).toHaveBeenCalledWith({ keyword: '', ids: ['g1'] });
});

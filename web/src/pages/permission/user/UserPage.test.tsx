// 用户管理 against a fake Users API, with the real rules core (WASM): the list filtered by the
// left tree, the buttons each only when granted (PERM-011), the state switch and delete after
// confirmation, the form checked by the core before any request and by the server after (its
// per-field messages under the fields), positions and roles of the chosen organisations, the
// initial password shown once, reset password by the core's policy, unlock, work handover,
// export and the three-step import.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as api from '@/api/users';
import * as organize from '@/api/organize';
import * as position from '@/api/position';
import * as role from '@/api/role';
import * as group from '@/api/group';
import * as dictionary from '@/api/dictionary';
import * as download from '@/utils/download';
import { initI18n } from '@/i18n';
import { md5Hex } from '@/core';
import { useUser } from '@/stores/user';
import { buttonNamed, confirmation, formDialog, grant, openPickerIn, pickerDialog, renderPage, stateSwitch } from '@/test/renderPage';
import UserPage from './UserPage';
import { ORG_TREE as TREE } from '@/test/pageKit';

jest.mock('@/api/users', () => {
  const actual = jest.requireActual('@/api/users');
  return Object.fromEntries(Object.entries(actual).map(([k, v]) => [k, typeof v === 'function' ? jest.fn() : v]));
});
jest.mock('@/api/organize');
jest.mock('@/api/position');
jest.mock('@/api/role');
jest.mock('@/api/group');
jest.mock('@/api/dictionary');
jest.mock('@/utils/download');
const m = api as jest.Mocked<typeof api>;
const org = organize as jest.Mocked<typeof organize>;
const pos = position as jest.Mocked<typeof position>;
const rol = role as jest.Mocked<typeof role>;
const grp = group as jest.Mocked<typeof group>;
const dict = dictionary as jest.Mocked<typeof dictionary>;
const dl = download as jest.Mocked<typeof download>;

const PATH = '/permission/user';
const ALL = ['btn_add', 'btn_edit', 'btn_remove', 'btn_upload', 'btn_download'];
const row = (id: string, account: string, realName: string, extra: Partial<api.UserRow> = {}): api.UserRow => ({
  id,
  account,
  realName,
  gender: '1',
  mobilePhone: '13800000001',
  organize: '总院/外科',
  creatorTime: 0,
  sortCode: 0,
  enabledMark: 1,
  isAdministrator: false,
  headIcon: '',
  description: '',
  ...extra,
});
const ROWS = [
  row('admin', 'admin', '管理员', { isAdministrator: true, organize: '' }),
  row('u1', 'zhangsan', '张三'),
  row('u2', 'lisi', '李四', { gender: '2', enabledMark: 0 }),
  row('u3', 'wangwu', '王五', { enabledMark: 2 }),
];
const ok = <T,>(data: T, msg = '') => Promise.resolve({ code: 200, msg, data });

jest.setTimeout(90_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.clearAllMocks();
  useUser.setState({ passwordPolicy: {} });
  org.getDepartmentSelectorByAuth.mockImplementation(() => ok({ list: TREE }));
  org.getDepartmentSelector.mockImplementation(() => ok({ list: TREE }));
  dict.getDictionaryAll.mockImplementation(() =>
    ok({
      list: [
        {
          id: 't-sex',
          enCode: 'sex',
          fullName: '性别',
          isTree: 0,
          dictionaryList: [
            { id: 's1', enCode: '1', fullName: '男', enabledMark: 1 },
            { id: 's2', enCode: '2', fullName: '女', enabledMark: 1 },
            { id: 's3', enCode: '3', fullName: '保密', enabledMark: 1 },
          ],
        },
      ],
    } as never),
  );
  m.getUserList.mockImplementation(async () => ({ code: 200, msg: '', data: { list: ROWS, pagination: { currentPage: 1, pageSize: 20, total: ROWS.length } } }));
  pos.getPositionsByOrganizations.mockImplementation((ids) => ok({ list: ids.includes('d1') ? [{ id: 'd1', fullName: '外科', children: [{ id: 'p1', fullName: '主治医师' }] }] : [] }));
  rol.getRolesByOrganizations.mockImplementation((ids) => ok({ list: ids.includes('d1') ? [{ id: 'd1', fullName: '外科', children: [{ id: 'r2', fullName: '外科主任' }] }] : [] }));
  const gnode = (id: string, fullName: string, type: string, children: group.GroupNode[] = []): group.GroupNode => ({ id, fullName, type, icon: '', hasChildren: children.length > 0, isLeaf: !children.length, children });
  grp.getGroupSelector.mockImplementation(() => ok([gnode('t-duty', '值班组', 'groupType', [gnode('g1', '夜班组', 'group'), gnode('g2', '急诊组', 'group')])]));
  rol.getRoleSelector.mockImplementation(() =>
    ok({ list: [{ id: '1', onlyId: 'g', parentId: '-1', fullName: '全局', type: 'company', icon: '', disabled: false, children: [{ id: 'r1', onlyId: 'r1', parentId: '1', fullName: '院长', type: 'role', icon: '', disabled: false, children: [] }] }] } as never),
  );
});

async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

async function open(buttons = ALL) {
  grant(PATH, buttons);
  renderPage(UserPage, PATH);
  await screen.findByText('张三');
  await settle();
}

const button = (name: string | RegExp, scope?: ParentNode) => buttonNamed(name, scope);
const rowOf = (account: string) => [...document.querySelectorAll<HTMLElement>('.ant-table-row')].find((r) => r.textContent?.includes(account)) as HTMLElement;
const form = () => formDialog('qm-user-form');
const itemOf = (scope: HTMLElement, label: string) =>
  [...scope.querySelectorAll<HTMLElement>('.ant-form-item')].find((i) => i.querySelector('label')?.textContent === label) as HTMLElement;
const explain = (scope: HTMLElement, label: string) => itemOf(scope, label)?.querySelector('.ant-form-item-explain')?.textContent ?? '';
/** Chooses an option of the select in a form item. */
async function choose(scope: HTMLElement, label: string, option: string) {
  const select = itemOf(scope, label).querySelector('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content, input') ?? select);
  await settle(2);
  const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].filter((o) => o.textContent === option);
  fireEvent.click(found[found.length - 1]);
  await settle(2);
}
const options = () => [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item')].map((o) => o.textContent);
async function openMore(account: string) {
  fireEvent.click(button(`更多 ${account}`));
  await settle(2);
}
const menuItem = (name: string) => [...document.querySelectorAll<HTMLElement>('.ant-dropdown-menu-item')].filter((i) => i.textContent === name).pop() as HTMLElement;

test('ORG-021: every user, then those of an organisation chosen on the left; the columns; keyword on Enter; gender by the sex dictionary', async () => {
  await open();
  expect(m.getUserList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', organizeId: '' });
  const heads = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
  expect(heads).toEqual(['账户', '姓名', '性别', '手机', '所属组织', '创建时间', '排序', '状态', '操作']);
  expect(within(rowOf('lisi')).getByText('女')).toBeTruthy();
  fireEvent.click(within(document.querySelector('.qm-organize-tree') as HTMLElement).getByText('外科', { selector: '.ant-tree-title' }));
  await waitFor(() => expect(m.getUserList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', organizeId: 'd1' }));
  const box = screen.getByRole('searchbox', { name: '关键词' });
  fireEvent.change(box, { target: { value: '张' } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(m.getUserList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '张', organizeId: 'd1' }));
});

test('PERM-011: each button only with its code; the administrator row offers no action and no switch; a locked user shows 锁定', async () => {
  await open(['btn_edit']);
  expect(() => button('新建')).toThrow('0 buttons');
  expect(() => button('导入')).toThrow('0 buttons');
  expect(() => button('导出')).toThrow('0 buttons');
  expect(() => button('删除 zhangsan')).toThrow('0 buttons');
  expect(button('编辑 zhangsan')).toBeTruthy();
  expect(button('更多 zhangsan')).toBeTruthy();
  expect(within(rowOf('admin')).queryAllByRole('button')).toHaveLength(0);
  expect(rowOf('admin').querySelector('[role="switch"]')).toBeNull();
  expect(within(rowOf('wangwu')).getByText('锁定')).toBeTruthy();
});

test('without btn_edit there is no 更多 and the state is a tag', async () => {
  await open(['btn_add', 'btn_remove']);
  expect(() => button('更多 zhangsan')).toThrow('0 buttons');
  expect(rowOf('zhangsan').querySelector('[role="switch"]')).toBeNull();
  expect(button('删除 zhangsan')).toBeTruthy();
});

test('ORG-008, ORG-022, CONST-002: the state switch asks 您确定要禁用当前用户, 是否继续? and calls Actions/State', async () => {
  m.toggleUserState.mockImplementation(() => ok(null, '更新成功'));
  await open();
  fireEvent.click(stateSwitch('zhangsan'));
  await screen.findByText('您确定要禁用当前用户, 是否继续?');
  fireEvent.click(button('确定', confirmation()));
  await screen.findByText('更新成功');
  expect(m.toggleUserState).toHaveBeenCalledWith('u1');
});

test('CONST-003: delete asks first; a refusal leaves the row (the HTTP client shows the server\u2019s message)', async () => {
  m.deleteUser.mockImplementation(() => Promise.reject({ code: 400, msg: '该用户是其他用户的直属主管，请先移交工作', data: null }));
  await open();
  fireEvent.click(button('删除 zhangsan'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  fireEvent.click(button('确定', confirmation()));
  await settle();
  expect(m.deleteUser).toHaveBeenCalledWith('u1');
  expect(rowOf('zhangsan')).toBeTruthy();
});

test('ORG-021: the core refuses the empty form before any request; positions and roles are those of the chosen organisation (and the global roles); the server\u2019s per-field refusal stands under its field; the initial password is shown once', async () => {
  m.createUser.mockImplementationOnce(() => Promise.reject({ code: 400, msg: '账户已存在', data: { account: ['账户已存在'] } }));
  m.createUser.mockImplementation(() => ok({ id: 'u9', initialPassword: 'Qm8x#2kd' }, '新建成功'));
  await open();
  fireEvent.click(button('新建'));
  await screen.findByText('新建用户');
  await settle();
  fireEvent.click(button('确定', form()));
  await settle();
  expect(explain(form(), '账户')).toBe('请输入账户');
  expect(explain(form(), '姓名')).toBe('请输入真实姓名');
  expect(explain(form(), '性别')).toBe('请选择性别');
  expect(explain(form(), '所属组织')).toBe('请选择所属组织');
  fireEvent.change(within(form()).getByLabelText('手机'), { target: { value: '12345' } });
  await settle();
  expect(explain(form(), '手机')).toBe('请正确输入您的手机号');
  expect(m.createUser).not.toHaveBeenCalled();

  fireEvent.change(within(form()).getByLabelText('账户'), { target: { value: 'zhaoliu' } });
  fireEvent.change(within(form()).getByLabelText('姓名'), { target: { value: '赵六' } });
  fireEvent.change(within(form()).getByLabelText('手机'), { target: { value: '13900000002' } });
  await choose(form(), '性别', '男');
  // Before an organisation, only the global roles are offered.
  expect(pos.getPositionsByOrganizations).not.toHaveBeenCalled();
  openPickerIn(itemOf(form(), '所属组织'));
  await settle();
  fireEvent.click(within(pickerDialog()).getByText('外科', { selector: '.ant-tree-title' }));
  fireEvent.click(button('确定', pickerDialog()));
  await settle();
  expect(pos.getPositionsByOrganizations).toHaveBeenLastCalledWith(['d1']);
  expect(rol.getRolesByOrganizations).toHaveBeenLastCalledWith(['d1']);
  await choose(form(), '岗位', '主治医师');
  await choose(form(), '角色', '外科主任');
  expect(options()).toEqual(['全局角色', '院长', '外科', '外科主任']);
  await choose(form(), '角色', '院长');

  fireEvent.click(button('确定', form()));
  await settle();
  expect(explain(form(), '账户')).toBe('账户已存在');
  expect((within(form()).getByLabelText('姓名') as HTMLInputElement).value).toBe('赵六');
  fireEvent.change(within(form()).getByLabelText('账户'), { target: { value: 'zhaoliu2' } });
  fireEvent.click(button('确定', form()));
  await screen.findByText('初始密码');
  expect(m.createUser).toHaveBeenLastCalledWith(
    expect.objectContaining({
      account: 'zhaoliu2',
      realName: '赵六',
      gender: '1',
      organizeIdTree: [['c1', 'd1']],
      positionId: 'p1',
      roleId: 'r2,r1',
      mobilePhone: '13900000002',
      managerId: '',
      groupId: '',
      enabledMark: 1,
      birthday: null,
    }),
  );
  const shown = document.querySelector('.qm-user-initial-password') as HTMLElement;
  expect(within(shown).getByText('用户「zhaoliu2」已创建，初始密码为：')).toBeTruthy();
  expect(within(shown).getByText('Qm8x#2kd')).toBeTruthy();
  expect(within(shown).getByText('初始密码只显示这一次，请复制后告知用户；用户首次登录时必须修改初始密码。')).toBeTruthy();
  expect(shown.querySelector('.ant-typography-copy')).toBeTruthy();
  fireEvent.click(button('我知道了', shown));
  await settle();
  expect(m.getUserList.mock.calls.length).toBeGreaterThan(1);
});

/** Opens 编辑 of zhangsan, whose details (in 外科) hold `held` — positions, roles, groups; the server takes the update. */
async function editUser(held: Partial<Pick<api.UserDetail, 'positionId' | 'roleId' | 'groupId'>>) {
  m.getUser.mockImplementation(() =>
    ok({
      ...ROWS[1],
      email: '',
      organizeId: 'd1',
      organizeIdTree: [['c1', 'd1']],
      managerId: '',
      positionId: '',
      roleId: '',
      groupId: '',
      nation: '',
      certificatesType: '',
      education: '',
      nativePlace: '',
      certificatesNumber: '',
      entryDate: null,
      birthday: null,
      telePhone: '',
      landline: '',
      urgentContacts: '',
      urgentTelePhone: '',
      postalAddress: '',
      ...held,
    } as api.UserDetail),
  );
  m.updateUser.mockImplementation(() => ok(null, '更新成功'));
  await open();
  fireEvent.click(button('编辑 zhangsan'));
  await screen.findByText('编辑用户');
  await settle(8);
}

test('ORG-021: editing loads the user; choosing another organisation drops the positions and roles that no longer fit', async () => {
  await editUser({ positionId: 'p1', roleId: 'r1,r2' });
  expect((within(form()).getByLabelText('账户') as HTMLInputElement).value).toBe('zhangsan');
  expect(itemOf(form(), '岗位').textContent).toContain('主治医师');
  // 总院 has no positions nor organisation roles: 主治医师 and 外科主任 go, 院长 (global) stays.
  openPickerIn(itemOf(form(), '所属组织'));
  await settle();
  fireEvent.click(within(pickerDialog()).getByRole('button', { name: '移除总院/外科' }));
  fireEvent.click(within(pickerDialog()).getByText('总院', { selector: '.ant-tree-title' }));
  fireEvent.click(button('确定', pickerDialog()));
  await settle(8);
  fireEvent.click(button('确定', form()));
  await screen.findByText('更新成功');
  expect(m.updateUser).toHaveBeenCalledWith('u1', expect.objectContaining({ organizeIdTree: [['c1']], positionId: '', roleId: 'r1' }));
});

test('the user form\u2019s 分组: the groups held are named, another is picked with the group picker (分组选择) and all are sent as groupId, comma-separated', async () => {
  await editUser({ groupId: 'g1' });
  await waitFor(() => expect(itemOf(form(), '分组').textContent).toContain('夜班组'));
  openPickerIn(itemOf(form(), '分组'));
  await settle();
  const picker = pickerDialog();
  expect(within(picker).getByText('分组选择')).toBeTruthy();
  fireEvent.click(within(picker).getByText('急诊组', { selector: '.ant-tree-title' }));
  fireEvent.click(button('确定', picker));
  await settle();
  expect(itemOf(form(), '分组').textContent).toContain('急诊组');
  fireEvent.click(button('确定', form()));
  await screen.findByText('更新成功');
  expect(m.updateUser).toHaveBeenCalledWith('u1', expect.objectContaining({ groupId: 'g1,g2' }));
});

test('ORG-022: reset password — the core requires both, keeps the policy and the repeat; both travel as MD5 with the typed one', async () => {
  useUser.setState({ passwordPolicy: { passwordStrengthLimit: 1, passwordLengthMin: 1, passwordLengthMinNumber: 8, containsNumbers: 1 } });
  m.resetUserPassword.mockImplementation(() => ok(null, '重置密码成功'));
  await open();
  await openMore('zhangsan');
  fireEvent.click(menuItem('重置密码'));
  await screen.findByText('重置密码', { selector: '.ant-modal-title' });
  const dlg = document.querySelector('.qm-user-reset-password') as HTMLElement;
  fireEvent.click(button('确定', dlg));
  await settle();
  expect(explain(dlg, '新密码')).toBe('新密码不能为空');
  expect(explain(dlg, '确认密码')).toBe('请再次输入新密码');
  fireEvent.change(within(dlg).getByLabelText('新密码'), { target: { value: 'abcdefgh' } });
  fireEvent.change(within(dlg).getByLabelText('确认密码'), { target: { value: 'abcdefgX' } });
  fireEvent.click(button('确定', dlg));
  await settle();
  expect(explain(dlg, '新密码')).toBe('新密码必须包含数字');
  expect(explain(dlg, '确认密码')).toBe('两次密码输入不一致');
  expect(m.resetUserPassword).not.toHaveBeenCalled();
  fireEvent.change(within(dlg).getByLabelText('新密码'), { target: { value: 'abcdefg1' } });
  fireEvent.change(within(dlg).getByLabelText('确认密码'), { target: { value: 'abcdefg1' } });
  fireEvent.click(button('确定', dlg));
  await screen.findByText('重置密码成功');
  const hash = await md5Hex('abcdefg1');
  expect(m.resetUserPassword).toHaveBeenCalledWith('u1', { userPassword: hash, validatePassword: hash, plainPassword: 'abcdefg1' });
});

test('ORG-022: 解除锁定 is offered for a locked user only, after confirmation', async () => {
  m.unlockUser.mockImplementation(() => ok(null, '解除锁定成功'));
  await open();
  await openMore('zhangsan');
  expect(menuItem('解除锁定')).toBeUndefined();
  await openMore('wangwu');
  fireEvent.click(menuItem('解除锁定'));
  await screen.findByText('您确定要解除「王五/wangwu」的登录锁定, 是否继续?');
  fireEvent.click(button('确定', confirmation()));
  await screen.findByText('解除锁定成功');
  expect(m.unlockUser).toHaveBeenCalledWith('u3');
});

test('ORG-023: work handover lists what the user holds; the server\u2019s refusal stands under the receiver; a receiver picked hands it over', async () => {
  m.getWorkByUser.mockImplementation(() =>
    ok({ role: [{ id: 'r2', fullName: '外科主任' }], position: [{ id: 'p1', fullName: '主治医师' }], group: [], subordinate: [{ id: 'u2', fullName: '李四/lisi' }], organize: [] }),
  );
  m.handOverWork.mockImplementationOnce(() => Promise.reject({ code: 400, msg: '请选择交接人', data: { handoverUser: ['请选择交接人'] } }));
  m.handOverWork.mockImplementation(() => ok(null, '交接成功'));
  m.getUserTree.mockImplementation(() => ok({ list: [{ id: 'u2', parentId: '0', fullName: '李四/lisi', type: 'user', icon: '', headIcon: '', organize: '', hasChildren: false, isLeaf: true, children: [] }], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
  m.getUsersByIds.mockImplementation(() => ok({ list: [] }));
  await open();
  await openMore('zhangsan');
  fireEvent.click(menuItem('工作交接'));
  await screen.findByText('外科主任');
  const dlg = document.querySelector('.qm-user-handover') as HTMLElement;
  expect(m.getWorkByUser).toHaveBeenCalledWith('u1');
  expect(within(dlg).getByText('主治医师')).toBeTruthy();
  expect(within(dlg).getByText('下属')).toBeTruthy();
  expect(within(dlg).queryByText('分组')).toBeNull();
  fireEvent.click(button('确定', dlg));
  await settle();
  expect(explain(dlg, '交接人')).toBe('请选择交接人');
  openPickerIn(dlg);
  await settle();
  expect(within(pickerDialog()).getByText('选择交接人')).toBeTruthy();
  fireEvent.click(within(pickerDialog()).getByText('李四/lisi', { selector: '.ant-tree-title' }));
  fireEvent.click(button('确定', pickerDialog()));
  await settle();
  fireEvent.click(button('确定', dlg));
  await screen.findByText('交接成功');
  expect(m.handOverWork).toHaveBeenLastCalledWith('u1', 'u2');
});

test('ORG-026: 导出 — this page or all, the columns chosen (all at first, 全选), then the file is downloaded', async () => {
  m.exportUsers.mockImplementation(() => ok({ url: '/api/file/Download/x' }));
  await open();
  fireEvent.click(button('导出'));
  await screen.findByText('导出数据');
  const dlg = document.querySelector('.qm-export-dialog') as HTMLElement;
  fireEvent.click(within(dlg).getByLabelText('全选'));
  await settle(2);
  fireEvent.click(button('导出', dlg));
  await settle();
  expect(within(dlg).getByText('请至少选择一个导出字段')).toBeTruthy();
  expect(m.exportUsers).not.toHaveBeenCalled();
  fireEvent.click(within(dlg).getByLabelText('全部页面数据'));
  fireEvent.click(within(dlg).getByLabelText('姓名'));
  fireEvent.click(within(dlg).getByLabelText('账户'));
  fireEvent.click(button('导出', dlg));
  await settle();
  expect(m.exportUsers).toHaveBeenCalledWith({ currentPage: 1, pageSize: 20, keyword: '', organizeId: '' }, 1, ['account', 'realName']);
  expect(dl.downloadUrl).toHaveBeenCalledWith('/api/file/Download/x');
});

test('IMP-001..005, IMP-009, IMP-011..015, IMP-021..025: the import wizard — template, the core\u2019s file checks, upload, preview, import, the failures with 异常原因 and their export, the initial password; closing refreshes the list', async () => {
  m.downloadUserTemplate.mockImplementation(() => ok({ url: '/api/file/Download/template' }));
  m.uploadUserFile.mockImplementation(() => ok({ name: 'held-1' }));
  m.previewUserImport.mockImplementation(() =>
    ok({ dataRow: [{ account: 'a1', realName: '甲', organizeId: '总院/外科' }, { account: 'a2', realName: '乙', organizeId: '无此组织' }] }),
  );
  m.importUsers.mockImplementation((list) =>
    ok({ resultType: 1, snum: 1, fnum: 1, failResult: [{ ...list[1], errorsInfo: '所属组织「无此组织」不存在' }], initialPassword: 'Imp#4567' }),
  );
  m.exportUserFailures.mockImplementation(() => ok({ url: '/api/file/Download/failures' }));
  await open();
  fireEvent.click(button('导入'));
  await screen.findByText('批量导入用户');
  const wizard = () => document.querySelector('.qm-import-wizard') as HTMLElement;
  expect((wizard().closest('.ant-modal') as HTMLElement)?.style.width || (wizard() as HTMLElement).style.width).toBe('1000px');
  expect([...wizard().querySelectorAll('.ant-steps-item-title')].map((s) => s.textContent)).toEqual(['上传文件', '数据预览', '导入数据']);
  fireEvent.click(button('下载模板', wizard()));
  await settle();
  expect(dl.downloadUrl).toHaveBeenCalledWith('/api/file/Download/template');

  // IMP-003: 下一步 without a file.
  fireEvent.click(button('下一步', wizard()));
  await screen.findByText('请先上传文件');
  // The upload puts a fresh file input in after each choice.
  const choose = async (file: File) => {
    fireEvent.change(wizard().querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
    await settle(6);
  };
  // IMP-004, IMP-005: the core refuses another type and a file of 500 KB or more; nothing is sent.
  await choose(new File(['x'], 'users.csv', { type: 'text/csv' }));
  await screen.findByText('请选择xls或xlsx格式的文件');
  const big = new File(['x'], 'big.xlsx');
  Object.defineProperty(big, 'size', { value: 600 * 1024 });
  await choose(big);
  await screen.findByText('文件大小不能超过500KB');
  expect(m.uploadUserFile).not.toHaveBeenCalled();
  await choose(new File(['x'], 'users.xlsx'));
  expect(m.uploadUserFile).toHaveBeenCalledTimes(1);
  fireEvent.click(button('下一步', wizard()));
  await settle();
  expect(m.previewUserImport).toHaveBeenCalledWith('held-1');
  // Step 2: the rows, editable; 下一步 imports them.
  const cell = within(wizard()).getAllByLabelText('姓名')[0] as HTMLInputElement;
  expect(cell.value).toBe('甲');
  fireEvent.change(cell, { target: { value: '甲一' } });
  expect(button('上一步', wizard())).toBeTruthy();
  fireEvent.click(button('下一步', wizard()));
  await screen.findByText('导入成功 1 条，失败 1 条');
  expect(m.importUsers).toHaveBeenCalledWith([
    { account: 'a1', realName: '甲一', organizeId: '总院/外科' },
    { account: 'a2', realName: '乙', organizeId: '无此组织' },
  ]);
  // Step 3: the failures and their reason; the imported users' initial password.
  const failures = wizard().querySelector('.qm-import-failures') as HTMLElement;
  expect(within(failures).getByText('异常原因', { selector: 'th' })).toBeTruthy();
  expect(within(failures).getByText('所属组织「无此组织」不存在')).toBeTruthy();
  expect(within(wizard()).getByText('Imp#4567')).toBeTruthy();
  fireEvent.click(button('导出失败数据', wizard()));
  await settle();
  expect(m.exportUserFailures).toHaveBeenCalledWith([{ account: 'a2', realName: '乙', organizeId: '无此组织', errorsInfo: '所属组织「无此组织」不存在' }]);
  expect(dl.downloadUrl).toHaveBeenCalledWith('/api/file/Download/failures');
  const before = m.getUserList.mock.calls.length;
  fireEvent.click(button('关闭', wizard().querySelector('.ant-modal-footer') as HTMLElement));
  await settle();
  expect(m.getUserList.mock.calls.length).toBe(before + 1); // IMP-012
});

test('IMP-010: an import of no rows is refused by the core before it is sent', async () => {
  m.uploadUserFile.mockImplementation(() => ok({ name: 'held-1' }));
  m.previewUserImport.mockImplementation(() => ok({ dataRow: [{ account: 'a1', realName: '甲' }] }));
  await open();
  fireEvent.click(button('导入'));
  await screen.findByText('批量导入用户');
  const wizard = document.querySelector('.qm-import-wizard') as HTMLElement;
  fireEvent.change(wizard.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [new File(['x'], 'u.xls')] } });
  await settle(6);
  fireEvent.click(button('下一步', wizard));
  await settle();
  fireEvent.click(button('删除此行', wizard));
  fireEvent.click(button('下一步', wizard));
  await screen.findByText('导入数据为空');
  expect(m.importUsers).not.toHaveBeenCalled();
});

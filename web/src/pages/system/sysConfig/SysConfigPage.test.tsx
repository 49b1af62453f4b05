// 系统配置 against a fake SysConfig, SynThirdInfo and Users API shaped as the server answers
// (jnpf-wire-areas.md §2.6; server/tests/api/sys_config.rs, third_party.rs), with the real rules
// core (WASM) checking every field as the server does (Form::SysConfig): the settings load into
// their tabs and 保存 sends them, the shell and the login page's cached title follow (SYS-002,
// SYS-003); core's and the server's messages stand beside their fields, on their tab; the
// connection tests send what is typed (SYS-004); the sync totals and 同步 (SYS-005..007); the
// administrators with the user picker (SYS-008, SYS-009); anyone else only reads.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as system from '@/api/system';
import * as users from '@/api/users';
import { initI18n } from '@/i18n';
import { useSettings } from '@/stores/settings';
import { useUser } from '@/stores/user';
import { buttonNamed, grant, renderPage } from '@/test/renderPage';
import SysConfigPage from './SysConfigPage';

jest.mock('@/api/system');
jest.mock('@/api/users', () => ({ ...jest.requireActual('@/api/users'), ...Object.fromEntries(['getUserTree', 'getOrganizationUsers', 'getSubordinateUsers', 'getUsersByIds'].map((k) => [k, jest.fn()])) }));
const api = system as jest.Mocked<typeof system>;
const usr = users as jest.Mocked<typeof users>;

jest.setTimeout(60_000);

const PATH = '/system/sysConfig';
const ok = <T,>(data: T, msg = '') => Promise.resolve({ code: 200, msg, data });
const LOGO = '/api/file/Image/annexpic/logo.svg';
const CONFIG = {
  sysName: '启明',
  title: '启明',
  sysVersion: '3.4.7',
  copyright: 'Copyright © 2026 启明',
  sysDescription: '',
  logoIcon: LOGO,
  navigationIcon: LOGO,
  loginIcon: LOGO,
  workLogoIcon: LOGO,
  tokenTimeout: 120,
  passwordErrorsNumber: 5,
  lockTime: 10,
  enableVerificationCode: 0,
  verificationCodeNumber: 4,
  lastLoginTimeSwitch: 1,
  passwordStrengthLimit: 1,
  passwordLengthMin: 1,
  passwordLengthMinNumber: 6,
  containsNumbers: 1,
  includeLowercaseLetters: 1,
  includeUppercaseLetters: 0,
  containsCharacters: 0,
  mandatoryModificationOfInitialPassword: 1,
  qyhCorpId: '',
  qyhAgentId: '',
  qyhAgentSecret: '******',
  qyhCorpSecret: '',
  dingSynAppKey: '',
  dingSynAppSecret: '',
  dingAgentId: '',
  // Kept for the JNPF client's page; this page neither shows nor sends it.
  companyName: '启明医院集团',
};

const row = (synType: string, recordTotal: number, synSuccessCount = 0, synDate: number | null = null): system.SyncTotal => ({
  synType,
  recordTotal,
  synSuccessCount,
  synFailCount: 0,
  unSynCount: recordTotal - synSuccessCount,
  synDate,
});
const uitem = (id: string, fullName: string, organize: string): users.UserItem => ({ id, fullName, realName: fullName.split('/')[0], account: fullName.split('/')[1], headIcon: '', organize, type: 'user', icon: '' });
const PEOPLE: Record<string, users.UserItem> = { a1: uitem('a1', '管理员/admin', ''), u3: uitem('u3', '王五/wangwu', '总院/内科') };
const unode = (id: string, fullName: string, type: string, organize = ''): users.UserNode => ({ id, parentId: '', fullName, type, icon: '', headIcon: '', organize, hasChildren: type !== 'user', isLeaf: type === 'user', children: [] });

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.clearAllMocks();
  api.getSysConfig.mockImplementation(() => ok({ ...CONFIG }));
  api.getPasswordPolicy.mockImplementation(() => ok({ passwordStrengthLimit: 1, passwordLengthMinNumber: 6 }));
  api.getSyncTotals.mockImplementation((service) => ok(service === 1 ? [row('组织', 3), row('用户', 5)] : [row('组织', 3, 3, 1_700_000_000_000), row('用户', 5)]));
  api.getAdminList.mockImplementation(() => ok([PEOPLE.a1]));
  usr.getUsersByIds.mockImplementation((ids) => ok({ list: ids.flatMap((id) => (PEOPLE[id] ? [PEOPLE[id]] : [])) }));
  usr.getUserTree.mockImplementation((id) =>
    ok({ list: id === '0' ? [unode('c1', '总院', 'company')] : id === 'c1' ? [unode('u3', '王五/wangwu', 'user', '总院/内科')] : [], pagination: { currentPage: 1, pageSize: 20, total: 1 } }),
  );
  usr.getOrganizationUsers.mockImplementation(() => ok([]));
  usr.getSubordinateUsers.mockImplementation(() => ok([]));
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

async function open(isAdministrator = true) {
  grant(PATH, [], isAdministrator);
  renderPage(SysConfigPage, PATH);
  await waitFor(() => expect((screen.getByLabelText('系统标题') as HTMLInputElement).value).toBe('启明'));
  await settle();
}

const activeTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;
const tab = async (name: string) => {
  fireEvent.click(screen.getByText(name, { selector: '.ant-tabs-tab-btn' }));
  await settle();
};
/** The Form.Item around the field labelled `label`. */
const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(buttonNamed(/^保\s*存$/));

test('SYS-002, SYS-003: the settings load into their tabs, 保存 sends what the page shows; the shell and the login page follow', async () => {
  api.saveSysConfig.mockImplementation(() => ok(null, '保存成功'));
  await open();
  expect((screen.getByLabelText('系统版本') as HTMLInputElement).value).toBe('3.4.7');
  expect((screen.getByLabelText('系统版本') as HTMLInputElement).disabled).toBe(true);
  expect(screen.getByAltText('Logo图标预览').getAttribute('src')).toBe(LOGO);
  type('系统标题', '启明医院');
  await tab('安全设置');
  expect((screen.getByLabelText('超时登出') as HTMLInputElement).value).toBe('120');
  fireEvent.click(screen.getByText('大写字母'));
  // After saving, the server answers the new settings.
  api.getSysConfig.mockImplementation(() => ok({ ...CONFIG, title: '启明医院', includeUppercaseLetters: 1 }));
  api.getPasswordPolicy.mockImplementation(() => ok({ passwordStrengthLimit: 1, passwordLengthMinNumber: 6, includeUppercaseLetters: 1 }));
  save();
  await screen.findByText('保存成功');
  const sent = api.saveSysConfig.mock.calls[0][0];
  expect(sent).toMatchObject({ title: '启明医院', sysName: '启明', tokenTimeout: 120, includeUppercaseLetters: 1, containsNumbers: 1, qyhAgentSecret: '******' });
  expect(Object.keys(sent)).not.toContain('sysVersion');
  expect(Object.keys(sent)).not.toContain('companyName');
  await waitFor(() => expect(useUser.getState().sysConfig?.title).toBe('启明医院'));
  expect(useSettings.getState().sysConfig.title).toBe('启明医院'); // what the login page shows
  expect(useUser.getState().passwordPolicy.includeUppercaseLetters).toBe(1); // what password changes are checked with
});

test("SYS-003: the core's rules refuse before anything is sent, and 保存 opens the tab of the first problem", async () => {
  await open();
  await tab('安全设置');
  fireEvent.click(screen.getByLabelText('登录验证码'));
  await settle();
  type('验证码位数', '9');
  await within(itemOf('验证码位数')).findByText('必须是3到6之间的整数');
  await tab('基本设置');
  type('系统标题', '');
  await within(itemOf('系统标题')).findByText('请输入系统标题');
  type('系统标题', '启明');
  await waitFor(() => expect(within(itemOf('系统标题')).queryByText('请输入系统标题')).toBeNull());
  save();
  await waitFor(() => expect(activeTab()).toBe('安全设置'));
  expect(api.saveSysConfig).not.toHaveBeenCalled();
  type('验证码位数', '6');
  save();
  await waitFor(() => expect(api.saveSysConfig).toHaveBeenCalledWith(expect.objectContaining({ enableVerificationCode: 1, verificationCodeNumber: 6 })));
});

test("the server's per-field messages stand beside their fields, on their tab, and nothing typed is lost", async () => {
  api.saveSysConfig.mockImplementation(() => Promise.reject({ code: 400, msg: '系统标题含有不允许的控制字符', data: { title: ['系统标题含有不允许的控制字符'] } }));
  await open();
  type('系统标题', '启明医院');
  await tab('安全设置');
  save();
  await waitFor(() => expect(activeTab()).toBe('基本设置'));
  expect(within(itemOf('系统标题')).getByText('系统标题含有不允许的控制字符')).toBeTruthy();
  expect((screen.getByLabelText('系统标题') as HTMLInputElement).value).toBe('启明医院');
});

test('SYS-004: the connection tests send what is typed (a masked secret stands for the stored one); a refusal shows beside its field', async () => {
  api.testWeCom.mockImplementation(() => ok(null, '测试连接成功'));
  api.testDingTalk.mockImplementation(() => Promise.reject({ code: 400, msg: '请填写AppKey', data: { dingSynAppKey: ['请填写AppKey'] } }));
  await open();
  await tab('第三方配置');
  type('企业ID', 'ww-corp');
  fireEvent.click(buttonNamed('连接测试'));
  await screen.findByText('测试连接成功');
  expect(api.testWeCom).toHaveBeenCalledWith(0, { qyhCorpId: 'ww-corp', qyhAgentId: '', qyhAgentSecret: '******', qyhCorpSecret: '' });
  type('通讯录同步Secret', 'sync-secret');
  fireEvent.click(buttonNamed('同步测试'));
  await settle();
  expect(api.testWeCom).toHaveBeenLastCalledWith(1, { qyhCorpId: 'ww-corp', qyhAgentId: '', qyhAgentSecret: '******', qyhCorpSecret: 'sync-secret' });
  fireEvent.click(buttonNamed('测试连接'));
  await within(itemOf('AppKey')).findByText('请填写AppKey');
  expect(api.testDingTalk).toHaveBeenCalledWith({ dingSynAppKey: '', dingSynAppSecret: '', dingAgentId: '' });
  expect(api.saveSysConfig).not.toHaveBeenCalled();
});

test("SYS-005..007: both services' totals; 同步 sends the row's kind and shows the row answered; a run going on is only told", async () => {
  api.syncToService.mockImplementation((service, synType) =>
    service === 1 ? ok(row(synType, 3, 3, 1_700_000_000_000), '同步完成') : ok(row(synType, 5), '正在进行同步,请稍等'),
  );
  await open();
  await tab('第三方同步');
  const wecom = document.querySelector('.qm-sync-wecom') as HTMLElement;
  const ding = document.querySelector('.qm-sync-dingtalk') as HTMLElement;
  expect(api.getSyncTotals).toHaveBeenCalledWith(1);
  expect(api.getSyncTotals).toHaveBeenCalledWith(2);
  const cells = (box: HTMLElement, kind: string) =>
    [...(within(box).getByText(kind).closest('tr') as HTMLElement).querySelectorAll('td')].slice(1, 5).map((td) => td.textContent);
  expect(cells(wecom, '组织')).toEqual(['3', '0', '0', '3']);
  fireEvent.click(buttonNamed('同步企业微信组织', wecom));
  await screen.findByText('同步完成');
  expect(api.syncToService).toHaveBeenCalledWith(1, '组织');
  expect(cells(wecom, '组织')).toEqual(['3', '3', '0', '0']);
  fireEvent.click(buttonNamed('同步钉钉用户', ding));
  await screen.findByText('正在进行同步,请稍等');
  expect(api.syncToService).toHaveBeenLastCalledWith(2, '用户');
});

test('SYS-008, SYS-009: 超级管理员 lists the administrators; one is added with the user picker; 保存 sets exactly those', async () => {
  // The fake server keeps what was set.
  let admins = ['a1'];
  api.getAdminList.mockImplementation(() => ok(admins.map((id) => PEOPLE[id])));
  api.setAdminList.mockImplementation((ids) => {
    admins = ids;
    return ok(null, '保存成功');
  });
  await open();
  await tab('超级管理员');
  await screen.findByText('管理员/admin');
  fireEvent.click(buttonNamed('添加管理员'));
  await settle();
  const picker = document.querySelector('.qm-user-picker') as HTMLElement;
  expect(within(picker).getByText('选择管理员')).toBeTruthy();
  expect(within(picker.querySelector('.qm-picker-selected') as HTMLElement).getByText('管理员/admin')).toBeTruthy();
  fireEvent.click(await within(picker).findByText('王五/wangwu'));
  await settle();
  fireEvent.click(buttonNamed(/^确\s*定$/, picker));
  await screen.findByText('总院/内科');
  expect(api.setAdminList).not.toHaveBeenCalled();
  save();
  await screen.findByText('保存成功');
  expect(api.setAdminList).toHaveBeenCalledWith(['a1', 'u3']);
  expect(api.getAdminList).toHaveBeenCalledTimes(2); // read again after saving

  // What the server answers is shown again; a row taken off is not sent.
  await screen.findByText('王五/wangwu');
  fireEvent.click(buttonNamed('移除 管理员/admin'));
  await settle();
  save();
  await waitFor(() => expect(api.setAdminList).toHaveBeenLastCalledWith(['u3']));
});

test('anyone else given the page reads the settings: no secrets, no saving, no third-party or administrator tabs', async () => {
  await open(false);
  expect(screen.getByText('只有管理员可以修改系统配置')).toBeTruthy();
  expect((screen.getByLabelText('系统标题') as HTMLInputElement).disabled).toBe(true);
  expect(() => buttonNamed(/^保\s*存$/)).toThrow('0 buttons');
  for (const name of ['第三方配置', '第三方同步', '超级管理员']) expect(screen.queryByText(name, { selector: '.ant-tabs-tab-btn' })).toBeNull();
  expect(api.getAdminList).not.toHaveBeenCalled();
});

test("issue 25: 新用户默认密码 — the administrator sets new users' initial password, with the hint of what an empty one means", async () => {
  api.getSysConfig.mockImplementation(() => ok({ ...CONFIG, newUserDefaultPassword: 'Welcome2026' }));
  api.saveSysConfig.mockImplementation(() => ok(null, '保存成功'));
  await open();
  await tab('安全设置');
  expect((screen.getByLabelText('新用户默认密码') as HTMLInputElement).value).toBe('Welcome2026');
  expect(itemOf('新用户默认密码').textContent).toContain('留空则为每个新用户生成随机密码');
  type('新用户默认密码', 'Hosp#2026');
  save();
  await screen.findByText('保存成功');
  expect(api.saveSysConfig.mock.calls[0][0]).toMatchObject({ newUserDefaultPassword: 'Hosp#2026' });
});

test('issue 25: anyone else never sees 新用户默认密码', async () => {
  await open(false);
  await tab('安全设置');
  expect(screen.queryByLabelText('新用户默认密码')).toBeNull();
});

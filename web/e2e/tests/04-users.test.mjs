// The administrator manages the hospital's users, as on a fresh install: a company and a
// department through the organisation page (the position and the role in it through the API,
// whose pages the organisation story covers), then a user with that position and role and a
// manager picked with the user picker; the generated initial password is shown once, and the
// user — in a browser of their own — signs in with it and must change it. The administrator
// resets the password (the user's session ends and the new one must be changed too), disables
// and enables the user after confirmation, imports two users from an Excel file the test writes,
// and is refused, with the server's reason, the delete of a user who manages another.
// Checklist IDs name what each step proves.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  active,
  api as apiAs,
  ARTIFACTS,
  BASE,
  changeInitialPassword,
  choose,
  dialog,
  firstSignIn,
  item,
  launch,
  motionless,
  named,
  openPage as openFromMenu,
  pick,
  row,
  screenshot,
  settledWidth,
  signIn,
  toast,
  twoBrowserSteps,
} from '../support.mjs';
import { xlsx } from '../xlsx.mjs';

const PASSWORD = 'Qiming2024';
const USER_PASSWORD = 'Lisi2024ok';
const RESET_PASSWORD = 'Reset2024ok';
/** The seed's main system and its 首页 and 个人信息 menus (fixtures/seed). */
const MAIN_SYSTEM = '100000000000000001';
const HOME_MENU = '200000000000000001';
const PROFILE_MENU = '200000000000000003';

let browser;
let page;
/** The new user's own browser. */
let other;
let userPage;
let initialPassword = '';

const step = twoBrowserSteps(it, () => ({ page, browser, other, userPage }));

const PAGE_CLASS = { 'permission/organize': 'qm-organize-page', 'permission/user': 'qm-user-page' };

/** Opens a page from the side menu (组织权限 → name) and waits until it shows its list. */
const openPage = (name, path) => openFromMenu(page, '组织权限', name, path, `.${PAGE_CLASS[path]} .ant-table`);

/** An API call with the administrator's session (the app's own token); returns `data`. */
const api = (method, path, body) => apiAs(page, method, path, body);

describe('the administrator manages users in real Chromium', () => {
  before(async () => {
    browser = await launch();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  after(async () => {
    await other?.close();
    await browser?.close();
  });

  step('signs in on a fresh install and changes the initial password', async () => {
    await firstSignIn(page, PASSWORD);
  });

  step('creates a company and a department; a position and a role in the department (ORG-019, ORG-020)', async () => {
    await openPage('组织管理', 'permission/organize');
    await active(page).getByRole('button', { name: /新\s*建/ }).click();
    await page.getByRole('menuitem', { name: '新建公司' }).click();
    let form = dialog(page, '新建公司');
    await form.waitFor();
    await pick(form, '上级公司', '选择组织', ['顶级节点']);
    await form.getByLabel('公司名称').fill('启明医院');
    await form.getByLabel('公司编码').fill('qmyy');
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '新建成功');
    await form.waitFor({ state: 'hidden' });
    await active(page).getByRole('button', { name: /新\s*建/ }).click();
    await page.getByRole('menuitem', { name: '新建部门' }).click();
    form = dialog(page, '新建部门');
    await form.waitFor();
    await pick(form, '所属组织', '选择组织', ['启明医院']);
    await form.getByLabel('部门名称').fill('外科');
    await form.getByLabel('部门编码').fill('wk');
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '新建成功');
    await row(page, '外科').waitFor();

    const tree = await api('GET', '/api/permission/Organize/Department/Selector/0');
    const surgery = tree.list[0].children.find((n) => n.fullName === '外科');
    await api('POST', '/api/permission/Position', { organizeId: surgery.id, fullName: '主治医师', enCode: 'zzys', type: 'technical' });
    await api('POST', '/api/permission/Role', { fullName: '外科医生', enCode: 'wkys', globalMark: 0, organizeIdsTree: [surgery.organizeIds] });
    // A user with no menu cannot work (PERM-002): the role opens 首页 and 个人信息.
    const role = (await api('GET', '/api/permission/Role?keyword=wkys&currentPage=1&pageSize=20')).list[0].id;
    const menus = [HOME_MENU, PROFILE_MENU];
    await api('PUT', `/api/permission/Authority/Data/${role}`, { objectType: 'Role', systemIds: [MAIN_SYSTEM], module: menus, button: menus, column: menus, form: menus, resource: menus });
  });

  step('creates a user: the core refuses the empty form before any request; position and role of the chosen department, a manager from the user picker; the initial password is shown once (ORG-021, WGT-022, WGT-024, WGT-027)', async () => {
    await openPage('用户管理', 'permission/user');
    await active(page).getByRole('button', { name: /新\s*建/ }).click();
    const form = dialog(page, '新建用户');
    await form.waitFor();
    await motionless(page);
    let posted = false;
    const watch = (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/permission/Users' && (posted = true);
    page.on('request', watch);
    await form.getByRole('button', { name: named('确定') }).click();
    await item(form, '账户').getByText('请输入账户').waitFor();
    await item(form, '姓名').getByText('请输入真实姓名').waitFor();
    await item(form, '性别').getByText('请选择性别').waitFor();
    await item(form, '所属组织').getByText('请选择所属组织').waitFor();
    await form.getByLabel('手机').fill('1380000');
    await item(form, '手机').getByText('请正确输入您的手机号').waitFor();
    page.off('request', watch);
    assert.equal(posted, false, 'nothing is sent while the core refuses the form');

    await form.getByLabel('账户').fill('lisi');
    await form.getByLabel('姓名').fill('李四');
    await form.getByLabel('手机').fill('13800000001');
    await choose(form, '性别', '男');
    await pick(form, '所属组织', '选择组织', ['外科']);
    await choose(form, '岗位', '主治医师');
    await choose(form, '角色', '外科医生');

    // The manager: the user picker, 选择直属主管, its tabs, a search on Enter.
    await item(form, '直属主管').locator('.qm-picker').click();
    const picker = dialog(page, '选择直属主管');
    await picker.waitFor();
    assert.deepEqual(await picker.locator('.ant-tabs-tab').allInnerTexts(), ['全部数据', '当前组织', '我的下属']);
    const search = picker.getByRole('textbox', { name: '关键词' });
    await search.fill('admin');
    const asked = page.waitForRequest((r) => r.url().includes('/api/permission/Users/ImUser/Selector/0') && (r.postData() ?? '').includes('"keyword":"admin"'));
    await search.press('Enter');
    await asked;
    await picker.locator('.qm-picker-list-name', { hasText: '管理员/admin' }).click();
    await picker.locator('.qm-picker-selected').getByText('管理员/admin').waitFor();
    await screenshot(page, 'users-user-picker');
    await picker.getByRole('button', { name: named('确定') }).click();
    await picker.waitFor({ state: 'hidden' });
    await item(form, '直属主管').getByText('管理员/admin').filter({ visible: true }).waitFor();
    await screenshot(page, 'users-form');

    await form.getByRole('button', { name: named('确定') }).click();
    const shown = dialog(page, '初始密码');
    await shown.waitFor();
    await shown.getByText('用户「lisi」已创建，初始密码为：').waitFor();
    await shown.getByText('初始密码只显示这一次，请复制后告知用户；用户首次登录时必须修改初始密码。').waitFor();
    await shown.locator('.ant-typography-copy').waitFor();
    initialPassword = (await shown.locator('.qm-initial-password').innerText()).trim();
    assert.ok(initialPassword.length >= 6, `an initial password is shown: ${initialPassword}`);
    await page.waitForTimeout(400); // the dialog's opening animation, for the picture
    await screenshot(page, 'users-initial-password');
    await shown.getByRole('button', { name: '我知道了' }).click();
    await shown.waitFor({ state: 'hidden' });
    await row(page, 'lisi').getByText('启明医院/外科').waitFor();
    await row(page, 'lisi').getByText('男').waitFor();
  });

  step('the user signs in with the initial password and must change it first (ORG-021)', async () => {
    other = await launch();
    userPage = other.context.pages()[0] ?? (await other.context.newPage());
    await userPage.goto(`${BASE}/login`);
    await signIn(userPage, 'lisi', initialPassword);
    await changeInitialPassword(userPage, initialPassword, USER_PASSWORD);
    await signIn(userPage, 'lisi', USER_PASSWORD);
    await userPage.waitForURL(`${BASE}/home`);
    await userPage.locator('.qm-reset-password').waitFor({ state: 'detached', timeout: 2000 }).catch(() => undefined);
    assert.equal(await userPage.locator('.qm-reset-password').filter({ visible: true }).count(), 0);
  });

  step("resets the user's password: the core checks the repeat; the user's session ends and the new password must be changed (ORG-022)", async () => {
    await row(page, 'lisi').getByRole('button', { name: '更多 lisi' }).click();
    await page.getByRole('menuitem', { name: '重置密码' }).click();
    const form = dialog(page, '重置密码');
    await form.waitFor();
    await form.getByLabel('新密码').fill(RESET_PASSWORD);
    await form.getByLabel('确认密码').fill(RESET_PASSWORD + 'x');
    await form.getByRole('button', { name: named('确定') }).click();
    await item(form, '确认密码').getByText('两次密码输入不一致').waitFor();
    await form.getByLabel('确认密码').fill(RESET_PASSWORD);
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '重置密码成功');
    await form.waitFor({ state: 'hidden' });

    // The user's session has ended: the next page sends them to sign in.
    await userPage.reload();
    await userPage.waitForURL(/\/login/);
    // The HTTP client says why, and when its toast has closed it ends the session once more.
    await userPage.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await signIn(userPage, 'lisi', RESET_PASSWORD);
    await userPage.locator('.qm-reset-password').waitFor();
    await screenshot(userPage, 'users-reset-must-change');
    await changeInitialPassword(userPage, RESET_PASSWORD, USER_PASSWORD);
  });

  step('disables the user after confirmation — who then cannot sign in — and enables them again (ORG-008, ORG-022, CONST-002)', async () => {
    const state = row(page, 'lisi').getByRole('switch');
    assert.equal(await state.getAttribute('aria-checked'), 'true');
    await state.click();
    await page.getByText('您确定要禁用当前用户, 是否继续?').waitFor();
    await page.getByRole('button', { name: named('确定') }).click();
    await toast(page, '更新成功');
    await page.waitForFunction(() => {
      const r = [...document.querySelectorAll(`.qm-page[data-path="${location.pathname}"]:not([hidden]) .ant-table-row`)].find((el) => el.textContent.includes('lisi'));
      return r?.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false';
    });
    await signIn(userPage, 'lisi', USER_PASSWORD);
    await toast(userPage, '账号已被禁用，请联系管理员');

    await row(page, 'lisi').getByRole('switch').click();
    await page.getByText('您确定要启用当前用户, 是否继续?').waitFor();
    await page.getByRole('button', { name: named('确定') }).click();
    await page.waitForFunction(() => {
      const r = [...document.querySelectorAll(`.qm-page[data-path="${location.pathname}"]:not([hidden]) .ant-table-row`)].find((el) => el.textContent.includes('lisi'));
      return r?.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true';
    });
    await signIn(userPage, 'lisi', USER_PASSWORD);
    await userPage.waitForURL(`${BASE}/home`);
  });

  step('imports two users from an Excel file: upload, preview, import, result (ORG-026, IMP-001, IMP-002, IMP-009, IMP-011, IMP-012, IMP-021..023)', async () => {
    const file = join(ARTIFACTS, 'users-import.xlsx');
    writeFileSync(
      file,
      xlsx([
        ['账户', '姓名', '性别', '所属组织', '直属主管', '岗位', '角色', '手机号码'],
        ['wangwu', '王五', '女', '启明医院/外科', '李四/lisi', '主治医师', '外科医生', '13800000002'],
        ['zhaoliu', '赵六', '男', '启明医院/外科', '', '', '', ''],
      ]),
    );
    await active(page).getByRole('button', { name: /导\s*入/ }).click();
    const wizard = dialog(page, '批量导入用户');
    await wizard.waitFor();
    assert.deepEqual(await wizard.locator('.ant-steps-item-title').allInnerTexts(), ['上传文件', '数据预览', '导入数据']);
    assert.equal(await settledWidth(page, page.locator('.ant-modal.qm-import-wizard')), 1000);
    await wizard.locator('input[type="file"]').setInputFiles(file);
    await wizard.locator('.ant-upload-list-item-done, .ant-upload-list-item').filter({ hasText: 'users-import.xlsx' }).waitFor();
    const previewed = page.waitForResponse((r) => r.url().includes('/api/permission/Users/ImportPreview'));
    await wizard.getByRole('button', { name: '下一步' }).click();
    await previewed;
    await wizard.locator('input[value="wangwu"]').waitFor();
    await wizard.locator('input[value="赵六"]').waitFor();
    await wizard.getByRole('button', { name: '上一步' }).waitFor();
    await wizard.getByRole('button', { name: '下一步' }).click();
    await wizard.getByText('导入成功 2 条').waitFor();
    await wizard.locator('.qm-initial-password').waitFor();
    await screenshot(page, 'users-imported');
    await wizard.locator('.ant-modal-footer').getByRole('button', { name: named('关闭') }).click();
    await wizard.waitFor({ state: 'hidden' });
    await row(page, 'wangwu').getByText('女').waitFor();
    await row(page, 'zhaoliu').waitFor();
  });

  step("exports every page's users, the columns chosen, as an Excel file (ORG-026)", async () => {
    await active(page).getByRole('button', { name: /导\s*出/ }).click();
    const box = dialog(page, '导出数据');
    await box.waitFor();
    await box.getByLabel('全部页面数据').check();
    await box.getByLabel('说明', { exact: true }).uncheck();
    const asked = page.waitForRequest((r) => r.url().includes('/api/permission/Users/ExportExcel'));
    const downloaded = page.waitForEvent('download');
    await box.getByRole('button', { name: named('导出') }).click();
    const query = new URL((await asked).url()).searchParams;
    assert.equal(query.get('dataType'), '1');
    assert.ok(query.get('selectKey').startsWith('account,realName,gender,'), query.get('selectKey'));
    assert.ok(!query.get('selectKey').split(',').includes('description'));
    const file = await downloaded;
    assert.equal(file.suggestedFilename(), '用户信息.xlsx');
    await box.waitFor({ state: 'hidden' });
  });

  step("is refused the delete of a user who manages another: the server's message (ORG-021, CONST-003)", async () => {
    await row(page, 'lisi').getByRole('button', { name: '删除 lisi' }).click();
    await page.getByText('此操作将永久删除该数据, 是否继续?').waitFor();
    await page.getByRole('button', { name: named('确定') }).click();
    await toast(page, '该用户是其他用户的直属主管，请先移交工作');
    await row(page, 'lisi').waitFor();
    await screenshot(page, 'users-delete-refused');
  });
});

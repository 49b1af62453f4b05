// A new administrator's first hour on a fresh installation (issue 25), only through the
// screens, as the README tells it: sign in and change the initial password, create the first
// company and a department in it, a user of that department (the initial password shown
// once), then a form in 功能设计 built by dragging, released under 系统管理, found in the side
// menu and used to save a record. The API is read only to check what the screens did.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  active,
  api,
  choose,
  dialog,
  drag,
  firstSignIn,
  launch,
  motionless,
  named,
  openPage,
  openReleased,
  pick,
  releaseUnder,
  row,
  storySteps,
  toast,
} from '../support.mjs';

const PASSWORD = 'Qiming2024';

let browser;
let page;
let modelId;
const step = storySteps(it, () => ({ page, problems: browser.problems }));

describe('a new administrator sets up the hospital and its first form in real Chromium', () => {
  before(async () => {
    browser = await launch();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  after(async () => {
    await browser?.close();
  });

  step('signs in on the fresh installation and changes the initial password', async () => {
    await firstSignIn(page, PASSWORD);
  });

  step('creates the first company under 顶级节点 and a department in it', async () => {
    await openPage(page, '组织权限', '组织管理', 'permission/organize', '.qm-organize-page .ant-table');
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
    await row(page, '启明医院').waitFor();

    await active(page).getByRole('button', { name: /新\s*建/ }).click();
    await page.getByRole('menuitem', { name: '新建部门' }).click();
    form = dialog(page, '新建部门');
    await form.waitFor();
    await pick(form, '所属组织', '选择组织', ['启明医院']);
    await form.getByLabel('部门名称').fill('门诊部');
    await form.getByLabel('部门编码').fill('mzb');
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '新建成功');
    await form.waitFor({ state: 'hidden' });
    await row(page, '门诊部').waitFor();
  });

  step('creates a user of the department; the initial password is shown once', async () => {
    await openPage(page, '组织权限', '用户管理', 'permission/user', '.qm-user-page .ant-table');
    await active(page).getByRole('button', { name: /新\s*建/ }).click();
    const form = dialog(page, '新建用户');
    await form.waitFor();
    await motionless(page);
    await form.getByLabel('账户').fill('wangwu');
    await form.getByLabel('姓名').fill('王五');
    await choose(form, '性别', '女');
    await pick(form, '所属组织', '选择组织', ['门诊部']);
    await form.getByRole('button', { name: named('确定') }).click();
    const shown = dialog(page, '初始密码');
    await shown.waitFor();
    await shown.getByText('用户「wangwu」已创建，初始密码为：').waitFor();
    const initial = (await shown.locator('.qm-initial-password').innerText()).trim();
    assert.ok(initial.length >= 6, `an initial password is shown: ${initial}`);
    await shown.getByRole('button', { name: '我知道了' }).click();
    await shown.waitFor({ state: 'hidden' });
    await row(page, 'wangwu').getByText('启明医院/门诊部').waitFor();
  });

  const designer = () => page.locator('.qm-designer');


  step('builds a form in 功能设计 by dragging a text input onto the canvas, and saves it', async () => {
    await openPage(page, '系统管理', '功能设计', 'onlineDev/webDesign', '.qm-model-page .ant-table');
    await active(page).locator('button').filter({ hasText: /^\s*新\s*建\s*$/ }).click();
    await designer().waitFor();
    await motionless(page);
    await page.locator('#designer-fullName').fill('门诊登记');
    await page.locator('#designer-enCode').fill('outpatientRegister');
    await drag(page, designer().locator('.qm-designer-palette [data-widget="comInput"]'), designer().locator('.qm-designer-canvas'));
    const input = designer().locator('.qm-designer-canvas [data-widget="comInput"]');
    await input.waitFor();
    await input.click();
    await designer().locator('.qm-designer-props [aria-label="控件标题"]').fill('患者姓名');
    await input.getByText('患者姓名').waitFor();
    await page.locator('.qm-designer-dialog').getByRole('button', { name: named('保存') }).click();
    await designer().waitFor({ state: 'detached' });
    await row(page, '门诊登记').first().waitFor();
    const list = await api(page, 'GET', '/api/visualdev/Base?currentPage=1&pageSize=50&keyword=门诊登记');
    modelId = list.list[0].id;
  });

  step('releases it under 系统管理 without designing a list (the list made from the form)', async () => {
    await releaseUnder(page, '门诊登记', '系统管理');
  });

  step('finds 门诊登记 in the side menu after a reload and saves a record through it', async () => {
    const records = await openReleased(page, '系统管理', '门诊登记', 'model/outpatientRegister');
    await records.locator('.ant-table-thead').getByText('患者姓名').waitFor();
    await records.locator('button').filter({ hasText: /^新\s*增$/ }).click();
    const popup = page.locator('.qm-engine-general, .qm-engine-fullscreen').filter({ visible: true });
    await popup.locator('input').first().fill('赵六');
    await popup.locator('.ant-modal-footer .ant-btn-primary:not(.ant-btn-loading)').filter({ hasText: /^确\s*定$/ }).click();
    await popup.waitFor({ state: 'hidden' });
    await records.locator('.ant-table-row').filter({ hasText: '赵六' }).waitFor();
    const saved = await api(page, 'POST', `/api/visualdev/OnlineDev/${modelId}/List`, { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '' });
    assert.equal(saved.list.length, 1);
  });
});

// The administrator models a hospital, as a new customer would on a fresh install: a company,
// a department in it, a position in the department, a role for it and a group — each through
// its page's form dialog, checked by the rules core before anything is sent and by the server
// after — then edits one, toggles a role off, and finds that an organisation with children
// cannot be deleted (the server says why). Checklist IDs name what each step proves.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  active,
  choose,
  dialog,
  firstSignIn,
  item,
  launch,
  named,
  openPage as openFromMenu,
  pick,
  row,
  screenshot,
  settledWidth,
  tableLayoutProblems,
  storySteps,
  toast,
} from '../support.mjs';

const PASSWORD = 'Qiming2024';

let browser;
let page;

const step = storySteps(it, () => ({ page, problems: browser.problems }));

/** Each page's root class, to know it is the one shown. */
const PAGE_CLASS = {
  'permission/organize': 'qm-organize-page',
  'permission/position': 'qm-position-page',
  'permission/role': 'qm-role-page',
  'permission/group': 'qm-group-page',
};

/** Opens a page from the side menu (组织权限 → name) and waits until it shows its list. */
const openPage = (name, path) => openFromMenu(page, '组织权限', name, path, `.${PAGE_CLASS[path]} .ant-table`);

describe('the administrator models a hospital in real Chromium', () => {
  before(async () => {
    browser = await launch();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  after(async () => {
    await browser?.close();
  });

  step('signs in on a fresh install and changes the initial password', async () => {
    await firstSignIn(page, PASSWORD);
  });

  step('creates a company: the core checks the form before any request, 顶级节点 as its parent (ORG-002, ORG-019, WGT-001, WGT-015)', async () => {
    await openPage('组织管理', 'permission/organize');
    await active(page).getByRole('button', { name: /新\s*建/ }).click();
    await page.getByRole('menuitem', { name: '新建公司' }).click();
    const form = dialog(page, '新建公司');
    await form.waitFor();
    let posted = false;
    const watch = (r) => r.method() === 'POST' && r.url().includes('/api/permission/Organize') && (posted = true);
    page.on('request', watch);
    await form.getByRole('button', { name: named('确定') }).click();
    await form.getByText('上级公司不能为空').waitFor();
    await form.getByText('请输入公司名称').waitFor();
    await form.getByText('请输入公司编码').waitFor();
    await form.getByLabel('公司编码').fill('.qm');
    await form.getByText('公司编码只能输入英文、数字和小数点且小数点不能放在首尾').waitFor();
    page.off('request', watch);
    assert.equal(posted, false, 'nothing is sent while the core refuses the form');

    // The organisation picker: 800px, 已选 with 清空列表, not closed by a click outside.
    await item(form, '上级公司').locator('.qm-picker').click();
    const picker = dialog(page, '选择组织');
    await picker.waitFor();
    assert.equal(await settledWidth(page, page.locator('.ant-modal.qm-picker-dialog')), 800);
    await picker.getByText('已选').waitFor();
    await picker.getByRole('button', { name: '清空列表' }).waitFor();
    await page.mouse.click(20, 20); // outside the dialog
    await picker.waitFor();
    await picker.locator('.ant-tree-title', { hasText: /^顶级节点$/ }).click();
    await picker.getByRole('button', { name: named('确定') }).click();
    await picker.waitFor({ state: 'hidden' });
    await item(form, '上级公司').getByText('顶级节点').filter({ visible: true }).waitFor();

    await form.getByLabel('公司名称').fill('启明医院');
    await form.getByLabel('公司编码').fill('qmyy');
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '新建成功');
    await form.waitFor({ state: 'hidden' });
    await row(page, '启明医院').waitFor();
    await screenshot(page, 'organize-company');
  });

  step("creates a department in it; a duplicate code is refused by the server under the field (ORG-020)", async () => {
    for (const [name, code] of [
      ['外科', 'wk'],
      ['内科', 'wk'],
    ]) {
      await active(page).getByRole('button', { name: /新\s*建/ }).click();
      await page.getByRole('menuitem', { name: '新建部门' }).click();
      const form = dialog(page, '新建部门');
      await form.waitFor();
      await pick(form, '所属组织', '选择组织', ['启明医院']);
      await form.getByLabel('部门名称').fill(name);
      await form.getByLabel('部门编码').fill(code);
      await form.getByRole('button', { name: named('确定') }).click();
      if (name === '外科') {
        await toast(page, '新建成功');
        await form.waitFor({ state: 'hidden' });
      } else {
        // The server's per-field message stands under the code; what was typed stays.
        await item(form, '部门编码').locator('.ant-form-item-explain').getByText('编码已存在').waitFor();
        assert.equal(await form.getByLabel('部门名称').inputValue(), '内科');
        await form.getByRole('button', { name: named('取消') }).click();
        await form.waitFor({ state: 'hidden' });
      }
    }
    await row(page, '外科').waitFor();
    assert.equal(await row(page, '内科').count(), 0);
  });

  step('creates a position in the department, chosen on the left tree (ROLE-010)', async () => {
    await openPage('岗位管理', 'permission/position');
    await active(page).locator('.qm-organize-tree .ant-tree-title', { hasText: /^外科$/ }).click();
    await active(page).getByRole('button', { name: /新\s*建/ }).click();
    const form = dialog(page, '新建岗位');
    await form.waitFor();
    await item(form, '所属组织').getByText('启明医院/外科').filter({ visible: true }).waitFor(); // the chosen node
    await form.getByLabel('岗位名称').fill('主治医师');
    await form.getByLabel('岗位编码').fill('zzys-1');
    await form.getByText('岗位编码只能是数字、英文').waitFor();
    await form.getByLabel('岗位编码').fill('zzys');
    await choose(form, '岗位类型', '专业技术岗位');
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '新建成功');
    await row(page, '主治医师').getByText('专业技术岗位').waitFor();
    await row(page, '主治医师').getByText('启明医院/外科').waitFor();
  });

  step('at 1440 px the position list reads whole: 所属组织 not squeezed, the 状态 switch beside the fixed 操作 column, no header cut (issue 25)', async () => {
    assert.deepEqual(await tableLayoutProblems(active(page).locator('.ant-table').first()), []);
  });

  step('creates an organisation role: its organisations are asked for only while the type is 组织 (ROLE-011)', async () => {
    await openPage('角色管理', 'permission/role');
    await active(page).getByRole('button', { name: /新\s*建/ }).click();
    const form = dialog(page, '新建角色');
    await form.waitFor();
    await form.getByLabel('角色名称').fill('外科医生');
    await form.getByLabel('角色编码').fill('wkys');
    await form.getByRole('button', { name: named('确定') }).click();
    await form.getByText('请选择所属组织').waitFor();
    await form.getByRole('radio', { name: '全局' }).check();
    await item(form, '所属组织').waitFor({ state: 'detached' });
    await form.getByRole('radio', { name: '组织' }).check();
    await pick(form, '所属组织', '选择组织', ['外科']);
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '新建成功');
    await row(page, '外科医生').getByText('组织', { exact: true }).waitFor();
    await row(page, '外科医生').getByText('启明医院/外科').waitFor();
  });

  step('creates a group and renames it (ROLE-009)', async () => {
    await openPage('分组管理', 'permission/group');
    await active(page).getByRole('button', { name: /新\s*建/ }).click();
    let form = dialog(page, '新建分组');
    await form.waitFor();
    await form.getByLabel('分组名称').fill('夜班组');
    await form.getByLabel('分组编码').fill('night');
    await choose(form, '分组类型', '值班组');
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '新建成功');
    await row(page, '夜班组').getByText('值班组').waitFor();

    await row(page, '夜班组').getByRole('button', { name: '编辑 夜班组' }).click();
    form = dialog(page, '编辑分组');
    await form.waitFor();
    await page.waitForFunction(() => document.querySelector('.qm-group-form input#group_fullName')?.value === '夜班组');
    await form.getByLabel('分组名称').fill('夜班一组');
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '更新成功');
    await row(page, '夜班一组').waitFor();
  });

  step('searches a list by keyword on Enter, resets, offers 20/50/100/500 per page', async () => {
    const search = active(page).getByRole('searchbox', { name: '关键词' });
    const asked = page.waitForRequest((r) => r.url().includes('/api/permission/Group?') && new URL(r.url()).searchParams.get('keyword') === '不存在');
    await search.fill('不存在');
    await search.press('Enter');
    await asked;
    await active(page).locator('.ant-table .ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await active(page).getByRole('button', { name: named('重置') }).click();
    await row(page, '夜班一组').waitFor();
    await active(page).locator('.ant-pagination-options .ant-select').click();
    for (const size of ['20 条/页', '50 条/页', '100 条/页', '500 条/页']) await page.locator('.ant-select-item-option', { hasText: size }).waitFor();
    await page.keyboard.press('Escape');
  });

  step('turns the role off after confirmation (ROLE-004, CONST-002)', async () => {
    await openPage('角色管理', 'permission/role');
    const state = row(page, '外科医生').getByRole('switch');
    assert.equal(await state.getAttribute('aria-checked'), 'true');
    await state.click();
    await page.getByText('您确定要禁用当前角色, 是否继续?').waitFor();
    await page.getByRole('button', { name: named('确定') }).click();
    await page.locator('.ant-message').getByText(/成功/).first().waitFor();
    await page.waitForFunction(() => {
      const r = [...document.querySelectorAll('.ant-table-row')].find((el) => el.textContent.includes('外科医生'));
      return r?.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false';
    });
  });

  step('cannot delete an organisation with children: the server says why (ORG-019, CONST-003)', async () => {
    await openPage('组织管理', 'permission/organize');
    await row(page, '启明医院').first().getByRole('button', { name: '删除 启明医院' }).click();
    await page.getByText('此操作将永久删除该数据, 是否继续?').waitFor();
    // The error toast lives 1.5 s: watch for it (and for the server's answer) before the click,
    // so a slow machine cannot miss it between the click and the wait.
    const refused = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/permission/Organize/'));
    const toast = page.locator('.ant-message').getByText('该组织下有下级组织，不能删除').waitFor();
    await page.getByRole('button', { name: named('确定') }).click();
    assert.notEqual((await (await refused).json()).code, 200);
    await toast;
    await row(page, '启明医院').first().waitFor();
    await row(page, '外科').waitFor();
    await screenshot(page, 'organize-refused');
  });
});

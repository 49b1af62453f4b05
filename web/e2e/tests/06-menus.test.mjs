// The administrator shapes the back office's menu on a fresh install, as a new customer would,
// on 系统管理 → 系统菜单: an application created (the rules core refusing the empty form before
// anything is sent), switched off and deleted after confirmation; then, in the main
// application, a directory and a page menu under it — the page's address asked for by the core
// beside the field —, the page's buttons added with the quick-add of the standard buttons, the
// new menu in the side menu once CurrentUser is asked again (a reload), its buttons in the
// permission list; a data-permission scheme refused by the core where its condition is
// incomplete, then saved; the page switched off (gone from the side menu) and the menus
// deleted after confirmation, the directory only once nothing hangs below it (the server says
// why). Checklist IDs name what each step proves.
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ADMIN_PASSWORD, ARTIFACTS, BASE, helpers, launch, screenshot, storySteps } from '../support.mjs';

const PASSWORD = 'Qiming2024';
/** The seed's main application (fixtures/seed/systems.json). */
const MAIN_SYSTEM = '100000000000000001';

let browser;
let page;
let h;

const step = storySteps(it, () => ({ page, problems: browser.problems }));

/** 新建, after its plus icon. */
const ADD = /^(plus\s*)?新\s*建$/;
/** 导入, after its upload icon. */
const IMPORT = /^(upload\s*)?导\s*入$/;

/** The side menu. */
const sidebar = () => page.locator('.qm-sidebar, .ant-layout-sider').first();

/** A row of the shown table whose first cell is `text` (a tree row's cell holds its expander too). */
function row(text, scope = h.active()) {
  return scope.locator('.ant-table-row').filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^\\s*${text}\\s*$`) }) });
}

/** The state switch of a row, once it shows `checked`. */
async function switchShows(text, checked) {
  await page.waitForFunction(
    ([name, on]) => document.querySelector(`.qm-page[data-path="${location.pathname}"]:not([hidden]) [role="switch"][aria-label="${name} 状态"]`)?.getAttribute('aria-checked') === String(on),
    [text, checked],
  );
}

/** Types part of an icon class into the icon field and picks the offered class. */
async function pickIcon(form, label, part) {
  await form.getByLabel(label).fill(part);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: part }).first().click();
}

/**
 * A copy of an exported .bm file that clashes with nothing: every id, code and parent id (but
 * the top's) and every menu name with `suffix` (a data-permission scheme's condition names its
 * fields by id, in JSON text); a page's address ends in '-copy' (two pages at one address would
 * share the route).
 */
function renamed(file, suffix) {
  const walk = (v) => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      if ((k === 'id' || k === 'enCode') && typeof x === 'string') out[k] = `${x}${suffix}`;
      else if (k === 'parentId' && typeof x === 'string' && x !== '-1') out[k] = `${x}${suffix}`;
      else if (k === 'conditionJson' && typeof x === 'string' && x) out[k] = JSON.stringify(walk(JSON.parse(x)));
      else out[k] = walk(x);
    }
    return out;
  };
  const copy = walk(file);
  const names = (node) => {
    node.moduleEntity.fullName = `${node.moduleEntity.fullName}${suffix}`;
    if (node.moduleEntity.urlAddress) node.moduleEntity.urlAddress = `${node.moduleEntity.urlAddress}-copy`;
    (node.children ?? []).forEach(names);
  };
  names(copy);
  return copy;
}

/** Opens the permission item `name` of the menu row `menu` (its 更多). */
async function openItem(menu, name) {
  await h.active().getByRole('button', { name: `更多 ${menu}` }).click();
  await page.getByRole('menuitem', { name }).click();
}

describe('the administrator shapes the menu in real Chromium', () => {
  before(async () => {
    browser = await launch();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    h = helpers(page);
  });
  after(async () => {
    await browser?.close();
  });

  step('signs in on a fresh install and changes the initial password', async () => {
    await page.goto(`${BASE}/login`);
    await h.signIn('admin', ADMIN_PASSWORD);
    await h.changeInitialPassword(ADMIN_PASSWORD, PASSWORD);
    await h.signIn('admin', PASSWORD);
    await page.waitForURL(`${BASE}/home`);
  });

  step('opens 系统菜单 from the side menu: the applications, the main one without 删除 and without a state switch', async () => {
    await h.openPage('系统管理', '系统菜单', 'system/menu', '.qm-menu-page .ant-table-row');
    await row('启明').waitFor();
    assert.equal(await row('启明').getByRole('button', { name: '删除 启明' }).count(), 0);
    assert.equal(await row('启明').getByRole('switch').count(), 0);
    await row('启明').getByText('启用').waitFor();
  });

  step('creates an application: the core refuses the empty form before any request; then it is listed (CONST-002 when switched off)', async () => {
    await h.active().getByRole('button', { name: ADD }).click();
    const form = h.dialog('新建应用');
    await form.waitFor();
    await h.motionless();
    const posted = await h.requestsDuring('POST', '/api/system/System', async () => {
      await form.getByRole('button', { name: h.named('确定') }).click();
      await h.explain(form, '应用名称').getByText('应用不能为空').waitFor();
      await h.explain(form, '应用编码').getByText('应用编码不能为空').waitFor();
      await h.explain(form, '应用图标').getByText('应用图标不能为空').waitFor();
    });
    assert.deepEqual(posted, [], 'nothing is sent while the core refuses the form');
    await form.getByLabel('应用名称').fill('移动查房');
    await form.getByLabel('应用编码').fill('rounds');
    await pickIcon(form, '应用图标', 'nav-home');
    await form.getByRole('button', { name: h.named('确定') }).click();
    await h.toast('新建成功');
    await form.waitFor({ state: 'hidden' });
    await row('移动查房').waitFor();

    await row('移动查房').getByRole('switch').click();
    await h.confirmWith('您确定要禁用当前应用, 是否继续?');
    await switchShows('移动查房', false);
  });

  step('deletes the application after confirmation (CONST-003)', async () => {
    await row('移动查房').getByRole('button', { name: '删除 移动查房' }).click();
    await h.confirmWith('此操作将永久删除该数据, 是否继续?');
    await h.toast('删除成功');
    await row('移动查房').waitFor({ state: 'detached' });
  });

  step("opens the main application's menus: Web and App tabs, the seed's directories, the keyword on Enter", async () => {
    await row('启明').getByRole('button', { name: '菜单管理 启明' }).click();
    await h.active().getByText('启明的菜单管理').waitFor();
    await h.active().getByRole('tab', { name: 'Web菜单' }).waitFor();
    await h.active().getByRole('tab', { name: 'App菜单' }).waitFor();
    await row('系统管理').waitFor();
    await row('系统菜单').waitFor();
    // The keyword on Enter keeps the matches with their ancestors.
    const search = h.active().getByRole('searchbox', { name: '关键词' });
    await search.fill('系统菜单');
    await search.press('Enter');
    await row('组织权限').waitFor({ state: 'detached' });
    await row('系统菜单').waitFor();
    await h.active().getByRole('button', { name: h.named('重置') }).click();
    await row('组织权限').waitFor();
  });

  step('adds a directory at the top: the core checks the menu form before any request', async () => {
    await h.active().getByRole('button', { name: ADD }).click();
    const form = h.dialog('新建菜单');
    await form.waitFor();
    await h.motionless();
    const posted = await h.requestsDuring('POST', '/api/system/Menu', async () => {
      await form.getByRole('button', { name: h.named('确定') }).click();
      await h.explain(form, '上级').getByText('上级菜单不能为空').waitFor();
      await h.explain(form, '菜单名称').getByText('菜单名称不能为空').waitFor();
      await h.explain(form, '菜单类型').getByText('请选择菜单类型').waitFor();
    });
    assert.deepEqual(posted, []);
    await h.chooseNode(form, '上级', '顶级节点');
    await form.getByLabel('菜单名称').fill('病区管理');
    await form.getByLabel('菜单编码').fill('ward');
    await pickIcon(form, '菜单图标', 'tree-organization3');
    await h.choose(form, '菜单类型', '目录');
    await form.getByLabel('排序').fill('90');
    await form.getByRole('button', { name: h.named('确定') }).click();
    await h.toast('新建成功');
    await form.waitFor({ state: 'hidden' });
    await row('病区管理').getByText('目录').waitFor();
  });

  step('adds a page under it with 新建子级: the address is asked for beside its field, then the page is listed under the directory', async () => {
    await openItem('病区管理', '新建子级');
    const form = h.dialog('新建菜单');
    await form.waitFor();
    await h.motionless();
    await h.item(form, '上级').getByText('病区管理').filter({ visible: true }).waitFor();
    await form.getByLabel('菜单名称').fill('床位管理');
    await form.getByLabel('菜单编码').fill('ward.beds');
    await pickIcon(form, '菜单图标', 'systemMenu');
    await h.choose(form, '菜单类型', '页面');
    // 页面 starts with its four permission items on.
    for (const name of ['按钮权限', '列表权限', '表单权限', '数据权限']) assert.equal(await form.getByRole('checkbox', { name }).isChecked(), true, name);
    const posted = await h.requestsDuring('POST', '/api/system/Menu', async () => {
      await form.getByRole('button', { name: h.named('确定') }).click();
      await h.explain(form, '地址').getByText('地址不能为空').waitFor();
    });
    assert.deepEqual(posted, [], 'the core refused the page without its address');
    await form.getByLabel('地址').fill('ward/beds');
    await h.explain(form, '地址').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: h.named('确定') }).click();
    await h.toast('新建成功');
    await form.waitFor({ state: 'hidden' });
    await row('床位管理').getByText('ward/beds').waitFor();
    await row('床位管理').getByText('页面').waitFor();
    await screenshot(page, 'menus-tree');
  });

  step('adds the page\'s buttons with the quick-add of the standard buttons btn_add, btn_edit, btn_remove (PERM-010, PERM-012)', async () => {
    await openItem('床位管理', '按钮权限');
    const drawer = page.locator('.qm-button-drawer').filter({ visible: true });
    await drawer.getByText('按钮权限 - 床位管理').waitFor();
    await drawer.locator('.ant-empty').waitFor();
    for (const [name, code] of [
      ['新增', 'btn_add'],
      ['编辑', 'btn_edit'],
      ['删除', 'btn_remove'],
    ]) {
      await drawer.getByRole('button', { name: /常用按钮/ }).click();
      await page.getByRole('menuitem', { name: `${name} (${code})` }).click();
      await row(name, drawer).getByText(code).waitFor();
    }
    // One the page has is offered no more.
    await drawer.getByRole('button', { name: /常用按钮/ }).click();
    assert.equal(await page.getByRole('menuitem', { name: '新增 (btn_add)' }).getAttribute('aria-disabled'), 'true');
    await screenshot(page, 'menus-buttons');
    await page.keyboard.press('Escape');
    await page.locator('.ant-dropdown:visible').waitFor({ state: 'hidden' });
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  step('a data-permission scheme: the core names the incomplete condition beside its controls, then it is saved (PERM-012)', async () => {
    await openItem('床位管理', '数据权限');
    const drawer = page.locator('.qm-data-drawer').filter({ visible: true });
    await drawer.getByText('数据权限 - 床位管理').waitFor();
    await drawer.getByRole('button', { name: '新建字段' }).click();
    let form = h.dialog('新建字段');
    await form.waitFor();
    await h.motionless();
    await form.getByLabel('字段名称').fill('creatorUserId');
    await form.getByLabel('字段说明').fill('创建人');
    await h.choose(form, '字段类型', '字符串');
    await h.item(form, '条件符号').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^等于$/ }).click();
    // A multiple select stays open after a choice: closed, as a person closes it, before the next field.
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await h.choose(form, '条件内容', '当前用户');
    await form.getByRole('button', { name: h.named('确定') }).click();
    await h.toast('新建成功');
    await form.waitFor({ state: 'hidden' });
    await row('creatorUserId', drawer).getByText('当前用户').waitFor();

    await drawer.getByRole('tab', { name: '方案管理' }).click();
    await drawer.getByRole('button', { name: '新建方案' }).click();
    form = h.dialog('新建方案');
    await form.waitFor();
    await h.motionless();
    await form.getByLabel('方案编码').fill('own');
    await form.getByLabel('方案名称').fill('本人创建');
    const posted = await h.requestsDuring('POST', '/api/system/ModuleDataAuthorizeScheme', async () => {
      await form.getByRole('button', { name: h.named('确定') }).click();
      await form.locator('.qm-condition-problem', { hasText: '请选择字段' }).waitFor();
      await form.locator('.qm-condition-problem', { hasText: '请选择条件符号' }).waitFor();
    });
    assert.deepEqual(posted, []);
    await form.getByLabel('条件组1第1条的字段').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^创建人$/ }).click();
    await form.getByLabel('条件组1第1条的符号').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^等于$/ }).click();
    assert.equal(await form.getByLabel('条件组1第1条的值').inputValue(), '当前用户');
    await form.locator('.qm-condition-problem').first().waitFor({ state: 'detached' });
    await form.getByRole('button', { name: h.named('确定') }).click();
    await h.toast('新建成功');
    await form.waitFor({ state: 'hidden' });
    await row('本人创建', drawer).getByText('【创建人】【等于】【当前用户】').waitFor();
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  let exported;

  step('exports the directory with its page and their items to a .bm file after confirmation: the server answers a download url, the file is fetched', async () => {
    const answered = page.waitForResponse((r) => r.url().includes('/Action/Export') && r.request().method() === 'GET');
    await row('病区管理').getByRole('button', { name: '导出 病区管理' }).click();
    const download = page.waitForEvent('download');
    await h.confirmWith('您确定要导出该菜单, 是否继续?');
    const url = (await (await answered).json()).data.url;
    assert.ok(typeof url === 'string' && url.length > 0, 'a download url');
    const file = await download;
    assert.match(file.suggestedFilename(), /\.bm$/);
    exported = join(ARTIFACTS, file.suggestedFilename());
    await file.saveAs(exported);
    assert.ok(statSync(exported).size > 0, 'the file is not empty');
    const content = JSON.parse(readFileSync(exported, 'utf8'));
    assert.equal(content.moduleEntity.enCode, 'ward');
    assert.deepEqual(content.children.map((c) => c.moduleEntity.enCode), ['ward.beds']);
    assert.deepEqual(content.children[0].buttonEntityList.map((b) => b.enCode).sort(), ['btn_add', 'btn_edit', 'btn_remove']);
  });

  step('imports a copy of it under another directory (系统管理): it appears there in the tree, its page below it', async () => {
    const copy = join(ARTIFACTS, 'ward-copy.bm');
    writeFileSync(copy, JSON.stringify(renamed(JSON.parse(readFileSync(exported, 'utf8')), '副本')));
    await h.active().getByRole('button', { name: IMPORT }).click();
    const dialog = h.dialog('导入菜单');
    await dialog.waitFor();
    await h.motionless();
    await h.item(dialog, '上级').getByText('顶级节点').waitFor();
    assert.equal(await dialog.getByLabel('菜单分类').inputValue(), 'Web菜单');
    await h.chooseNode(dialog, '上级', '系统管理');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: '选择菜单文件导入' }).click();
    await (await chooser).setFiles(copy);
    await h.toast('导入成功');
    await dialog.waitFor({ state: 'hidden' });
    await row('病区管理副本').waitFor();
    await row('床位管理副本').waitFor();
    const tree = await h.api('GET', `/api/system/Menu/ModuleBySystem/${MAIN_SYSTEM}?keyword=${encodeURIComponent('副本')}&category=Web`);
    const system = tree.list.find((m) => m.fullName === '系统管理');
    assert.ok(system, 'under 系统管理');
    const placed = system.children.find((m) => m.fullName === '病区管理副本');
    assert.deepEqual(placed.children.map((m) => m.fullName), ['床位管理副本']);
  });

  step("a file that is no menu export is refused whole, the server's message in the dialog; nothing changes", async () => {
    const before = await h.api('GET', `/api/system/Menu/ModuleBySystem/${MAIN_SYSTEM}?keyword=&category=Web`);
    await h.active().getByRole('button', { name: IMPORT }).click();
    const dialog = h.dialog('导入菜单');
    await dialog.waitFor();
    await h.motionless();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: '选择菜单文件导入' }).click();
    await (await chooser).setFiles({ name: 'broken.bm', mimeType: 'application/octet-stream', buffer: Buffer.from('not a menu') });
    await dialog.getByRole('alert').getByText(/文件内容不是菜单数据/).waitFor();
    await page.locator('.ant-message').getByText(/文件内容不是菜单数据/).first().waitFor();
    await screenshot(page, 'menus-import-refused');
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
    const after = await h.api('GET', `/api/system/Menu/ModuleBySystem/${MAIN_SYSTEM}?keyword=&category=Web`);
    assert.deepEqual(after, before);
  });

  step('after a reload (CurrentUser asked again) the side menu shows the page under its directory, with its buttons granted (PERM-001, PERM-005, ROUTE-010)', async () => {
    await page.reload();
    await sidebar().getByText('病区管理', { exact: true }).click();
    await sidebar().getByText('床位管理', { exact: true }).click();
    await page.waitForURL(`${BASE}/ward/beds`);
    await h.active().getByText('「床位管理」即将推出').waitFor();
    const found = await h.api('GET', `/api/system/Menu/ModuleBySystem/${MAIN_SYSTEM}?keyword=${encodeURIComponent('床位管理')}&category=Web`);
    const beds = found.list.flatMap((m) => m.children).find((m) => m.fullName === '床位管理');
    const user = await h.api('GET', '/api/oauth/CurrentUser');
    const entry = user.permissionList.find((p) => p.modelId === beds.id);
    assert.ok(entry, 'the page has its permission entry');
    assert.deepEqual(entry.button.map((b) => b.enCode).sort(), ['btn_add', 'btn_edit', 'btn_remove']);
    await screenshot(page, 'menus-side-menu');
  });

  step('switches the page off after confirmation: after a reload it has left the side menu, its emptied directory too (CONST-002, PERM-001)', async () => {
    await h.openPage('系统管理', '系统菜单', 'system/menu', '.qm-menu-page .ant-table-row');
    await row('启明').getByRole('button', { name: '菜单管理 启明' }).click();
    await row('床位管理').waitFor();
    await row('床位管理').getByRole('switch').click();
    await h.confirmWith('您确定要禁用当前菜单, 是否继续?');
    await switchShows('床位管理', false);
    await page.reload();
    await sidebar().getByText('系统菜单', { exact: true }).waitFor();
    // The page has gone, and with it the directory, which has nothing left to open.
    assert.equal(await sidebar().getByText('床位管理', { exact: true }).count(), 0);
    assert.equal(await sidebar().getByText('病区管理', { exact: true }).count(), 0);
  });

  step('deletes after confirmation: the directory is refused while the page hangs below it, then both go (CONST-003)', async () => {
    // The reload showed the applications again.
    await row('启明').getByRole('button', { name: '菜单管理 启明' }).click();
    await row('病区管理').waitFor();
    await row('病区管理').getByRole('button', { name: '删除 病区管理' }).click();
    await h.confirmWith('此操作将永久删除该数据, 是否继续?');
    await page.locator('.ant-message').getByText('该菜单下有子菜单，不能删除').waitFor();
    await row('床位管理').getByRole('button', { name: '删除 床位管理' }).click();
    await h.confirmWith('此操作将永久删除该数据, 是否继续?');
    await h.toast('删除成功');
    await row('床位管理').waitFor({ state: 'detached' });
    await row('病区管理').getByRole('button', { name: '删除 病区管理' }).click();
    await h.confirmWith('此操作将永久删除该数据, 是否继续?');
    await row('病区管理').waitFor({ state: 'detached' });
  });
});

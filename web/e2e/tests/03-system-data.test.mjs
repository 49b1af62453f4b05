// The administrator keeps the hospital's system data, as a new customer would on a fresh
// install: a dictionary category for the clinical departments with its entries (a tree), an
// entry switched off after confirmation, the category exported to a .bdd file and taken back
// from it; then a serial-number rule for outpatient bills whose example follows what is typed.
// Every form is checked by the rules core before anything is sent and by the server after.
// Checklist IDs name what each step proves.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { active, ARTIFACTS, chooseNode, dialog, explain, firstSignIn, installationToday, item, launch, named, openPage as openFromMenu, screenshot, settledWidth, storySteps, tableLayoutProblems, toast } from '../support.mjs';

const PASSWORD = 'Qiming2024';

let browser;
let page;
/** The .bdd file the export gave. */
let exported;

const step = storySteps(it, () => ({ page, problems: browser.problems }));

/** Opens a page from the side menu (group → name) and waits for its list. */
const openPage = (group, name, path, pageClass) => openFromMenu(page, group, name, path, `.${pageClass} .ant-table`);

/** Chooses an option of an antd select in a form item. */
async function choose(scope, label, option) {
  await item(scope, label).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** A row of the shown page's main table holding `text`. */
function row(text, scope = active(page)) {
  return scope.locator('.ant-table-row').filter({ hasText: text });
}

/** Confirms the open confirmation whose question is `question`. */
async function confirmWith(question) {
  const box = page.locator('.ant-modal-confirm').filter({ hasText: question }).filter({ visible: true });
  await box.waitFor();
  await box.getByRole('button', { name: named('确定') }).click();
  // Closed, not only fading out: the next confirmation must not meet this one.
  await page.waitForFunction(() => ![...document.querySelectorAll('.ant-modal-confirm')].some((el) => el.getClientRects().length > 0));
}

/** The state switch of a row, once it shows `checked`. */
async function switchState(text, checked) {
  await page.waitForFunction(
    ([t, c]) => {
      const r = [...document.querySelectorAll(`.qm-page[data-path="${location.pathname}"]:not([hidden]) .ant-table-row`)].find((el) => el.querySelector('td')?.textContent?.includes(t));
      return r?.querySelector('[role="switch"]')?.getAttribute('aria-checked') === String(c);
    },
    [text, checked],
  );
}

/** The left category tree of the dictionary page. */
const typeTree = () => active(page).locator('.qm-dictionary-types');
/** The category management drawer. */
const drawer = () => page.locator('.qm-dictionary-type-drawer').filter({ visible: true });

async function openTypeDrawer() {
  await typeTree().getByRole('button', { name: '更多操作' }).click();
  await page.getByRole('menuitem', { name: '分类管理' }).click();
  await drawer().waitFor();
}

async function closeTypeDrawer() {
  await drawer().locator('.ant-drawer-close').click();
  await drawer().waitFor({ state: 'hidden' });
}

describe('the administrator keeps dictionaries and serial-number rules in real Chromium', () => {
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

  step('opens 数据字典: the first category is chosen and takes no entries; the tree filters by keyword (DICT-002, DICT-004, DICT-011)', async () => {
    await openPage('系统数据', '数据字典', 'systemData/dictionary', 'qm-dictionary-page');
    // The first node of the tree is the chosen one.
    await typeTree().locator('.ant-tree-node-selected', { hasText: /^系统字典$/ }).waitFor();
    assert.equal((await typeTree().locator('.ant-tree-title').first().innerText()).trim(), '系统字典');
    assert.equal(await active(page).getByRole('button', { name: /新\s*建/ }).isDisabled(), true);
    // The categories below it are listed in the tree, and the keyword filters it (DICT-002).
    await typeTree().getByText('业务分类', { exact: true }).waitFor();
    await typeTree().getByLabel('输入关键字过滤').fill('岗位');
    await typeTree().getByText('岗位类型', { exact: true }).waitFor();
    assert.equal(await typeTree().getByText('业务分类', { exact: true }).count(), 0);
    await typeTree().getByLabel('输入关键字过滤').fill('');
    await screenshot(page, 'dictionary-page');
  });

  step('adds a tree category in the 700px category drawer; the core refuses the empty form first (DICT-013..015, DICT-020, DICT-022..024, DICT-026, DICT-027)', async () => {
    await openTypeDrawer();
    assert.equal(await settledWidth(page, drawer()), 700); // the drawer's own class is on its panel
    // The fixed categories have no actions; the others have 编辑, 删除 and 导出.
    const actions = /^(编辑|删除|导出) /;
    assert.equal(await row('系统字典', drawer()).getByRole('button', { name: actions }).count(), 0);
    assert.equal(await row('业务字典', drawer()).getByRole('button', { name: actions }).count(), 0);
    await row('业务分类', drawer()).getByRole('button', { name: '导出 业务分类' }).waitFor();

    await drawer().getByRole('button', { name: /新\s*建/ }).click();
    const form = dialog(page, '新建分类');
    await form.waitFor();
    assert.equal(await settledWidth(page, page.locator('.ant-modal.qm-dictionary-type-form')), 600);
    let posted = false;
    const watch = (r) => r.method() === 'POST' && r.url().includes('/api/system/DictionaryType') && (posted = true);
    page.on('request', watch);
    await form.getByRole('button', { name: named('确定') }).click();
    await explain(form, '上级').getByText('上级菜单不能为空').waitFor();
    await explain(form, '名称').getByText('请输入名称').waitFor();
    await explain(form, '编码').getByText('请输入编码').waitFor();
    await form.getByLabel('名称').fill('科室-类别');
    await explain(form, '名称').getByText('名称不能含有特殊符号').waitFor();
    await form.getByLabel('编码').fill('.dept');
    await explain(form, '编码').getByText('编码只能输入英文、数字和小数点且小数点不能放在首尾').waitFor();
    page.off('request', watch);
    assert.equal(posted, false, 'nothing is sent while the core refuses the form');

    await chooseNode(form, '上级', '业务字典');
    await form.getByLabel('名称').fill('科室类别');
    await form.getByLabel('编码').fill('deptCategory');
    await item(form, '树形').getByRole('switch').click();
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '新建成功');
    await form.waitFor({ state: 'hidden' });
    await row('科室类别', drawer()).getByText('是', { exact: true }).waitFor();
    await screenshot(page, 'dictionary-drawer');

    // Editing keeps 树形 locked.
    await row('科室类别', drawer()).getByRole('button', { name: '编辑 科室类别' }).click();
    const edit = dialog(page, '编辑分类');
    await edit.waitFor();
    await page.waitForFunction(() => document.querySelector('.qm-dictionary-type-form input#dictionaryType_fullName')?.value === '科室类别');
    assert.equal(await item(edit, '树形').getByRole('switch').isDisabled(), true);
    await edit.getByRole('button', { name: named('取消') }).click();
    await edit.waitFor({ state: 'hidden' });
    await closeTypeDrawer();
    // The left tree has the new category.
    await typeTree().getByText('科室类别', { exact: true }).waitFor();
  });

  step('adds entries to the category, one below another, in the 600px 新建字典 dialog (DICT-012, DICT-031, DICT-033, DICT-007, DICT-009)', async () => {
    await typeTree().getByText('科室类别', { exact: true }).click();
    const add = active(page).getByRole('button', { name: /新\s*建/ });
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll(`.qm-page[data-path="${location.pathname}"]:not([hidden]) .qm-dictionary-main button`)].find((x) => /新\s*建/.test(x.textContent));
      return b && !b.disabled;
    });
    await add.click();
    let form = dialog(page, '新建字典');
    await form.waitFor();
    assert.equal(await settledWidth(page, page.locator('.ant-modal.qm-dictionary-item-form')), 600);
    // A new entry starts at the top of the category, which is a tree: its parent may change.
    await item(form, '上级').getByText('科室类别').filter({ visible: true }).waitFor();
    await form.getByRole('button', { name: named('确定') }).click();
    await explain(form, '名称').getByText('请输入名称').waitFor();
    await explain(form, '编码').getByText('请输入编码').waitFor();
    await form.getByLabel('名称').fill('内科');
    await form.getByLabel('编码').fill('nk');
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '新建成功');
    await form.waitFor({ state: 'hidden' });
    await row('内科').waitFor();
    // One row without children: no expand/collapse toggle.
    assert.equal(await active(page).getByRole('button', { name: /展开全部|折叠全部/ }).count(), 0);

    await add.click();
    form = dialog(page, '新建字典');
    await form.waitFor();
    await chooseNode(form, '上级', '内科');
    await form.getByLabel('名称').fill('心内科');
    await form.getByLabel('编码').fill('xnk');
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '新建成功');
    await form.waitFor({ state: 'hidden' });
    await row('心内科').waitFor();
    // Every top row has children now: the toggle is offered and collapses the tree.
    await active(page).getByRole('button', { name: '折叠全部' }).click();
    await row('心内科').waitFor({ state: 'hidden' });
    await active(page).getByRole('button', { name: '展开全部' }).click();
    await row('心内科').waitFor();
    // Columns: name, code, sort, state, actions.
    const headers = await active(page).locator('.qm-dictionary-main .ant-table-thead th').allInnerTexts();
    assert.deepEqual(headers.map((h) => h.trim()).filter(Boolean), ['名称', '编码', '排序', '状态', '操作']);
    await screenshot(page, 'dictionary-items');
  });

  step('switches an entry off after confirmation and sees its state change (DICT-040)', async () => {
    await switchState('心内科', true);
    await row('心内科').getByRole('switch').click();
    await confirmWith('您确定要禁用当前字典, 是否继续?');
    await page.locator('.ant-message').getByText(/成功/).first().waitFor();
    await switchState('心内科', false);
  });

  step('searches the entries by keyword on Enter and resets (DICT-005, DICT-006)', async () => {
    const search = active(page).getByRole('searchbox', { name: '关键词' });
    const asked = page.waitForRequest((r) => r.url().includes('/api/system/DictionaryData/') && new URL(r.url()).searchParams.get('keyword') === '心');
    await search.fill('心');
    await search.press('Enter');
    await asked;
    await row('心内科').waitFor();
    await search.fill('不存在');
    await search.press('Enter');
    await active(page).locator('.ant-table .ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await active(page).getByRole('button', { name: named('重置') }).click();
    await row('内科').first().waitFor();
  });

  step('renames an entry in 编辑字典', async () => {
    await row('心内科').getByRole('button', { name: '编辑 心内科' }).click();
    const form = dialog(page, '编辑字典');
    await form.waitFor();
    await page.waitForFunction(() => document.querySelector('.qm-dictionary-item-form input#dictionaryData_fullName')?.value === '心内科');
    await form.getByLabel('名称').fill('心血管内科');
    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '更新成功');
    await row('心血管内科').waitFor();
  });

  step('exports the category to a .bdd file after confirmation; importing it again is refused with the server’s message (DICT-016..018)', async () => {
    await openTypeDrawer();
    await row('科室类别', drawer()).getByRole('button', { name: '导出 科室类别' }).click();
    const download = page.waitForEvent('download');
    await confirmWith('您确定要导出该字典分类, 是否继续?');
    const file = await download;
    assert.match(file.suggestedFilename(), /\.bdd$/);
    exported = join(ARTIFACTS, file.suggestedFilename());
    await file.saveAs(exported);
    const content = JSON.parse(readFileSync(exported, 'utf8'));
    assert.deepEqual(content.list.map((t) => t.enCode), ['deptCategory']);
    assert.deepEqual(content.modelList.map((i) => i.fullName).sort(), ['内科', '心血管内科']);

    // The same category exists: the server refuses the file whole and says why.
    const chooser = page.waitForEvent('filechooser');
    await drawer().getByRole('button', { name: /导\s*入/ }).click();
    await (await chooser).setFiles(exported);
    await page.locator('.ant-message').getByText('科室类别已存在，不能重复导入').first().waitFor();
    // Not a dictionary file at all.
    const bad = page.waitForEvent('filechooser');
    await drawer().getByRole('button', { name: /导\s*入/ }).click();
    await (await bad).setFiles({ name: 'broken.bdd', mimeType: 'application/octet-stream', buffer: Buffer.from('not a dictionary') });
    await page.locator('.ant-message').getByText(/文件内容不是字典数据/).first().waitFor();
  });

  step('cannot delete a category that holds entries; deletes them and it, then takes it all back from the file (DICT-018, CONST-003)', async () => {
    await row('科室类别', drawer()).getByRole('button', { name: '删除 科室类别' }).click();
    await confirmWith('此操作将永久删除该数据, 是否继续?');
    await page.locator('.ant-message').getByText('该分类下有字典数据，不能删除').first().waitFor();
    await closeTypeDrawer();

    for (const name of ['心血管内科', '内科']) {
      await row(name).getByRole('button', { name: `删除 ${name}` }).click();
      await confirmWith('此操作将永久删除该数据, 是否继续?');
      await row(name).waitFor({ state: 'detached' });
    }
    await openTypeDrawer();
    await row('科室类别', drawer()).getByRole('button', { name: '删除 科室类别' }).click();
    await confirmWith('此操作将永久删除该数据, 是否继续?');
    await row('科室类别', drawer()).waitFor({ state: 'detached' });

    const chooser = page.waitForEvent('filechooser');
    await drawer().getByRole('button', { name: /导\s*入/ }).click();
    await (await chooser).setFiles(exported);
    await page.locator('.ant-message').getByText(/导入成功|成功/).first().waitFor();
    await row('科室类别', drawer()).waitFor();
    await closeTypeDrawer();
    await typeTree().getByText('科室类别', { exact: true }).click();
    await row('心血管内科').waitFor();
    await switchState('心血管内科', false); // as it was exported
  });

  step('creates a serial-number rule watching its example follow prefix, digits and start (BILL-001, BILL-004, BILL-005, BILL-008, BILL-010, BILL-012..021)', async () => {
    await openPage('系统管理', '单据规则', 'system/billRule', 'qm-bill-rule-page');
    // Issue 25: at 1440 px no header of the list is cut.
    assert.deepEqual(await tableLayoutProblems(active(page).locator('.qm-bill-rule-page .ant-table').first()), []);
    await active(page).getByRole('button', { name: /新\s*建/ }).click();
    const form = dialog(page, '新建单据');
    await form.waitFor();
    assert.equal(await settledWidth(page, page.locator('.ant-modal.qm-bill-rule-form')), 600);
    let posted = false;
    const watch = (r) => r.method() === 'POST' && r.url().includes('/api/system/BillRule') && (posted = true);
    page.on('request', watch);
    await form.getByRole('button', { name: named('确定') }).click();
    for (const [label, text] of [
      ['业务名称', '请输入业务名称'],
      ['业务编码', '请输入业务编码'],
      ['业务分类', '请选择业务分类'],
      ['流水前缀', '请输入流水前缀'],
      ['流水日期', '请输入选择流水日期格式'],
      ['流水位数', '请输入流水位数'],
      ['流水起始', '请输入流水起始'],
    ]) {
      await explain(form, label).getByText(text).waitFor();
    }
    page.off('request', watch);
    assert.equal(posted, false, 'nothing is sent while the core refuses the form');

    await form.getByLabel('业务名称').fill('门诊收费单');
    await form.getByLabel('业务编码').fill('mzsf');
    await choose(form, '业务分类', '医疗业务');
    const example = form.getByLabel('流水范例');
    assert.equal(await example.inputValue(), '');
    const today = installationToday();
    await form.getByLabel('流水前缀').fill('MZ');
    await choose(form, '流水日期', 'yyyyMMdd');
    await form.getByLabel('流水位数').fill('4');
    await form.getByLabel('流水起始').fill('1');
    await page.waitForFunction((v) => document.querySelector('#billRule_example')?.value === v, `MZ${today}0001`);
    // Digits, prefix, start and date format each change the example at once.
    await form.getByLabel('流水位数').fill('6');
    await page.waitForFunction((v) => document.querySelector('#billRule_example')?.value === v, `MZ${today}000001`);
    await form.getByLabel('流水前缀').fill('SF');
    await page.waitForFunction((v) => document.querySelector('#billRule_example')?.value === v, `SF${today}000001`);
    await form.getByLabel('流水起始').fill('25');
    await page.waitForFunction((v) => document.querySelector('#billRule_example')?.value === v, `SF${today}000025`);
    await choose(form, '流水日期', 'yyyyMM（');
    await page.waitForFunction((v) => document.querySelector('#billRule_example')?.value === v, `SF${today.slice(0, 6)}000025`);
    assert.equal(await example.getAttribute('readonly'), '');
    // The digit box takes one character; the core refuses what is not a positive integer or all zeros.
    await form.getByLabel('流水位数').fill('12');
    assert.equal(await form.getByLabel('流水位数').inputValue(), '1');
    await form.getByLabel('流水位数').fill('0');
    await explain(form, '流水位数').getByText('仅能输入正整数').waitFor();
    await page.waitForFunction(() => document.querySelector('#billRule_example')?.value === '');
    await form.getByLabel('流水位数').fill('6');
    await form.getByLabel('流水起始').fill('000');
    await explain(form, '流水起始').getByText('流水起始不能为000').waitFor();
    await form.getByLabel('流水起始').fill('1a');
    await explain(form, '流水起始').getByText('只能输入数字').waitFor();
    await form.getByLabel('流水起始').fill('1');
    await page.waitForFunction((v) => document.querySelector('#billRule_example')?.value === v, `SF${today.slice(0, 6)}000001`);
    await explain(form, '流水起始').waitFor({ state: 'detached' });
    await screenshot(page, 'bill-rule-form');

    await form.getByRole('button', { name: named('确定') }).click();
    await toast(page, '新建成功');
    await form.waitFor({ state: 'hidden' });
    // The list shows it with its category's name and the start number fitted to 6 digits.
    await row('门诊收费单').getByText('医疗业务').waitFor();
    await row('门诊收费单').getByText('000001', { exact: true }).waitFor();
    await screenshot(page, 'bill-rule-list');
  });

  step('edits the rule: the form shows what was saved and the example for today', async () => {
    await row('门诊收费单').getByRole('button', { name: '编辑 门诊收费单' }).click();
    const form = dialog(page, '编辑单据');
    await form.waitFor();
    const today = installationToday().slice(0, 6);
    await page.waitForFunction((v) => document.querySelector('#billRule_example')?.value === v, `SF${today}000001`);
    await form.getByRole('button', { name: named('取消') }).click();
    await form.waitFor({ state: 'hidden' });
  });

  step('filters the rules by category and keyword (BILL-004)', async () => {
    const category = active(page).locator('.qm-list-search .ant-select');
    await category.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '采购管理' }).click();
    await active(page).locator('.ant-table .ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await category.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '医疗业务' }).click();
    await row('门诊收费单').waitFor();
    await active(page).getByRole('button', { name: named('重置') }).click();
    const search = active(page).getByRole('searchbox', { name: '关键词' });
    await search.fill('mzsf');
    await search.press('Enter');
    await row('门诊收费单').waitFor();
  });

  step('switches the rule off after confirmation (BILL-007)', async () => {
    await switchState('门诊收费单', true);
    await row('门诊收费单').getByRole('switch').click();
    await confirmWith('您确定要禁用当前单据规则, 是否继续?');
    await page.locator('.ant-message').getByText(/成功/).first().waitFor();
    await switchState('门诊收费单', false);
  });
});

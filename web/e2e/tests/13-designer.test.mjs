// The form designer (issue 27) in real Chromium, dragging with the mouse as a person does:
// 系统管理 → 功能设计 → 新建, 单行输入 and 设计子表 dragged from the palette onto the canvas, a
// 数字输入 dragged into the sub-table, the sub-table dragged above the text input, a label typed
// in 组件属性, Ctrl+Z / Ctrl+Y, then 保存 — the draft's formData (read back through the API) is
// what was built, no JSON typed anywhere. Then 编辑: 数字输入 and 日期选择 dragged onto the
// form, 列表设计 — three columns (ticked, one dragged to the front, a width typed), a search
// field, 导出 (relabelled) and 导入 —, 保存 (columnData read back), 发布 under 系统管理, the
// new menu opened and a record saved through it. (The whole 门诊收费 story — phone rule,
// calculated amount, dictionary select, user picker, upload, a summed sub-table — comes with
// the rest of issue 27.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { active, api, drag, firstSignIn, launch, motionless, named, openPage, openReleased, releaseUnder, row, storySteps } from '../support.mjs';

const PASSWORD = 'Qiming2024';

let browser;
let page;
/** The model built, and its field names as the designer made them. */
let modelId;
const names = {};
const step = storySteps(it, () => ({ page, problems: browser.problems }));
describe('an administrator builds a form by dragging in real Chromium', () => {
  before(async () => {
    browser = await launch();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  after(async () => {
    await browser?.close();
  });

  const designer = () => page.locator('.qm-designer');
  const paletteItem = (key) => designer().locator(`.qm-designer-palette [data-widget="${key}"]`);
  const onCanvas = (key) => designer().locator(`.qm-designer-canvas [data-widget="${key}"]`);


  step('signs in and opens 新建 in 功能设计: the designer with its three panes', async () => {
    await firstSignIn(page, PASSWORD);
    await openPage(page, '系统管理', '功能设计', 'onlineDev/webDesign', '.qm-model-page .ant-table');
    await active(page).locator('button').filter({ hasText: /^\s*新\s*建\s*$/ }).click();
    await designer().waitFor();
    await motionless(page);
    for (const group of ['基础控件', '高级控件', '系统控件', '布局控件']) await designer().locator('.qm-designer-palette h5', { hasText: group }).waitFor();
    await page.locator('#designer-fullName').fill('门诊收费');
    await page.locator('#designer-enCode').fill('outpatientFee');
  });

  step('drags 单行输入 and 设计子表 onto the canvas, and 数字输入 into the sub-table', async () => {
    await drag(page, paletteItem('comInput'), designer().locator('.qm-designer-canvas'));
    await onCanvas('comInput').waitFor();
    // below the text input: the end of the form
    await drag(page, paletteItem('table'), designer().locator('.qm-designer-canvas'), { y: 0.9 });
    await page.waitForFunction(() => [...document.querySelectorAll('.qm-designer-canvas [data-list="root"] > [data-widget]')].map((e) => e.getAttribute('data-widget')).join() === 'comInput,table');
    await onCanvas('table').waitFor();
    await drag(page, paletteItem('numInput'), onCanvas('table').locator('.qm-designer-list'));
    await onCanvas('table').locator('[data-widget="numInput"]').waitFor();
  });

  step('drags the sub-table above the text input; types a label in 组件属性', async () => {
    await drag(page, onCanvas('table').locator('.qm-designer-widget-head').first(), onCanvas('comInput'), { y: 0.2 });
    await page.waitForFunction(() => document.querySelector('.qm-designer-canvas [data-list="root"] > [data-widget]')?.getAttribute('data-widget') === 'table');
    await onCanvas('comInput').click();
    await designer().locator('.qm-designer-props [aria-label="控件标题"]').fill('患者姓名');
    await onCanvas('comInput').getByText('患者姓名').waitFor();
  });

  step('Ctrl+Z takes the label back, Ctrl+Y gives it again', async () => {
    await onCanvas('comInput').click();
    await page.keyboard.press('Control+z');
    await onCanvas('comInput').getByText('单行输入').waitFor();
    await page.keyboard.press('Control+y');
    await onCanvas('comInput').getByText('患者姓名').waitFor();
  });

  step('保存 creates the draft whose formData is the form built', async () => {
    await page.locator('.qm-designer-dialog').getByRole('button', { name: named('保存') }).click();
    await designer().waitFor({ state: 'detached' });
    await row(page, '门诊收费').first().waitFor();
    const list = await api(page, 'GET', '/api/visualdev/Base?currentPage=1&pageSize=50&keyword=门诊收费');
    const id = list.list[0].id;
    const info = await api(page, 'GET', `/api/visualdev/Base/${id}`);
    const form = JSON.parse(info.formData);
    assert.deepEqual(
      form.fields.map((f) => f.__config__.jnpfKey),
      ['table', 'comInput'],
    );
    assert.equal(form.fields[1].__config__.label, '患者姓名');
    assert.deepEqual(
      form.fields[0].__config__.children.map((c) => [c.__config__.jnpfKey, c.__config__.parentVModel]),
      [['numInput', form.fields[0].__vModel__]],
    );
    modelId = id;
    names.name = form.fields[1].__vModel__;
    // no list designed yet: the one generated from the form (its only main-form field), so it can be released
    const generated = JSON.parse(info.columnData);
    assert.deepEqual(generated.columnList.map((c) => c.prop), [names.name]);
  });

  step('编辑: drags 数字输入 and 日期选择 onto the form; labels them', async () => {
    await row(page, '门诊收费').first().getByRole('button', { name: named('编辑 门诊收费') }).click();
    await designer().waitFor();
    await onCanvas('comInput').waitFor();
    await motionless(page);
    for (const [key, label] of [['numInput', '费用'], ['date', '就诊日期']]) {
      await drag(page, paletteItem(key), designer().locator('.qm-designer-canvas'), { y: 0.95 });
      const widget = designer().locator(`.qm-designer-canvas [data-list="root"] > [data-widget="${key}"]`);
      await widget.waitFor();
      await widget.click();
      await designer().locator('.qm-designer-props [aria-label="控件标题"]').fill(label);
      await widget.getByText(label).waitFor();
    }
  });

  const listDesigner = () => page.locator('.qm-list-designer');
  const listField = (label) => listDesigner().locator('.qm-list-field').filter({ has: page.locator('.qm-list-field-name', { hasText: new RegExp(`^\\s*${label}`) }) });
  const columnOrder = () => listDesigner().locator('.qm-list-columns .qm-list-row').evaluateAll((rows) => rows.map((r) => r.querySelector('input')?.value));

  step('列表设计: three columns ticked, one dragged to the front, a width, a search field, 导出 and 导入', async () => {
    await page.locator('.qm-designer-steps .ant-tabs-tab', { hasText: '列表设计' }).click();
    await listDesigner().waitFor();
    await motionless(page);
    // the saved list: 患者姓名 and its search
    assert.deepEqual(await columnOrder(), ['患者姓名']);
    await listField('费用').getByRole('checkbox', { name: /^列 / }).check();
    await listField('就诊日期').getByRole('checkbox', { name: /^列 / }).check();
    await page.waitForFunction(() => document.querySelectorAll('.qm-list-columns .qm-list-row').length === 3);
    // 就诊日期 dragged by its handle above 患者姓名
    await drag(page, listDesigner().locator('.qm-list-columns .qm-list-row').nth(2).locator('.qm-list-handle'), listDesigner().locator('.qm-list-columns .qm-list-row').first(), { y: 0.2 });
    await page.waitForFunction(() => document.querySelector('.qm-list-columns .qm-list-row input')?.value === '就诊日期');
    assert.deepEqual(await columnOrder(), ['就诊日期', '患者姓名', '费用']);
    await listDesigner().locator('.qm-list-columns .qm-list-row').nth(1).getByRole('spinbutton', { name: '宽度' }).fill('160');
    // the search: 就诊日期 (a range) instead of the generated 患者姓名
    await listField('患者姓名').getByRole('checkbox', { name: /^查询 / }).uncheck();
    await listField('就诊日期').getByRole('checkbox', { name: /^查询 / }).check();
    await listDesigner().locator('.qm-list-searches .qm-list-row').getByText('范围查询').waitFor();
    const buttons = listDesigner().locator('.qm-list-btnsList');
    await buttons.getByRole('checkbox', { name: '导出' }).check();
    await buttons.getByRole('checkbox', { name: '导入' }).check();
    await buttons.getByRole('textbox', { name: '导出按钮文字' }).fill('导出Excel');
    await listDesigner().locator('.qm-list-problems').waitFor({ state: 'detached' });
  });

  step('保存: the model\'s columnData is the list designed', async () => {
    await page.locator('.qm-designer-dialog').getByRole('button', { name: named('保存') }).click();
    await designer().waitFor({ state: 'detached' });
    const info = await api(page, 'GET', `/api/visualdev/Base/${modelId}`);
    const form = JSON.parse(info.formData);
    const byLabel = Object.fromEntries(form.fields.filter((f) => f.__vModel__).map((f) => [f.__config__.label, f.__vModel__]));
    Object.assign(names, { fee: byLabel['费用'], day: byLabel['就诊日期'] });
    const list = JSON.parse(info.columnData);
    assert.deepEqual(list.columnList.map((c) => [c.prop, c.label, c.width, c.jnpfKey]), [
      [names.day, '就诊日期', null, 'date'],
      [names.name, '患者姓名', 160, 'comInput'],
      [names.fee, '费用', null, 'numInput'],
    ]);
    // each column embeds its field's definition (§4.2)
    assert.equal(list.columnList[0].__config__.label, '就诊日期');
    assert.deepEqual(list.searchList.map((s) => [s.prop, s.searchType, s.searchMultiple]), [[names.day, 3, false]]);
    assert.deepEqual(list.btnsList.map((b) => [b.value, b.label]), [['add', '新增'], ['download', '导出Excel'], ['upload', '导入']]);
    assert.deepEqual(list.columnBtnsList.map((b) => b.value), ['edit', 'remove']);
    // 导入 brings its template: add only, the form's listable fields
    assert.equal(list.uploaderTemplateJson.dataType, '1');
    for (const name of [names.name, names.fee, names.day]) assert.ok(list.uploaderTemplateJson.selectKey.includes(name), name);
  });

  step('发布 under 系统管理: the model\'s menu is made', async () => {
    await releaseUnder(page, '门诊收费', '系统管理');
  });

  step('opens the new menu 系统管理 → 门诊收费 and saves a record through it', async () => {
    const records = await openReleased(page, '系统管理', '门诊收费', 'model/outpatientFee');
    for (const title of ['就诊日期', '患者姓名', '费用']) await records.locator('.ant-table-thead').getByText(title).waitFor();
    assert.deepEqual(
      await records.locator('.ant-table-thead th').evaluateAll((ths) => ths.map((th) => th.textContent.trim()).filter((t) => ['就诊日期', '患者姓名', '费用'].includes(t))),
      ['就诊日期', '患者姓名', '费用'],
    );
    await records.locator('button').filter({ hasText: /^新\s*增$/ }).click();
    const popup = page.locator('.qm-engine-general, .qm-engine-fullscreen').filter({ visible: true });
    await popup.locator(`[data-field="${names.name}"] input`).fill('张三');
    const fee = popup.locator(`[data-field="${names.fee}"] input`);
    await fee.fill('120');
    await fee.blur();
    await popup.locator('.ant-modal-footer .ant-btn-primary:not(.ant-btn-loading)').filter({ hasText: /^确\s*定$/ }).click();
    await popup.waitFor({ state: 'hidden' });
    await records.locator('.ant-table-row').filter({ hasText: '张三' }).filter({ hasText: '120' }).waitFor();
    const saved = await api(page, 'POST', `/api/visualdev/OnlineDev/${modelId}/List`, { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '' });
    assert.equal(saved.list.length, 1);
    assert.equal(saved.list[0][names.name], '张三');
  });
});

// The low-code models as an administrator meets them on a fresh install, in real Chromium:
// 系统管理 → 功能设计, a model created from the demonstration definition (住院登记,
// fixtures/models) pasted as JSON, previewed (/previewModel) and filled widget by widget — the
// rules core's messages appear as the user types, calculate fields and the sub-table's 合计
// follow, Quill edits the history — then released: refused with every problem listed (the
// dictionaries, data interfaces, serial-number rule and related form it names are not on a
// fresh install), while a small definition that names nothing outside releases as version 1.
// Saving records (OnlineDev) is not part of this story: that API is being built separately.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { active, api, confirmWith, firstSignIn, launch, named, openPage, row, storySteps } from '../support.mjs';

const PASSWORD = 'Qiming2024';
const demo = JSON.parse(readFileSync(new URL('../../../fixtures/models/inpatient-admission.json', import.meta.url), 'utf8'));

let browser;
let page;
const step = storySteps(it, () => ({ page, problems: browser.problems }));

const openModels = () => openPage(page, '系统管理', '功能设计', 'onlineDev/webDesign', '.qm-model-page .ant-table');
const field = (name) => active(page).locator(`[data-field="${name}"]`).first();
const messageOf = (name) => active(page).locator(`[data-messages-for="${name}"]`);

/** Pastes a definition into 从 JSON 新建 and creates it. */
async function createFromJson(definition) {
  await active(page).locator('button').filter({ hasText: '从 JSON 新建' }).click();
  const box = page.locator('.ant-modal').filter({ hasText: '功能定义（JSON）' }).filter({ visible: true });
  await box.locator('#model-json').fill(JSON.stringify(definition));
  await box.getByRole('button', { name: named('确定') }).click();
  await box.waitFor({ state: 'hidden' });
  await row(page, definition.fullName).first().waitFor();
}

describe('an administrator creates, previews and releases a model in real Chromium', () => {
  before(async () => {
    browser = await launch();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  after(async () => {
    await browser?.close();
  });

  step('signs in on a fresh install and opens 系统管理 → 功能设计', async () => {
    await firstSignIn(page, PASSWORD);
    await openModels();
  });

  step('creates 住院登记 from the demonstration JSON; it is listed as not released', async () => {
    await createFromJson(demo);
    assert.match(await row(page, '住院登记').first().textContent(), /未发布/);
  });

  step('previews it: every layout and the widgets are drawn, Quill with its snow toolbar', async () => {
    await row(page, '住院登记').first().getByRole('button', { name: named('预览 住院登记') }).click();
    await page.waitForURL(/\/previewModel\?id=/);
    await field('patient_name').locator('input').waitFor();
    for (const layout of ['row', 'card', 'tab', 'collapse', 'tableGrid']) assert.ok((await active(page).locator(`[data-layout="${layout}"]`).count()) > 0, layout);
    await active(page).locator('.ql-toolbar.ql-snow').waitFor();
    // The core's own check of the draft: the outside references a fresh install lacks are not
    // problems of the definition itself.
    assert.equal(await field('admission_no').locator('input').getAttribute('placeholder'), '系统自动生成');
  });

  step('typing shows the core\'s messages under the field as the user types (WGT-084: a pattern\'s own message)', async () => {
    const name = field('patient_name').locator('input');
    await name.fill('张三');
    await name.fill('');
    await messageOf('patient_name').getByText('患者姓名不能为空').waitFor();
    await name.fill('张三');
    await messageOf('patient_name').waitFor({ state: 'detached' });
    const phone = field('phone').locator('input');
    await phone.fill('123');
    await messageOf('phone').getByText('请正确输入您的手机号').waitFor();
    await phone.fill('13800138000');
    await messageOf('phone').waitFor({ state: 'detached' });
  });

  step('预交押金 shows thousands separators and the Chinese amount', async () => {
    const deposit = field('deposit').locator('input');
    await deposit.fill('3000');
    await deposit.blur();
    await field('deposit').getByText('叁仟元整').waitFor();
    assert.equal(await deposit.inputValue(), '3,000.00');
  });

  step('CALC-008, WGT-080, WGT-083: a charge row computes 金额, 费用合计 and 押金余额, and the 合计 row sums them', async () => {
    const table = active(page).locator('[data-table="charge_items"]');
    await table.locator('button').filter({ hasText: '添加费用' }).click();
    await table.locator('[data-cell="charge_items[0].item_name"] input').fill('血常规');
    const price = table.locator('[data-cell="charge_items[0].unit_price"] input');
    await price.fill('25');
    await price.blur();
    const quantity = table.locator('[data-cell="charge_items[0].quantity"] input');
    await quantity.fill('2');
    await quantity.blur();
    await page.waitForFunction(() => document.querySelector('[data-cell="charge_items[0].amount"] input')?.value === '50.00');
    assert.equal(await table.locator('[data-summary="amount"]').textContent(), '50.00');
    assert.equal(await field('total_charge').locator('input').inputValue(), '50.00');
    await field('total_charge').getByText('伍拾元整').waitFor();
    assert.equal(await field('balance').locator('input').inputValue(), '2,950.00');
    // An emptied required cell is told in the cell.
    await table.locator('[data-cell="charge_items[0].item_name"] input').fill('');
    await active(page).locator('[data-messages-for="charge_items[0].item_name"]').getByText('不能为空').waitFor();
  });

  step('writes the history in Quill and checks the whole form: the core lists what is missing', async () => {
    await active(page).locator('.ql-editor').click();
    await page.keyboard.type('高血压十年');
    await active(page).getByRole('button', { name: named('校验') }).click();
    await page.locator('.ant-message').getByText(/处需要修改/).first().waitFor();
    await messageOf('gender').getByText('性别不能为空').waitFor();
    await messageOf('chief_complaint').getByText('主诉不能为空').waitFor();
  });

  step('VIEW-001: 详情 shows what was entered read-only', async () => {
    await active(page).getByText('详情', { exact: true }).click();
    await active(page).locator('.qm-engine-detail').waitFor();
    assert.equal(await active(page).locator('[data-field="patient_name"] .qm-engine-value').textContent(), '张三');
    assert.match(await active(page).locator('[data-field="medical_history"]').textContent(), /高血压十年/);
  });

  step('发布 住院登记 is refused with every problem listed (references a fresh install lacks)', async () => {
    await openModels();
    await row(page, '住院登记').first().getByRole('button', { name: named('发布 住院登记') }).click();
    await confirmWith(page, '确定发布');
    const problems = page.locator('.qm-release-problems').filter({ visible: true });
    await problems.waitFor();
    const count = await problems.locator('.ant-table-row').count();
    assert.ok(count >= 3, `${count} problems`);
    const text = await problems.textContent();
    assert.match(text, /ZYDJ|单据|字典|数据接口/);
    await page.keyboard.press('Escape');
  });

  step('a definition naming nothing outside releases as version 1', async () => {
    const small = {
      fullName: '来访登记',
      enCode: 'visitorLog',
      type: 1,
      webType: 2,
      tables: [{ table: 'visitor_log', tableName: '来访登记', typeId: '1', relationField: '', relationTable: '', tableField: '', fields: [] }],
      formData: {
        formRef: 'elForm',
        popupType: 'general',
        labelWidth: 100,
        fields: [
          { __vModel__: 'visitor', placeholder: '请输入', __config__: { jnpfKey: 'comInput', label: '来访人', required: true, span: 24, formId: 1, renderKey: 1, tableName: 'visitor_log', trigger: 'blur', regList: [] } },
          { __vModel__: 'visit_time', format: 'yyyy-MM-dd HH:mm', type: 'datetime', __config__: { jnpfKey: 'date', label: '来访时间', span: 24, formId: 2, renderKey: 2, tableName: 'visitor_log', regList: [] } },
        ],
      },
      columnData: { columnList: [{ prop: 'visitor', label: '来访人', jnpfKey: 'comInput', align: 'left', sortable: false, width: null }], searchList: [], type: 1, sort: 'desc', defaultSidx: '', hasPage: true, pageSize: 20 },
      appColumnData: null,
    };
    await createFromJson(small);
    await row(page, '来访登记').first().getByRole('button', { name: named('发布 来访登记') }).click();
    await confirmWith(page, '确定发布');
    await page.locator('.ant-message').getByText('发布成功，版本 1').first().waitFor();
    await row(page, '来访登记').filter({ hasText: '已发布 v1' }).first().waitFor();
    const listed = await api(page, 'GET', '/api/visualdev/Base?currentPage=1&pageSize=20&keyword=来访');
    assert.equal(listed.list[0].version, 1);
  });

  step('复制 and 删除 after confirmation', async () => {
    await row(page, '来访登记').first().getByRole('button', { name: named('复制 来访登记') }).click();
    await confirmWith(page, '确定复制');
    await page.waitForFunction(() => [...document.querySelectorAll(`.qm-page[data-path="${location.pathname}"]:not([hidden]) .ant-table-row`)].filter((r) => r.textContent.includes('来访登记')).length === 2);
    await row(page, '住院登记').first().getByRole('button', { name: named('删除 住院登记') }).click();
    await confirmWith(page, '此操作将永久删除该数据');
    await page.waitForFunction(() => ![...document.querySelectorAll(`.qm-page[data-path="${location.pathname}"]:not([hidden]) .ant-table-row`)].some((r) => r.textContent.includes('住院登记')));
  });
});

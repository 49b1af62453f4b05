// 流程设计 (issue 30) in real Chromium: the administrator creates a leave flow through the
// screens — 基础信息, then the designer: a condition group (请假天数 ≤ 3, previewed by core's
// WASM rule, and the default 其他情况), an approver in each branch — saves it past the
// designer's check, enables it, and a task started on it goes down the branch the designer drew
// (the server routes with the same core rule). The API is read only to check what the screens
// did, and to start the task (the to-do screens are another helper's).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { active, api, confirmWith, dialog, dropdownsClosed, firstSignIn, item, launch, motionless, named, openPage, row, screenshot, storySteps, toast, toastAfter } from '../support.mjs';

const PASSWORD = 'Qiming2024';

let browser;
let page;
const step = storySteps(it, () => ({ page, problems: browser.problems }));

const editor = () => page.locator('.qm-flow-designer').filter({ visible: true });
const drawer = () => page.locator('.qm-flow-drawer').filter({ visible: true });

/** The + after the node titled `title`, then the kind of node to add. */
async function addAfter(title, kind) {
  await editor().getByRole('button', { name: `在${title}之后添加节点` }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: kind }).click();
}

/** Opens the card titled `title` (the first one) and waits for its drawer. */
async function openCard(title) {
  await editor().getByRole('button', { name: title, exact: true }).first().click();
  await drawer().waitFor();
  await motionless(page);
}

/** Chooses `option` in the drawer's select labelled `label`. */
async function chooseIn(scope, label, option) {
  await scope.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) }).first().click();
  await dropdownsClosed(page);
}

async function closeDrawer() {
  await drawer().getByRole('button', { name: named('确定') }).click();
  await drawer().waitFor({ state: 'hidden' });
}

describe('the administrator designs a leave flow with a condition and it routes as drawn', () => {
  before(async () => {
    browser = await launch({ timezoneId: 'Asia/Shanghai' });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  after(async () => {
    await browser?.close();
  });

  step('signs in and opens 工作流程 → 流程设计', async () => {
    await firstSignIn(page, PASSWORD);
    await openPage(page, '工作流程', '流程设计', 'workFlow/flowEngine', '.qm-flow-engine-page .ant-table');
  });

  step('新建: 基础信息 refuses an empty form, then takes the leave flow', async () => {
    await active(page).getByRole('button', { name: /新\s*建/ }).click();
    const form = dialog(page, '新建流程');
    await form.waitFor();
    await motionless(page);
    await form.getByRole('button', { name: '下一步' }).click();
    await item(form, '流程名称').getByText('流程名称不能为空').waitFor();
    await form.getByLabel('流程名称').fill('请假流程');
    await form.getByLabel('流程编码').fill('leave');
    await item(form, '流程分类').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^人事审批$/ }).click();
    await dropdownsClosed(page);
    await form.getByRole('button', { name: '下一步' }).click();
    await editor().getByRole('button', { name: '在流程发起之后添加节点' }).waitFor();
  });

  step('draws a condition group: 条件1 (请假天数 ≤ 3, previewed by core) and 其他情况, an approver in each', async () => {
    await addAfter('流程发起', '条件分支');
    await editor().getByText('其他情况进入此流程').waitFor();
    await openCard('条件1');
    await drawer().getByRole('button', { name: '添加条件' }).click();
    await drawer().getByLabel('条件1字段', { exact: true }).fill('days');
    await chooseIn(drawer(), '条件1比较', '小于等于');
    await drawer().getByLabel('条件1值', { exact: true }).fill('3');
    await drawer().getByLabel('示例days').fill('2');
    await drawer().getByRole('button', { name: named('预览') }).click();
    await drawer().getByText('满足条件，进入此分支').waitFor();
    await drawer().getByLabel('示例days').fill('4');
    await drawer().getByRole('button', { name: named('预览') }).click();
    await drawer().getByText('不满足条件').waitFor();
    await closeDrawer();
    await editor().getByText('days 小于等于 3').waitFor();

    await addAfter('条件1', '审批人');
    await openCard('审批节点');
    await drawer().getByLabel('节点名称').fill('短假审批');
    await drawer().getByLabel('发起者本人').check();
    await closeDrawer();

    await addAfter('其他情况', '审批人');
    // Not completed yet: 指定成员 with nobody — the save is refused with JNPF's message.
    await editor().getByRole('button', { name: named('保存') }).click();
    await toast(page, '请完善请假流程的流程设计');
    await editor().locator('.qm-flow-node-invalid').waitFor();
    await openCard('审批节点');
    await drawer().getByLabel('节点名称').fill('长假审批');
    await drawer().getByLabel('部门主管').check();
    await screenshot(page, '16-approver-drawer');
    await closeDrawer();
    await screenshot(page, '16-flow-designer');
  });

  step('saves the template (stopped), then enables it after the question', async () => {
    await toastAfter(page, '新建成功', () => editor().getByRole('button', { name: named('保存') }).click());
    await editor().waitFor({ state: 'hidden' });
    const found = row(page, '请假流程');
    await found.waitFor();
    assert.match(await found.innerText(), /人事审批/);
    assert.match(await found.innerText(), /禁用/);
    await found.getByRole('button', { name: '启用流程 请假流程' }).click();
    await confirmWith(page, '此操作将启用该流程，是否继续？');
    await toast(page, '启用成功');
    await row(page, '请假流程').getByRole('button', { name: '禁用流程 请假流程' }).waitFor();
  });

  step('the saved tree is the drawn one, and a task of 2 days goes to 短假审批, one of 5 to 长假审批', async () => {
    const list = await api(page, 'GET', '/api/workflow/Engine/flowTemplate?currentPage=1&pageSize=20&keyword=leave');
    const template = list.list.find((r) => r.enCode === 'leave');
    assert.ok(template, 'the template is listed');
    const flows = await api(page, 'GET', `/api/workflow/Engine/flowTemplate/FlowJsonList/${template.id}`);
    assert.equal(flows.length, 1);
    const tree = JSON.parse(flows[0].flowTemplateJson);
    const group = tree.childNode;
    assert.equal(group.conditionType, 'condition');
    assert.deepEqual(
      group.conditionNodes.map((b) => [b.properties.title, b.properties.priority, b.properties.isDefault, b.childNode?.properties.title]),
      [
        ['条件1', 0, false, '短假审批'],
        ['其他情况', 1, true, '长假审批'],
      ],
    );
    assert.deepEqual(group.conditionNodes[0].properties.conditions.map((c) => [c.field, c.symbol, c.fieldValue]), [['days', '<=', '3']]);

    for (const [days, step] of [
      [2, '短假审批'],
      [5, '长假审批'],
    ]) {
      await api(page, 'POST', '/api/workflow/Engine/FlowTask', { id: '', flowId: flows[0].id, formData: { days }, status: 0, flowUrgent: 1 });
      const launched = await api(page, 'GET', '/api/workflow/Engine/FlowLaunch?currentPage=1&pageSize=20');
      assert.equal(launched.list[0].thisStep, step, `a task of ${days} days waits at ${step}`);
    }
  });
});

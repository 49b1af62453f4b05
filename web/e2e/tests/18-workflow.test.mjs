// The everyday approval path (issue 30; jnpf-wire-engine2.md §7.4–7.9), two people in two
// browsers, in real Chromium against the real server: the administrator makes a user and an
// enabled flow template (start → the administrator's approval) through the API; the user opens
// 我发起的, 新建流程, chooses the template, submits it (JNPF's confirmation) and sees it 等待审核;
// the user urges it (催办) and the administrator's flow message opens the step at /workFlowDetail;
// the administrator finds it in 待办事宜, opens it, approves it (此操作将通过该审批单，是否继续？),
// and finds it in 已办事宜 as 通过; the user's 我发起的 shows it 审核通过, 已完成.
import { after, before, describe, it } from 'node:test';
import { active, api, confirmWith, doctorWithMenus, firstSignIn, launch, named, openPage, row, signInElsewhere, toastAfter, twoBrowserSteps } from '../support.mjs';

const PASSWORD = 'Qiming2024';
const USER_PASSWORD = 'Zhao2024ok';
/** Seeded ids (fixtures/seed/menus.json, menus-workflow.json). */
const HOME_MENU = '200000000000000001';
const FLOW_GROUP = '200000000000000020';
const LAUNCH_MENU = '200000000000000202';

let browser;
let page;
let other;
let userPage;

const step = twoBrowserSteps(it, () => ({ page, browser, other, userPage }));

describe('a user starts a flow and the administrator approves it from 待办事宜, in real Chromium', () => {
  before(async () => {
    browser = await launch();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  after(async () => {
    await other?.close();
    await browser?.close();
  });

  step('the administrator makes a user allowed 我发起的 and an enabled leave flow approved by the administrator', async () => {
    await firstSignIn(page, PASSWORD);
    const made = await doctorWithMenus(page, [HOME_MENU, FLOW_GROUP, LAUNCH_MENU]);
    const users = await api(page, 'GET', '/api/permission/Users?keyword=admin&currentPage=1&pageSize=20');
    const admin = users.list.find((u) => u.account === 'admin');
    const categories = await api(page, 'GET', '/api/system/DictionaryData/All');
    const personnel = categories.list.find((d) => d.enCode === 'WorkFlowCategory').dictionaryList.find((i) => i.enCode === 'personnel');
    const flowTree = {
      nodeId: 's',
      type: 'start',
      properties: { title: '流程发起' },
      childNode: { nodeId: 'a1', type: 'approver', properties: { title: '院长审批', assigneeType: 6, approvers: [admin.id] } },
    };
    await api(page, 'POST', '/api/workflow/Engine/flowTemplate', {
      fullName: '请假申请',
      enCode: 'leaveApply',
      category: personnel.id,
      type: 0,
      sortCode: 1,
      icon: 'icon-ym icon-ym-flow',
      iconBackground: '#008cff',
      flowTemplateJson: JSON.stringify([{ id: '', flowId: 'leaveFlow', fullName: '请假流程', flowTemplateJson: flowTree }]),
    });
    const templates = await api(page, 'GET', '/api/workflow/Engine/flowTemplate?keyword=leaveApply&currentPage=1&pageSize=20');
    await api(page, 'POST', `/api/workflow/Engine/flowTemplate/Release/${templates.list[0].id}`);

    ({ browser: other, page: userPage } = await signInElsewhere('zhaoyi', made.initialPassword, USER_PASSWORD));
  });

  step('the user starts 请假申请 from 我发起的 and submits it: 等待审核', async () => {
    await openPage(userPage, '工作流程', '我发起的', 'workFlow/flowLaunch', '.qm-flow-launch');
    await active(userPage).getByRole('button', { name: /新建流程/ }).click();
    await userPage.locator('.qm-flow-template', { hasText: '请假申请' }).click();
    const box = userPage.locator('.qm-flow-drawer .qm-flow-box');
    await box.locator('.qm-flow-box-title', { hasText: '请假流程' }).waitFor();
    await box.getByRole('button', { name: named('提交') }).click();
    await toastAfter(userPage, '提交成功', () => confirmWith(userPage, '您确定要提交当前流程吗, 是否继续?'));
    await row(userPage, '赵医生的请假流程').getByText('等待审核').waitFor();
  });

  step('the user urges it from its detail (催办); the administrator’s message opens the step at /workFlowDetail (FLOW-001)', async () => {
    await row(userPage, '赵医生的请假流程').getByRole('button', { name: /^详情/ }).click();
    const box = userPage.locator('.qm-flow-drawer .qm-flow-box');
    await box.locator('.qm-flow-box-title', { hasText: '赵医生的请假流程/院长审批' }).waitFor();
    await box.getByRole('button', { name: named('催办') }).click();
    await toastAfter(userPage, '催办成功', () => confirmWith(userPage, '此操作将提示该节点尽快处理，是否继续?'));
    await box.getByRole('button', { name: named('取消') }).click();
    await box.waitFor({ state: 'hidden' });

    await page.waitForFunction(() => Number(document.querySelector('.qm-msg-badge')?.dataset.unread) === 1);
    await page.getByRole('button', { name: '站内消息' }).click();
    await page.locator('.qm-messages-drawer').getByText('赵医生的请假流程【催办】').click();
    await page.waitForURL(/\/workFlowDetail\?config=/);
    const detail = active(page).locator('.qm-flow-box');
    await detail.locator('.qm-flow-box-title', { hasText: '赵医生的请假流程/院长审批' }).waitFor();
    await detail.getByRole('button', { name: named('通过') }).waitFor();
  });

  step('the administrator approves it from 待办事宜, and finds it in 已办事宜', async () => {
    await openPage(page, '工作流程', '待办事宜', 'workFlow/flowTodo', '.qm-flow-todo');
    await active(page).getByRole('button', { name: '刷新' }).click();
    await row(page, '赵医生的请假流程').getByRole('button', { name: /^审批/ }).click();
    const box = page.locator('.qm-flow-drawer .qm-flow-box');
    await box.locator('.qm-flow-box-title', { hasText: '赵医生的请假流程/院长审批' }).waitFor();
    await box.getByRole('button', { name: named('通过') }).click();
    await toastAfter(page, '审批成功', () => confirmWith(page, '此操作将通过该审批单，是否继续？'));
    await active(page).locator('.ant-table-placeholder').waitFor();
    await openPage(page, '工作流程', '已办事宜', 'workFlow/flowDone', '.qm-flow-done');
    await row(page, '赵医生的请假流程').getByText('通过').waitFor();
  });

  step('the user sees the flow 审核通过 and 已完成 in 我发起的', async () => {
    await active(userPage).getByRole('button', { name: '刷新' }).click();
    const done = row(userPage, '赵医生的请假流程');
    await done.getByText('审核通过').waitFor();
    await done.getByText('已完成').waitFor();
  });
});

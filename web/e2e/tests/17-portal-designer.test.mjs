// 门户设计 (issue 31) in real Chromium: 系统管理 → 门户设计 → 新建 asks the 基础信息 and opens
// the designer; a 柱状图 dragged from the palette onto the grid draws its static points with
// ECharts; its title and its points are typed in 控件属性; 公告通知 is added with a click; 保存
// (the definition read back through the API is what was built); 保存并发布 releases it to the
// application's Web menus; 切换门户 on the home page makes it the default, and the home page
// shows the chart and the latest notice — also after a reload.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { active, api, choose, dialog, firstSignIn, item, launch, motionless, named, openPage, confirmWith, row, screenshot, storySteps, toast, BASE } from '../support.mjs';

const PASSWORD = 'Qiming2024';
const POINTS = [
  { name: '1月', type: '门诊量', value: 1200 },
  { name: '2月', type: '门诊量', value: 1350 },
  { name: '3月', type: '门诊量', value: 1280 },
];

let browser;
let page;
let portalId;
const step = storySteps(it, () => ({ page, problems: browser.problems }));

describe('an administrator designs a portal and finds it on the home page', () => {
  before(async () => {
    browser = await launch();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  after(async () => {
    await browser?.close();
  });

  const designer = () => page.locator('.qm-portal-designer');
  const props = () => designer().locator('.qm-pd-props');

  step('signs in and publishes a notice for the portal to show', async () => {
    await firstSignIn(page, PASSWORD);
    const id = await api(page, 'POST', '/api/message', { title: '门诊楼电梯检修通知', toUserIds: '', category: 'notice', bodyText: '<p>周六检修</p>', excerpt: '', remindCategory: 1 });
    const created = typeof id === 'string' && id ? id : (await api(page, 'POST', '/api/message/Notice/List', { currentPage: 1, pageSize: 20, keyword: '' })).list[0].id;
    await api(page, 'PUT', `/api/message/Notice/${created}/Actions/Release`);
  });

  step('新建 in 门户设计 asks the 基础信息, then opens the designer on the new portal', async () => {
    await openPage(page, '系统管理', '门户设计', 'onlineDev/visualPortal', '.qm-visual-portal-page .ant-table');
    await active(page).locator('button').filter({ hasText: named('新建') }).click();
    const form = dialog(page, '新建门户');
    await form.waitFor();
    await motionless(page);
    await item(form, '名称').locator('input').fill('门诊首页');
    await item(form, '编码').locator('input').fill('mz.home');
    await choose(form, '分类', '首页门户');
    await form.getByRole('button', { name: named('确定') }).click();
    await designer().waitFor();
    await designer().getByText('门户设计 - 门诊首页').waitFor();
    await motionless(page);
    for (const group of ['基础控件', '图表控件', '系统控件', '布局控件']) await designer().locator('.qm-pd-group', { hasText: group }).waitFor();
    const list = await api(page, 'GET', '/api/visualdev/Portal?currentPage=1&pageSize=20&keyword=%E9%97%A8%E8%AF%8A');
    portalId = list.list.find((r) => r.fullName === '门诊首页').id;
  });

  step('drags 柱状图 onto the grid: it draws its example points; its title and points are typed', async () => {
    const from = designer().locator('.qm-pd-palette-item', { hasText: /^柱状图$/ });
    const grid = designer().locator('.qm-pd-canvas .react-grid-layout');
    await from.dragTo(grid, { targetPosition: { x: 200, y: 60 } });
    const card = designer().locator('[data-testid="portal-card-barChart"]');
    await card.waitFor();
    await card.locator('canvas').first().waitFor();
    await item(props(), '标题').locator('input').fill('月度门诊');
    await card.getByText('月度门诊').waitFor();
    await item(props(), '数据内容').locator('textarea').fill(JSON.stringify(POINTS));
    await item(props(), '图表标题').locator('input').fill('门诊量');
    await screenshot(page, 'portal-designer');
  });

  step('adds 公告通知 with a click, undoes and redoes it', async () => {
    await designer().locator('.qm-pd-palette-item', { hasText: /^公告通知$/ }).click();
    const notice = designer().locator('[data-testid="portal-card-notice"]');
    await notice.waitFor();
    await designer().getByRole('button', { name: '撤销' }).click();
    await notice.waitFor({ state: 'detached' });
    await designer().getByRole('button', { name: '重做' }).click();
    await notice.waitFor();
  });

  step('保存: the definition read back is what was built', async () => {
    await designer().locator('button').filter({ hasText: named('保存') }).click();
    await toast(page, '更新成功');
    const info = await api(page, 'GET', `/api/visualdev/Portal/${portalId}`);
    const def = JSON.parse(info.formData);
    assert.deepEqual(def.layout.map((it) => it.jnpfKey), ['barChart', 'notice']);
    const bar = def.layout[0];
    assert.equal(bar.title, '月度门诊');
    assert.equal(bar.dataType, 'static');
    assert.deepEqual(bar.option.defaultValue, POINTS);
    assert.equal(bar.option.titleText, '门诊量');
    assert.equal(bar.w, 6);
    assert.equal(bar.h, 8);
    assert.equal(info.fullName, '门诊首页'); // the partial save kept the rest
  });

  step('保存并发布 releases it to the application\'s Web menus', async () => {
    await designer().locator('button').filter({ hasText: named('保存并发布') }).click();
    const release = dialog(page, '同步门户');
    await release.waitFor();
    await motionless(page);
    await release.getByLabel('同步APP端门户').uncheck();
    await release.locator('#release-pc').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.keyboard.press('Escape');
    await release.getByRole('button', { name: named('确定') }).click();
    await confirmWith(page, '发布确定后会覆盖当前线上版本且进行门户同步，是否继续？');
    await toast(page, '同步成功');
    await designer().getByRole('button', { name: '关闭' }).click();
    await designer().waitFor({ state: 'hidden' });
    const released = await row(page, '门诊首页').first();
    await released.waitFor();
    const list = await api(page, 'GET', '/api/visualdev/Portal?currentPage=1&pageSize=20&keyword=');
    assert.equal(list.list.find((r) => r.id === portalId).pcIsRelease, 1);
  });

  step('切换门户 on the home page makes it the default: the chart and the notice show, also after a reload', async () => {
    await page.goto(`${BASE}/home`);
    await page.locator('.qm-portal-switch').click();
    const drawer = page.locator('.qm-portal-switch-drawer');
    await drawer.locator('.qm-portal-switch-item', { hasText: '门诊首页' }).click();
    await drawer.locator('.ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
    for (const check of [false, true]) {
      if (check) await page.reload();
      const grid = page.locator('[data-testid="portal-grid"]');
      await grid.waitFor();
      await grid.locator('[data-testid="portal-card-barChart"] canvas').first().waitFor();
      await grid.getByText('月度门诊').waitFor();
      await grid.locator('[data-testid="portal-card-notice"]').getByText('门诊楼电梯检修通知').waitFor();
    }
    await screenshot(page, 'portal-home');
    const me = await api(page, 'GET', '/api/oauth/CurrentUser');
    assert.equal(me.userInfo.portalId, portalId);
  });
});

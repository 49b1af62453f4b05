// The administrator plans the week and keeps the hospital's reference data, as a new customer
// would on a fresh install, in a browser set to the hospital's time zone (Asia/Shanghai, the
// server's default): a morning meeting that repeats daily for five days, seen on the calendar,
// one occurrence opened in the schedule viewer and deleted with the following ones while the
// earlier ones stay; a street added below a district picked with the area picker, its parent
// named again from its stored id, switched off and deleted; an SQL data interface with a
// parameter previewed, a DELETE statement refused on save with the server's message, the
// interface switched off and its preview refused, every call in its log, its export refused
// on import as a code that exists, and a copy; a variable kept beside it, copied and the copy
// deleted. Every form is checked by the rules
// core before anything is sent and by the server after. Checklist IDs name what each step proves.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  active,
  ARTIFACTS,
  dialog,
  explain,
  firstSignIn,
  item,
  launch,
  named,
  openPage as openFromMenu,
  screenshot,
  settledWidth,
  storySteps,
  toast,
} from '../support.mjs';

const PASSWORD = 'Qiming2024';
const ZONE = 'Asia/Shanghai';

let browser;
let page;

const step = storySteps(it, () => ({ page, problems: browser.problems }));

/** Opens a page from the side menu (group → name) and waits for its root. */
const openPage = (group, name, path, pageClass) => openFromMenu(page, group, name, path, `.${pageClass}`);

/** A day `offset` days from today in the hospital's zone, as yyyy-MM-dd. */
function day(offset = 0) {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + offset));
  return date.toISOString().slice(0, 10);
}

/** Chooses an option of an antd select in a form item. */
async function choose(scope, label, option) {
  await item(scope, label).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) }).first().click();
}

/** Types a date into the date picker of a form item, as a person types it, and closes the panel. */
async function typeDate(scope, label, text) {
  const input = item(scope, label).locator('input');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

/** A row of the shown page's main table holding `text` in its first cell. */
function row(text) {
  return active(page)
    .locator('.ant-table-row')
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${text}$`) }) });
}

/**
 * Waits until no dialog is still in its opening or closing animation, so that a click lands on
 * a dialog at rest (as a person's does) rather than on one still moving in or out.
 */
async function motionless() {
  await page.waitForFunction(
    () => ![...document.querySelectorAll('.ant-modal, .ant-modal-mask')].some((el) => /-(appear|enter|leave)(-active|-start)?(\s|$)/.test(el.className)),
  );
}

/** Confirms the open confirmation whose question is `question`. */
async function confirmWith(question) {
  const box = page.locator('.ant-modal-confirm').filter({ hasText: question }).filter({ visible: true });
  await box.waitFor();
  await motionless();
  await box.getByRole('button', { name: named('确定') }).click();
  await page.waitForFunction(() => ![...document.querySelectorAll('.ant-modal-confirm')].some((el) => el.getClientRects().length > 0));
}

/** The titles of the occurrences the month calendar shows on a day. */
function occurrences(date, title) {
  return active(page).locator(`td[title="${date}"] .qm-month-events .qm-event-title`, { hasText: new RegExp(`^${title}$`) });
}

/** Records the requests whose method and address match while `fn` runs. */
async function requestsDuring(method, fragment, fn) {
  const seen = [];
  const watch = (r) => r.method() === method && r.url().includes(fragment) && seen.push(r.url());
  page.on('request', watch);
  try {
    await fn();
  } finally {
    page.off('request', watch);
  }
  return seen;
}

describe('the administrator plans schedules and keeps areas and data interfaces in real Chromium', () => {
  before(async () => {
    browser = await launch({ timezoneId: ZONE });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  after(async () => {
    await browser?.close();
  });

  step('signs in on a fresh install and changes the initial password', async () => {
    await firstSignIn(page, PASSWORD);
  });

  step('creates a morning meeting repeating daily for five days and sees each day on the calendar; the core refuses the empty form first (SCHED-001)', async () => {
    await openPage(null, '日程安排', 'extend/schedule', 'qm-schedule-page');
    await active(page).locator('.qm-schedule-month').waitFor();
    await active(page).getByRole('button', { name: /新建日程/ }).click();
    const form = dialog(page, '新建日程');
    await form.waitFor();
    await motionless();
    assert.equal(await settledWidth(page, page.locator('.ant-modal.qm-schedule-form')), 600);
    const posted = await requestsDuring('POST', '/api/system/Schedule', async () => {
      await form.getByRole('button', { name: named('确定') }).click();
      await explain(form, '类型').getByText('请选择类型').waitFor();
      await explain(form, '标题').getByText('请输入标题').waitFor();
    });
    assert.deepEqual(posted, [], 'nothing is sent while the core refuses the form');

    await choose(form, '类型', '会议');
    await form.getByLabel('标题').fill('科室晨会');
    await form.getByLabel('内容').fill('八楼会议室，各科室主任参加');
    assert.equal(await item(form, '开始日期').locator('input').inputValue(), day(0));
    assert.equal(await item(form, '开始时间').locator('input').inputValue(), '09:00');
    await choose(form, '重复', '每天');
    // The repeat end on the start's own day is refused by the core; four days on is right.
    await typeDate(form, '结束重复', day(0));
    await explain(form, '结束重复').getByText('结束重复必须晚于开始时间').waitFor();
    await typeDate(form, '结束重复', day(4));
    await explain(form, '结束重复').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: named('确定') }).click();
    await form.waitFor({ state: 'hidden' });
    await motionless();
    for (let i = 0; i < 5; i++) await occurrences(day(i), '科室晨会').waitFor();
    assert.equal(await occurrences(day(5), '科室晨会').count(), 0);
    await screenshot(page, 'schedule-month');
  });

  step('opens the third occurrence in the 600px viewer and deletes it with the following ones in the 380px scope dialog; the earlier ones stay (SCHED-003..005, SCHED-007..009, SCHED-011, SCHED-012)', async () => {
    const detail = page.waitForRequest((r) => r.url().includes('/api/system/Schedule/detail') && r.url().includes('groupId=0'));
    await occurrences(day(2), '科室晨会').click();
    await detail;
    const viewer = dialog(page, '查看日程');
    await viewer.waitFor();
    await motionless();
    assert.equal(await settledWidth(page, page.locator('.ant-modal.qm-schedule-viewer')), 600);
    const field = (label) => viewer.locator('.ant-descriptions-row').filter({ has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) }).locator('td');
    await field('类型').getByText('会议', { exact: true }).waitFor();
    assert.equal((await field('紧急程度').innerText()).trim(), '普通');
    assert.equal((await field('标题').innerText()).trim(), '科室晨会');
    assert.equal((await field('内容').innerText()).trim(), '八楼会议室，各科室主任参加');
    assert.equal((await field('开始时间').innerText()).trim(), `${day(2)} 09:00`);
    assert.equal((await field('结束时间').innerText()).trim(), `${day(2)} 10:00`);
    assert.match(await field('创建人').innerText(), /admin/);
    await screenshot(page, 'schedule-viewer');

    await viewer.getByRole('button', { name: named('删除') }).click();
    const scope = dialog(page, '删除确认');
    await scope.waitFor();
    await motionless();
    assert.equal(await settledWidth(page, page.locator('.ant-modal.qm-schedule-scope')), 380);
    await scope.getByText('此日程为重复日程，删除将应用于所选范围：').waitFor();
    const none = await requestsDuring('DELETE', '/api/system/Schedule/', async () => {
      await scope.getByRole('button', { name: named('确定') }).click();
      await toast(page, '请选择日程');
    });
    assert.deepEqual(none, []);
    await scope.getByText('此日程及后续日程', { exact: true }).click();
    const sent = await requestsDuring('DELETE', '/api/system/Schedule/', async () => {
      await scope.getByRole('button', { name: named('确定') }).click();
      await scope.waitFor({ state: 'hidden' });
      await motionless();
      await viewer.waitFor({ state: 'hidden' });
      await motionless();
    });
    assert.equal(sent.length, 1);
    assert.match(sent[0], /\/api\/system\/Schedule\/[^/]+\/2(\?|$)/);
    for (let i = 2; i < 5; i++) await occurrences(day(i), '科室晨会').waitFor({ state: 'detached' });
    await occurrences(day(0), '科室晨会').waitFor();
    await occurrences(day(1), '科室晨会').waitFor();
    await screenshot(page, 'schedule-after-delete');
  });

  step('the week and day views show the remaining occurrences in the hour grid', async () => {
    await active(page).locator('.ant-segmented').getByText('周', { exact: true }).click();
    await active(page).locator('.qm-time-grid').waitFor();
    await active(page).locator('.qm-event-block', { hasText: '科室晨会' }).first().waitFor();
    await active(page).locator('.ant-segmented').getByText('日', { exact: true }).click();
    await active(page).locator(`.qm-time-grid-column[data-day="${day(0)}"] .qm-event-block`, { hasText: '09:00–10:00' }).waitFor();
    await screenshot(page, 'schedule-day');
    await active(page).locator('.ant-segmented').getByText('月', { exact: true }).click();
  });

  step('adds a street below a district picked with the area picker, lazily, level by level (AREA-002, AREA-004)', async () => {
    await openPage('系统数据', '行政区划', 'system/area', 'qm-area-page');
    await row('北京市').waitFor();
    await active(page).locator('.qm-list-search').getByRole('button', { name: /新\s*建/ }).click();
    const form = dialog(page, '新建区域');
    await form.waitFor();
    await motionless();
    await form.getByLabel('区域名称').fill('试点街道');
    await form.getByLabel('区域编码').fill('11010l');
    await explain(form, '区域编码').getByText('区域编码只能是数字').waitFor();
    await form.getByLabel('区域编码').fill('110101990');

    await item(form, '上级区域').locator('.qm-area-select').click();
    const picker = dialog(page, '上级区域');
    await picker.waitFor();
    await motionless();
    const node = (title) => picker.locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });
    // The provinces first; a city and a district only when their parent opens.
    await node('北京市').waitFor();
    assert.equal(await node('市辖区').count(), 0);
    await node('北京市').locator('.ant-tree-switcher').click();
    await node('市辖区').locator('.ant-tree-switcher').click();
    await node('东城区').locator('.ant-tree-title').click();
    await picker.locator('.qm-picker-selected-list').getByText('北京市/市辖区/东城区', { exact: true }).waitFor();
    await screenshot(page, 'area-picker');
    await picker.getByRole('button', { name: named('确定') }).click();
    await picker.waitFor({ state: 'hidden' });
    await motionless();
    await item(form, '上级区域').getByText('北京市/市辖区/东城区', { exact: true }).filter({ visible: true }).waitFor();
    await form.getByRole('button', { name: named('确定') }).click();
    await form.waitFor({ state: 'hidden' });
    await motionless();

    // The new street is below 东城区 in the lazy table.
    await row('北京市').locator('.ant-table-row-expand-icon').click();
    await row('市辖区').locator('.ant-table-row-expand-icon').click();
    await row('东城区').locator('.ant-table-row-expand-icon').click();
    await row('试点街道').waitFor();
    assert.match(await row('试点街道').innerText(), /110101990/);
  });

  step('the street’s form names its stored parent from its id; switched off and deleted after confirmation (AREA-003, AREA-005)', async () => {
    const names = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/system/Area/GetAreaByIds'));
    await row('试点街道').getByRole('button', { name: '编辑 试点街道' }).click();
    const form = dialog(page, '编辑区域');
    await form.waitFor();
    await motionless();
    await names;
    await item(form, '上级区域').getByText('东城区', { exact: true }).filter({ visible: true }).waitFor();
    await form.getByRole('button', { name: named('取消') }).click();
    await form.waitFor({ state: 'hidden' });
    await motionless();

    await row('试点街道').getByRole('switch').click();
    await confirmWith('您确定要禁用当前区域, 是否继续?');
    await page.waitForFunction(() => {
      const r = [...document.querySelectorAll(`.qm-page[data-path="${location.pathname}"]:not([hidden]) .ant-table-row`)].find((el) => el.querySelector('td')?.textContent === '试点街道');
      return r?.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false';
    });
    await row('试点街道').getByRole('button', { name: '删除 试点街道' }).click();
    await confirmWith('此操作将永久删除该数据, 是否继续?');
    await row('试点街道').waitFor({ state: 'detached' });
  });
  step('creates an SQL data interface with a parameter; the core refuses the empty form first (DI-005)', async () => {
    await openPage('系统数据', '数据接口', 'systemData/dataInterface', 'qm-interface-page');
    await active(page).locator('.qm-interface-categories').getByText('基础数据', { exact: true }).waitFor();
    await active(page).locator('.qm-list-search').getByRole('button', { name: /新\s*建/ }).click();
    const form = dialog(page, '新建接口');
    await form.waitFor();
    await motionless();
    const posted = await requestsDuring('POST', '/api/system/DataInterface', async () => {
      await form.getByRole('button', { name: named('确定') }).click();
      await explain(form, '名称').getByText('名称不能为空').waitFor();
      await explain(form, '编码').getByText('编码不能为空').waitFor();
      await explain(form, '分类').getByText('请选择分类').waitFor();
      await explain(form, 'SQL语句').getByText('请输入SQL查询语句或静态数据').waitFor();
    });
    assert.deepEqual(posted, [], 'nothing is sent while the core refuses the form');
    await form.getByLabel('名称', { exact: true }).fill('下级区域');
    await form.getByLabel('编码', { exact: true }).fill('childAreas');
    await choose(form, '分类', '基础数据');
    await item(form, 'SQL语句').locator('textarea').fill('SELECT id, full_name AS fullName FROM base_province WHERE parent_id = {parentId} ORDER BY en_code');
    await form.getByRole('button', { name: /添加参数/ }).click();
    await form.getByLabel('参数名称 1').fill('parentId');
    await form.getByLabel('默认值 1').fill('110100');
    await form.getByLabel('说明 1').fill('上级区域编码');
    await form.getByRole('button', { name: named('确定') }).click();
    await form.waitFor({ state: 'hidden' });
    await motionless();
    await row('下级区域').waitFor();
    assert.match(await row('下级区域').innerText(), /SQL操作/);
  });

  step('previews the interface: the districts below the parameter’s default, then another parent typed in (DI-006)', async () => {
    await row('下级区域').getByRole('button', { name: '更多 下级区域' }).click();
    await page.getByRole('menuitem', { name: '接口预览' }).click();
    const preview = dialog(page, '接口预览 - 下级区域');
    await preview.waitFor();
    await motionless();
    await preview.getByLabel('参数值 parentId').waitFor();
    assert.equal(await preview.getByLabel('参数值 parentId').inputValue(), '110100');
    await preview.getByRole('button', { name: named('预览') }).click();
    const result = preview.getByLabel('返回数据');
    await result.getByText(/东城区/).waitFor();
    assert.match(await result.innerText(), /"fullName": "西城区"/);
    await preview.getByLabel('参数值 parentId').fill('130100');
    await preview.getByRole('button', { name: named('预览') }).click();
    await result.getByText(/长安区/).waitFor();
    await screenshot(page, 'interface-preview');
    await preview.locator('.ant-modal-footer').getByRole('button', { name: named('关闭') }).click();
    await preview.waitFor({ state: 'hidden' });
    await motionless();
  });

  step('a DELETE statement is refused on save with the server’s message under the SQL, and nothing changes', async () => {
    await row('下级区域').getByRole('button', { name: '编辑 下级区域' }).click();
    const form = dialog(page, '编辑接口');
    await form.waitFor();
    await motionless();
    const sql = item(form, 'SQL语句').locator('textarea');
    await sql.waitFor();
    assert.match(await sql.inputValue(), /^SELECT id, full_name/);
    await sql.fill('DELETE FROM base_province WHERE parent_id = {parentId}');
    await form.getByRole('button', { name: named('确定') }).click();
    await explain(form, 'SQL语句').getByText('只能执行查询（SELECT）语句').waitFor();
    await toast(page, '只能执行查询（SELECT）语句');
    await screenshot(page, 'interface-refused');
    await form.getByRole('button', { name: named('取消') }).click();
    await form.waitFor({ state: 'hidden' });
    await motionless();
    // The stored SELECT still answers.
    await row('下级区域').getByRole('button', { name: '更多 下级区域' }).click();
    await page.getByRole('menuitem', { name: '接口预览' }).click();
    const preview = dialog(page, '接口预览 - 下级区域');
    await preview.getByRole('button', { name: named('预览') }).click();
    await preview.getByLabel('返回数据').getByText(/东城区/).waitFor();
    await preview.locator('.ant-modal-footer').getByRole('button', { name: named('关闭') }).click();
    await preview.waitFor({ state: 'hidden' });
    await motionless();
  });

  step('switched off after confirmation, the preview shows the server’s refusal; the call log lists every call with its outcome (DI-001, DI-006, DI-007)', async () => {
    await row('下级区域').getByRole('switch').click();
    await confirmWith('您确定要禁用当前数据接口, 是否继续?');
    await page.waitForFunction(() => {
      const r = [...document.querySelectorAll(`.qm-page[data-path="${location.pathname}"]:not([hidden]) .ant-table-row`)].find((el) => el.querySelector('td')?.textContent === '下级区域');
      return r?.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false';
    });
    await row('下级区域').getByRole('button', { name: '更多 下级区域' }).click();
    await page.getByRole('menuitem', { name: '接口预览' }).click();
    const preview = dialog(page, '接口预览 - 下级区域');
    await preview.getByRole('button', { name: named('预览') }).click();
    await preview.locator('.qm-interface-refusal').getByText('数据接口已停用').waitFor();
    await preview.locator('.ant-modal-footer').getByRole('button', { name: named('关闭') }).click();
    await preview.waitFor({ state: 'hidden' });
    await motionless();

    await row('下级区域').getByRole('button', { name: '更多 下级区域' }).click();
    await page.getByRole('menuitem', { name: '调用日志' }).click();
    const log = dialog(page, '调用日志 - 下级区域');
    await log.waitFor();
    await motionless();
    await log.locator('.ant-table-row').first().waitFor();
    assert.equal(await log.locator('.ant-table-row').count(), 4);
    assert.equal(await log.locator('.ant-table-row').filter({ hasText: '成功' }).count(), 3);
    await log.locator('.ant-table-row').filter({ hasText: '数据接口已停用' }).waitFor();
    await screenshot(page, 'interface-log');
    await log.locator('.ant-modal-close').click();
    await log.waitFor({ state: 'hidden' });
    await motionless();
  });
  step('exports the interface to a .bd file after confirmation; importing it again is refused with the server’s message; a copy is made after confirmation (DI-006)', async () => {
    await row('下级区域').getByRole('button', { name: '更多 下级区域' }).click();
    await page.getByRole('menuitem', { name: '导出' }).click();
    const download = page.waitForEvent('download');
    await confirmWith('您确定要导出该数据接口, 是否继续?');
    const file = await download;
    assert.match(file.suggestedFilename(), /\.bd$/);
    const exported = join(ARTIFACTS, file.suggestedFilename());
    await file.saveAs(exported);
    const content = JSON.parse(readFileSync(exported, 'utf8'));
    assert.equal(content.enCode, 'childAreas');
    assert.match(content.query, /^SELECT id, full_name/);

    const chooser = page.waitForEvent('filechooser');
    await active(page).locator('.qm-list-search').getByRole('button', { name: /导\s*入/ }).click();
    await (await chooser).setFiles(exported);
    await toast(page, '数据接口“childAreas”：下级区域已存在，不能重复导入');

    await row('下级区域').getByRole('button', { name: '更多 下级区域' }).click();
    await page.getByRole('menuitem', { name: '复制' }).click();
    await confirmWith('您确定要复制该数据接口, 是否继续?');
    await row('下级区域_副本').waitFor();
    assert.match(await row('下级区域_副本').innerText(), /childAreas_副本/);
  });

  step('keeps a variable beside the interface: the core refuses a name with @ before anything is sent, then it is saved, copied and the copy deleted after confirmation (DI-002, DI-008)', async () => {
    await row('下级区域').getByRole('button', { name: '更多 下级区域' }).click();
    await page.getByRole('menuitem', { name: '变量' }).click();
    const box = dialog(page, '接口变量 - 下级区域');
    await box.waitFor();
    await motionless();
    await box.locator('.qm-list-search').getByRole('button', { name: /新\s*建/ }).click();
    const form = dialog(page, '新建变量');
    await form.waitFor();
    await motionless();
    const posted = await requestsDuring('POST', '/api/system/DataInterfaceVariate', async () => {
      await form.getByLabel('变量名', { exact: true }).fill('@token');
      await form.getByRole('button', { name: named('确定') }).click();
      await explain(form, '变量名').getByText('变量名只能包含字母、数字和下划线，且以字母开头').waitFor();
    });
    assert.deepEqual(posted, [], 'nothing is sent while the core refuses the form');
    await form.getByLabel('变量名', { exact: true }).fill('appToken');
    await item(form, '变量值').locator('textarea').fill('abc123');
    await form.getByRole('button', { name: named('确定') }).click();
    await form.waitFor({ state: 'hidden' });
    await motionless();
    const variable = (name) => box.locator('.ant-table-row').filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${name}$`) }) });
    await variable('appToken').waitFor();
    assert.match(await variable('appToken').innerText(), /abc123/);
    await variable('appToken').getByRole('button', { name: '复制 appToken' }).click();
    await confirmWith('您确定要复制该变量, 是否继续?');
    await variable('appToken_copy').waitFor();
    await variable('appToken_copy').getByRole('button', { name: '删除 appToken_copy' }).click();
    await confirmWith('此操作将永久删除该数据, 是否继续?');
    await variable('appToken_copy').waitFor({ state: 'detached' });
    await screenshot(page, 'interface-variables');
    await box.locator('.ant-modal-close').click();
    await box.waitFor({ state: 'hidden' });
    await motionless();
  });
});

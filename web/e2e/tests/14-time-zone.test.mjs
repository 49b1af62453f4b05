// Issue 25, in real Chromium: a browser outside the installation's zone. The browser is in New
// York and its clock is set to a Saturday evening there (2026-11-28 21:30, UTC-5), which is
// already Sunday morning (2026-11-29 10:30) at the hospital, in the installation's zone (China
// Standard Time, QIMING_UTC_OFFSET_MINUTES' default, answered in CurrentUser). A form's date
// field with 默认当前时间 shows the installation's today, not the browser's yesterday, and a
// schedule created for 09:00 shows 09:00 on the calendar and in the viewer, not 20:00.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { active, api, BASE, choose, dialog, firstSignIn, item, launch, named, openPage, screenshot, storySteps } from '../support.mjs';

const PASSWORD = 'Qiming2024';
const BROWSER_ZONE = 'America/New_York';
/** 2026-11-28 21:30 in New York = 2026-11-29 10:30 at the hospital. */
const BROWSER_NOW = new Date('2026-11-29T02:30:00Z');
const HOSPITAL_TODAY = '2026-11-29';
const BROWSER_TODAY = '2026-11-28';

let browser;
let page;
let modelId;
const step = storySteps(it, () => ({ page, problems: browser.problems }));

/** Waits until no dialog is in its opening or closing animation. */
async function motionless() {
  await page.waitForFunction(
    () => ![...document.querySelectorAll('.ant-modal, .ant-modal-mask')].some((el) => /-(appear|enter|leave)(-active|-start)?(\s|$)/.test(el.className)),
  );
}

describe('a browser outside the installation’s zone shows the installation’s today and wall clock', () => {
  before(async () => {
    browser = await launch({ timezoneId: BROWSER_ZONE });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    // The browser's clock runs from New York's Saturday evening on.
    await page.clock.install({ time: BROWSER_NOW });
  });
  after(async () => {
    await browser?.close();
  });

  step('signs in; the browser really is a day behind the hospital, and CurrentUser answers the installation’s offset', async () => {
    await firstSignIn(page, PASSWORD);
    const browserDay = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    assert.equal(browserDay, BROWSER_TODAY);
    const current = await api(page, 'GET', '/api/oauth/CurrentUser');
    assert.equal(current.sysConfigInfo.utcOffsetMinutes, 480);
  });

  step('a schedule created for 09:00 on the hospital’s today shows 09:00 on the calendar, in the viewer and on the wire', async () => {
    await openPage(page, null, '日程安排', 'extend/schedule', '.qm-schedule-page');
    await active(page).locator('.qm-schedule-month').waitFor();
    await active(page).getByRole('button', { name: /新建日程/ }).click();
    const form = dialog(page, '新建日程');
    await form.waitFor();
    await motionless();
    assert.equal(await item(form, '开始日期').locator('input').inputValue(), HOSPITAL_TODAY);
    assert.equal(await item(form, '开始时间').locator('input').inputValue(), '09:00');
    await choose(form, '类型', '会议');
    await form.getByLabel('标题').fill('查房');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/system\/Schedule(\?|$)/.test(r.url()));
    await form.getByRole('button', { name: named('确定') }).click();
    const body = (await posted).postDataJSON();
    await form.waitFor({ state: 'hidden' });
    await motionless();
    // The start's day is the hospital's midnight (16:00 UTC the day before), its time 09:00.
    assert.equal(body.startDay, Date.parse(`${HOSPITAL_TODAY}T00:00:00+08:00`));
    assert.equal(body.startTime, '09:00');

    const cell = active(page).locator(`td[title="${HOSPITAL_TODAY}"] .qm-month-events`);
    await cell.locator('.qm-event-title', { hasText: /^查房$/ }).waitFor();
    assert.equal((await cell.locator('.qm-event-time').first().innerText()).trim(), '09:00');
    await cell.locator('.qm-event-title', { hasText: /^查房$/ }).click();
    const viewer = dialog(page, '查看日程');
    await viewer.waitFor();
    await motionless();
    const shown = viewer.locator('.ant-descriptions-row').filter({ has: page.locator('th', { hasText: /^开始时间$/ }) }).locator('td');
    assert.equal((await shown.innerText()).trim(), `${HOSPITAL_TODAY} 09:00`);
    await screenshot(page, 'time-zone-schedule-viewer');
  });

  step('a new record’s date field with 默认当前时间 shows the hospital’s today', async () => {
    const field = (vModel, label, extra) => ({
      __vModel__: vModel,
      __config__: { jnpfKey: 'date', label, span: 24, formId: vModel.length, renderKey: vModel.length, tableName: 'tz_visit', regList: [], visibility: ['pc', 'app'], ...extra },
      format: 'yyyy-MM-dd',
      type: 'date',
      clearable: true,
      placeholder: '请选择',
    });
    modelId = await api(page, 'POST', '/api/visualdev/Base', {
      fullName: '门诊预约',
      enCode: 'tzVisit',
      type: 1,
      webType: 2,
      tables: [{ table: 'tz_visit', tableName: '门诊预约', typeId: '1', relationField: '', relationTable: '', tableField: '', fields: [] }],
      formData: {
        popupType: 'general',
        fields: [
          { __vModel__: 'patient', __config__: { jnpfKey: 'comInput', label: '患者', span: 24, formId: 1, renderKey: 1, tableName: 'tz_visit', regList: [] } },
          field('visit_day', '就诊日期', { defaultCurrent: true }),
        ],
      },
      columnData: { columnList: [{ prop: 'patient', label: '患者', jnpfKey: 'comInput', align: 'left', sortable: false, width: null }], searchList: [], btnsList: [{ value: 'add', icon: 'el-icon-plus', label: '新增' }], type: 1, sort: 'desc', defaultSidx: '', hasPage: true, pageSize: 20 },
    });
    await api(page, 'POST', `/api/visualdev/Base/${modelId}/Actions/Release`, { pc: 1, app: 0 });
    await page.goto(`${BASE}/onlineDev/records?id=${modelId}`);
    const records = active(page).locator('.qm-records-page');
    await records.locator('.ant-table-thead').getByText('患者').waitFor();
    await records.locator('button').filter({ hasText: /^新\s*增$/ }).click();
    const input = page.locator('[data-field="visit_day"] input').filter({ visible: true }).first();
    await input.waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-field="visit_day"] input')].some((i) => i.value !== ''));
    assert.equal(await input.inputValue(), HOSPITAL_TODAY);
    await screenshot(page, 'time-zone-default-today');
  });
});

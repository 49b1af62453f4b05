// Shared helpers of the browser tests: the browser, the server's address, captcha answers.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, selectors } from 'playwright-core';

export const BASE = process.env.QIMING_E2E_BASE;
export const DATA_DIR = process.env.QIMING_E2E_DATA_DIR;
export const ADMIN_PASSWORD = process.env.QIMING_E2E_ADMIN_PASSWORD;
export const ARTIFACTS = process.env.QIMING_E2E_ARTIFACTS;
if (!BASE) throw new Error('run the browser tests with `npm run e2e` (e2e/run.mjs starts the server)');

/**
 * What the browser reported that no test expects: a Content-Security-Policy violation (the
 * console's "Refused to …" message or a `securitypolicyviolation` event) and any uncaught
 * error in a page. Every page of the context is watched from its first script on.
 */
export class BrowserProblems {
  constructor() {
    this.list = [];
  }
  add(kind, text) {
    this.list.push(`${kind}: ${text}`);
  }
  /** Returns what was reported since the last call, and forgets it. */
  take() {
    return this.list.splice(0);
  }
  /** Fails with everything reported since the last check. */
  assertNone(when = '') {
    const found = this.take();
    if (found.length) throw new Error(`the browser reported ${found.length} problem(s)${when ? ' ' + when : ''}:\n  ${found.join('\n  ')}`);
  }
}

const VIOLATION = '[qiming-e2e] securitypolicyviolation ';
const CSP_CONSOLE = /Content Security Policy|Refused to (load|execute|apply|connect|frame|create|compile|evaluate)/i;

function watch(page, problems) {
  page.on('pageerror', (error) => {
    const where = (error.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 3).map((l) => l.trim());
    problems.add('uncaught error', `${error.name}: ${error.message} (${page.url()})${where.length ? ' ' + where.join(' ← ') : ''}`);
  });
  page.on('console', (msg) => {
    const text = msg.text();
    if (text.startsWith(VIOLATION)) problems.add('CSP violation', text.slice(VIOLATION.length));
    else if ((msg.type() === 'error' || msg.type() === 'warning') && CSP_CONSOLE.test(text)) problems.add('CSP violation', text);
  });
}

/** Reports each `securitypolicyviolation` event on the console, where `watch` reads it. */
function reportViolations(prefix) {
  const report = (event) =>
    console.error(
      `${prefix}${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}` +
        ` at ${event.sourceFile || event.documentURI}:${event.lineNumber}`,
    );
  document.addEventListener('securitypolicyviolation', report, true);
}

/**
 * Chromium from Debian, never a downloaded one (toolchain.md), with a fresh profile. `problems`
 * collects CSP violations and uncaught errors; `close()` fails if any is left unchecked.
 * `timezoneId` sets the browser's time zone (a story about days and hours runs where the
 * hospital is, Asia/Shanghai, the server's default zone); otherwise the machine's.
 */
export async function launch({ timezoneId } = {}) {
  await registerShownPage();
  const profile = mkdtempSync(join(tmpdir(), 'qiming-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    ...(timezoneId ? { timezoneId } : {}),
  });
  context.setDefaultTimeout(15_000);
  const problems = new BrowserProblems();
  await context.addInitScript(reportViolations, VIOLATION);
  context.pages().forEach((page) => watch(page, problems));
  context.on('page', (page) => watch(page, problems));
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    problems.assertNone('after the last check');
  };
  return { context, close, problems };
}

/**
 * A story of dependent steps: once a step fails the later ones are skipped. Each step fails
 * when the browser reported a CSP violation or an uncaught error while it ran.
 */
export function storySteps(it, getBrowser) {
  let broken = false;
  return function step(name, fn) {
    it(name, async (t) => {
      if (broken) return t.skip('an earlier step failed');
      const { page, problems } = getBrowser();
      try {
        await fn();
        problems.assertNone(`during "${name}"`);
      } catch (error) {
        broken = true;
        // What the browser reported often explains the failure: say it with the error.
        const found = problems.take();
        if (found.length && error instanceof Error) error.message += `\nthe browser reported:\n  ${found.join('\n  ')}`;
        if (error instanceof Error) error.message += await whereThePageWas(page);
        await screenshot(page, `failed-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}`).catch(() => undefined);
        throw error;
      }
    });
  };
}

/**
 * The address and the visible buttons when a step failed: CI keeps only the log, and a
 * locator that never matched is explained by what was there instead.
 */
async function whereThePageWas(page) {
  try {
    const buttons = await page.locator('button:visible').evaluateAll((all) =>
      all.slice(0, 30).map((b) => `${(b.innerText || b.getAttribute('aria-label') || '').trim()}${b.className.includes('loading') ? ' (loading)' : ''}${b.disabled ? ' (disabled)' : ''}`),
    );
    return `\nthe page was at ${page.url()}; visible buttons: ${JSON.stringify(buttons)}`;
  } catch {
    return '';
  }
}

/**
 * The steps of a story with a second browser (another user's, `other` with its page
 * `userPage`): a problem reported by either browser fails the step, and a failed step
 * photographs the second page too.
 */
export function twoBrowserSteps(it, getBrowsers) {
  const base = storySteps(it, () => {
    const { page, browser, other } = getBrowsers();
    return {
      page,
      problems: {
        assertNone: (when) => (browser.problems.assertNone(when), other?.problems.assertNone(when)),
        take: () => [...browser.problems.take(), ...(other?.problems.take() ?? [])],
      },
    };
  });
  return (name, fn) =>
    base(name, async () => {
      try {
        await fn();
      } catch (error) {
        const { userPage } = getBrowsers();
        if (userPage) await screenshot(userPage, `failed-user-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 30)}`).catch(() => undefined);
        throw error;
      }
    });
}

/**
 * The answer of the captcha whose key is in the image's URL. A person reads the picture;
 * the test reads the server's database instead (the answer is stored there, single-use).
 */
export function captchaAnswer(key) {
  const db = join(DATA_DIR, 'qiming.db');
  const sql = `SELECT code FROM base_captcha WHERE captcha_key = '${key.replace(/'/g, "''")}';`;
  try {
    return execFileSync('sqlite3', [db, sql], { encoding: 'utf8' }).trim();
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    // No sqlite3 CLI: Python's sqlite3 module reads the same file (WAL included).
    const py = 'import sqlite3,sys;r=sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone();print(r[0] if r else "")';
    return execFileSync('python3', ['-c', py, db, sql], { encoding: 'utf8' }).trim();
  }
}

/** Reads the captcha image on the page and types its answer into the field. */
export async function solveCaptcha(page, imageSelector, input) {
  const image = page.locator(imageSelector);
  await image.waitFor();
  // The image must have loaded: the answer is created when it is drawn.
  await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await image.elementHandle());
  const src = await image.getAttribute('src');
  const key = decodeURIComponent(src.split('/').pop());
  const answer = captchaAnswer(key);
  if (!answer) throw new Error(`no captcha answer stored for key ${key}`);
  await input.fill(answer);
}

/**
 * Waits until no select dropdown is shown. Two can be leaving at once (one select closing as
 * the next opens), which a single locator's strict `waitFor` refuses to wait for.
 */
export async function dropdownsClosed(page) {
  const open = page.locator('.ant-select-dropdown:visible');
  for (let i = 0; i < 200; i++) {
    if ((await open.count()) === 0) return;
    await page.waitForTimeout(50);
  }
  throw new Error('a select dropdown stayed open for 10 s');
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

// ---- what a person does on the pages (shared by the stories) --------------------------------

/** antd writes two-character button texts with a space between the characters. */
export const named = (text) => new RegExp(`^${[...text].join('\\s*')}$`);

/** Fills the login form and submits it. */
export async function signIn(page, account, password) {
  // A sign-in still being answered keeps the button loading (named "loading 登 录"); the
  // password hashing runs on low-priority threads, so on a busy machine that takes a while.
  await page.locator('.qm-login-form button[type=submit]:not(.ant-btn-loading)').waitFor({ timeout: 60_000 });
  await page.getByRole('textbox', { name: '账户' }).fill(account);
  await page.getByRole('textbox', { name: '密码' }).fill(password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
}

/** The forced first-login change: old password, the new one twice, the captcha; then back at /login. */
export async function changeInitialPassword(page, old, next) {
  const scope = page.locator('.qm-reset-password');
  await scope.waitFor();
  await scope.getByLabel('旧密码').fill(old);
  await scope.getByLabel('新密码').fill(next);
  await scope.getByLabel('重复密码').fill(next);
  await solveCaptcha(page, '.qm-password-form img.qm-captcha', scope.getByPlaceholder('请输入验证码'));
  await scope.getByRole('button', { name: '确定修改' }).click();
  await page.waitForURL(/\/login/);
}

/**
 * A fresh install's first sign-in as the administrator: the generated password, the forced
 * change to `password`, signing in again with it; ends on /home.
 */
export async function firstSignIn(page, password) {
  await page.goto(`${BASE}/login`);
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await changeInitialPassword(page, ADMIN_PASSWORD, password);
  await signIn(page, 'admin', password);
  await page.waitForURL(`${BASE}/home`);
}

/** The open dialog titled `title` (antd's dialogs stay in the page, hidden, when closed). */
export function dialog(page, title) {
  return page
    .locator('.ant-modal')
    .filter({ has: page.locator('.ant-modal-title', { hasText: new RegExp(`^${title}$`) }) })
    .filter({ visible: true });
}

/** A form item of `scope` by its label. */
export function item(scope, label) {
  return scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });
}

/** The messages shown under a form item. */
export function explain(scope, label) {
  return item(scope, label).locator('.ant-form-item-explain');
}

/**
 * Waits until no dialog or drawer is still in its opening or closing animation, so that a
 * click lands on one at rest, as a person's does (a click during the opening zoom can be lost
 * on a loaded machine).
 */
export async function motionless(page) {
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('.ant-modal, .ant-modal-mask, .ant-drawer-content-wrapper, .ant-drawer-mask')].some((el) =>
        /-(appear|enter|leave)(-active|-start)?(\s|$)/.test(el.className),
      ),
  );
}

/**
 * Chooses a node of an antd tree select in a form item, typing its title first as a person
 * does in a long tree (the list is virtual: nodes far down are not drawn until found).
 */
export async function chooseNode(scope, label, title) {
  const page = scope.page();
  await item(scope, label).locator('.ant-select').first().click();
  await page.keyboard.type(title);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: new RegExp(`^${title}$`) }).click();
  await dropdownsClosed(page);
}

/** Opens the picker of a form item and picks the nodes titled `names` (then 确定). */
export async function pick(scope, label, pickerTitle, names) {
  const page = scope.page();
  await item(scope, label).locator('.qm-picker').click();
  const picker = dialog(page, pickerTitle);
  await picker.waitFor();
  for (const name of names) {
    await picker.locator('.ant-tree-title', { hasText: new RegExp(`^${name}$`) }).click();
    // Chosen once it is listed on the right (a click while the tree was still being drawn was lost).
    await picker.locator('.qm-picker-selected-label', { hasText: name }).first().waitFor();
  }
  await picker.getByRole('button', { name: named('确定') }).click();
  await picker.waitFor({ state: 'hidden' });
}

/**
 * Chooses the option `option` (its whole text) of the antd select in a form item; a multiple
 * select stays open after a choice, so it is closed with Escape as a person closes it.
 */
export async function choose(scope, label, option) {
  const page = scope.page();
  const select = item(scope, label).locator('.ant-select').first();
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) }).first().click();
  if (await select.evaluate((el) => el.classList.contains('ant-select-multiple'))) await page.keyboard.press('Escape');
  await dropdownsClosed(page);
}

let shownPageRegistered = false;

/**
 * The selector engine `qm-shown`: the page of the tab at the browser's address, while it is
 * shown (`.qm-page[data-path]`, AppMain). With the page cache on, every tab's page stays
 * mounted and two tabs can hold the same component (a model's records from 功能设计 and from its
 * form menu); just after a navigation the address has changed before the pages have, and a
 * lookup of "the page not hidden" could still find the tab being left — whose element is
 * hidden a moment later, under the click ("element is not visible"). Matched against the
 * address, a lookup finds only the page being opened, once it is there.
 */
async function registerShownPage() {
  if (shownPageRegistered) return;
  shownPageRegistered = true;
  await selectors.register('qm-shown', () => {
    const shown = (root) => {
      const paths = new Set([location.pathname]);
      try {
        paths.add(decodeURI(location.pathname));
      } catch {
        // an address that does not decode is matched as it is
      }
      return [...root.querySelectorAll('.qm-page[data-path]:not([hidden])')].filter((el) => paths.has(el.getAttribute('data-path')));
    };
    return { query: (root) => shown(root)[0] ?? null, queryAll: (root) => shown(root) };
  });
}

/** The page shown: the one of the tab at the address (see `qm-shown`; the page cache keeps the others mounted, hidden). */
export function active(page) {
  return page.locator('qm-shown=page');
}

/**
 * Waits until the lists of `scope` have their answer (no table loading): rows of a list being
 * asked again are drawn anew, and a click aimed at one may land as it is replaced.
 */
export async function listSettled(scope) {
  await scope.locator('.ant-table-wrapper .ant-spin-spinning').first().waitFor({ state: 'detached' });
}

/** A row of `scope`'s table holding `text`, once the list has its answer and the row is shown. */
export async function settledRow(scope, text) {
  await listSettled(scope);
  const found = scope.locator('.ant-table-row').filter({ hasText: text });
  await found.first().waitFor();
  return found;
}

/**
 * Opens a page from the side menu (`group` → `name`, or a top entry when `group` is null) and waits until the shown page holds
 * `ready` (the address changes before the page does).
 */
export async function openPage(page, group, name, path, ready) {
  const menu = page.locator('.qm-sidebar, .ant-layout-sider').first();
  if (group && !(await menu.getByText(name, { exact: true }).isVisible())) {
    await menu.getByText(group, { exact: true }).click();
    // The group unfolds with an animation that moves the entry: a click while it moves can land
    // on nothing (seen on a loaded machine), so wait until the menu is at rest.
    await page.waitForFunction(() => ![...document.querySelectorAll('.ant-layout-sider *, .qm-sidebar *')].some((el) => /-motion-|motion-collapse/.test(el.className?.baseVal ?? el.className ?? '')));
  }
  await menu.getByText(name, { exact: true }).click();
  await page.waitForURL(`${BASE}/${path}`);
  await active(page).locator(ready).first().waitFor();
}

/** A row of the shown page's table holding `text`. */
export function row(page, text) {
  return active(page).locator('.ant-table-row').filter({ hasText: text });
}

/** Waits for a toast holding `text`. */
export async function toast(page, text) {
  await page.locator('.ant-message').getByText(text).first().waitFor();
}

/**
 * Runs `action` and waits for the toast `text` it brings, watching from before the action: a
 * toast lasts seconds, and on a busy machine a wait begun afterwards can miss it.
 */
export async function toastAfter(page, text, action) {
  const told = toast(page, text);
  told.catch(() => undefined); // awaited below; not unhandled if the action throws first
  await action();
  await told;
}

/** Confirms the open confirmation asking `question`, and waits until it has gone. */
export async function confirmWith(page, question) {
  const box = page.locator('.ant-modal-confirm').filter({ hasText: question }).filter({ visible: true });
  await box.waitFor();
  await motionless(page);
  await box.getByRole('button', { name: named('确定') }).click();
  await page.waitForFunction(() => ![...document.querySelectorAll('.ant-modal-confirm')].some((el) => el.getClientRects().length > 0));
}

/** Records the requests whose method and address match while `fn` runs. */
export async function requestsDuring(page, method, fragment, fn) {
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

/** An API call with the signed-in user's session (the app's own token); returns `data`. */
export async function api(page, method, path, body) {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const token = (localStorage.getItem('jnpf_token') ?? '').replace(/\|String$/, '');
      const res = await fetch(path, { method, headers: { Authorization: token, 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
      return res.json();
    },
    { method, path, body },
  );
  if (answer.code !== 200) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/**
 * What a list table shows badly, measured in the page (issue 25, 1440 px): a header whose text is
 * cut, a column squeezed below `minWidth` px, a switch or text of an unfixed column lying under
 * the fixed 操作 column. Empty when the table reads well.
 */
export async function tableLayoutProblems(table, minWidth = 60) {
  return table.evaluate((root, min) => {
    const problems = [];
    for (const th of root.querySelectorAll('thead th.ant-table-cell')) {
      const text = th.textContent.trim();
      if (!text) continue;
      const title = th.querySelector('.ant-table-column-title') ?? th;
      if (title.scrollWidth > title.clientWidth + 1) problems.push(`header cut: ${text}`);
      if (th.getBoundingClientRect().width < min) problems.push(`column squeezed: ${text} ${Math.round(th.getBoundingClientRect().width)}px of ${root.clientWidth}px`);
    }
    for (const tr of root.querySelectorAll('tbody tr.ant-table-row')) {
      const middle = root.getBoundingClientRect().left + root.getBoundingClientRect().width / 2;
      const fixed = [...tr.querySelectorAll('td')].filter((td) => getComputedStyle(td).position === 'sticky' && td.getBoundingClientRect().left > middle);
      if (!fixed.length) continue;
      const edge = Math.min(...fixed.map((td) => td.getBoundingClientRect().left));
      for (const td of [...tr.querySelectorAll('td')].filter((td) => !fixed.includes(td))) {
        for (const el of td.querySelectorAll('.ant-switch, .ant-tag, span, a')) {
          const box = el.getBoundingClientRect();
          if (box.width > 0 && box.right > edge + 1 && box.left < edge) problems.push(`under 操作: ${td.textContent.trim() || el.className}`);
        }
      }
    }
    return [...new Set(problems)];
  }, minWidth);
}

/** The width of an element once its opening animation has finished. */
export async function settledWidth(page, locator) {
  let last = -1;
  for (let i = 0; i < 50; i++) {
    const box = await locator.boundingBox();
    const width = box ? Math.round(box.width) : -1;
    if (width === last && width > 0) return width;
    last = width;
    await page.waitForTimeout(100);
  }
  return last;
}

/**
 * The helpers above bound to one page, for stories that prefer `dialog(title)` to
 * `dialog(page, title)`: the same functions, not a second set.
 */
export function helpers(page) {
  return {
    named,
    dialog: (title) => dialog(page, title),
    item,
    explain,
    active: () => active(page),
    motionless: () => motionless(page),
    signIn: (account, password) => signIn(page, account, password),
    changeInitialPassword: (old, next) => changeInitialPassword(page, old, next),
    openPage: (group, name, path, ready) => openPage(page, group, name, path, ready),
    choose,
    chooseNode,
    toast: (text) => toast(page, text),
    confirmWith: (question) => confirmWith(page, question),
    requestsDuring: (method, fragment, fn) => requestsDuring(page, method, fragment, fn),
    api: (method, path, body) => api(page, method, path, body),
  };
}

/** Drags `from` onto `to` with the mouse in small steps, as a person does (dnd-kit starts
 * after 4 px); `y` is where on `to` it is let go (0 top … 1 bottom). */
export async function drag(page, from, to, { y = 0.5 } = {}) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height * y, { steps: 20 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height * y + 1, { steps: 2 });
  await page.mouse.up();
}

/** 功能设计: 发布 the model `name` under the menu `parent` (the 上级菜单 picker); fails with
 * core's problems when the release is refused. */
export async function releaseUnder(page, name, parent) {
  await row(page, name).first().getByRole('button', { name: named(`发布 ${name}`) }).click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定发布' });
  await confirm.waitFor();
  await confirm.locator('.qm-release-menu .ant-select').click();
  // Typed as a person looking for it would: the expanded tree is drawn as a virtual list, and a
  // long menu leaves the parent below what is drawn.
  await confirm.locator('.qm-release-menu input').fill(parent);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: new RegExp(`^${parent}$`) }).first().click();
  await dropdownsClosed(page);
  await confirmWith(page, '确定发布');
  const refused = page.locator('.qm-release-problems').filter({ visible: true });
  await Promise.race([toast(page, '发布成功，版本 1'), refused.waitFor()]);
  if (await refused.isVisible()) throw new Error(`release refused: ${await refused.textContent().catch(() => '')}`);
}

/** From 功能设计, opens `group` → `name` of the side menu after a reload (the menus are read at
 * sign-in, so a menu made since shows after it) and answers the records page at `path`. */
export async function openReleased(page, group, name, path) {
  await page.reload();
  await active(page).locator('.qm-model-page .ant-table').waitFor();
  const sidebar = page.locator('.qm-sidebar, .ant-layout-sider').first();
  // the group may be drawn open already: open it only when it is shut
  if (!(await sidebar.locator('.ant-menu-submenu-open', { hasText: group }).count())) await sidebar.getByText(group, { exact: true }).click();
  await sidebar.getByText(name, { exact: true }).click();
  await page.waitForURL(new RegExp(`/${path}$`));
  const records = active(page).locator('.qm-records-page');
  await records.waitFor();
  return records;
}

/** The installation's offset east of UTC in the e2e servers (the server's default, China). */
export const INSTALLATION_OFFSET_MINUTES = 480;

/**
 * The installation's today as `yyyyMMdd` (issue 25: one zone, the installation's, says what
 * today is — between 16:00 and 24:00 UTC it is already tomorrow in China).
 */
export function installationToday(nowMs = Date.now()) {
  return new Date(nowMs + INSTALLATION_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10).replaceAll('-', '');
}

/**
 * A doctor of a new company 启明医院, made by the signed-in administrator through the API, with
 * a global role 医生 granted `menus` of the main system (a user needs a page to sign in,
 * PERM-002; the seed's fixed menu ids, fixtures/seed). Answers the user's answer
 * `{id, initialPassword, …}`.
 */
export async function doctorWithMenus(page, menus, { account = 'zhaoyi', realName = '赵医生' } = {}) {
  await api(page, 'POST', '/api/permission/Organize', { parentId: '-1', fullName: '启明医院', enCode: 'qmyy' });
  const tree = await api(page, 'GET', '/api/permission/Organize/Department/Selector/0');
  const company = tree.list.find((n) => n.fullName === '启明医院');
  await api(page, 'POST', '/api/permission/Role', { fullName: '医生', enCode: 'doctor', globalMark: 1 });
  const roles = await api(page, 'GET', '/api/permission/Role?keyword=doctor&currentPage=1&pageSize=20');
  const role = roles.list.find((r) => r.enCode === 'doctor');
  await api(page, 'PUT', `/api/permission/Authority/Data/${role.id}`, { objectType: 'Role', systemIds: ['100000000000000001'], module: menus });
  return api(page, 'POST', '/api/permission/Users', { account, realName, gender: 1, organizeIdTree: [[company.id]], roleId: role.id });
}

/**
 * A browser of the user's own, signed in for the first time: the initial password changed to
 * `password`, on the home page. Answers `{browser, page}`.
 */
export async function signInElsewhere(account, initialPassword, password) {
  const browser = await launch();
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(`${BASE}/login`);
  await signIn(page, account, initialPassword);
  await changeInitialPassword(page, initialPassword, password);
  await signIn(page, account, password);
  await page.waitForURL(`${BASE}/home`);
  return { browser, page };
}

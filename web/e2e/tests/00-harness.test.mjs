// The harness itself (issue 9, "the browser tests pass under the Content-Security-Policy"):
// the app comes from the server binary, every answer carries the policy, and what the browser
// reports — a CSP violation or an uncaught page error — reaches the tests, which then fail
// (support.mjs: `storySteps` checks after each step, `close()` after the last one).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { BASE, launch } from '../support.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../../dist');

let browser;
let page;

/** Waits until the watcher has seen something (reports arrive asynchronously). */
async function reported(match) {
  for (let i = 0; i < 50; i++) {
    const found = browser.problems.list.filter((p) => match.test(p));
    if (found.length) {
      // One violation arrives twice (Chromium's console line and the event): take both.
      await page.waitForTimeout(300);
      return browser.problems.take();
    }
    await page.waitForTimeout(100);
  }
  assert.fail(`nothing matching ${match} was reported; got ${JSON.stringify(browser.problems.list)}`);
}

describe('the browser-test harness', () => {
  before(async () => {
    browser = await launch();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  after(async () => {
    await browser?.close();
  });

  it('gets the built app from the server, with the Content-Security-Policy', async () => {
    const res = await page.goto(`${BASE}/login`);
    const csp = res.headers()['content-security-policy'];
    assert.match(csp ?? '', /script-src 'self'/);
    // The page is this build's index.html: the server serves web/dist itself (no QIMING_WEB_DIR).
    const served = await res.text();
    assert.equal(served, readFileSync(join(dist, 'index.html'), 'utf8'));
    await page.getByRole('textbox', { name: '账户' }).waitFor();
    browser.problems.assertNone('while loading the login page');
  });

  it('catches an inline script the policy refuses', async () => {
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
    });
    const found = await reported(/CSP violation/);
    assert.ok(found.some((p) => /script-src/.test(p)), found.join('\n'));
    assert.equal(await page.evaluate(() => window.__inlineRan ?? false), false);
  });

  it('catches an uncaught error and an unhandled rejection in the page', async () => {
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('thrown by the harness test');
      });
    });
    const thrown = await reported(/thrown by the harness test/);
    assert.ok(thrown.every((p) => p.startsWith('uncaught error')), thrown.join('\n'));
    await page.evaluate(() => {
      void Promise.reject(new Error('rejected by the harness test'));
    });
    await reported(/rejected by the harness test/);
  });

  it('makes a check fail while a report is pending, once', async () => {
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('pending report');
      });
    });
    for (let i = 0; i < 50 && !browser.problems.list.length; i++) await page.waitForTimeout(100);
    assert.throws(() => browser.problems.assertNone('in this check'), /problem\(s\) in this check:\n {2}uncaught error: Error: pending report/);
    browser.problems.assertNone('after the failed check'); // a failure is reported once
  });
});

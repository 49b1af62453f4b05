// Benchmark of the login page's first load (README, "Login form visible"): starts the server
// on a free port with a fresh SQLite data directory, opens /login in Debian's Chromium N times,
// each in a new browser context (cold HTTP and code caches), and reports the median and p90 of
//
//   - visible: when the account input is first on screen (the frame after it is laid out with
//     a size), in ms after navigation start;
//   - files: when the last of the HTML, scripts and stylesheets the page had asked for by then
//     had arrived — the rest of `visible` is the main thread working;
//   - script: JavaScript run on the page's main thread before `visible` (compiling and
//     running modules, tasks, microtasks, garbage collection), from a Chromium trace;
//   - styles + layout: style recalculation, layout and paint before `visible`, same trace;
//   - JS / CSS: bytes on the wire (brotli) of the scripts and stylesheets loaded by then.
//
// Usage: node scripts/page-load.mjs [--runs 20] [--binary PATH] [--embedded | --dist DIR] [--json]
//   --binary    the server (default: target/release/qiming-server if built, else target/debug)
//   --embedded  serve the app the binary carries (a release binary embeds web/dist as it was
//               when it was built); by default the binary serves web/dist as it is now
//               (QIMING_WEB_DIR, with the .br/.gz files `npm run build` writes), so a web
//               change is measured without rebuilding the server;
//   --dist      serve another build instead of web/dist (e.g. an earlier one, to compare).
// Measure on an idle machine: the load average is printed before and after.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir, cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const web = resolve(here, '..');
const root = resolve(web, '..');

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    binary: { type: 'string' },
    embedded: { type: 'boolean', default: false },
    dist: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(opts.runs) || 20);
const dist = opts.dist ? resolve(opts.dist) : join(web, 'dist');
const release = join(root, 'target/release/qiming-server');
const debug = join(root, 'target/debug/qiming-server');
const binary = opts.binary ? resolve(opts.binary) : existsSync(release) ? release : debug;
if (!existsSync(binary)) {
  console.error(`page-load: ${binary} is missing — run \`cargo build --release -p qiming-server\` (or a debug build) first`);
  process.exit(2);
}
if (!opts.embedded) {
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`page-load: ${dist} is not built — run \`npm run build\` first`);
    process.exit(2);
  }
  if (!readdirSync(join(dist, 'assets')).some((f) => f.endsWith('.br'))) {
    console.error(`page-load: ${dist} has no .br files — \`npm run build\` writes them (scripts/compress.mjs)`);
    process.exit(2);
  }
}
const profile = binary.includes('/release/') ? 'release' : binary.includes('/debug/') ? 'debug' : 'unknown profile';

const freePort = () =>
  new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });

async function waitFor(url, server, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the server did not answer ${url} within ${ms} ms`);
}

// In the page, before any of its scripts: the first frame in which the account input has a
// size is marked `qm:form-visible` (a user-timing mark, so the trace carries it too).
const watchForm = () => {
  const visible = () => {
    const input = document.querySelector('input[autocomplete="username"]');
    if (!input) return false;
    const box = input.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(input).visibility !== 'hidden';
  };
  const done = () => {
    // rAF runs just before the frame is painted; the mark is that frame.
    requestAnimationFrame(() => {
      window.__qmFormVisible = performance.mark('qm:form-visible').startTime;
    });
  };
  const observer = new MutationObserver(() => {
    if (visible()) {
      observer.disconnect();
      done();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
};

// Trace events that are the main thread running JavaScript, and styling/layout/painting.
const SCRIPT = new Set([
  'EvaluateScript', 'v8.evaluateModule', 'v8.compile', 'v8.compileModule', 'v8.produceModuleCache',
  'FunctionCall', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'FireIdleCallback',
  'RunMicrotasks', 'V8.Execute', 'MajorGC', 'MinorGC', 'V8.GCScavenger', 'V8.GCFinalizeMC',
  'V8.GCIncrementalMarking', 'BlinkGC.AtomicPhase', 'XHRReadyStateChange', 'XHRLoad',
]);
const RENDER = new Set(['UpdateLayoutTree', 'RecalculateStyles', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'ParseAuthorStyleSheet']);
// The time covered by any of `names` before `until` (µs), in ms: nested events (a function
// call inside a script's evaluation, compilation inside both) are counted once.
function busy(events, names, until) {
  const spans = events
    .filter((e) => names.has(e.name) && e.ph === 'X' && e.ts < until)
    .map((e) => [e.ts, Math.min(e.ts + (e.dur ?? 0), until)])
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [s, e] of spans) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total / 1000;
}

function fromTrace(buffer) {
  const { traceEvents } = JSON.parse(buffer.toString('utf8'));
  const mark = traceEvents.find((e) => e.name === 'qm:form-visible' && e.cat?.includes('blink.user_timing'));
  if (!mark) return { script: NaN, render: NaN };
  // The main thread of the renderer that marked the form, up to the mark.
  const main = traceEvents.filter((e) => e.pid === mark.pid && e.tid === mark.tid);
  return { script: busy(main, SCRIPT, mark.ts), render: busy(main, RENDER, mark.ts) };
}

async function measure(browser, base) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  await context.addInitScript(watchForm);
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing', 'v8.execute'] });
  await page.goto(`${base}/login`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__qmFormVisible !== undefined, null, { timeout: 30_000, polling: 50 });
  const timing = await page.evaluate(() => {
    const visible = window.__qmFormVisible;
    const nav = performance.getEntriesByType('navigation')[0];
    const files = performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime < visible && /\.(m?js|css)$/.test(new URL(r.name).pathname));
    const bytes = (re) => files.filter((r) => re.test(new URL(r.name).pathname)).reduce((n, r) => n + r.transferSize, 0);
    return {
      visible,
      files: Math.max(nav.responseEnd, ...files.map((r) => r.responseEnd)),
      js: bytes(/\.m?js$/),
      css: bytes(/\.css$/),
    };
  });
  const trace = fromTrace(await browser.stopTracing());
  await context.close();
  return { ...timing, ...trace };
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'qiming-pageload-'));
const env = {
  ...process.env,
  QIMING_ADDR: `127.0.0.1:${port}`,
  QIMING_DATA_DIR: dataDir,
  QIMING_ADMIN_PASSWORD: 'Bench' + Math.random().toString(36).slice(2, 10) + '7',
  QIMING_LOG: 'warn',
};
if (opts.embedded) delete env.QIMING_WEB_DIR;
else env.QIMING_WEB_DIR = dist;
delete env.DATABASE_URL;
delete env.QIMING_CONFIG;
const server = spawn(binary, [], { cwd: dataDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
const base = `http://127.0.0.1:${port}`;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const before = load();
let browser;
const results = [];
try {
  await waitFor(`${base}/api/oauth/getLoginConfig`, server);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run',
    ],
  });
  await measure(browser, base); // warm-up, not counted: the browser's own first start
  // Each load is traced (the trace's light categories change the times by less than the
  // spread between loads).
  for (let i = 0; i < runs; i++) results.push(await measure(browser, base));
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((ok) => (server.exitCode !== null ? ok() : server.once('exit', ok)));
  rmSync(dataDir, { recursive: true, force: true });
}

const served = opts.embedded
  ? `the app embedded in the binary (built ${statSync(binary).mtime.toISOString()})`
  : `${dist} (QIMING_WEB_DIR)`;
const rows = [
  ['login form visible', 'visible', 'ms'],
  ['every file arrived', 'files', 'ms'],
  ['script before visible', 'script', 'ms'],
  ['styles, layout, paint before visible', 'render', 'ms'],
  ['JavaScript transferred', 'js', 'KiB'],
  ['CSS transferred', 'css', 'KiB'],
];
if (opts.json) {
  console.log(JSON.stringify({ binary, profile, served, runs, load: [before, load()], results }, null, 1));
} else {
  console.log(`page-load: ${runs} cold loads of /login in ${chromium.name()} (/usr/bin/chromium), ${cpus().length} cores`);
  console.log(`server: ${binary} (${profile}), serving ${served}`);
  console.log(`load average before ${before}, after ${load()}`);
  console.log('| what | median | p90 |');
  console.log('|---|---:|---:|');
  for (const [what, key, unit] of rows) {
    const xs = results.map((r) => r[key]).filter(Number.isFinite);
    const f = (x) => (unit === 'KiB' ? `${(x / 1024).toFixed(1)} KiB` : `${Math.round(x)} ms`);
    console.log(`| ${what} | ${xs.length ? f(quantile(xs, 0.5)) : '-'} | ${xs.length ? f(quantile(xs, 0.9)) : '-'} |`);
  }
}

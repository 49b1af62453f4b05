// Browser tests: for each e2e/tests/*.test.mjs, in order, starts the real server
// (target/debug/qiming-server) on a free port with a fresh SQLite data directory, serving the
// app it embeds (web/dist, built first), runs that file with node:test against it in real
// Chromium, then stops the server. Exits non-zero on any failure. Screenshots and each
// server's log go to e2e/artifacts/.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, existsSync, mkdirSync, createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const web = resolve(here, '..');
// QIMING_E2E_SERVER runs another build of the server (a copy that a concurrent cargo build
// cannot replace mid-run); by default the debug build of this repository.
const binary = resolve(process.env.QIMING_E2E_SERVER || resolve(web, '../target/debug/qiming-server'));
const dist = resolve(web, 'dist');
const artifacts = resolve(here, 'artifacts');

for (const [path, hint] of [
  [binary, 'cargo build -p qiming-server'],
  [join(dist, 'index.html'), 'npm run build'],
]) {
  if (!existsSync(path)) {
    console.error(`e2e: ${path} is missing — run \`${hint}\` first (or \`make test-e2e\`).`);
    process.exit(2);
  }
}

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function waitFor(url, server, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer ${url} within ${ms} ms`);
}

rmSync(artifacts, { recursive: true, force: true }); // only this run's screenshots
mkdirSync(artifacts, { recursive: true });

/**
 * One fresh install per test file: its own port, SQLite data directory and administrator
 * password, so each story starts where a new customer starts and none depends on what another
 * left behind (the shell story changes the administrator's password and turns the captcha on).
 */
async function runFile(file) {
  const name = basename(file, '.test.mjs');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'qiming-e2e-'));
  const adminPassword = 'Init' + Math.random().toString(36).slice(2, 10) + '7';
  const base = `http://127.0.0.1:${port}`;

  const log = createWriteStream(join(artifacts, `server-${name}.log`));
  const env = {
    ...process.env,
    QIMING_ADDR: `127.0.0.1:${port}`,
    QIMING_DATA_DIR: dataDir,
    QIMING_ADMIN_PASSWORD: adminPassword,
    QIMING_LOG: 'info',
  };
  delete env.DATABASE_URL; // always the fresh SQLite file in dataDir
  // The app the server itself carries (rust-embed: debug builds read web/dist at start-up), as
  // users get it — never a directory handed in from outside.
  delete env.QIMING_WEB_DIR;
  delete env.QIMING_CONFIG;
  // Only when asked: a server binary that carries no app (one compiled before web/dist existed)
  // serves this directory instead.
  if (process.env.QIMING_E2E_WEB_DIR) env.QIMING_WEB_DIR = resolve(process.env.QIMING_E2E_WEB_DIR);
  const server = spawn(binary, [], {
    cwd: dataDir, // no qiming.toml of the developer's is picked up
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);

  let code = 1;
  try {
    await waitFor(`${base}/api/oauth/getLoginConfig`, server);
    const runner = spawn(process.execPath, ['--test', '--test-concurrency=1', file], {
      stdio: 'inherit',
      env: {
        ...process.env,
        QIMING_E2E_BASE: base,
        QIMING_E2E_DATA_DIR: dataDir,
        QIMING_E2E_ADMIN_PASSWORD: adminPassword,
        QIMING_E2E_ARTIFACTS: artifacts,
      },
    });
    code = await new Promise((ok) => runner.on('exit', (c) => ok(c ?? 1)));
  } catch (error) {
    console.error(`e2e (${name}):`, error.message);
  } finally {
    server.kill('SIGTERM');
    await new Promise((ok) => (server.exitCode !== null ? ok() : server.once('exit', ok)));
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (code !== 0) console.error(`e2e: ${name} failed (server log: ${join(artifacts, `server-${name}.log`)})`);
  return code;
}

// `npm run e2e -- organisation` runs only the files whose name holds one of the words given.
const only = process.argv.slice(2);
const files = readdirSync(join(here, 'tests'))
  .filter((f) => f.endsWith('.test.mjs') && (!only.length || only.some((w) => f.includes(w))))
  .sort()
  .map((f) => join(here, 'tests', f));

let failed = 0;
for (const file of files) if ((await runFile(file)) !== 0) failed++;
if (failed) console.error(`e2e: ${failed} of ${files.length} file(s) failed`);
process.exit(failed ? 1 : 0);

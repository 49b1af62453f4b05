// Benchmark of the upload identifier (README, "MD5 of a 1 GB file"): the MD5 the chunked
// uploader computes — the rules core's Md5Hasher (WASM) in the app's Web Worker, in slices of
// 10,240,000 bytes — against spark-md5, what the JNPF client uses (on the page's thread,
// FileReader slices of the same size, `SparkMD5.ArrayBuffer.append`), in the same run, in
// Debian's Chromium, on the same file chosen through an <input type=file> (disk-backed, as a
// user's file is). Both digests must agree with Node's. Runs alternate; medians are reported.
//
// Usage: node scripts/md5-bench.mjs [--size-mb 1024] [--runs 3]   (after `npm run build`)
// Measure on an idle machine: the load average is printed before and after.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const { values: opts } = parseArgs({ options: { 'size-mb': { type: 'string', default: '1024' }, runs: { type: 'string', default: '3' } } });
const size = Number(opts['size-mb']) * 1024 * 1024;
const runs = Math.max(1, Number(opts.runs) || 3);

const worker = existsSync(join(dist, 'assets')) && readdirSync(join(dist, 'assets')).find((f) => /^md5\.worker-.*\.js$/.test(f));
if (!worker) {
  console.error('md5-bench: web/dist has no md5 worker — run `npm run build` first');
  process.exit(2);
}

// The file: pseudo-random bytes (a constant file would flatter nobody, MD5 does not care, but
// it keeps the disk cache honest), written once in 16 MB blocks.
const dir = mkdtempSync(join(tmpdir(), 'qiming-md5-bench-'));
const path = join(dir, 'big.bin');
{
  const block = Buffer.alloc(16 * 1024 * 1024);
  let x = 12345;
  for (let i = 0; i < block.length; i += 4) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    block.writeUInt32LE(x, i);
  }
  const fd = openSync(path, 'w');
  for (let done = 0; done < size; done += block.length) writeSync(fd, block, 0, Math.min(block.length, size - done));
  closeSync(fd);
}
const expected = await new Promise((ok) => {
  const hash = createHash('md5');
  createReadStream(path).on('data', (d) => hash.update(d)).on('end', () => ok(hash.digest('hex')));
});

const PAGE = `<!doctype html><meta charset="utf-8"><input type="file" id="file">
<script src="/spark-md5.js"></script>
<script>
const SLICE = 10240000;
window.viaWorker = (file) => new Promise((resolve, reject) => {
  const started = performance.now();
  const w = new Worker('/assets/${worker}', { type: 'module' });
  w.onmessage = (e) => { if (e.data.type === 'done') { w.terminate(); resolve({ md5: e.data.md5, ms: performance.now() - started }); } else if (e.data.type === 'error') reject(new Error('read error')); };
  w.onerror = (e) => reject(new Error(e.message));
  w.postMessage({ file });
});
window.viaSpark = (file) => new Promise((resolve, reject) => {
  const started = performance.now();
  const spark = new SparkMD5.ArrayBuffer();
  const reader = new FileReader();
  let at = 0;
  const next = () => reader.readAsArrayBuffer(file.slice(at, Math.min(at + SLICE, file.size)));
  reader.onload = (e) => { spark.append(e.target.result); at += SLICE; if (at < file.size) next(); else resolve({ md5: spark.end(), ms: performance.now() - started }); };
  reader.onerror = () => reject(reader.error);
  next();
});
</script>`;

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://x').pathname;
  if (url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  const file = url === '/spark-md5.js' ? join(web, 'node_modules/spark-md5/spark-md5.min.js') : join(dist, url);
  if (!file.startsWith(web) || !existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}`;

console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
// As the browser tests launch it (e2e/support.mjs): a persistent profile of its own.
const browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const results = { worker: [], spark: [] };
try {
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.on('crash', () => console.error('md5-bench: the page crashed'));
  await page.goto(base);
  await page.locator('#file').setInputFiles(path);
  for (let i = 0; i < runs; i++) {
    for (const [name, fn] of [['worker', 'viaWorker'], ['spark', 'viaSpark']]) {
      const { md5, ms } = await page.evaluate((f) => window[f](document.getElementById('file').files[0]), fn);
      if (md5 !== expected) throw new Error(`${name} gave ${md5}, expected ${expected}`);
      results[name].push(ms);
      console.log(`run ${i + 1} ${name}: ${(ms / 1000).toFixed(2)} s (${(size / 1048576 / (ms / 1000)).toFixed(0)} MiB/s)`);
    }
  }
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const [w, s] = [median(results.worker), median(results.spark)];
console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(
  `MD5 of ${opts['size-mb']} MiB: WASM worker median ${(w / 1000).toFixed(2)} s (${(size / 1048576 / (w / 1000)).toFixed(0)} MiB/s), ` +
    `spark-md5 median ${(s / 1000).toFixed(2)} s (${(size / 1048576 / (s / 1000)).toFixed(0)} MiB/s): ${(s / w).toFixed(1)}× faster`,
);

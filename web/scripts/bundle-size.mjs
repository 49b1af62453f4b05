// Benchmark note for the README: how much the login page downloads (its entry chunk and
// every chunk that chunk imports statically, gzip), the lazily loaded rest, and the WASM
// rules core. Reads dist/.vite/manifest.json — run `npm run build` first (`npm run
// bench:bundle` does both).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `npm run build` first');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const size = (file) => {
  const bytes = readFileSync(join(dist, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

// The login page: the HTML entry and its static imports, transitively.
const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
const seen = new Set();
const css = new Set();
(function walk(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  (chunk.css ?? []).forEach((c) => css.add(c));
  (chunk.imports ?? []).forEach(walk);
})(entry);

const loginJs = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const allJs = [...new Set(Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith('.js')))];
const wasm = Object.values(manifest).map((c) => c.file).find((f) => f.endsWith('.wasm'));

const sum = (files) => files.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
const rows = [
  ['login page JavaScript', sum(loginJs), `${loginJs.length} files`],
  ['login page CSS', sum([...css]), `${css.size} files`],
  ['all JavaScript (shell and pages load lazily)', sum(allJs), `${allJs.length} files`],
  ['WASM rules core (loaded when idle / at password focus)', wasm ? size(wasm) : { raw: 0, gzip: 0 }, wasm ?? 'missing'],
];
console.log('| what | raw | gzip | |');
console.log('|---|---:|---:|---|');
for (const [what, s, note] of rows) console.log(`| ${what} | ${kb(s.raw)} | ${kb(s.gzip)} | ${note} |`);

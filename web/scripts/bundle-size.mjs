// Benchmark note for the README: how much the login page downloads (its entry chunk and
// every chunk that chunk imports statically, with their CSS), the lazily loaded rest, and the
// WASM rules core — raw, gzip and brotli. Reads dist/.vite/manifest.json, so the .br and .gz
// files that `npm run build` writes beside each file (scripts/compress.mjs) are never counted
// as files of their own; the sizes are computed here from the files themselves. Run
// `npm run build` first (`npm run bench:bundle` does both); another build's directory may be
// given as the argument.
import { readFileSync, existsSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = process.argv[2] ? resolve(process.argv[2]) : resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: run \`npm run build\` first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const precompressed = (file) => file.endsWith('.br') || file.endsWith('.gz');
const size = (file) => {
  const bytes = readFileSync(join(dist, file));
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
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

const files = (pick) => [...new Set(Object.values(manifest).flatMap(pick))].filter((f) => !precompressed(f));
const loginJs = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const allJs = files((c) => [c.file]).filter((f) => f.endsWith('.js'));
const allCss = files((c) => [c.file, ...(c.css ?? [])]).filter((f) => f.endsWith('.css'));
const wasm = files((c) => [c.file]).find((f) => f.endsWith('.wasm'));

const sum = (list) =>
  list.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, br: a.br + b.br }), { raw: 0, gzip: 0, br: 0 });
const rows = [
  ['login page JavaScript', sum(loginJs), `${loginJs.length} files`],
  ['login page CSS', sum([...css]), `${css.size} files`],
  ['all JavaScript (shell and pages load lazily)', sum(allJs), `${allJs.length} files`],
  ['all CSS (the rest loads with the shell and pages)', sum(allCss), `${allCss.length} files`],
  ['WASM rules core (loaded when idle / at password focus)', wasm ? size(wasm) : { raw: 0, gzip: 0, br: 0 }, wasm ?? 'missing'],
];
console.log('| what | raw | gzip | brotli | |');
console.log('|---|---:|---:|---:|---|');
for (const [what, s, note] of rows) console.log(`| ${what} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.br)} | ${note} |`);

// Precompresses the built app (`npm run build` runs it after `vite build`): every text file of
// web/dist (or of the directory given as the argument) over 1 KiB gets a .br (quality 11) and
// a .gz (level 9) beside it, written only when smaller. The server embeds them and sends the
// one the browser accepts, so nothing is compressed per request.
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.wasm', '.txt', '.map', '.ico']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  if (!COMPRESSIBLE.has(extname(path))) continue;
  const raw = readFileSync(path);
  if (raw.length < 1024) continue;
  const br = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length) writeFileSync(`${path}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
  count++;
}
console.log(`compress: ${count} files precompressed (br, gz) in ${dist}`);

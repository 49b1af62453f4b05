import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The rules core is the npm package @qiming/core, core-wasm's wasm-pack build (`make wasm`),
// linked from core-wasm/pkg/bundler: it lives outside web/, so the dev server must be allowed to
// read the repository root.
export default defineConfig({
  plugins: [react(), wasm()],
  resolve: {
    alias: {
      '@': here('./src'),
    },
  },
  server: {
    fs: { allow: [here('..')] },
    // `npm run dev` against a server started with `make run` (or QIMING_ADDR).
    proxy: { '/api': process.env.QIMING_API ?? 'http://127.0.0.1:8080' },
  },
  // Build-time settings read by src/config.ts.
  define: {
    __DATAV_URL__: JSON.stringify(process.env.QIMING_DATAV_URL ?? ''),
    __REQUEST_TIMEOUT__: JSON.stringify(Number(process.env.QIMING_REQUEST_TIMEOUT) || 0),
  },
  build: {
    target: 'es2022',
    // scripts/bundle-size.mjs reads which chunks the login page loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});

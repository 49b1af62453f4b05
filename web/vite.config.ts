import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';
import { fileURLToPath } from 'node:url';
import { antdStaticCss } from './scripts/antd-css.mjs';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The rules core is the npm package @qiming/core, core-wasm's wasm-pack build (`make wasm`),
// linked from core-wasm/pkg/bundler: it lives outside web/, so the dev server must be allowed to
// read the repository root.
// antd runs in zero-runtime mode: its styles are antd/dist/antd.css, split by
// scripts/antd-css.mjs into the login page's part (virtual:antd-critical.css) and the rest
// (virtual:antd-rest.css).
export default defineConfig(({ command }) => ({
  plugins: [antdStaticCss(), react(), wasm()],
  resolve: {
    alias: {
      '@': here('./src'),
      // react-router's package exports name only its development build (warnings on); the
      // production build is the same code without them (remix-run/react-router#12532).
      ...(command === 'build' ? { 'react-router': here('./node_modules/react-router/dist/production/index.mjs') } : {}),
    },
  },
  // The MD5 worker (src/widgets/upload/md5.worker.ts) imports the WASM rules core: it is an
  // ES module worker with the same WASM plugin as the page.
  worker: { format: 'es', plugins: () => [wasm()] },
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
}));

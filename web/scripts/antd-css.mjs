// antd's styles as static CSS, split at build time (vite.config.ts). The app runs antd in
// zero-runtime mode (ConfigProvider theme.zeroRuntime: no styles generated in the browser), so
// every antd style comes from antd's own pre-built antd/dist/antd.css, whose rules read the
// theme from CSS variables that antd still sets at run time (colour, dark mode, size).
//
// That file is 1 MB; the login page needs a twentieth of it. So it is cut in two:
//   virtual:antd-critical.css  the rules of the components the login page and the loading
//                              spinner use (`CRITICAL`), the global link styles and every
//                              @keyframes: imported first by main.tsx, so it is part of the
//                              entry's stylesheet, ahead of the app's own CSS;
//   virtual:antd-rest.css      everything else: imported by src/app/antdStyles.ts, which App
//                              loads together with every screen but the login page.
// A rule belongs to the component of the first `ant-` class in its selectors. Rules scoped to
// antd's build-time variable key (`.css-var-_R_0_…`, which never matches here: antd sets the
// variables under its own run-time key) and the SSR cache marker are dropped.
//
// One style antd still generates in zero-runtime mode (6.6): ConfigProvider's icon reset
// (`useResetIconStyle`, a stylis compile on every first render). antd.css carries the same
// rules (.anticon, .anticon-spin, loadingCircle), so the plugin swaps that hook for a no-op.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Class prefixes of what the login page renders (component or its motion classes). */
export const CRITICAL = [
  'ant-app', 'ant-form', 'ant-row', 'ant-col', 'ant-input', 'ant-btn', 'ant-tabs', 'ant-alert',
  'ant-message', 'ant-spin', 'ant-wave', 'anticon',
  // motions of the message toast, the tabs' overflow menu and form errors
  'ant-move-up', 'ant-fade', 'ant-zoom', 'ant-slide-up', 'ant-motion-collapse',
];
/** Under a critical prefix but another component, or the grid's spans (the form uses none). */
const NOT_CRITICAL = /^ant-(input-number|input-otp|col-)/;

/** The top-level blocks of minified CSS: rules, at-rules with their bodies, statements. */
export function blocks(css) {
  const out = [];
  let depth = 0;
  let start = 0;
  let quote = null;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      out.push(css.slice(start, i + 1).trim());
      start = i + 1;
    } else if (c === ';' && depth === 0) {
      out.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  const tail = css.slice(start).trim();
  if (tail) out.push(tail);
  return out.filter(Boolean);
}

const belongs = (cls, prefixes) => prefixes.some((p) => cls === p || cls.startsWith(`${p}-`));

/** 'critical', 'rest' or 'drop' for one style rule. */
function classify(rule) {
  const selector = rule.slice(0, rule.indexOf('{'));
  if (/^\.css-var-/.test(selector) || selector.includes('data-ant-cssinjs-cache-path')) return 'drop';
  const first = selector.match(/\.(ant[a-z0-9-]*)/)?.[1];
  if (!first) return 'critical'; // the global link styles (`a{…}`)
  return belongs(first, CRITICAL) && !NOT_CRITICAL.test(first) ? 'critical' : 'rest';
}

/** Splits antd.css into the login page's rules and the rest, each in the original order. */
export function splitAntdCss(css) {
  const critical = [];
  const rest = [];
  const seen = new Set(); // antd.css repeats the global link styles once per theme it renders
  for (const block of blocks(css)) {
    if (block.startsWith('@keyframes') || block.startsWith('@-webkit-keyframes')) {
      if (!seen.has(block)) critical.push(block);
      seen.add(block);
    } else if (block.startsWith('@')) {
      // @media, @supports, @container: split their rules the same way.
      const open = block.indexOf('{');
      const head = block.slice(0, open);
      const inner = { critical: [], rest: [], drop: [] };
      for (const rule of blocks(block.slice(open + 1, -1))) inner[classify(rule)].push(rule);
      if (inner.critical.length) critical.push(`${head}{${inner.critical.join('')}}`);
      if (inner.rest.length) rest.push(`${head}{${inner.rest.join('')}}`);
    } else {
      const kind = classify(block);
      if (kind === 'drop' || (kind === 'critical' && seen.has(block))) continue;
      seen.add(block);
      (kind === 'critical' ? critical : rest).push(block);
    }
  }
  return { critical: critical.join('\n'), rest: rest.join('\n') };
}

const IDS = { 'virtual:antd-critical.css': 'critical', 'virtual:antd-rest.css': 'rest' };
const PREFIX = '/@qiming-antd/';
const NO_ICON_STYLE = '\0qiming-antd-no-icon-style';

/** The Vite plugin serving both halves as CSS modules. */
export function antdStaticCss() {
  let parts = null;
  const load = () => {
    if (!parts) {
      const require = createRequire(import.meta.url);
      parts = splitAntdCss(readFileSync(require.resolve('antd/dist/antd.css'), 'utf8'));
    }
    return parts;
  };
  return {
    name: 'qiming:antd-static-css',
    enforce: 'pre',
    resolveId(id, importer) {
      // A path-like id ending in .css, so Vite's CSS pipeline takes it like a file.
      if (id in IDS) return `${PREFIX}${IDS[id]}.css`;
      if (/(^|\/)useResetIconStyle(\.js)?$/.test(id) && /[\\/]antd[\\/]es[\\/]theme[\\/]/.test(importer ?? '')) return NO_ICON_STYLE;
      return null;
    },
    load(id) {
      if (id === NO_ICON_STYLE) return 'export default function useResetIconStyle() {}';
      if (!id.startsWith(PREFIX)) return null;
      const part = id.slice(PREFIX.length).replace(/\.css(\?.*)?$/, '');
      return part === 'critical' || part === 'rest' ? load()[part] : null;
    },
  };
}

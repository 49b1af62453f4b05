// jest's stand-in for src/pages/pageModules.ts: the same map Vite's
// import.meta.glob('./**/index.tsx') builds there, by scanning src/pages — keys relative to
// src/pages ('./profile/index.tsx'), values loading the module through jest.
const { readdirSync } = require('node:fs');
const { join, relative, sep } = require('node:path');

const root = join(__dirname, '..', 'pages');

function entries(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return entries(path);
    return d.name === 'index.tsx' ? [path] : [];
  });
}

const pageModules = {};
for (const file of entries(root)) {
  pageModules[`./${relative(root, file).split(sep).join('/')}`] = () => Promise.resolve(require(file));
}

module.exports = { pageModules };

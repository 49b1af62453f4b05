// Pages registered from their folders (issue 8 §3): `pages/<address>/index.tsx` is the page of
// that menu address, with no central list. jest scans the same folders Vite's glob expands
// (src/test/pageModules.cjs). AppMain.test.tsx routes menu entries to them.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { addressOf, normaliseAddress, pageFor, pagesFrom, PAGES } from './registry';

test('a folder path is the address: pages/permission/user/index.tsx serves permission/user', () => {
  expect(addressOf('./permission/user/index.tsx')).toBe('permission/user');
  expect(addressOf('./home/index.tsx')).toBe('home');
  const load = async () => ({ default: () => null });
  expect(Object.keys(pagesFrom({ './home/index.tsx': load, './systemData/dictionary/index.tsx': load })).sort()).toEqual([
    'home',
    'systemData/dictionary',
  ]);
  expect(normaliseAddress('/permission/user/?menuId=1')).toBe('permission/user');
});

test('every folder of src/pages with an index.tsx is registered, and only those', () => {
  const root = join(__dirname);
  const folders: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      if (!d.isDirectory()) continue;
      const address = prefix ? `${prefix}/${d.name}` : d.name;
      if (existsSync(join(dir, d.name, 'index.tsx'))) folders.push(address);
      walk(join(dir, d.name), address);
    }
  };
  walk(root, '');
  expect(Object.keys(PAGES).sort()).toEqual(folders.sort());
  // The two pages of this issue, from their folders.
  expect(folders).toEqual(expect.arrayContaining(['home', 'profile']));
  expect(pageFor('/profile')).toBe(PAGES.profile);
  expect(pageFor('no/such/page')).toBeUndefined();
  expect(pageFor('constructor')).toBeUndefined();
});

test('the registered page module is the folder’s page', async () => {
  const { pageModules } = jest.requireActual('@/pages/pageModules') as typeof import('./pageModules');
  const profile = await pageModules['./profile/index.tsx']();
  expect(profile.default).toBe((await import('./profile/Profile')).default);
});

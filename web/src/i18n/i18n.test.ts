// Languages (SHELL-048..050) and the translation of core messages.
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import en from './en';
import fs from 'fs';
import path from 'path';
import { routeTitles, ROUTE_AREAS } from './routes';
import i18n, { coreText, detectLanguage, initI18n, routeTitle } from './index';

test('SHELL-049: stored choice first, else the browser; a tw locale gives zh-TW', () => {
  expect(detectLanguage('en', 'zh-CN')).toBe('en');
  expect(detectLanguage(null, 'zh-TW')).toBe('zh-TW');
  expect(detectLanguage(null, 'zh-Hant-TW')).toBe('zh-TW');
  expect(detectLanguage(null, 'zh-CN')).toBe('zh-CN');
  expect(detectLanguage(null, 'zh')).toBe('zh-CN');
  expect(detectLanguage(null, 'en-GB')).toBe('en');
  expect(detectLanguage(null, 'fr-FR')).toBe('zh-CN'); // SHELL-048: the default
  expect(detectLanguage('klingon', 'en-US')).toBe('en'); // an unknown stored value is ignored
  expect(detectLanguage(undefined, undefined)).toBe('zh-CN');
});

/** Every leaf key of a nested message object. */
function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));
}

test('SHELL-048: zh-TW and en have exactly the keys of zh-CN, none empty', () => {
  const base = keys({ ...zhCN, core: {} }).sort();
  for (const other of [zhTW, en]) {
    expect(keys({ ...other, core: {} }).sort()).toEqual(base);
    expect(keys(other).every((k) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], other) !== '')).toBe(true);
  }
});

test('SHELL-050: route titles for the whole menu in the three languages', () => {
  for (const area of ROUTE_AREAS) {
    for (const lang of ['zh-CN', 'zh-TW', 'en'] as const) {
      expect(routeTitles[lang][area]).toBeTruthy();
      const pages = Object.keys(routeTitles[lang]).filter((name) => name.startsWith(`${area}-`));
      expect(pages.length).toBeGreaterThan(0);
    }
  }
  expect(Object.keys(routeTitles.en).sort()).toEqual(Object.keys(routeTitles['zh-CN']).sort());
  expect(routeTitles['zh-CN']['systemData-dictionary']).toBe('数据字典');
  expect(routeTitles.en['systemData-dictionary']).toBe('Dictionary');
  expect(routeTitles['zh-TW']['systemData-dictionary']).toBe('資料字典');
});

test('every menu the server seeds has its title in the three languages (功能设计 showed in Chinese in the English menu)', () => {
  const dir = path.resolve(__dirname, '../../../fixtures/seed');
  const names: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => /^menus-.*\.json$/.test(f))) {
    for (const menu of JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { enCode: string }[]) {
      names.push(menu.enCode.replace(/\./g, '-'));
    }
  }
  expect(names).toContain('system-visualDev');
  for (const lang of ['zh-CN', 'zh-TW', 'en'] as const) {
    expect(names.filter((name) => !routeTitles[lang][name])).toEqual([]);
  }
});

test('ROUTE-023: a route title is translated, else the menu name', async () => {
  initI18n('en');
  expect(routeTitle('home', '首页')).toBe('Home');
  expect(routeTitle('custom-page', '自定义页面')).toBe('自定义页面');
  await i18n.changeLanguage('zh-CN');
  expect(routeTitle('home', 'x')).toBe('首页');
});

test('core messages: zh-CN keeps the core text, other languages translate by key', async () => {
  const message = { key: 'password.lengthMin', params: { n: '8' }, text: '新密码长度不能小于8位' };
  await i18n.changeLanguage('zh-CN');
  expect(coreText(message)).toBe('新密码长度不能小于8位');
  await i18n.changeLanguage('en');
  expect(coreText(message)).toBe('The new password must have at least 8 characters');
  await i18n.changeLanguage('zh-TW');
  expect(coreText(message)).toBe('新密碼長度不能小於8位');
  expect(coreText({ key: 'unknown.key', text: '原文' })).toBe('原文');
  await i18n.changeLanguage('zh-CN');
});

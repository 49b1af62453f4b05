// Tabs and titles of locations (SHELL-024, ROUTE-023).
import { buildMenu } from './menu';
import { affixViews, documentTitle, viewFor } from './views';
import i18n, { initI18n } from '@/i18n';

const { routes } = buildMenu(
  [
    { id: '1', enCode: 'home', fullName: '首页', type: 2, urlAddress: 'home', icon: 'icon-ym icon-ym-nav-home' },
    { id: '2', enCode: 'systemData.dictionary', fullName: '数据字典', type: 2, urlAddress: 'systemData/dictionary' },
    { id: '3', enCode: 'my.page', fullName: '自定义页', type: 2, urlAddress: 'my/page' },
    { id: '4', enCode: 'help', fullName: '帮助中心', type: 7, linkTarget: '_self', urlAddress: 'https://help.example' },
  ],
  { token: 't', dataV: '' },
);

beforeAll(() => initI18n('zh-CN'));
afterAll(() => i18n.changeLanguage('zh-CN'));

test('SHELL-024/026: fixed and menu pages get tabs; home is affixed', () => {
  expect(viewFor('/home', '', routes)).toMatchObject({ name: 'home', title: '首页', affix: true });
  expect(viewFor('/profile', '?tab=password', routes)).toMatchObject({ name: 'profile', fullPath: '/profile?tab=password' });
  expect(viewFor('/systemData/dictionary', '', routes)).toMatchObject({ name: 'systemData-dictionary', title: '数据字典' });
  expect(viewFor('/unknown', '', routes)).toBeNull();
  // A link shown inside the app takes its menu name.
  expect(viewFor('/externalLink', `?href=${encodeURIComponent('https://help.example')}`, routes)).toMatchObject({ title: '帮助中心' });
});

test('SHELL-026: the affixed views are the home page, named by its menu entry', () => {
  expect(affixViews(routes)).toEqual([{ path: '/home', fullPath: '/home', name: 'home', title: '首页', icon: 'icon-ym icon-ym-nav-home', affix: true }]);
  expect(affixViews([])).toMatchObject([{ path: '/home', title: '首页', affix: true }]);
});

test('ROUTE-023: translated route title + " - " + system title', async () => {
  expect(documentTitle(viewFor('/systemData/dictionary', '', routes), '启明')).toBe('数据字典 - 启明');
  expect(documentTitle(viewFor('/my/page', '', routes), '启明')).toBe('自定义页 - 启明');
  await i18n.changeLanguage('en');
  expect(documentTitle(viewFor('/systemData/dictionary', '', routes), '启明')).toBe('Dictionary - 启明');
  expect(documentTitle(null, '启明')).toBe('启明');
});

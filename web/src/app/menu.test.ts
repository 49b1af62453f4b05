// Dynamic routes and the displayed menu from CurrentUser's menuList, every type 0–8
// (ROUTE-010..022, SHELL-010..012, SHELL-015).
import { buildMenu, fitTopMenu, firstLeaf, menuLeaves, menuPath, parseProperty, routeName, type MenuEntry } from './menu';

const ctx = { token: 'Bearer tok en', dataV: 'https://datav.example' };

const entry = (over: Partial<MenuEntry> & Pick<MenuEntry, 'id' | 'enCode' | 'type'>): MenuEntry => ({
  fullName: over.enCode,
  children: [],
  ...over,
});

const menuList: MenuEntry[] = [
  entry({ id: '1', enCode: 'home', fullName: '首页', type: 2, urlAddress: 'home' }),
  entry({
    id: '10',
    enCode: 'systemData',
    fullName: '系统数据',
    type: 0,
    children: [
      entry({ id: '11', enCode: 'systemData.dictionary', fullName: '数据字典', type: 2, urlAddress: 'systemData/dictionary?tab=1' }),
      entry({ id: '12', enCode: 'systemData.cat', fullName: '分类', type: 1 }),
      entry({ id: '13', enCode: 'form.leave', fullName: '请假单', type: 3, urlAddress: 'model/leave', propertyJson: '{"moduleId":"m3","isTree":0}' }),
      entry({ id: '14', enCode: 'dict.colors', fullName: '颜色字典', type: 4, propertyJson: '{"moduleId":"m4","isTree":1}' }),
      entry({ id: '15', enCode: 'report.sales', fullName: '销售报表', type: 5, urlAddress: 'report/sales', propertyJson: '{"moduleId":"m5"}' }),
      entry({ id: '16', enCode: 'screen.big', fullName: '大屏', type: 6, propertyJson: '{"moduleId":"m6"}' }),
      entry({ id: '17', enCode: 'link.self', fullName: '帮助', type: 7, linkTarget: '_self', urlAddress: '${dataV}/help?t=${jnpfToken}' }),
      entry({ id: '18', enCode: 'link.blank', fullName: '官网', type: 7, linkTarget: '_blank', urlAddress: 'https://example.com' }),
      entry({ id: '19', enCode: 'portal.main', fullName: '门户', type: 8, urlAddress: 'portal/main', propertyJson: 'not json' }),
      entry({ id: '20', enCode: 'ext.page', fullName: '外部页', type: 2, urlAddress: 'https://outside.example/x' }),
      entry({ id: '21', enCode: 'hidden.page', fullName: '隐藏页', type: 2, urlAddress: 'hidden/page', hidden: 1 }),
    ],
  }),
];

const { routes, menus } = buildMenu(menuList, ctx);
const route = (name: string) => routes.find((r) => r.name === name)!;
const item = (key: string) => menuLeaves(menus).find((m) => m.key === key) ?? menus.find((m) => m.key === key);

test('ROUTE-010: the path is / plus the address, else the code; route name is enCode with . → -', () => {
  expect(route('home').path).toBe('/home');
  expect(route('dict-colors').path).toBe('/dict.colors');
  expect(routeName('a.b.c')).toBe('a-b-c');
});

test('ROUTE-011/012, SHELL-010: directories and categories are plain entries, not routes', () => {
  expect(routes.find((r) => r.name === 'systemData')).toBeUndefined();
  expect(routes.find((r) => r.name === 'systemData-cat')).toBeUndefined();
  expect(menus[1].children?.length).toBeGreaterThan(0);
  expect(menus[1].action).toEqual({ kind: 'none' });
  expect(menus[1].children!.find((m) => m.key === '12')!.action).toEqual({ kind: 'none' });
});

test('ROUTE-013: type 2 pages drop the query of their address', () => {
  expect(route('systemData-dictionary')).toMatchObject({ path: '/systemData/dictionary', type: 2, address: 'systemData/dictionary' });
});

test('ROUTE-014/015/016/020/022: types 3, 4, 5, 8 carry moduleId and isTree from propertyJson', () => {
  expect(route('form-leave')).toMatchObject({ path: '/model/leave', type: 3, meta: { moduleId: 'm3', isTree: 0 } });
  expect(route('dict-colors').meta).toMatchObject({ moduleId: 'm4', isTree: 1 });
  expect(route('report-sales').meta).toMatchObject({ moduleId: 'm5' });
  expect(route('portal-main').meta.moduleId).toBeUndefined(); // bad JSON gives neither
  expect(route('home').meta.moduleId).toBeUndefined(); // type 2 has none
});

test('ROUTE-021: meta holds title, icon, Chinese title and model id (the menu id)', () => {
  expect(route('form-leave').meta).toMatchObject({ title: '请假单', zhTitle: '请假单', modelId: '13' });
});

test('ROUTE-017, SHELL-011: type 6 opens the data screen in a new window with module id and token', () => {
  expect(item('16')!.action).toEqual({ kind: 'window', url: 'https://datav.example/view/m6?token=Bearer%20tok%20en' });
});

test('ROUTE-018/019: type 7 substitutes host and token; _self shows inside the app, _blank opens a window', () => {
  const self = item('17')!.action;
  expect(self.kind).toBe('route');
  const href = new URLSearchParams((self as { to: string }).to.split('?')[1]).get('href');
  expect(href).toBe('https://datav.example/help?t=Bearer%20tok%20en');
  expect(item('18')!.action).toEqual({ kind: 'window', url: 'https://example.com' });
  expect(route('link-self').path.startsWith('/externalLink?href=')).toBe(true);
});

test('SHELL-012: an external address opens in a new tab', () => {
  expect(item('20')!.action).toEqual({ kind: 'window', url: 'https://outside.example/x' });
});

test('hidden entries are routes but not shown in the menu', () => {
  expect(route('hidden-page').path).toBe('/hidden/page');
  expect(menuLeaves(menus).find((m) => m.key === '21')).toBeUndefined();
});

test('menuPath finds the chain to the current page (a link with a query must match whole)', () => {
  expect(menuPath(menus, '/systemData/dictionary').map((m) => m.key)).toEqual(['10', '11']);
  const selfTo = (item('17')!.action as { to: string }).to;
  expect(menuPath(menus, selfTo).map((m) => m.key)).toEqual(['10', '17']);
  expect(menuPath(menus, '/externalLink?href=other')).toEqual([]);
  expect(firstLeaf(menus[1])!.key).toBe('11');
});

test('SHELL-015: floor(width / 116) entries, the rest under 更多', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];
  expect(fitTopMenu(items, 348)).toEqual({ visible: ['a', 'b', 'c'], overflow: ['d', 'e'] });
  expect(fitTopMenu(items, 347)).toEqual({ visible: ['a', 'b'], overflow: ['c', 'd', 'e'] });
  expect(fitTopMenu(items, 580)).toEqual({ visible: items, overflow: [] });
  expect(fitTopMenu(items, 0).visible).toEqual(['a']); // never nothing
});

test('parseProperty reads numbers and strings alike', () => {
  expect(parseProperty('{"moduleId":42,"isTree":"1"}')).toEqual({ moduleId: '42', isTree: 1 });
  expect(parseProperty(null)).toEqual({});
});

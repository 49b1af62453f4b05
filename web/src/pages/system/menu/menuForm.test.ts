// The menu form's wire (jnpf-wire-areas.md §1.8): the address derived from the code for the
// types without one of their own, Web and App; the link target and permission items of a type;
// propertyJson as JSON text; which rows offer which permission items.
import { defaultAuthorize, defaultLinkTarget, menuAddress, menuToValues, menuToWire, rowAuthorize, type MenuValues } from './menuForm';

test('Web: 功能 model/, 字典 dictionary/, 报表 dataReport/, 大屏 dataScreen/, 门户 portal/ + the code without its first dot; 页面 and 外链 as typed; 目录 none', () => {
  expect(menuAddress('Web', 3, 'ward.beds.list', '', 'm1')).toBe('model/wardbeds.list');
  expect(menuAddress('Web', 4, 'dict.sex', 'typed', 't1')).toBe('dictionary/dictsex');
  expect(menuAddress('Web', 5, 'report', '', 'r1')).toBe('dataReport/report');
  expect(menuAddress('Web', 6, 'screen.a', '', 's1')).toBe('dataScreen/screena');
  expect(menuAddress('Web', 8, 'portal.home', '', 'p1')).toBe('portal/portalhome');
  expect(menuAddress('Web', 2, 'x', ' ward/beds ', '')).toBe('ward/beds');
  expect(menuAddress('Web', 7, 'x', 'https://example.org', '')).toBe('https://example.org');
  expect(menuAddress('Web', 1, 'x', 'ignored', '')).toBe('');
  expect(menuAddress('Web', undefined, 'x', 'ignored', '')).toBe('');
});

test('App: 功能 opens the dynamic model page with its module, 报表 the code', () => {
  expect(menuAddress('App', 3, 'app.beds', '', 'm9')).toBe('/pages/apply/dynamicModel/index?id=m9');
  expect(menuAddress('App', 5, 'app.report', '', 'r1')).toBe('appreport');
  expect(menuAddress('App', 2, 'x', 'pages/home', '')).toBe('pages/home');
});

test('a type starts with its permission items (页面, 功能, 字典) and link target (大屏 _blank)', () => {
  expect(defaultAuthorize(2)).toEqual(['isButtonAuthorize', 'isColumnAuthorize', 'isFormAuthorize', 'isDataAuthorize']);
  expect(defaultAuthorize(4)).toHaveLength(4);
  for (const type of [1, 5, 6, 7, 8, undefined]) expect(defaultAuthorize(type)).toEqual([]);
  expect(defaultLinkTarget(6)).toBe('_blank');
  expect(defaultLinkTarget(7)).toBe('_self');
});

test('what a form sends: propertyJson as JSON text (the module only for the types that relate to one), the flags as 1/0', () => {
  const values: MenuValues = {
    ...menuToValues(null, 'ward'),
    fullName: ' 床位 ',
    enCode: 'beds',
    icon: 'icon-ym icon-ym-x',
    type: 2,
    urlAddress: 'ward/beds',
    propertyJson: { moduleId: 'stale', iconBackgroundColor: '#008cff' },
    authorize: ['isButtonAuthorize'],
  };
  expect(menuToWire(values, { systemId: 's1', category: 'Web' })).toEqual({
    parentId: 'ward',
    systemId: 's1',
    category: 'Web',
    fullName: '床位',
    enCode: 'beds',
    icon: 'icon-ym icon-ym-x',
    type: 2,
    urlAddress: 'ward/beds',
    linkTarget: '_self',
    propertyJson: '{"moduleId":"","iconBackgroundColor":"#008cff"}',
    sortCode: 0,
    enabledMark: 1,
    description: '',
    isButtonAuthorize: 1,
    isColumnAuthorize: 0,
    isFormAuthorize: 0,
    isDataAuthorize: 0,
  });
});

test('an edited menu\'s values: propertyJson read (bad JSON is none), its flags, its link target', () => {
  const info = {
    id: 'm',
    parentId: '-1',
    systemId: 's1',
    fullName: '字典',
    enCode: 'd',
    icon: '',
    type: 4,
    urlAddress: 'dictionary/d',
    linkTarget: '',
    category: 'Web',
    propertyJson: '{"moduleId":"t1","isTree":1}',
    sortCode: 3,
    enabledMark: 0,
    description: '',
    isButtonAuthorize: 1,
    isColumnAuthorize: 0,
    isFormAuthorize: 1,
    isDataAuthorize: 0,
    hasChildren: false,
    children: [],
  };
  const values = menuToValues(info);
  expect(values.propertyJson).toEqual({ moduleId: 't1', isTree: 1 });
  expect(values.authorize).toEqual(['isButtonAuthorize', 'isFormAuthorize']);
  expect(values.linkTarget).toBe('_self');
  expect(menuToValues({ ...info, propertyJson: '{x' }).propertyJson).toEqual({ moduleId: '' });
  expect(rowAuthorize(info)).toEqual(['isButtonAuthorize', 'isFormAuthorize']);
  expect(rowAuthorize({ ...info, type: 7, isButtonAuthorize: 1 })).toEqual([]);
});

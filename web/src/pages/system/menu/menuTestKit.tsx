// The fake Menu and dictionary API the 系统菜单 page's tests share (the modules are mocked by
// each test file: jest.mock('@/api/menu'), jest.mock('@/api/dictionary')), its fixtures and the
// steps that open the page; importing this registers the fakes before each test.
import { act, fireEvent, screen } from '@testing-library/react';
import * as api from '@/api/menu';
import * as dictionary from '@/api/dictionary';
import { initI18n } from '@/i18n';
import { buttonNamed, grant, renderPage } from '@/test/renderPage';
import MenuPage from './MenuPage';

export const m = api as jest.Mocked<typeof api>;
export const dict = dictionary as jest.Mocked<typeof dictionary>;

export const PATH = '/system/menu';
export const ALL = ['btn_add', 'btn_edit', 'btn_remove'];
export const ok = <T,>(data: T) => Promise.resolve({ code: 200, msg: '', data });
export const done = (msg: string) => Promise.resolve({ code: 200, msg, data: null });

export const system = (id: string, fullName: string, enCode: string, isMain = 0, enabledMark = 1): api.SystemInfo => ({
  id,
  fullName,
  enCode,
  icon: 'icon-ym icon-ym-systemToggle',
  sortCode: 0,
  enabledMark,
  isMain,
  description: '',
  propertyJson: '{}',
  creatorTime: 0,
});
export const SYSTEMS = [system('s1', '启明', 'mainSystem', 1), system('s2', '移动护理', 'nursing', 0, 0)];

export const menu = (id: string, fullName: string, type: number, extra: Partial<api.MenuInfo> = {}): api.MenuInfo => ({
  id,
  parentId: '-1',
  systemId: 's1',
  fullName,
  enCode: id,
  icon: 'icon-ym icon-ym-systemMenu',
  type,
  urlAddress: '',
  linkTarget: '_self',
  category: 'Web',
  propertyJson: '{}',
  sortCode: 0,
  enabledMark: 1,
  description: '',
  isButtonAuthorize: type === 2 ? 1 : 0,
  isColumnAuthorize: type === 2 ? 1 : 0,
  isFormAuthorize: type === 2 ? 1 : 0,
  isDataAuthorize: type === 2 ? 1 : 0,
  hasChildren: false,
  children: [],
  ...extra,
});
export const BEDS = menu('beds', '床位管理', 2, { parentId: 'ward', urlAddress: 'ward/beds' });
export const WARD = menu('ward', '病区管理', 1, { hasChildren: true, children: [BEDS] });
export const LINK = menu('site', '医院官网', 7, { urlAddress: 'https://example.org', linkTarget: '_blank' });

export const button = (id: string, fullName: string, enCode: string): api.ButtonInfo => ({
  id,
  moduleId: 'beds',
  parentId: '-1',
  fullName,
  enCode,
  icon: '',
  sortCode: 0,
  enabledMark: 1,
  description: '',
  hasChildren: false,
  children: [],
});
export const AUTHORIZE_FIELD: api.AuthorizeFieldInfo = {
  id: 'f1',
  moduleId: 'beds',
  enCode: 'creatorUserId',
  fullName: '创建人',
  type: 'varchar',
  conditionSymbol: 'Equal,NotEqual',
  conditionSymbolName: '等于,不等于',
  conditionText: '@userId',
  bindTable: '',
  fieldRule: 0,
  childTableKey: '',
  sortCode: 0,
  enabledMark: 1,
  description: '',
};
export const WARD_FIELD: api.AuthorizeFieldInfo = {
  ...AUTHORIZE_FIELD,
  id: 'f2',
  enCode: 'wardName',
  fullName: '病区名称',
  conditionSymbol: 'Equal,Included,IsNull',
  conditionSymbolName: '等于,包含,为空',
  conditionText: 'text',
};

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.clearAllMocks();
  m.getSystems.mockImplementation((keyword) => ok({ list: SYSTEMS.filter((s) => !keyword || s.fullName.includes(keyword)) }));
  m.getMenus.mockImplementation((_id, q) => ok({ list: q.category === 'Web' ? [WARD, LINK] : [] }));
  m.getMenuSelector.mockImplementation(() => ok({ list: [{ id: 'ward', parentId: '-1', fullName: '病区管理', enCode: 'ward', icon: '', type: 1, hasChildren: false, children: [] }] }));
  m.getButtons.mockImplementation(() => ok({ list: [button('b1', '新增', 'btn_add')] }));
  m.getButtonSelector.mockImplementation(() => ok({ list: [] }));
  m.getFields.mockImplementation(() => ok({ list: [] }));
  m.getAuthorizeFields.mockImplementation(() => ok({ list: [AUTHORIZE_FIELD, WARD_FIELD] }));
  m.getSchemes.mockImplementation(() => ok({ list: [] }));
  dict.getDictionaryTypes.mockImplementation(() =>
    ok({ list: [{ id: 't-sex', parentId: '-1', fullName: '性别', enCode: 'sex', isTree: 0, sortCode: 0, category: '0', description: '', hasChildren: false, children: [] }] } as never),
  );
});

export async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

export async function open(buttons = ALL) {
  grant(PATH, buttons);
  renderPage(MenuPage, PATH);
  await screen.findByText('移动护理');
  await settle();
}

export async function openMenus(buttons = ALL) {
  await open(buttons);
  fireEvent.click(buttonNamed('菜单管理 启明'));
  await screen.findByText('病区管理');
  await settle();
}

export const btn = (name: string | RegExp, scope?: ParentNode) => buttonNamed(name, scope);

// ---- what a test does in the page's forms and menus ------------------------------------------

/** A form item of `scope` by its label. */
export const itemOf = (scope: HTMLElement, label: string) =>
  [...scope.querySelectorAll<HTMLElement>('.ant-form-item')].find((i) => i.querySelector(':scope > .ant-row > .ant-form-item-label label, .ant-form-item-label label')?.textContent === label) as HTMLElement;
export const explain = (scope: HTMLElement, label: string) => itemOf(scope, label)?.querySelector('.ant-form-item-explain')?.textContent ?? '';

/** Chooses an option of the select in a form item (or of the select itself). */
export async function choose(select: HTMLElement, option: string) {
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content, input') ?? select);
  await settle(2);
  const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].filter((o) => o.textContent === option);
  if (!found.length) throw new Error(`no option ${option}`);
  fireEvent.click(found[found.length - 1]);
  await settle(2);
}
export const selectIn = (scope: HTMLElement, label: string) => itemOf(scope, label).querySelector('.ant-select') as HTMLElement;
export async function chooseNode(scope: HTMLElement, label: string, title: string) {
  fireEvent.mouseDown(selectIn(scope, label).querySelector('.ant-select-selector, .ant-select-content, input') ?? selectIn(scope, label));
  await settle(2);
  const found = [...document.querySelectorAll<HTMLElement>('.ant-select-tree-title')].filter((o) => o.textContent === title);
  fireEvent.click(found[found.length - 1]);
  await settle(2);
}
export const menuItem = (name: string) => [...document.querySelectorAll<HTMLElement>('.ant-dropdown-menu-item')].filter((i) => i.textContent === name).pop() as HTMLElement;

// 数据字典 against a fake dictionary API that answers as the server does, with the real rules
// core (WASM): the category tree and the first category chosen (DICT-002..004), the items of a
// category by keyword (DICT-005, DICT-006, DICT-008..010), the expand toggle (DICT-007), add
// disabled on the fixed categories (DICT-011), the item form (DICT-012, DICT-030..038), state
// and delete after confirmation with the dictionary cache forgotten (DICT-040, DICT-041), the
// category drawer (DICT-013..018, DICT-020, DICT-022..027, DICT-039), a failed save (DICT-042)
// and button permission (PERM-011).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as api from '@/api/dictionary';
import * as cache from '@/hooks/useDictionary';
import * as download from '@/utils/download';
import { initI18n } from '@/i18n';
import { ALL_BUTTONS, buttonNamed, confirmation, formDialog, grant, renderPage, settle, stateSwitch } from '@/test/renderPage';
import DictionaryPage, { everyRowHasChildren } from './DictionaryPage';

jest.mock('@/api/dictionary');
jest.mock('@/utils/download');
const m = api as jest.Mocked<typeof api>;

const PATH = '/systemData/dictionary';
const type = (id: string, fullName: string, enCode: string, isTree: number, children: api.DictionaryTypeNode[] = [], parentId = '-1'): api.DictionaryTypeNode => ({
  id,
  parentId,
  fullName,
  enCode,
  isTree,
  sortCode: 0,
  category: '0',
  description: '',
  hasChildren: children.length > 0,
  children,
});
const TYPES = [
  type('0', '系统字典', 'system', 0, [type('t-sex', '性别', 'sex', 0, [], '0')]),
  type('1', '业务字典', 'business', 0, [type('t-dept', '科室类别', 'deptCategory', 1, [], '1')]),
];
const itemNode = (id: string, fullName: string, enabledMark = 1, children?: api.DictionaryItemNode[], typeId = 't-sex', parentId = '0'): api.DictionaryItemNode => ({
  id,
  dictionaryTypeId: typeId,
  parentId,
  fullName,
  enCode: id,
  sortCode: 0,
  enabledMark,
  description: '',
  hasChildren: Boolean(children?.length),
  ...(children ? { children } : {}),
});
const ITEMS: Record<string, api.DictionaryItemNode[]> = {
  '0': [],
  '1': [],
  't-sex': [itemNode('male', '男'), itemNode('female', '女', 0)],
  't-dept': [itemNode('nk', '内科', 1, [itemNode('xnk', '心内科', 1, undefined, 't-dept', 'nk')], 't-dept')],
};
const ok = (msg = '') => ({ code: 200, msg, data: null });

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.resetAllMocks();
  m.getDictionaryTypes.mockResolvedValue({ code: 200, msg: '', data: { list: TYPES } });
  m.getDictionaryItems.mockImplementation(async (typeId, { keyword }) => ({
    code: 200,
    msg: '',
    data: { list: (ITEMS[typeId] ?? []).filter((i) => !keyword || i.fullName.includes(keyword)) },
  }));
  m.getDictionaryItemSelector.mockImplementation(async (typeId) => {
    const t = TYPES.flatMap((x) => [x, ...x.children]).find((x) => x.id === typeId)!;
    const items = (ITEMS[typeId] ?? []).map((i) => ({ id: i.id, parentId: i.parentId, fullName: i.fullName, enCode: i.enCode, hasChildren: false, children: [] }));
    return { code: 200, msg: '', data: { list: [{ id: t.id, parentId: '-1', fullName: t.fullName, enCode: t.enCode, hasChildren: items.length > 0, children: items }] } };
  });
  m.getDictionaryTypeSelector.mockResolvedValue({
    code: 200,
    msg: '',
    data: { list: TYPES.map((t) => ({ id: t.id, parentId: '-1', fullName: t.fullName, enCode: t.enCode, hasChildren: false, children: [] })) },
  });
});

const ALL = ALL_BUTTONS;

async function open(buttons = ALL) {
  grant(PATH, buttons);
  renderPage(DictionaryPage, PATH);
  await screen.findByText('科室类别');
  await settle();
}

const button = (name: string | RegExp, scope?: ParentNode) => buttonNamed(name, scope);
const addButton = () => button('新建', document.querySelector('.qm-dictionary-main')!);
const treeNode = (title: string) => within(document.querySelector('.qm-dictionary-types') as HTMLElement).getByText(title);
const itemDialog = () => formDialog('qm-dictionary-item-form');
const typeDialog = () => formDialog('qm-dictionary-type-form');
const drawer = () => document.querySelector('.qm-dictionary-type-drawer') as HTMLElement;
const rowsShown = () => [...document.querySelectorAll('.qm-dictionary-main .ant-table-row')].map((r) => r.querySelector('td')?.textContent?.trim());

async function chooseType(title: string) {
  fireEvent.click(treeNode(title));
  await settle();
}

async function openDrawer() {
  fireEvent.click(button('更多操作'));
  await settle();
  fireEvent.click(screen.getByText('分类管理'));
  await settle();
}

test('DICT-002, DICT-004, DICT-011: the category tree; the first category is chosen on load and takes no entries', async () => {
  await open();
  expect(m.getDictionaryItems).toHaveBeenLastCalledWith('0', { keyword: '', isTree: 0 });
  expect(document.querySelector('.qm-dictionary-types .ant-tree-node-selected')?.textContent).toBe('系统字典');
  expect(addButton().disabled).toBe(true);
  // A category of its own takes entries; 业务字典 (1) does not either.
  await chooseType('性别');
  expect(m.getDictionaryItems).toHaveBeenLastCalledWith('t-sex', { keyword: '', isTree: 0 });
  expect(addButton().disabled).toBe(false);
  expect(rowsShown()).toEqual(['男', '女']);
  await chooseType('业务字典');
  expect(addButton().disabled).toBe(true);
  // The tree filters as the keyword is typed.
  fireEvent.change(screen.getByLabelText('输入关键字过滤'), { target: { value: '科室' } });
  await settle();
  expect(screen.queryByText('性别')).toBeNull();
  expect(treeNode('科室类别')).toBeTruthy();
});

test('DICT-003: the tree menu refreshes, collapses, expands and opens category management', async () => {
  await open();
  const calls = m.getDictionaryTypes.mock.calls.length;
  fireEvent.click(button('更多操作'));
  await settle();
  for (const entry of ['刷新数据', '展开全部', '折叠全部', '分类管理']) expect(screen.getByText(entry)).toBeTruthy();
  fireEvent.click(screen.getByText('刷新数据'));
  await waitFor(() => expect(m.getDictionaryTypes).toHaveBeenCalledTimes(calls + 1));
  fireEvent.click(button('更多操作'));
  await settle();
  fireEvent.click(screen.getByText('折叠全部'));
  await settle();
  expect(screen.queryByText('性别')).toBeNull();
  fireEvent.click(button('更多操作'));
  await settle();
  fireEvent.click(screen.getAllByText('展开全部')[0]);
  await settle();
  expect(treeNode('性别')).toBeTruthy();
  await openDrawer();
  expect(drawer()).toBeTruthy();
});

test('DICT-005, DICT-006, DICT-010: keyword (6 of 24 columns) on Enter, 查询, 重置 keeps the category', async () => {
  await open();
  await chooseType('性别');
  const keyword = screen.getByLabelText('关键词');
  expect(keyword.closest('.ant-col')?.className).toMatch(/\bant-col-6\b/);
  fireEvent.change(keyword, { target: { value: '男' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(m.getDictionaryItems).toHaveBeenLastCalledWith('t-sex', { keyword: '男', isTree: 0 }));
  await settle();
  expect(rowsShown()).toEqual(['男']);
  fireEvent.change(keyword, { target: { value: '女' } });
  fireEvent.click(button('查询'));
  await waitFor(() => expect(m.getDictionaryItems).toHaveBeenLastCalledWith('t-sex', { keyword: '女', isTree: 0 }));
  fireEvent.click(button('重置'));
  await waitFor(() => expect(m.getDictionaryItems).toHaveBeenLastCalledWith('t-sex', { keyword: '', isTree: 0 }));
  expect((keyword as HTMLInputElement).value).toBe('');
  // Another category starts without the keyword.
  fireEvent.change(keyword, { target: { value: '男' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await settle();
  await chooseType('科室类别');
  expect(m.getDictionaryItems).toHaveBeenLastCalledWith('t-dept', { keyword: '', isTree: 1 });
  const calls = m.getDictionaryItems.mock.calls.length;
  fireEvent.click(button('刷新'));
  await waitFor(() => expect(m.getDictionaryItems).toHaveBeenCalledTimes(calls + 1));
});

test('DICT-007, DICT-008, DICT-009: a tree table; expand/collapse only when every row has children; the columns', async () => {
  await open();
  await chooseType('性别');
  expect(() => button(/展开全部|折叠全部/)).toThrow('0 buttons');
  const headers = [...document.querySelectorAll('.qm-dictionary-main .ant-table-thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
  expect(headers).toEqual(['名称', '编码', '排序', '状态', '操作']);
  await chooseType('科室类别');
  expect(rowsShown()).toEqual(['内科', '心内科']); // opened whole
  fireEvent.click(button('折叠全部'));
  await settle();
  expect(rowsShown()).toEqual(['内科']);
  fireEvent.click(button('展开全部'));
  await settle();
  expect(rowsShown()).toEqual(['内科', '心内科']);
});

test('PERM-011: 新建, 编辑, 删除 and the switch only with their buttons; without edit the state is a tag', async () => {
  await open(['btn_remove']);
  await chooseType('性别');
  expect(() => addButton()).toThrow('0 buttons');
  expect(() => button('编辑 男')).toThrow('0 buttons');
  expect(button('删除 男')).toBeTruthy();
  expect(document.querySelectorAll('.qm-dictionary-main [role="switch"]')).toHaveLength(0);
  expect(screen.getByText('禁用')).toBeTruthy(); // 女 is disabled (DICT-009's tag)
  await openDrawer();
  expect(() => button('新建', drawer())).toThrow('0 buttons');
  expect(() => button('导入', drawer())).toThrow('0 buttons');
  expect(() => button('导出 性别', drawer())).toThrow('0 buttons');
  expect(button('删除 性别', drawer())).toBeTruthy();
});

test('DICT-040, DICT-041: the switch asks first, then the server flips the state and the dictionary cache is forgotten', async () => {
  const forget = jest.spyOn(cache, 'invalidateDictionary');
  m.toggleDictionaryItem.mockResolvedValue(ok('更新成功'));
  await open();
  await chooseType('性别');
  fireEvent.click(stateSwitch('女'));
  await screen.findByText('您确定要启用当前字典, 是否继续?');
  fireEvent.click(buttonNamed('取消', confirmation()));
  await settle();
  expect(m.toggleDictionaryItem).not.toHaveBeenCalled();
  fireEvent.click(stateSwitch('男'));
  await screen.findByText('您确定要禁用当前字典, 是否继续?');
  const calls = m.getDictionaryItems.mock.calls.length;
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('更新成功');
  expect(m.toggleDictionaryItem).toHaveBeenCalledWith('male');
  expect(forget).toHaveBeenCalled();
  await waitFor(() => expect(m.getDictionaryItems).toHaveBeenCalledTimes(calls + 1));

  forget.mockClear();
  m.deleteDictionaryItem.mockResolvedValue(ok('删除成功'));
  fireEvent.click(button('删除 男'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  expect(confirmation().className).toMatch(/ant-modal-confirm-warning/);
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('删除成功');
  expect(m.deleteDictionaryItem).toHaveBeenCalledWith('male');
  expect(forget).toHaveBeenCalled();
});

test('DICT-012, DICT-031, DICT-033, DICT-035..038: 新建字典 — 600px, the core refuses before any request; the top is sent as 0, enabled, sort 0', async () => {
  const forget = jest.spyOn(cache, 'invalidateDictionary');
  m.createDictionaryItem.mockResolvedValue(ok('新建成功'));
  await open();
  await chooseType('性别');
  fireEvent.click(addButton());
  await screen.findByText('新建字典');
  await settle();
  expect(itemDialog().style.width).toBe('600px');
  // Not a tree: the parent is the category and cannot change (DICT-038).
  expect(within(itemDialog()).getByText('性别')).toBeTruthy();
  expect(itemDialog().querySelector('.ant-select-disabled')).not.toBeNull();
  fireEvent.click(buttonNamed('确定', itemDialog()));
  await settle();
  expect(within(itemDialog()).getByText('请输入名称')).toBeTruthy();
  expect(within(itemDialog()).getByText('请输入编码')).toBeTruthy();
  expect(m.createDictionaryItem).not.toHaveBeenCalled();
  fireEvent.change(within(itemDialog()).getByLabelText('名称'), { target: { value: '未知' } });
  fireEvent.change(within(itemDialog()).getByLabelText('编码'), { target: { value: 'unknown' } });
  fireEvent.click(buttonNamed('确定', itemDialog()));
  await screen.findByText('新建成功');
  expect(m.createDictionaryItem).toHaveBeenCalledWith({
    dictionaryTypeId: 't-sex',
    parentId: '0',
    fullName: '未知',
    enCode: 'unknown',
    sortCode: 0,
    enabledMark: 1,
    description: '',
  });
  expect(forget).toHaveBeenCalled();
});

test('DICT-032, DICT-034, DICT-037, DICT-038: in a tree category the parent may be an item, sent by its id; names and codes over 50 are refused', async () => {
  m.createDictionaryItem.mockResolvedValue(ok('新建成功'));
  await open();
  await chooseType('科室类别');
  fireEvent.click(addButton());
  await screen.findByText('新建字典');
  await settle();
  const dialog = itemDialog();
  expect(dialog.querySelector('.ant-select-disabled')).toBeNull();
  expect(within(dialog).getByLabelText('名称').getAttribute('maxlength')).toBe('50');
  // The core's limit, should more arrive (a paste past maxlength is cut by the browser, not by jsdom).
  fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '名'.repeat(51) } });
  fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: 'a'.repeat(51) } });
  await settle();
  expect(within(dialog).getByText('字典名称最多为50个字符！')).toBeTruthy();
  expect(within(dialog).getByText('字典编码最多为50个字符！')).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '神经内科' } });
  fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: 'sjnk' } });
  fireEvent.mouseDown(dialog.querySelector('.ant-select-selector, .ant-select') as HTMLElement);
  await settle();
  fireEvent.click(screen.getByText('内科', { selector: '.ant-select-tree-title' }));
  await settle();
  fireEvent.click(buttonNamed('确定', dialog));
  await screen.findByText('新建成功');
  expect(m.createDictionaryItem).toHaveBeenCalledWith(expect.objectContaining({ dictionaryTypeId: 't-dept', parentId: 'nk', fullName: '神经内科' }));
});

test('编辑字典 loads the item: its top shows as the category and goes back as 0; a failed save ends the loading and keeps the dialog (DICT-042)', async () => {
  m.getDictionaryItem.mockResolvedValue({
    code: 200,
    msg: '',
    data: { id: 'male', dictionaryTypeId: 't-sex', parentId: '0', fullName: '男', enCode: 'male', enabledMark: 1, sortCode: 1, description: '' },
  });
  m.updateDictionaryItem.mockRejectedValueOnce({ code: 400, msg: '编码已存在', data: { enCode: ['编码已存在'] } });
  await open();
  await chooseType('性别');
  fireEvent.click(button('编辑 男'));
  await screen.findByText('编辑字典');
  await settle();
  expect(m.getDictionaryItem).toHaveBeenCalledWith('male');
  const dialog = itemDialog();
  expect((within(dialog).getByLabelText('名称') as HTMLInputElement).value).toBe('男');
  expect(within(dialog).getByText('性别')).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: 'female' } });
  fireEvent.click(buttonNamed('确定', dialog));
  await settle();
  expect(within(dialog).getByText('编码已存在')).toBeTruthy();
  expect(dialog.querySelector('.ant-btn-loading')).toBeNull();
  expect(m.updateDictionaryItem).toHaveBeenCalledWith('male', expect.objectContaining({ parentId: '0', enCode: 'female', sortCode: 1 }));
});

test('DICT-013..015: category management is a 700px drawer; 0 and 1 have no edit, delete or export', async () => {
  await open();
  await openDrawer();
  const panel = drawer();
  const wrapper = panel.closest('.ant-drawer-content-wrapper') as HTMLElement | null;
  expect((wrapper ?? panel).style.width).toBe('700px');
  const rowOf = (name: string) => [...panel.querySelectorAll('.ant-table-row')].find((r) => r.querySelector('td')?.textContent?.trim() === name) as HTMLElement;
  for (const fixed of ['系统字典', '业务字典']) expect(within(rowOf(fixed)).queryAllByText(/^(编辑|删除|导出)$/)).toHaveLength(0);
  expect(button('编辑 性别', panel)).toBeTruthy();
  expect(button('删除 性别', panel)).toBeTruthy();
  expect(button('导出 性别', panel)).toBeTruthy();
  // 树形 as 是/否.
  expect(within(rowOf('科室类别')).getByText('是')).toBeTruthy();
  expect(within(rowOf('性别')).getByText('否')).toBeTruthy();
});

test('DICT-014, DICT-022..028, DICT-039: 新建分类 — the core refuses first; a save forgets the cache and reloads the tree', async () => {
  const forget = jest.spyOn(cache, 'invalidateDictionary');
  m.createDictionaryType.mockResolvedValue(ok('新建成功'));
  await open();
  await openDrawer();
  fireEvent.click(button('新建', drawer()));
  await screen.findByText('新建分类');
  await settle();
  const dialog = typeDialog();
  expect(dialog.style.width).toBe('600px');
  fireEvent.click(buttonNamed('确定', dialog));
  await settle();
  expect(within(dialog).getByText('上级菜单不能为空')).toBeTruthy();
  expect(within(dialog).getByText('请输入名称')).toBeTruthy();
  expect(within(dialog).getByText('请输入编码')).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '科室-类别' } });
  fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: '.dept' } });
  await settle();
  expect(within(dialog).getByText('名称不能含有特殊符号')).toBeTruthy();
  expect(within(dialog).getByText('编码只能输入英文、数字和小数点且小数点不能放在首尾')).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '名'.repeat(51) } });
  fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: 'a'.repeat(51) } });
  await settle();
  expect(within(dialog).getByText('名称最多为50个字符！')).toBeTruthy();
  expect(within(dialog).getByText('编码最多为50个字符！')).toBeTruthy();
  expect(m.createDictionaryType).not.toHaveBeenCalled();

  fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '药品分类' } });
  fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: 'drug' } });
  fireEvent.mouseDown(dialog.querySelector('.ant-select-selector, .ant-select') as HTMLElement);
  await settle();
  fireEvent.click(screen.getByText('顶级节点', { selector: '.ant-select-tree-title' }));
  fireEvent.click(within(dialog).getByRole('switch'));
  await settle();
  const calls = m.getDictionaryTypes.mock.calls.length;
  fireEvent.click(buttonNamed('确定', dialog));
  await screen.findByText('新建成功');
  expect(m.createDictionaryType).toHaveBeenCalledWith({ parentId: '-1', fullName: '药品分类', enCode: 'drug', isTree: 1, sortCode: 0, description: '', category: '0' });
  expect(forget).toHaveBeenCalled();
  await waitFor(() => expect(m.getDictionaryTypes).toHaveBeenCalledTimes(calls + 1));
});

test('DICT-020: 编辑分类 keeps 树形 locked', async () => {
  m.getDictionaryType.mockResolvedValue({
    code: 200,
    msg: '',
    data: { id: 't-dept', parentId: '1', fullName: '科室类别', enCode: 'deptCategory', isTree: 1, sortCode: 0, category: '0', description: '' },
  });
  await open();
  await openDrawer();
  fireEvent.click(button('编辑 科室类别', drawer()));
  await screen.findByText('编辑分类');
  await settle();
  expect(m.getDictionaryTypeSelector).toHaveBeenCalledWith('t-dept');
  const isTree = within(typeDialog()).getByRole('switch');
  expect(isTree.getAttribute('aria-checked')).toBe('true');
  expect((isTree as HTMLButtonElement).disabled).toBe(true);
});

test('DICT-016, DICT-017: export asks first, then downloads the url the server answers', async () => {
  m.exportDictionaryType.mockResolvedValue({ code: 200, msg: '', data: { url: '/api/file/DownloadModel?encryption=k1' } });
  await open();
  await openDrawer();
  fireEvent.click(button('导出 性别', drawer()));
  await screen.findByText('您确定要导出该字典分类, 是否继续?');
  expect(m.exportDictionaryType).not.toHaveBeenCalled();
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(download.downloadUrl).toHaveBeenCalledWith('/api/file/DownloadModel?encryption=k1'));
  expect(m.exportDictionaryType).toHaveBeenCalledWith('t-sex');
});

test('DICT-018: 导入 offers .bdd files and sends the chosen one; a success reloads, a refusal changes nothing', async () => {
  m.importDictionary.mockRejectedValueOnce({ code: 400, msg: '文件内容不是字典数据', data: null });
  m.importDictionary.mockResolvedValueOnce(ok('导入成功'));
  await open();
  await openDrawer();
  const input = drawer().querySelector('input[type="file"]') as HTMLInputElement;
  expect(input.accept).toBe('.bdd');
  const calls = m.getDictionaryTypes.mock.calls.length;
  const file = new File(['{}'], '科室.bdd');
  fireEvent.change(input, { target: { files: [file] } });
  await settle();
  expect(m.importDictionary).toHaveBeenCalledWith(file);
  expect(m.getDictionaryTypes).toHaveBeenCalledTimes(calls);
  fireEvent.change(input, { target: { files: [file] } });
  await screen.findByText('导入成功');
  await waitFor(() => expect(m.getDictionaryTypes).toHaveBeenCalledTimes(calls + 1));
});

test('DICT-007: one top row without children is enough to withhold the toggle', () => {
  const leaf = { id: 'a', fullName: '甲' };
  const branch = { id: 'b', fullName: '乙', children: [{ id: 'c', fullName: '丙' }] };
  expect(everyRowHasChildren([branch] as never)).toBe(true);
  expect(everyRowHasChildren([branch, leaf] as never)).toBe(false);
  expect(everyRowHasChildren([] as never)).toBe(false);
});

// 门户设计 (issue 31; jnpf-wire-engine2.md §2.1) against a fake portal server (only `fetch` is
// fake): the list's columns, keyword on Enter, 分类 by the portalDesigner item's id and paging;
// 新建 sends the 基础信息 and opens the designer on the new portal; 编辑 sends the whole form
// back; 复制, 导出 and 删除 ask first; 发布 releases to the chosen application; 导入 takes .vp.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { envelope, fakeFetch, page, type Call } from '@/test/fakeFetch';
import { ALL_BUTTONS, buttonNamed, chooseOption, confirmation, formDialog, grant, renderPage, settle } from '@/test/renderPage';
import * as download from '@/utils/download';
import PortalListPage from './PortalListPage';

jest.mock('@/utils/download');

jest.mock('@/pages/home/portal/EChart', () => require('@/test/portalMocks').echartsMock());
jest.mock('react-grid-layout', () => require('@/test/portalMocks').gridMock());

const PATH = '/onlineDev/visualPortal';
const CATEGORIES = [
  { id: 'pc-1', enCode: 'home', fullName: '首页门户', enabledMark: 1 },
  { id: 'pc-2', enCode: 'analysis', fullName: '运营分析', enabledMark: 1 },
];
const row = (i: number) => ({
  id: `p${i}`,
  fullName: `门户${i}`,
  enCode: `portal${i}`,
  category: CATEGORIES[i % 2].fullName,
  type: i === 2 ? 1 : 0,
  enabledLock: i % 3 === 0 ? 0 : 1,
  creatorUser: '管理员/admin',
  creatorTime: 1_700_000_000_000,
  lastModifyTime: null,
  sortCode: i,
  enabledMark: 1,
  pcIsRelease: 0,
  appIsRelease: 0,
});
let rows: ReturnType<typeof row>[];
let calls: Call[];

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  rows = Array.from({ length: 23 }, (_, i) => row(i + 1));
  calls = fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [{ id: 'dt-portal', enCode: 'portalDesigner', fullName: '门户设计', isTree: 0, dictionaryList: CATEGORIES }] }),
    'GET /api/visualdev/Portal': ({ query }) => {
      const category = CATEGORIES.find((c) => c.id === query.category);
      const found = rows.filter((r) => (!query.keyword || r.fullName.includes(query.keyword)) && (!category || r.category === category.fullName));
      return page(found, Number(query.currentPage), Number(query.pageSize));
    },
    'POST /api/visualdev/Portal': () => envelope(200, '新建成功', 'p-new'),
    'GET /api/visualdev/Portal/{id}': ({ params }) => ({
      id: params.id, fullName: params.id === 'p-new' ? '门诊首页' : '门户1', enCode: 'mz', category: 'pc-1', type: 0, linkType: 0, customUrl: '', appCustomUrl: '',
      enabledLock: 1, sortCode: 3, enabledMark: 1, description: '说明', formData: '',
    }),
    'PUT /api/visualdev/Portal/{id}': () => envelope(200, '更新成功'),
    'DELETE /api/visualdev/Portal/{id}': () => envelope(200, '删除成功'),
    'POST /api/visualdev/Portal/{id}/Actions/Copy': () => envelope(200, '复制成功'),
    'POST /api/visualdev/Portal/{id}/Actions/ExportData': () => ({ url: '/api/file/Download?encryption=x' }),
    'GET /api/system/System': () => ({ list: [{ id: 'sys-main', fullName: '主系统' }, { id: 'sys-2', fullName: '医保系统' }] }),
    'PUT /api/visualdev/Portal/Actions/release/{id}': () => envelope(200, '同步成功'),
  });
});

const table = () => document.querySelector('.qm-visual-portal-page .ant-table-tbody') as HTMLElement;
const lastList = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/visualdev/Portal').pop()!;
const dialog = () => formDialog('qm-portal-form');
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;

async function open(buttons = [...ALL_BUTTONS, 'btn_release']) {
  grant(PATH, buttons);
  renderPage(PortalListPage, PATH);
  await waitFor(() => expect(table().textContent).toContain('门户1'));
  await settle();
}

test('issue 31: the list — its columns, keyword on Enter, 分类 by the item id, pages of 20; 设计 only for a designed portal', async () => {
  await open();
  expect(lastList().query).toEqual({ currentPage: '1', pageSize: '20', keyword: '' });
  const heads = [...document.querySelectorAll('.qm-visual-portal-page .ant-table-thead th')].map((th) => th.textContent);
  for (const title of ['名称', '编码', '分类', '类型', '锁定', '排序', '状态', '创建人', '创建时间', '操作']) expect(heads).toContain(title);
  expect(screen.getByText('共 23 条')).toBeTruthy();
  expect(table().textContent).toContain('配置路径'); // p2
  expect(table().textContent).toContain('门户设计');
  expect(buttonNamed('设计 门户1')).toBeTruthy();
  expect(() => buttonNamed('设计 门户2')).toThrow(); // a path portal has nothing to design
  for (const action of ['编辑', '复制', '导出', '发布', '删除']) expect(buttonNamed(`${action} 门户1`)).toBeTruthy();
  expect((document.querySelector('input[type="file"]') as HTMLInputElement).accept).toBe('.vp');

  const keyword = screen.getByLabelText('关键词');
  fireEvent.change(keyword, { target: { value: '门户2' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(lastList().query.keyword).toBe('门户2'));
  fireEvent.click(buttonNamed('重置'));
  await settle();

  await chooseOption(screen.getByLabelText('分类'), '运营分析');
  await waitFor(() => expect(lastList().query.category).toBe('pc-2'));
  await screen.findByText('共 12 条'); // the odd ones
  fireEvent.click(buttonNamed('重置'));
  await screen.findByText('共 23 条');
  fireEvent.click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
  await waitFor(() => expect(lastList().query.currentPage).toBe('2'));
  await waitFor(() => expect(table().textContent).toContain('门户21'));
});

test('issue 31: a user without the buttons sees no 新建, 导入, 设计, 编辑, 发布 or 删除', async () => {
  await open([]);
  expect(() => buttonNamed('新建')).toThrow();
  expect(document.querySelector('input[type="file"]')).toBeNull();
  for (const action of ['设计', '编辑', '复制', '导出', '发布', '删除']) expect(() => buttonNamed(`${action} 门户1`)).toThrow();
});

test('issue 31: 新建 asks the 基础信息 with its messages, sends them, then opens the designer on the new portal', async () => {
  await open();
  fireEvent.click(buttonNamed('新建'));
  await screen.findByText('新建门户');
  await settle();
  expect(within(dialog()).getByText('新建成功后，前往【系统管理】>【系统菜单】中添加应用门户并授权。')).toBeTruthy();
  fireEvent.click(buttonNamed('确定', dialog()));
  await within(dialog()).findByText('门户名称不能为空');
  expect(within(dialog()).getByText('门户编码不能为空')).toBeTruthy();
  expect(within(dialog()).getByText('门户分类不能为空')).toBeTruthy();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  fireEvent.change(field('名称'), { target: { value: '门诊首页' } });
  fireEvent.change(field('编码'), { target: { value: 'mz.home' } });
  await chooseOption(field('分类'), '首页门户');
  fireEvent.click(field('锁定'));
  fireEvent.click(buttonNamed('确定', dialog()));
  await screen.findByText('门户设计 - 门诊首页');
  const post = calls.find((c) => c.method === 'POST' && c.path === '/api/visualdev/Portal')!;
  expect(post.body).toEqual({ fullName: '门诊首页', enCode: 'mz.home', category: 'pc-1', type: 0, linkType: 0, customUrl: '', enabledLock: 0, sortCode: 0, enabledMark: 1, description: '' });
  expect(calls.some((c) => c.method === 'GET' && c.path === '/api/visualdev/Portal/p-new')).toBe(true);
});

test('issue 31: a path portal asks its link type and address; 编辑 sends the whole form back', async () => {
  await open();
  fireEvent.click(buttonNamed('新建'));
  await screen.findByText('新建门户');
  await settle();
  fireEvent.click(within(dialog()).getByLabelText('配置路径'));
  await settle();
  expect(dialog().querySelector('#portal_enabledLock')).toBeNull();
  fireEvent.click(within(dialog()).getByLabelText('外链'));
  await settle();
  fireEvent.click(buttonNamed('确定', dialog()));
  await within(dialog()).findByText('链接地址不能为空');
  expect(within(dialog()).getByText('地址以http://或https://为开头')).toBeTruthy();
  fireEvent.click(buttonNamed('取消', dialog()));
  await settle();

  fireEvent.click(buttonNamed('编辑 门户1'));
  await screen.findByText('编辑门户');
  await waitFor(() => expect(field('名称').value).toBe('门户1'));
  fireEvent.change(field('名称'), { target: { value: '门户一' } });
  fireEvent.click(buttonNamed('确定', dialog()));
  await screen.findByText('更新成功');
  const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/visualdev/Portal/p1')!;
  expect(put.body).toEqual({ fullName: '门户一', enCode: 'mz', category: 'pc-1', type: 0, linkType: 0, customUrl: '', enabledLock: 1, sortCode: 3, enabledMark: 1, description: '说明' });
});

test('issue 31: 复制, 导出 and 删除 ask first, then call the server', async () => {
  await open();
  fireEvent.click(buttonNamed('复制 门户1'));
  await screen.findByText('您确定要复制该门户, 是否继续?');
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('复制成功');
  expect(calls.some((c) => c.path === '/api/visualdev/Portal/p1/Actions/Copy')).toBe(true);

  fireEvent.click(buttonNamed('导出 门户3'));
  await screen.findByText('您确定要导出该门户, 是否继续?');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(download.downloadUrl).toHaveBeenCalledWith('/api/file/Download?encryption=x'));
  expect(calls.some((c) => c.method === 'POST' && c.path === '/api/visualdev/Portal/p3/Actions/ExportData')).toBe(true);

  fireEvent.click(buttonNamed('删除 门户4'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('删除成功');
  expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/visualdev/Portal/p4');
});

test('issue 31: 发布 — none chosen is refused; the Web side under the chosen application after confirmation', async () => {
  await open();
  fireEvent.click(buttonNamed('发布 门户1'));
  await screen.findByText('将该门户同步至应用门户，是否继续？');
  const box = document.querySelector('.qm-portal-release') as HTMLElement;
  fireEvent.click(within(box).getByLabelText('同步Web端门户'));
  fireEvent.click(within(box).getByLabelText('同步APP端门户'));
  fireEvent.click(buttonNamed('确定', box));
  await screen.findByText('请至少选择一种门户同步方式');
  fireEvent.click(within(box).getByLabelText('同步Web端门户'));
  await settle();
  await chooseOption(box.querySelector('#release-pc') as HTMLElement, '医保系统');
  fireEvent.click(buttonNamed('确定', box));
  await screen.findByText('发布确定后会覆盖当前线上版本且进行门户同步，是否继续？');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('同步成功');
  const release = calls.find((c) => c.path === '/api/visualdev/Portal/Actions/release/p1')!;
  expect(release.body).toEqual({ pc: 1, app: 0, pcModuleParentId: ['sys-2'], appModuleParentId: [], pcSystemId: 'sys-2', appSystemId: '' });
  expect(calls.find((c) => c.path === '/api/system/System')!.query).toEqual({ enabledMark: '1' });
});

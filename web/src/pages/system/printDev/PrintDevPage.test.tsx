// 打印模板 against a fake printDev API (only `fetch` is fake; the real HTTP client), so the
// paths, queries and bodies checked are the ones the page sends: the list with keyword (Enter),
// the printDev category filter (by enCode) and paging; 新建 with a server field error shown
// under its field; 复制, 删除 after confirmation; the 日志 drawer.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { envelope, fakeFetch, page, type Call } from '@/test/fakeFetch';
import { ALL_BUTTONS, buttonNamed, confirmation, formDialog, grant, renderPage, settle, stateSwitch } from '@/test/renderPage';
import PrintDevPage from './PrintDevPage';

const PATH = '/system/printDev';
const CATEGORIES = [
  { id: 'pd-1', enCode: 'medical', fullName: '医疗单据', enabledMark: 1 },
  { id: 'pd-2', enCode: 'finance', fullName: '财务单据', enabledMark: 1 },
];
const row = (i: number) => ({
  id: `p${i}`,
  fullName: `模板${i}`,
  enCode: `tpl${i}`,
  category: CATEGORIES[i % 2].fullName,
  type: (i % 2) + 1,
  creatorUser: '管理员/admin',
  creatorTime: 1_700_000_000_000,
  lastModifyTime: null,
  sortCode: i,
  enabledMark: 1,
});
let rows: ReturnType<typeof row>[];
let calls: Call[];
let createAnswer: unknown;

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  rows = Array.from({ length: 25 }, (_, i) => row(i + 1));
  createAnswer = null;
  calls = fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [{ id: 'dt-print', enCode: 'printDev', fullName: '打印模板', isTree: 0, dictionaryList: CATEGORIES }] }),
    'GET /api/visualdev/Base/Selector': () => ({
      list: [{ id: 'g1', fullName: '住院', enCode: '', parentId: '0', webType: null, hasChildren: true, children: [
        { id: 'm1', fullName: '住院登记', enCode: 'admission', parentId: 'g1', webType: 2, hasChildren: false, children: [] },
      ] }],
    }),
    'GET /api/system/printDev': ({ query }) => {
      const category = CATEGORIES.find((c) => c.enCode === query.category);
      const found = rows.filter((r) => (!query.keyword || r.fullName.includes(query.keyword)) && (!category || r.category === category.fullName));
      return page(found, Number(query.currentPage), Number(query.pageSize));
    },
    'POST /api/system/printDev': () => createAnswer,
    'POST /api/system/printDev/{id}/Actions/Copy': () => envelope(200, '复制成功'),
    'DELETE /api/system/printDev/{id}': () => envelope(200, '删除成功'),
    'PUT /api/system/printDev/{id}/Actions/State': () => envelope(200, '更新成功'),
    'GET /api/system/printDev/{id}': ({ params }) => ({
      id: params.id, fullName: '模板1', enCode: 'tpl1', category: 'finance', type: 2, dbLinkId: '0',
      sqlTemplate: JSON.stringify([{ sql: 'select 1 as a' }, { sql: 'select 2 as b' }]),
      leftFields: '', printTemplate: '<p>x</p>', pageParam: '{}', modelId: '', sortCode: 1, enabledMark: 1, description: '',
    }),
    'PUT /api/system/printDev/{id}': () => envelope(200, '更新成功'),
    'GET /api/system/printLog/{templateId}': ({ query }) =>
      page(
        [{ id: 'l1', printTitle: '住院登记单', printMan: '张三/zhangsan', printTime: 1_700_000_000_000, printNum: 3 }],
        Number(query.currentPage),
        Number(query.pageSize),
      ),
  });
});

const table = () => document.querySelector('.qm-print-dev-page .ant-table-tbody') as HTMLElement;
const lastList = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/system/printDev').pop()!;
const dialog = () => formDialog('qm-print-dev-form');
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;

async function open(buttons = ALL_BUTTONS) {
  grant(PATH, buttons);
  renderPage(PrintDevPage, PATH);
  await waitFor(() => expect(table().textContent).toContain('模板1'));
  await settle();
}

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(field(label));
  await settle();
  const options = [...document.querySelectorAll('.ant-select-item-option-content')].filter((o) => o.textContent === option);
  fireEvent.click(options[options.length - 1]);
  await settle();
}

test('the list: its columns, keyword on Enter, the category filter by enCode, pages of 20', async () => {
  await open();
  expect(lastList().query).toEqual({ currentPage: '1', pageSize: '20', keyword: '', category: '' });
  const heads = [...document.querySelectorAll('.qm-print-dev-page .ant-table-thead th')].map((th) => th.textContent);
  for (const title of ['模板名称', '模板编码', '模板分类', '模板类型', '状态', '创建时间', '操作']) expect(heads).toContain(title);
  expect(screen.getByText('共 25 条')).toBeTruthy();
  expect(table().textContent).toContain('功能表单'); // type 2
  expect(table().textContent).toContain('流程表单'); // type 1
  expect(buttonNamed('导出 模板1')).toBeTruthy();
  expect(buttonNamed('编辑 模板1')).toBeTruthy();
  expect((document.querySelector('input[type="file"]') as HTMLInputElement).accept).toBe('.bp');

  const keyword = screen.getByLabelText('关键词');
  fireEvent.change(keyword, { target: { value: '模板2' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(lastList().query.keyword).toBe('模板2'));
  fireEvent.click(buttonNamed('重置'));
  await settle();

  fireEvent.mouseDown(screen.getByLabelText('模板分类'));
  await settle();
  fireEvent.click(screen.getByText('财务单据', { selector: '.ant-select-item-option-content' }));
  await waitFor(() => expect(lastList().query.category).toBe('finance'));
  await screen.findByText('共 13 条'); // the odd ones

  fireEvent.click(buttonNamed('重置'));
  await waitFor(() => expect(lastList().query.category).toBe(''));
  await screen.findByText('共 25 条');
  fireEvent.click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
  await waitFor(() => expect(lastList().query.currentPage).toBe('2'));
  await waitFor(() => expect(table().textContent).toContain('模板21'));
});

test('新建: the SQL template is posted as the server reads it; its field error is shown under the statements', async () => {
  createAnswer = envelope(400, '第1行SQL语句：不能读取表 rec_x', { sqlTemplate: ['第1行SQL语句：不能读取表 rec_x'] });
  await open();
  fireEvent.click(buttonNamed('新建'));
  await screen.findByText('新建打印模板');
  await settle();
  fireEvent.click(buttonNamed('确定', dialog()));
  await settle();
  expect(within(dialog()).getByText('请填写模板名称')).toBeTruthy();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  fireEvent.change(field('模板名称'), { target: { value: '住院登记单' } });
  fireEvent.change(field('模板编码'), { target: { value: 'zydj' } });
  await chooseOption('模板分类', '医疗单据');
  fireEvent.click(within(dialog()).getByLabelText('功能表单'));
  fireEvent.change(within(dialog()).getByLabelText('SQL语句 1'), { target: { value: 'select * from rec_x where id = @formId' } });
  fireEvent.click(buttonNamed('添加SQL语句', dialog()));
  await settle();
  fireEvent.change(within(dialog()).getByLabelText('SQL语句 2'), { target: { value: 'select * from base_user' } });
  fireEvent.click(buttonNamed('确定', dialog()));
  await within(dialog()).findByText('第1行SQL语句：不能读取表 rec_x', { selector: '.ant-form-item-explain-error' });
  const post = calls.find((c) => c.method === 'POST' && c.path === '/api/system/printDev')!;
  expect(post.body).toEqual({
    fullName: '住院登记单',
    enCode: 'zydj',
    category: 'medical',
    type: 2,
    modelId: '',
    dbLinkId: '0',
    sqlTemplate: JSON.stringify([{ sql: 'select * from rec_x where id = @formId' }, { sql: 'select * from base_user' }]),
    sortCode: 0,
    enabledMark: 1,
    description: '',
  });
  // The dialog stays open with what was typed.
  expect(field('模板名称').value).toBe('住院登记单');
});

test('新建 from a released model sends modelId and no statements', async () => {
  await open();
  fireEvent.click(buttonNamed('新建'));
  await screen.findByText('新建打印模板');
  await settle();
  fireEvent.change(field('模板名称'), { target: { value: '住院登记单' } });
  fireEvent.change(field('模板编码'), { target: { value: 'zydj' } });
  await chooseOption('模板分类', '医疗单据');
  fireEvent.click(within(dialog()).getByLabelText('功能表单（已发布）'));
  await settle();
  fireEvent.mouseDown(field('功能模型'));
  await settle();
  fireEvent.click(await screen.findByTitle('住院登记'));
  await settle();
  fireEvent.click(buttonNamed('确定', dialog()));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/system/printDev')).toBe(true));
  const post = calls.find((c) => c.method === 'POST' && c.path === '/api/system/printDev')!;
  expect(post.body).toEqual(expect.objectContaining({ modelId: 'm1', sqlTemplate: '[]', type: 1 }));
});

test('复制 and 删除 ask first, then call the server and reload', async () => {
  await open();
  fireEvent.click(buttonNamed('复制 模板1'));
  await screen.findByText('您确定要复制该打印模板, 是否继续?');
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  const before = calls.length;
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('复制成功');
  expect(calls.slice(before).map((c) => `${c.method} ${c.path}`)).toContain('POST /api/system/printDev/p1/Actions/Copy');
  await waitFor(() => expect(calls.slice(before).filter((c) => c.path === '/api/system/printDev').length).toBe(1));

  fireEvent.click(buttonNamed('删除 模板2'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('删除成功');
  expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/system/printDev/p2');
});

test('日志 opens the template\'s print log: 名称, 打印人, 打印时间, 打印条数', async () => {
  await open([]);
  fireEvent.click(buttonNamed('日志 模板3'));
  const drawer = await waitFor(() => {
    const found = document.querySelector('.qm-print-log') as HTMLElement | null;
    if (!found) throw new Error('no log drawer');
    return found;
  });
  await within(drawer).findByText('住院登记单');
  expect(within(drawer).getByText('日志 - 模板3')).toBeTruthy();
  for (const title of ['名称', '打印人', '打印时间', '打印条数']) expect(within(drawer).getByText(title)).toBeTruthy();
  expect(within(drawer).getByText('张三/zhangsan')).toBeTruthy();
  const log = calls.find((c) => c.path === '/api/system/printLog/p3')!;
  expect(log.query).toEqual(expect.objectContaining({ currentPage: '1', pageSize: '20' }));
});

test('编辑 loads the template with its statements and sends them back; 禁用 asks, then the server flips it', async () => {
  await open();
  fireEvent.click(buttonNamed('编辑 模板1'));
  await screen.findByText('编辑打印模板');
  await waitFor(() => expect(field('模板名称').value).toBe('模板1'));
  expect((within(dialog()).getByLabelText('SQL语句 2') as HTMLTextAreaElement).value).toBe('select 2 as b');
  fireEvent.click(buttonNamed('删除第1条SQL语句', dialog()));
  await settle();
  fireEvent.click(buttonNamed('确定', dialog()));
  await screen.findByText('更新成功');
  const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/system/printDev/p1')!;
  expect(put.body).toEqual(expect.objectContaining({ category: 'finance', type: 2, modelId: '', sqlTemplate: JSON.stringify([{ sql: 'select 2 as b' }]), sortCode: 1 }));

  fireEvent.click(stateSwitch('模板2'));
  await screen.findByText('您确定要禁用当前打印模板, 是否继续?');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/system/printDev/p2/Actions/State')).toBe(true));
});

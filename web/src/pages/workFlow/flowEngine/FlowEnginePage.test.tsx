// 流程设计 (issue 30, jnpf-wire-engine2.md §7.12) against a fake flowTemplate API (only `fetch`
// is fake; the real HTTP client), so the paths, queries and bodies checked are the ones the page
// sends: the list with keyword (Enter) and 流程分类 by item id; 复制, 启用/禁用 and 删除 after their
// questions; 新建 through 基础信息 (its messages) and the designer (its check, then the posted
// tree); 编辑 of a used flow answered with a new version, made the main one after 确定.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { envelope, fakeFetch, page, type Call } from '@/test/fakeFetch';
import { ALL_BUTTONS, buttonNamed, chooseOption, confirmation, grant, renderPage, settle } from '@/test/renderPage';
import FlowEnginePage from './FlowEnginePage';

const PATH = '/workFlow/flowEngine';
const CATEGORIES = [
  { id: 'cat-1', enCode: 'leave', fullName: '请假类', enabledMark: 1 },
  { id: 'cat-2', enCode: 'money', fullName: '财务类', enabledMark: 1 },
];
const row = (i: number) => ({
  id: `f${i}`,
  fullName: `流程${i}`,
  enCode: `flow${i}`,
  category: CATEGORIES[i % 2].fullName,
  type: i % 2,
  creatorUser: '管理员/admin',
  creatorTime: 1_700_000_000_000,
  sortCode: i,
  enabledMark: i === 1 ? 1 : 0,
  hasAssistBtn: 0,
});
const STORED_TREE = {
  nodeId: 'start1',
  type: 'start',
  content: '所有人',
  properties: { title: '流程发起', formFieldList: [] },
  childNode: { nodeId: 'ap1', prevId: 'start1', type: 'approver', content: '发起者本人', properties: { title: '审批节点', assigneeType: 3 } },
};
let rows: ReturnType<typeof row>[];
let calls: Call[];
let updateAnswer: unknown;

jest.setTimeout(90_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  rows = Array.from({ length: 23 }, (_, i) => row(i + 1));
  updateAnswer = envelope(200, '更新成功', null);
  calls = fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [{ id: 'dt-flow', enCode: 'WorkFlowCategory', fullName: '流程分类', isTree: 0, dictionaryList: CATEGORIES }] }),
    'GET /api/workflow/Engine/flowTemplate': ({ query }) => {
      const category = CATEGORIES.find((c) => c.id === query.category);
      const found = rows.filter((r) => (!query.keyword || r.fullName.includes(query.keyword)) && (!category || r.category === category.fullName));
      return page(found, Number(query.currentPage), Number(query.pageSize));
    },
    'POST /api/workflow/Engine/flowTemplate': () => envelope(200, '新建成功'),
    'POST /api/workflow/Engine/flowTemplate/{id}/Actions/Copy': () => envelope(200, '复制成功'),
    'POST /api/workflow/Engine/flowTemplate/{id}/MainVersion': () => envelope(200, '设置成功'),
    'POST /api/workflow/Engine/flowTemplate/Release/{id}': () => envelope(200, '启用成功'),
    'POST /api/workflow/Engine/flowTemplate/Stop/{id}': () => envelope(200, '禁用成功'),
    'DELETE /api/workflow/Engine/flowTemplate/{id}': () => envelope(200, '删除成功'),
    'GET /api/workflow/Engine/flowTemplate/{id}': ({ params }) => ({
      id: params.id, fullName: '流程1', enCode: 'flow1', category: 'cat-2', type: 0, icon: 'icon-ym icon-ym-flowTodo', iconBackground: '#008cff',
      sortCode: 1, enabledMark: 1, description: '',
      flowTemplateJson: JSON.stringify([{ id: 'v1', flowId: 'flowA', fullName: '流程1', flowTemplateJson: STORED_TREE, isDelete: true }]),
    }),
    'PUT /api/workflow/Engine/flowTemplate/{id}': () => updateAnswer,
  });
});

const table = () => document.querySelector('.qm-flow-engine-page .ant-table-tbody') as HTMLElement;
const lastList = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/workflow/Engine/flowTemplate').pop()!;
const editor = () => document.querySelector('.qm-flow-designer') as HTMLElement;
const basics = () => document.querySelector('.qm-flow-engine-form') as HTMLElement;
const field = (label: string) => within(basics()).getByLabelText(label) as HTMLInputElement;
const drawer = () => document.querySelector('.qm-flow-drawer') as HTMLElement;

async function open(buttons = ALL_BUTTONS) {
  grant(PATH, buttons);
  renderPage(FlowEnginePage, PATH);
  await waitFor(() => expect(table().textContent).toContain('流程1'));
  await settle();
}

test('the list: its columns, keyword on Enter, 流程分类 by item id, pages of 20', async () => {
  await open();
  expect(lastList().query).toEqual({ currentPage: '1', pageSize: '20', keyword: '', category: '' });
  const heads = [...document.querySelectorAll('.qm-flow-engine-page .ant-table-thead th')].map((th) => th.textContent);
  for (const title of ['流程名称', '流程编码', '流程分类', '流程类型', '排序', '状态', '创建时间', '操作']) expect(heads).toContain(title);
  expect(screen.getByText('共 23 条')).toBeTruthy();
  expect(table().textContent).toContain('功能流程'); // type 1
  expect(table().textContent).toContain('发起流程'); // type 0
  for (const name of ['设计 流程1', '编辑 流程1', '复制 流程1', '禁用流程 流程1', '启用流程 流程2', '删除 流程1']) expect(buttonNamed(name)).toBeTruthy();

  const keyword = screen.getByLabelText('关键词');
  fireEvent.change(keyword, { target: { value: '流程2' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(lastList().query.keyword).toBe('流程2'));
  fireEvent.click(buttonNamed('重置'));
  await settle();

  await chooseOption(screen.getByLabelText('流程分类'), '财务类');
  await waitFor(() => expect(lastList().query.category).toBe('cat-2'));
  await screen.findByText('共 12 条'); // the even ones
  fireEvent.click(buttonNamed('重置'));
  await waitFor(() => expect(lastList().query.category).toBe(''));
  await screen.findByText('共 23 条');
  fireEvent.click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
  await waitFor(() => expect(lastList().query.currentPage).toBe('2'));
});

test('without buttons only the list shows: no 新建, 设计, 编辑, 复制, 启用, 删除', async () => {
  await open([]);
  expect(screen.queryByText('新建')).toBeNull();
  expect(document.querySelectorAll('.qm-flow-engine-page .ant-table-tbody .qm-row-actions button').length).toBe(0);
});

test('复制, 启用流程, 禁用流程 and 删除 ask first (JNPF\'s questions), then call the server and reload', async () => {
  await open();
  fireEvent.click(buttonNamed('复制 流程1'));
  await screen.findByText('您确定要复制该流程, 是否继续?');
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('复制成功');
  expect(calls.some((c) => c.method === 'POST' && c.path === '/api/workflow/Engine/flowTemplate/f1/Actions/Copy')).toBe(true);

  fireEvent.click(buttonNamed('启用流程 流程2'));
  await screen.findByText('此操作将启用该流程，是否继续？');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('启用成功');
  expect(calls.some((c) => c.method === 'POST' && c.path === '/api/workflow/Engine/flowTemplate/Release/f2')).toBe(true);

  fireEvent.click(buttonNamed('禁用流程 流程1'));
  await screen.findByText('此操作将禁用该流程，是否继续？');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('禁用成功');
  expect(calls.some((c) => c.method === 'POST' && c.path === '/api/workflow/Engine/flowTemplate/Stop/f1')).toBe(true);

  const before = calls.length;
  fireEvent.click(buttonNamed('删除 流程3'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  expect(calls.slice(before).some((c) => c.method === 'DELETE')).toBe(false);
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('删除成功');
  expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/workflow/Engine/flowTemplate/f3');
  await waitFor(() => expect(calls.slice(before).filter((c) => c.path === '/api/workflow/Engine/flowTemplate' && c.method === 'GET').length).toBe(1));
});

test('新建: 基础信息\'s messages, then the designer; its check stops an approver with nobody; the save posts the tree', async () => {
  await open();
  fireEvent.click(buttonNamed('新建'));
  await screen.findByText('新建流程');
  await settle();
  fireEvent.click(buttonNamed('下一步', editor()));
  await within(basics()).findByText('流程名称不能为空');
  expect(within(basics()).getByText('流程编码不能为空')).toBeTruthy();
  expect(within(basics()).getByText('流程分类不能为空')).toBeTruthy();
  fireEvent.change(field('流程名称'), { target: { value: '请假申请' } });
  fireEvent.change(field('流程编码'), { target: { value: 'qing-jia' } });
  await within(basics()).findByText('请输入正确的流程编码');
  fireEvent.change(field('流程编码'), { target: { value: 'leave_apply' } });
  await chooseOption(field('流程分类'), '请假类');
  fireEvent.click(within(basics()).getByLabelText('功能流程'));
  fireEvent.click(buttonNamed('下一步', editor()));

  // The designer opens with one flow named after the template.
  const add = await screen.findByLabelText('在流程发起之后添加节点');
  expect(document.querySelector('.ant-tabs-tab')?.textContent).toContain('请假申请');
  fireEvent.click(add);
  await settle();
  fireEvent.click(buttonNamed('审批人'));
  await settle();
  fireEvent.click(buttonNamed('保存', editor()));
  await screen.findByText('请完善请假申请的流程设计');
  expect(calls.some((c) => c.method === 'POST' && c.path === '/api/workflow/Engine/flowTemplate')).toBe(false);
  expect(document.querySelector('.qm-flow-node-invalid .qm-flow-node-title')?.textContent).toBe('审批节点');

  fireEvent.click(screen.getAllByRole('button', { name: '审批节点' })[0]);
  await within(drawer()).findByText('审批人类型');
  fireEvent.click(within(drawer()).getByLabelText('部门主管'));
  fireEvent.click(buttonNamed('确定', drawer()));
  await settle();
  fireEvent.click(buttonNamed('保存', editor()));
  await screen.findByText('新建成功');
  const post = calls.find((c) => c.method === 'POST' && c.path === '/api/workflow/Engine/flowTemplate')!;
  const body = post.body as Record<string, unknown>;
  expect(body).toEqual(
    expect.objectContaining({ fullName: '请假申请', enCode: 'leave_apply', category: 'cat-1', type: 1, sortCode: 0, description: '', flowTemplateJson: expect.any(String) }),
  );
  const flows = JSON.parse(body.flowTemplateJson as string);
  expect(flows).toHaveLength(1);
  expect(flows[0]).toEqual(expect.objectContaining({ id: '', fullName: '请假申请', flowId: expect.stringMatching(/^[0-9A-Za-z]+$/) }));
  const tree = flows[0].flowTemplateJson;
  expect(tree.type).toBe('start');
  expect(tree.childNode).toEqual(expect.objectContaining({ type: 'approver', prevId: tree.nodeId, content: '部门主管（第1级主管）' }));
  expect(tree.childNode.properties).toEqual(expect.objectContaining({ assigneeType: 2, departmentLevel: 1 }));
  // The editor closes and the list asks again.
  await waitFor(() => expect(editor()).toBeNull());
});

test('编辑 of a used flow: the new version is made the main one after 流程已被使用… is confirmed', async () => {
  updateAnswer = envelope(200, '更新成功', { id: 'version-2', isMainVersion: true });
  await open();
  fireEvent.click(buttonNamed('设计 流程1'));
  // 设计 opens on the designer with the stored tree.
  await screen.findByText('发起者本人');
  fireEvent.click(screen.getByLabelText('在审批节点之后添加节点'));
  await settle();
  fireEvent.click(buttonNamed('抄送人'));
  await settle();
  fireEvent.click(buttonNamed('保存', editor()));
  await screen.findByText('流程已被使用，此版本是否覆盖线上流程。覆盖后，新发起的流程按此版本流转?');
  const put = calls.find((c) => c.method === 'PUT')!;
  expect(put.path).toBe('/api/workflow/Engine/flowTemplate/f1');
  const flows = JSON.parse((put.body as { flowTemplateJson: string }).flowTemplateJson);
  expect(flows[0]).toEqual(expect.objectContaining({ id: 'v1', flowId: 'flowA' }));
  expect(flows[0].flowTemplateJson.childNode.childNode).toEqual(expect.objectContaining({ type: 'copy', prevId: 'ap1' }));
  expect((put.body as Record<string, unknown>).category).toBe('cat-2');
  expect(calls.some((c) => c.path.endsWith('/MainVersion'))).toBe(false);
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/workflow/Engine/flowTemplate/version-2/MainVersion')).toBe(true));
  await waitFor(() => expect(editor()).toBeNull());
});

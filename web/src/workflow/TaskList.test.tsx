// The task lists (待办事宜, 已办事宜, 抄送事宜, 我发起的; issue 30, jnpf-wire-engine2.md §7.9)
// against a fake engine (only `fetch` is fake): the common query (keyword on Enter, 所属流程 from
// ListAll by category, 紧急程度, 我发起的's 流程状态), the columns with the status codes and
// colours, completion, the flow page opened in each list's mode, 我发起的's 编辑/详情/删除 per
// status, and 新建流程 choosing a template and one of its flows.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { envelope, fakeFetch, page, type Call } from '@/test/fakeFetch';
import { buttonNamed, confirmation, renderInApp, settle } from '@/test/renderPage';
import TodoPage from '@/pages/workFlow/flowTodo';
import DonePage from '@/pages/workFlow/flowDone';
import CirculatePage from '@/pages/workFlow/flowCirculate';
import LaunchPage from '@/pages/workFlow/flowLaunch';

const todo = (i: number) => ({
  id: `op${i}`,
  processId: `t${i}`,
  flowId: 'f1',
  thisStepId: `n${i}`,
  fullName: `张三的请假流程${i}`,
  flowName: '请假流程',
  flowCode: 'leave',
  startTime: 1_700_000_000_000,
  userName: '张三/zhangsan',
  thisStep: '部门主管审批',
  flowUrgent: (i % 3) + 1,
  status: i % 2 === 0 ? 1 : 0,
  creatorTime: 1_700_000_100_000,
  flowVersion: '1',
  delegateUser: null,
});
const launched = (id: string, status: number, completion: number) => ({
  id,
  flowId: 'f1',
  fullName: `任务${id}`,
  flowName: '请假流程',
  flowCode: 'leave',
  startTime: status === 0 ? null : 1_700_000_000_000,
  thisStep: '部门主管审批',
  flowUrgent: 1,
  status,
  completion,
  parentId: '0',
  creatorTime: 1_700_000_000_000,
  delegateUser: null,
});
const LAUNCHED = [launched('draft', 0, 0), launched('wait', 1, 50), launched('done', 2, 100), launched('back', 3, 0), launched('revoked', 4, 0)];
const CATEGORIES = [
  { id: 'c-personnel', enCode: 'personnel', fullName: '人事审批', enabledMark: 1, parentId: '0' },
  { id: 'c-finance', enCode: 'finance', fullName: '财务审批', enabledMark: 1, parentId: '0' },
];

let calls: Call[];
jest.setTimeout(120_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  calls = fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [{ id: 'dt-flow', enCode: 'WorkFlowCategory', fullName: '流程分类', isTree: 0, dictionaryList: CATEGORIES }] }),
    'GET /api/workflow/Engine/flowTemplate/ListAll': () => ({
      list: [
        { id: 'c-personnel', fullName: '人事审批', num: 1, children: [{ id: 'tpl-leave', fullName: '请假' }] },
        { id: 'c-finance', fullName: '财务审批', num: 1, children: [{ id: 'tpl-buy', fullName: '采购' }] },
      ],
    }),
    'GET /api/workflow/Engine/flowTemplate/PageListAll': ({ query }) =>
      page(
        [
          { id: 'tpl-leave', fullName: '请假', icon: 'icon-ym icon-ym-flow', iconBackground: '#008cff', category: 'c-personnel' },
          { id: 'tpl-buy', fullName: '采购', icon: 'icon-ym icon-ym-flow', iconBackground: '#008cff', category: 'c-finance' },
        ].filter((tpl) => !query.category || query.category === tpl.category),
        1,
        50,
      ),
    'GET /api/workflow/Engine/flowTemplate/FlowJsonList/{templateId}': ({ params }) =>
      params.templateId === 'tpl-buy'
        ? []
        : [
            { id: 'f-short', fullName: '短假流程', flowTemplateJson: '{}' },
            { id: 'f-long', fullName: '长假流程', flowTemplateJson: '{}' },
          ],
    'GET /api/workflow/Engine/FlowBefore/List/{category}': ({ query }) => page(Array.from({ length: 3 }, (_, i) => todo(i)).filter((r) => !query.keyword || r.fullName.includes(query.keyword)), Number(query.currentPage), Number(query.pageSize)),
    'GET /api/workflow/Engine/FlowLaunch': ({ query }) => page(LAUNCHED.filter((r) => !query.status || String(r.status) === query.status), 1, 20),
    'DELETE /api/workflow/Engine/FlowLaunch/{taskId}': () => envelope(200, '删除成功'),
    'GET /api/workflow/Engine/FlowBefore/{taskId}': ({ params }) => ({
      flowTemplateInfo: { fullName: '请假', type: 0, flowTemplateJson: '{}' },
      flowFormInfo: { enCode: 'leave', formType: 2, urlAddress: '', propertyJson: '' },
      flowTaskInfo: params.taskId === '0' ? null : { id: params.taskId, fullName: '张三的请假流程', thisStep: '部门主管审批', status: 1, flowUrgent: 1, completion: 0, flowId: 'f1' },
      formData: {},
      draftData: null,
      flowTaskNodeList: [],
      flowTaskOperatorRecordList: [],
      approversProperties: {},
      formOperates: [],
    }),
  });
});

const table = () => document.querySelector('.qm-flow-list .ant-table-tbody') as HTMLElement;
const lists = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path);
const lastList = (path: string) => lists(path).pop()!;
const TODO_PATH = '/api/workflow/Engine/FlowBefore/List/1';

async function chooseIn(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  await settle();
  fireEvent.click(screen.getAllByText(option, { selector: '.ant-select-item-option-content' }).pop()!);
  await settle();
}

test('待办事宜: columns, status (FLOW-003) and urgency (FLOW-004) codes, keyword on Enter, 所属流程 and 紧急程度; 审批 opens the step in to-do mode', async () => {
  renderInApp(<TodoPage />, '/workFlow/flowTodo');
  await waitFor(() => expect(table().textContent).toContain('张三的请假流程1'));
  await settle();
  expect(lastList(TODO_PATH).query).toEqual({ currentPage: '1', pageSize: '20', keyword: '', templateId: '', flowId: '', flowCategory: '', sort: 'desc', sidx: '' });
  const heads = [...document.querySelectorAll('.qm-flow-list .ant-table-thead th')].map((th) => th.textContent);
  for (const title of ['流程标题', '所属流程', '发起时间', '发起人员', '审批节点', '紧急程度', '流程状态', '接收时间', '操作']) expect(heads).toContain(title);
  expect(table().textContent).toContain('等待审核');
  expect(table().textContent).toContain('等待提交');
  const urgent = within(table()).getAllByText('紧急')[0];
  expect(urgent.getAttribute('style')).toContain('rgb(245, 108, 108)'); // #F56C6C

  const keyword = screen.getByLabelText('关键词');
  fireEvent.change(keyword, { target: { value: '流程2' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(lastList(TODO_PATH).query.keyword).toBe('流程2'));
  await waitFor(() => expect(table().textContent).not.toContain('张三的请假流程1'));

  expect(document.body.textContent).not.toContain('人事审批【1】');
  await chooseIn('所属流程', '采购');
  await waitFor(() => expect(lastList(TODO_PATH).query.templateId).toBe('tpl-buy'));
  expect(document.body.textContent).toContain('财务审批【1】');
  await chooseIn('紧急程度', '紧急');
  await waitFor(() => expect(lastList(TODO_PATH).query.flowUrgent).toBe('3'));

  fireEvent.click(buttonNamed('重置'));
  await waitFor(() => expect(lastList(TODO_PATH).query).toEqual(expect.objectContaining({ keyword: '', templateId: '' })));
  expect(lastList(TODO_PATH).query.flowUrgent).toBeUndefined();
  await waitFor(() => expect(table().textContent).toContain('张三的请假流程1'));
  fireEvent.click(buttonNamed('审批 张三的请假流程1'));
  await waitFor(() => expect(document.querySelector('.qm-flow-box')).toBeTruthy());
  const opened = calls.find((c) => c.path === '/api/workflow/Engine/FlowBefore/t1')!;
  expect(opened.query).toEqual({ taskNodeId: 'n1', taskOperatorId: 'op1', flowId: 'f1' });
  await settle();
  expect(document.querySelector('.qm-flow-box-title')!.textContent).toBe('张三的请假流程/部门主管审批');
  expect(buttonNamed('通过')).toBeTruthy();
});

test('已办事宜 shows the user’s own handling and opens read-only; 抄送事宜 opens without a step', async () => {
  renderInApp(<DonePage />, '/workFlow/flowDone');
  await waitFor(() => expect(table().textContent).toContain('张三的请假流程1'));
  expect(lastList('/api/workflow/Engine/FlowBefore/List/2')).toBeTruthy();
  expect([...document.querySelectorAll('.qm-flow-list .ant-table-thead th')].map((th) => th.textContent)).toContain('办理时间');
  expect(table().textContent).toContain('通过'); // status 1
  expect(table().textContent).toContain('退回'); // status 0
  fireEvent.click(buttonNamed('详情 张三的请假流程1'));
  await waitFor(() => expect(document.querySelector('.qm-flow-box')).toBeTruthy());
  await settle();
  expect(document.querySelector('.qm-flow-box-title')!.textContent).toBe('张三的请假流程'); // opType 2: no step
  expect(() => buttonNamed('通过')).toThrow();
});

test('抄送事宜: 抄送时间, and the copy opens without an operator', async () => {
  renderInApp(<CirculatePage />, '/workFlow/flowCirculate');
  await waitFor(() => expect(table().textContent).toContain('张三的请假流程1'));
  expect([...document.querySelectorAll('.qm-flow-list .ant-table-thead th')].map((th) => th.textContent)).toContain('抄送时间');
  fireEvent.click(buttonNamed('详情 张三的请假流程1'));
  await waitFor(() => expect(calls.some((c) => c.path === '/api/workflow/Engine/FlowBefore/t1')).toBe(true));
  expect(calls.find((c) => c.path === '/api/workflow/Engine/FlowBefore/t1')!.query).toEqual({ taskNodeId: 'n1', flowId: 'f1' });
});

test('我发起的: completion, 编辑/详情/删除 per status, the status filter, 删除 after confirmation', async () => {
  renderInApp(<LaunchPage />, '/workFlow/flowLaunch');
  await waitFor(() => expect(table().textContent).toContain('任务wait'));
  await settle();
  const heads = [...document.querySelectorAll('.qm-flow-list .ant-table-thead th')].map((th) => th.textContent);
  for (const title of ['流程标题', '所属流程', '发起时间', '当前节点', '紧急程度', '流程状态', '完成情况']) expect(heads).toContain(title);
  const rowOf = (id: string) => [...table().querySelectorAll('tr')].find((tr) => tr.textContent!.includes(`任务${id}`)) as HTMLElement;
  expect(rowOf('done').textContent).toContain('已完成');
  expect(rowOf('back').textContent).toContain('----');
  expect(rowOf('wait').querySelector('.ant-progress')).toBeTruthy();
  const offered = (id: string) => ['编辑', '详情', '删除'].filter((a) => within(rowOf(id)).queryByRole('button', { name: `${a} 任务${id}` }));
  expect(offered('draft')).toEqual(['编辑', '删除']);
  expect(offered('wait')).toEqual(['详情']);
  expect(offered('done')).toEqual(['详情']);
  expect(offered('back')).toEqual(['编辑', '详情']);
  expect(offered('revoked')).toEqual(['详情', '删除']);

  await chooseIn('流程状态', '审核退回');
  await waitFor(() => expect(lastList('/api/workflow/Engine/FlowLaunch').query.status).toBe('3'));
  await waitFor(() => expect(table().textContent).not.toContain('任务wait'));
  fireEvent.click(buttonNamed('重置'));
  await waitFor(() => expect(table().textContent).toContain('任务draft'));

  fireEvent.click(buttonNamed('删除 任务draft'));
  await waitFor(() => expect(confirmation().textContent).toContain('此操作将永久删除该数据'));
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/workflow/Engine/FlowLaunch/draft')).toBe(true));
});

test('新建流程: templates by category, one without flows says 流程不存在, one with two flows asks which, the chosen flow opens as a new task', async () => {
  renderInApp(<LaunchPage />, '/workFlow/flowLaunch');
  await waitFor(() => expect(table().textContent).toContain('任务wait'));
  fireEvent.click(buttonNamed('新建流程'));
  await screen.findByText('请假', { selector: '.qm-flow-template span, .qm-flow-template' });
  expect(lists('/api/workflow/Engine/flowTemplate/PageListAll')[0].query).toEqual({ currentPage: '1', pageSize: '50', category: '', flowType: '0' });
  fireEvent.click(screen.getByText('财务审批', { selector: '.ant-tabs-tab-btn' }));
  await waitFor(() => expect(lastList('/api/workflow/Engine/flowTemplate/PageListAll').query.category).toBe('c-finance'));
  await waitFor(() => expect([...document.querySelectorAll('.qm-flow-template')].map((b) => b.textContent)).toEqual(['采购']));
  fireEvent.click(document.querySelectorAll('.qm-flow-template')[0]);
  await screen.findByText('流程不存在'); // a template without flows
  fireEvent.click(screen.getByText('人事审批', { selector: '.ant-tabs-tab-btn' }));
  await settle();
  fireEvent.click(document.querySelectorAll('.qm-flow-template')[0]);
  await screen.findByText('请选择流程');
  expect(lastList('/api/workflow/Engine/flowTemplate/FlowJsonList/tpl-leave').query).toEqual({ type: '1' });
  fireEvent.click(buttonNamed('长假流程'));
  await waitFor(() => expect(calls.some((c) => c.path === '/api/workflow/Engine/FlowBefore/0')).toBe(true));
  expect(calls.find((c) => c.path === '/api/workflow/Engine/FlowBefore/0')!.query).toEqual({ flowId: 'f-long' });
  await settle();
  expect(document.querySelector('.qm-flow-box-title')!.textContent).toBe('请假');
  expect(buttonNamed('提交')).toBeTruthy();
  expect(buttonNamed('暂存')).toBeTruthy();
});

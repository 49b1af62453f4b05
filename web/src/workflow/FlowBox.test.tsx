// The flow page (FlowBox, issue 30; jnpf-wire-engine2.md §7.4–7.6) against a fake engine (only
// `fetch` is fake; the real HTTP client and the real form engine with the WASM core): the
// node's field permissions on the form, 通过 with the candidate dialog (审批人 required, picked
// from CandidateUser, 审批意见), 退回 with the 退回节点 of RejectList, my launched task's 催办 and
// 撤回 after JNPF's confirmations, a new task's 提交 and 暂存, 流转记录's actions, and the
// /workFlowDetail page opening a settled step read-only.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { envelope, fakeFetch, type Call } from '@/test/fakeFetch';
import { buttonNamed, confirmation, renderInApp, settle } from '@/test/renderPage';
import WorkFlowDetail from '@/pages/workFlowDetail';
import { FlowBox, type FlowSetting } from './FlowBox';
import { applyFormOperates } from './formOperates';

const input = (vModel: string, label: string) => ({
  __config__: { jnpfKey: 'comInput', label, showLabel: true, tag: 'el-input', required: false, layout: 'colFormItem', span: 24, visibility: ['pc', 'app'], noShow: false, regList: [], trigger: 'blur' },
  __vModel__: vModel,
  placeholder: '请输入',
  clearable: true,
  disabled: false,
});
const FORM = { fields: [input('reason', '事由'), input('remark', '备注'), input('secret', '密级')], labelWidth: 100, gutter: 15 };

let props: Record<string, unknown>;
let status: number;
let candidates: unknown;
let calls: Call[];
const view = () => ({
  flowTemplateInfo: {
    fullName: '采购流程',
    type: 0,
    flowTemplateJson: JSON.stringify({ nodeId: 's', type: 'start', properties: { title: '流程发起' }, childNode: { nodeId: 'a1', type: 'approver', properties: { title: '部门主管审批' } } }),
  },
  flowFormInfo: { enCode: 'purchase', formType: 2, urlAddress: '', propertyJson: JSON.stringify(FORM) },
  flowTaskInfo: { id: 't1', fullName: '张三的采购流程', thisStep: '部门主管审批', status, flowUrgent: 2, completion: 50, flowId: 'f1' },
  formData: { id: 't1', reason: '买电脑', remark: '', secret: '机密' },
  draftData: null,
  flowTaskNodeList: [
    { id: 'n0', nodeCode: 's', nodeName: '流程发起', nodeType: 'start', type: 0, userName: '张三/zhangsan' },
    { id: 'n1', nodeCode: 'a1', nodeName: '部门主管审批', nodeType: 'approver', type: 1, userName: '李四/lisi' },
  ],
  flowTaskOperatorRecordList: [{ id: 'r1', nodeName: '流程发起', userName: '张三/zhangsan', handleStatus: 2, handleOpinion: '', handleTime: 1_700_000_000_000, creatorTime: 1_700_000_000_000, signImg: '', fileList: '[]' }],
  approversProperties: props,
  formOperates: [
    { id: 'reason', read: true, write: false },
    { id: 'remark', read: true, write: true, required: true },
    { id: 'secret', read: false, write: false },
  ],
});

jest.setTimeout(120_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  props = { title: '部门主管审批', hasOpinion: true, rejectType: 1, rejectStep: '2' };
  status = 1;
  candidates = { type: 3, list: [] };
  calls = fakeFetch({
    'GET /api/workflow/Engine/FlowBefore/{taskId}/Info': () => ({ isCheck: true }),
    'GET /api/workflow/Engine/FlowBefore/RejectList/{operatorId}': () => ({ isLastAppro: true, list: [{ nodeCode: 's', nodeName: '流程发起' }, { nodeCode: 'a1', nodeName: '部门主管审批' }] }),
    'GET /api/workflow/Engine/FlowBefore/{taskId}': ({ params }) => (params.taskId === '0' ? { ...view(), flowTaskInfo: null, formData: {} } : view()),
    'POST /api/workflow/Engine/FlowBefore/Candidates/{operatorId}': () => candidates,
    'POST /api/workflow/Engine/FlowBefore/CandidateUser/{operatorId}': () => ({
      list: [
        { id: 'u1', fullName: '王五/wangwu', headIcon: '', organize: '内科' },
        { id: 'u2', fullName: '赵六/zhaoliu', headIcon: '', organize: '' },
      ],
      pagination: { currentPage: 1, pageSize: 20, total: 2 },
    }),
    'POST /api/workflow/Engine/FlowBefore/Audit/{operatorId}': () => envelope(200, '审批成功'),
    'POST /api/workflow/Engine/FlowBefore/Reject/{operatorId}': () => envelope(200, '退回成功'),
    'POST /api/workflow/Engine/FlowLaunch/Press/{taskId}': () => envelope(200, '催办成功'),
    'PUT /api/workflow/Engine/FlowLaunch/{taskId}/Actions/Withdraw': () => envelope(200, '撤回成功'),
    'POST /api/workflow/Engine/FlowTask': () => envelope(200, '提交成功'),
    'PUT /api/workflow/Engine/FlowTask/{id}': () => envelope(200, '保存成功'),
  });
});

const TODO: FlowSetting = { id: 't1', flowId: 'f1', opType: 1, taskNodeId: 'n1', taskId: 'op1' };
const closed = jest.fn();
const done = jest.fn();
const box = () => document.querySelector('.qm-flow-box') as HTMLElement;
const posted = (path: string) => calls.filter((c) => c.path === path && c.method !== 'GET');

async function open(setting: FlowSetting) {
  closed.mockClear();
  done.mockClear();
  renderInApp(<FlowBox setting={setting} onClose={closed} onDone={done} />);
  await waitFor(() => expect(box()).toBeTruthy());
  await settle();
}

test('a to-do: title with the step, the node’s field permissions, 流程信息 (the chart marked, the nodes) and 流转记录 (FLOW-006: handleStatus 2 is 发起)', async () => {
  await open(TODO);
  const get = calls.find((c) => c.path === '/api/workflow/Engine/FlowBefore/t1')!;
  expect(get.query).toEqual({ taskNodeId: 'n1', taskOperatorId: 'op1', flowId: 'f1' });
  expect(box().querySelector('.qm-flow-box-title')!.textContent).toBe('张三的采购流程/部门主管审批');
  expect(box().querySelector('[data-field="secret"]')).toBeNull(); // read false: hidden
  expect((box().querySelector('[data-field="reason"] input') as HTMLInputElement).disabled).toBe(true); // write false
  expect((box().querySelector('[data-field="remark"] input') as HTMLInputElement).disabled).toBe(false);
  expect(buttonNamed('通过')).toBeTruthy();
  expect(buttonNamed('退回')).toBeTruthy();
  expect(() => buttonNamed('催办')).toThrow();
  fireEvent.click(screen.getByText('流程信息'));
  await settle();
  const chartNode = (id: string) => document.querySelector(`.qm-flow-chart [data-node-id="${id}"]`) as HTMLElement;
  expect(chartNode('s').className).toContain('qm-flow-node-done');
  expect(chartNode('a1').className).toContain('qm-flow-node-current');
  expect(chartNode('a1').textContent).toContain('李四/lisi');
  const nodes = document.querySelector('.qm-flow-nodes')!.textContent!;
  expect(nodes).toContain('部门主管审批');
  expect(nodes).toContain('当前');
  expect(nodes).toContain('李四/lisi');
  fireEvent.click(screen.getByText('流转记录'));
  await settle();
  expect(document.querySelector('.qm-flow-records')!.textContent).toContain('发起');
});

test('通过: a required 备注 first, then the candidate dialog (审批人 required, from CandidateUser) and the audit body', async () => {
  candidates = { type: 2, list: [{ nodeId: 'a2', nodeName: '总监审批', isBranchFlow: false, isCandidates: true, hasCandidates: true }] };
  await open(TODO);
  fireEvent.click(buttonNamed('通过'));
  await settle();
  expect(posted('/api/workflow/Engine/FlowBefore/Candidates/op1')).toHaveLength(0); // 备注 is required here
  fireEvent.change(box().querySelector('[data-field="remark"] input')!, { target: { value: '同意采购' } });
  await settle();
  fireEvent.click(buttonNamed('通过'));
  await screen.findByText('审批通过');
  await settle();
  const candidateCall = posted('/api/workflow/Engine/FlowBefore/Candidates/op1')[0];
  expect(candidateCall.body).toEqual({ id: 't1', flowId: 'f1', formData: expect.objectContaining({ remark: '同意采购', reason: '买电脑' }) });
  const dialog = document.querySelector('.qm-flow-candidates') as HTMLElement;
  fireEvent.click(buttonNamed('确定', dialog.closest('.ant-modal') as HTMLElement));
  await screen.findByText('审批人不能为空');
  expect(posted('/api/workflow/Engine/FlowBefore/Audit/op1')).toHaveLength(0);
  fireEvent.mouseDown(within(dialog).getByLabelText('总监审批审批人'));
  await settle();
  expect(posted('/api/workflow/Engine/FlowBefore/CandidateUser/op1')[0].body).toEqual({ nodeCode: 'a2', keyword: '', currentPage: 1, pageSize: 20, id: 't1', flowId: 'f1' });
  fireEvent.click(screen.getByText('王五/wangwu（内科）', { selector: '.ant-select-item-option-content' }));
  fireEvent.change(within(dialog).getByLabelText('审批意见'), { target: { value: '同意' } });
  fireEvent.click(buttonNamed('确定', dialog.closest('.ant-modal') as HTMLElement));
  await waitFor(() => expect(posted('/api/workflow/Engine/FlowBefore/Audit/op1')).toHaveLength(1));
  expect(posted('/api/workflow/Engine/FlowBefore/Audit/op1')[0].body).toEqual(
    expect.objectContaining({ handleOpinion: '同意', candidateList: { a2: ['u1'] }, copyIds: '', formData: expect.objectContaining({ remark: '同意采购' }) }),
  );
  await waitFor(() => expect(closed).toHaveBeenCalled());
  expect(done).toHaveBeenCalled();
});

test('通过 without opinion or candidates asks JNPF’s question instead of the dialog', async () => {
  props = { title: '部门主管审批' };
  await open({ ...TODO });
  fireEvent.change(box().querySelector('[data-field="remark"] input')!, { target: { value: 'x' } });
  fireEvent.click(buttonNamed('通过'));
  await waitFor(() => expect(confirmation().textContent).toContain('此操作将通过该审批单，是否继续？'));
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(posted('/api/workflow/Engine/FlowBefore/Audit/op1')).toHaveLength(1));
});

test('退回: 退回节点 from RejectList (自选: choosable), the reject body names it', async () => {
  await open(TODO);
  fireEvent.click(buttonNamed('退回'));
  await screen.findByText('审批退回');
  await settle();
  const dialog = document.querySelector('.qm-flow-reject') as HTMLElement;
  const select = within(dialog).getByLabelText('退回节点');
  expect(dialog.textContent).toContain('流程发起'); // the first, preselected
  fireEvent.mouseDown(select);
  await settle();
  fireEvent.click(screen.getAllByText('部门主管审批', { selector: '.ant-select-item-option-content' }).pop()!);
  fireEvent.change(within(dialog).getByLabelText('审批意见'), { target: { value: '再议' } });
  fireEvent.click(buttonNamed('确定', dialog.closest('.ant-modal') as HTMLElement));
  await waitFor(() => expect(posted('/api/workflow/Engine/FlowBefore/Reject/op1')).toHaveLength(1));
  expect(posted('/api/workflow/Engine/FlowBefore/Reject/op1')[0].body).toEqual(expect.objectContaining({ rejectStep: 'a1', handleOpinion: '再议' }));
});

test('my launched task: 催办 after its confirmation, the page stays; the form read-only', async () => {
  await open({ id: 't1', flowId: 'f1', opType: 0, status: 1 });
  expect((box().querySelector('[data-field="remark"] input') as HTMLInputElement).disabled).toBe(true);
  fireEvent.click(buttonNamed('催办'));
  await waitFor(() => expect(confirmation().textContent).toContain('此操作将提示该节点尽快处理，是否继续?'));
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(posted('/api/workflow/Engine/FlowLaunch/Press/t1')).toHaveLength(1));
  await screen.findByText('催办成功');
  expect(closed).not.toHaveBeenCalled(); // the task stays open after urging
});

test('my launched task: 撤回 sends the withdraw', async () => {
  await open({ id: 't1', flowId: 'f1', opType: 0, status: 1 });
  fireEvent.click(buttonNamed('撤回'));
  await waitFor(() => expect(confirmation().textContent).toContain('此操作将撤回该流程，是否继续？'));
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(posted('/api/workflow/Engine/FlowLaunch/t1/Actions/Withdraw')).toHaveLength(1));
  expect(posted('/api/workflow/Engine/FlowLaunch/t1/Actions/Withdraw')[0].body).toEqual({ handleOpinion: '', signImg: '', fileList: [] });
});

test('a new task: 提交 asks Candidates/0, confirms, and posts FlowTask with the chosen urgency (FLOW-005: 普通 first)', async () => {
  props = { title: '流程发起' };
  status = 0;
  await open({ id: '', flowId: 'f1', opType: '-1' });
  expect(box().querySelector('.qm-flow-box-title')!.textContent).toBe('采购流程');
  fireEvent.change(box().querySelector('[data-field="remark"] input')!, { target: { value: '急用' } });
  expect(box().querySelector('.qm-flow-buttons .ant-select')!.textContent).toBe('普通');
  fireEvent.mouseDown(within(box()).getByLabelText('紧急程度'));
  await settle();
  fireEvent.click(screen.getByText('紧急', { selector: '.ant-select-item-option-content' }));
  fireEvent.click(buttonNamed('提交'));
  await waitFor(() => expect(confirmation().textContent).toContain('您确定要提交当前流程吗, 是否继续?'));
  expect(posted('/api/workflow/Engine/FlowBefore/Candidates/0')).toHaveLength(1);
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(posted('/api/workflow/Engine/FlowTask')).toHaveLength(1));
  expect(posted('/api/workflow/Engine/FlowTask')[0].body).toEqual(
    expect.objectContaining({ id: '', flowId: 'f1', status: 0, flowUrgent: 3, candidateType: 3, formData: expect.objectContaining({ remark: '急用' }) }),
  );
});

test('a new task whose next node is chosen at submit: 提交审核 with its 审批人, posted as candidateList', async () => {
  props = { title: '流程发起' };
  status = 0;
  candidates = { type: 2, list: [{ nodeId: 'a2', nodeName: '总监审批', isBranchFlow: false, isCandidates: true, hasCandidates: false }] };
  await open({ id: '', flowId: 'f1', opType: '-1' });
  fireEvent.change(box().querySelector('[data-field="remark"] input')!, { target: { value: '急用' } });
  fireEvent.click(buttonNamed('提交'));
  await screen.findByText('提交审核');
  await settle();
  const dialog = document.querySelector('.qm-flow-candidates') as HTMLElement;
  expect(within(dialog).queryByLabelText('审批意见')).toBeNull(); // no opinion when submitting
  fireEvent.mouseDown(within(dialog).getByLabelText('总监审批审批人'));
  await settle();
  expect(posted('/api/workflow/Engine/FlowBefore/CandidateUser/0')[0].body).toEqual(expect.objectContaining({ nodeCode: 'a2', id: '', flowId: 'f1' }));
  fireEvent.click(screen.getByText('赵六/zhaoliu', { selector: '.ant-select-item-option-content' }));
  fireEvent.click(buttonNamed('确定', dialog.closest('.ant-modal') as HTMLElement));
  await waitFor(() => expect(posted('/api/workflow/Engine/FlowTask')).toHaveLength(1));
  expect(posted('/api/workflow/Engine/FlowTask')[0].body).toEqual(expect.objectContaining({ status: 0, candidateType: 2, candidateList: { a2: ['u2'] }, copyIds: '' }));
});

test('a draft: 暂存 saves it again as status 1', async () => {
  props = { title: '流程发起' };
  status = 0;
  await open({ id: 't1', flowId: 'f1', opType: '-1' });
  fireEvent.change(box().querySelector('[data-field="remark"] input')!, { target: { value: '稍后' } });
  fireEvent.click(buttonNamed('暂存'));
  await waitFor(() => expect(posted('/api/workflow/Engine/FlowTask/t1')).toHaveLength(1));
  expect(posted('/api/workflow/Engine/FlowTask/t1')[0].body).toEqual(expect.objectContaining({ status: 1, formData: expect.objectContaining({ remark: '稍后' }) }));
});

test('FLOW-001 /workFlowDetail: the config opens the task; a to-do already handled (isCheck) opens read-only, without 取消', async () => {
  const config = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify({ processId: 't1', flowId: 'f1', type: 2, taskNodeId: 'n1', taskOperatorId: 'op1' }))));
  renderInApp(<WorkFlowDetail />, `/workFlowDetail?config=${encodeURIComponent(config)}`);
  await waitFor(() => expect(box()).toBeTruthy());
  await settle();
  expect(calls.some((c) => c.path === '/api/workflow/Engine/FlowBefore/op1/Info')).toBe(true);
  expect(box().querySelector('.qm-flow-box-title')!.textContent).toBe('张三的采购流程'); // opType 3: no step
  expect(() => buttonNamed('通过')).toThrow();
  expect(() => buttonNamed('取消')).toThrow();
  expect((box().querySelector('[data-field="remark"] input') as HTMLInputElement).disabled).toBe(true);
});

test('formOperates: hidden, disabled, required, sub-table columns by table-column', () => {
  const form = { fields: [input('a', 'A'), { __config__: { jnpfKey: 'table', label: '明细', children: [input('x', 'X'), input('y', 'Y')] }, __vModel__: 'items' }] };
  const shown = applyFormOperates(form as never, [{ id: 'a', required: true }, { id: 'items-x', read: false }, { id: 'items-y', write: false }], 1);
  expect(shown.fields[0].__config__.required).toBe(true);
  expect(shown.fields[1].__config__.children!.map((c) => c.__vModel__)).toEqual(['y']);
  expect(shown.fields[1].__config__.children![0].disabled).toBe(true);
  expect(applyFormOperates(form as never, [], 2).disabled).toBe(true);
  expect(applyFormOperates(form as never, [{ id: 'a', write: true }], 0).fields[0].disabled).toBe(true);
});

// The flow designer (issue 30, jnpf-wire-engine2.md §7.12) driven as a user would: + between
// nodes adds 审批人 / 抄送人 / 条件分支, cards open their properties, a branch's condition is
// previewed on a sample record by core's flowConditionHolds (WASM, the server's rule), branches
// are added, moved and removed, flows are tabs, and the checks name the flow and mark the node.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initI18n } from '@/i18n';
import { loadCore } from '@/core';
import type { Core } from '@/hooks/useCore';
import { fakeFetch } from '@/test/fakeFetch';
import { renderInApp, settle, buttonNamed, confirmation } from '@/test/renderPage';
import { FlowDesigner, checkFlows, type FlowProblem } from './FlowDesigner';
import { newFlow, type FlowItem, type FlowNode } from './model';

jest.setTimeout(60_000);
let core: Core;
beforeAll(async () => {
  initI18n('zh-CN');
  core = await loadCore();
});

let latest: FlowItem[] = [];

function start(): FlowItem {
  const flow = newFlow('请假流程');
  flow.flowTemplateJson.properties.formFieldList = [
    { id: 'days', label: '请假天数', jnpfKey: 'numInput' },
    { id: 'reason', label: '请假原因', jnpfKey: 'textarea' },
  ];
  return flow;
}

function Harness({ initial }: { initial: FlowItem[] }) {
  const { t } = useTranslation();
  const [flows, setFlows] = useState(initial);
  const [problem, setProblem] = useState<FlowProblem | null>(null);
  latest = flows;
  return (
    <>
      <button onClick={() => setProblem(checkFlows(core, flows, t))}>check</button>
      <div data-testid="problem">{problem?.message ?? ''}</div>
      <FlowDesigner flows={flows} onChange={setFlows} defaultName="请假流程" problem={problem} />
    </>
  );
}

const tree = (): FlowNode => latest[0].flowTemplateJson;
const drawer = () => document.querySelector('.qm-flow-drawer') as HTMLElement;
const openCard = (title: string) => fireEvent.click(screen.getAllByRole('button', { name: title })[0]);

async function add(after: string, kind: '审批人' | '抄送人' | '条件分支') {
  fireEvent.click(buttonNamed(`在${after}之后添加节点`));
  await settle();
  fireEvent.click(buttonNamed(kind));
  await settle();
}

async function choose(label: string, option: string, scope: HTMLElement = drawer()) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  await settle();
  const options = [...document.querySelectorAll('.ant-select-item-option-content')].filter((o) => o.textContent === option);
  fireEvent.click(options[options.length - 1]);
  await settle();
}

test('审批人: added by the +, its properties set in the drawer, removed by its ×; the check names the flow', async () => {
  renderInApp(<Harness initial={[start()]} />);
  await add('流程发起', '审批人');
  expect(tree().childNode!.type).toBe('approver');
  fireEvent.click(screen.getByText('check'));
  await waitFor(() => expect(screen.getByTestId('problem').textContent).toBe('请完善请假流程的流程设计'));
  expect(document.querySelector('.qm-flow-node-invalid')?.getAttribute('data-node-id')).toBe(tree().childNode!.nodeId);

  openCard('审批节点');
  await screen.findByText('审批人类型');
  fireEvent.change(within(drawer()).getByLabelText('节点名称'), { target: { value: '部门审批' } });
  fireEvent.click(within(drawer()).getByLabelText('发起者主管'));
  await settle();
  await choose('主管级别', '第2级主管');
  fireEvent.click(within(drawer()).getByLabelText('会签（按比例通过）'));
  await settle();
  fireEvent.change(within(drawer()).getByLabelText('会签通过比例'), { target: { value: '60' } });
  await choose('退回节点', '上级审批节点');
  fireEvent.click(within(drawer()).getByLabelText('转审'));
  fireEvent.change(within(drawer()).getByLabelText('通过按钮文字'), { target: { value: '同 意' } });
  // Field permissions of the form's fields: 请假原因 not visible to this node.
  fireEvent.click(within(drawer()).getByLabelText('请假原因 可见'));
  fireEvent.click(buttonNamed('确定', drawer()));
  await settle();
  const approver = tree().childNode!;
  expect(approver.properties).toEqual(
    expect.objectContaining({
      title: '部门审批',
      assigneeType: 1,
      managerLevel: 2,
      counterSign: 1,
      countersignRatio: 60,
      rejectStep: '1',
      hasTransferBtn: false,
      auditBtnText: '同 意',
      formOperates: [
        expect.objectContaining({ id: 'days', read: true, write: false }),
        expect.objectContaining({ id: 'reason', read: false, write: false, required: false }),
      ],
    }),
  );
  expect(approver.content).toBe('发起者主管（第2级主管）');
  fireEvent.click(screen.getByText('check'));
  await waitFor(() => expect(screen.getByTestId('problem').textContent).toBe(''));

  fireEvent.click(screen.getByLabelText('删除节点部门审批'));
  await settle();
  expect(tree().childNode).toBeUndefined();
});

test('条件分支: the condition is built from the form\'s fields and previewed through core; branches added, moved, removed', async () => {
  renderInApp(<Harness initial={[start()]} />);
  await add('流程发起', '条件分支');
  const group = () => tree().childNode!;
  expect(group().conditionNodes!.map((b) => b.properties.title)).toEqual(['条件1', '其他情况']);
  expect(screen.getByText('其他情况进入此流程')).toBeTruthy();

  openCard('条件1');
  await screen.findByText('条件设置');
  fireEvent.click(buttonNamed('添加条件', drawer()));
  await settle();
  await choose('条件1字段', '请假天数');
  await choose('条件1比较', '小于等于');
  fireEvent.change(within(drawer()).getByLabelText('条件1值'), { target: { value: '3' } });
  await settle();
  // The preview: core's flowConditionHolds on a sample record.
  fireEvent.change(within(drawer()).getByLabelText('示例请假天数'), { target: { value: '2' } });
  fireEvent.click(buttonNamed('预览', drawer()));
  await within(drawer()).findByText('满足条件，进入此分支');
  fireEvent.change(within(drawer()).getByLabelText('示例请假天数'), { target: { value: '3.5' } });
  fireEvent.click(buttonNamed('预览', drawer()));
  await within(drawer()).findByText('不满足条件');
  fireEvent.click(buttonNamed('确定', drawer()));
  await settle();
  const first = group().conditionNodes![0];
  expect(first.properties.conditions).toEqual([
    expect.objectContaining({ field: 'days', fieldName: '请假天数', jnpfKey: 'numInput', symbol: '<=', fieldValueType: 2, fieldValue: '3', logic: '&&' }),
  ]);
  expect(first.content).toBe('请假天数 小于等于 3');

  // 添加条件 puts 条件2 before the default; 左移 gives it the first priority.
  fireEvent.click(buttonNamed('添加条件'));
  await settle();
  expect(group().conditionNodes!.map((b) => [b.properties.title, b.properties.priority])).toEqual([
    ['条件1', 0],
    ['条件2', 1],
    ['其他情况', 2],
  ]);
  const second = group().conditionNodes![1].nodeId;
  fireEvent.click(buttonNamed('左移 条件2'));
  await settle();
  expect(group().conditionNodes![0].nodeId).toBe(second);
  expect(group().conditionNodes![0].properties.priority).toBe(0);
  // 条件2 (now 条件1 by its place) has no condition: the check stops at it.
  fireEvent.click(screen.getByText('check'));
  await waitFor(() => expect(screen.getByTestId('problem').textContent).toBe('请完善请假流程的流程设计'));
  expect(document.querySelector('.qm-flow-node-invalid')?.getAttribute('data-node-id')).toBe(second);

  fireEvent.click(screen.getAllByLabelText(/^删除条件/)[0]);
  await settle();
  expect(group().conditionNodes!.length).toBe(2);
  fireEvent.click(screen.getByLabelText('删除条件其他情况'));
  await settle();
  // One branch left: the group goes.
  expect(tree().childNode).toBeUndefined();
});

test('flows are tabs: added, renamed; the last one cannot be removed, another is removed after confirmation', async () => {
  renderInApp(<Harness initial={[start()]} />);
  fireEvent.click(screen.getByLabelText('删除流程请假流程'));
  await screen.findByText('最后一个流程不能删除');
  fireEvent.click(screen.getAllByLabelText('添加流程')[0]);
  await settle();
  expect(latest.map((f) => f.fullName)).toEqual(['请假流程', '请假流程2']);
  expect(latest[1].flowId).not.toBe(latest[0].flowId);
  fireEvent.click(screen.getByLabelText('重命名请假流程2'));
  const name = await screen.findByLabelText('流程名称');
  fireEvent.change(name, { target: { value: '长假流程' } });
  fireEvent.click(buttonNamed('确定', document.querySelector('.ant-modal-wrap:not([style*="display: none"])') as HTMLElement));
  await settle();
  expect(latest[1].fullName).toBe('长假流程');
  // The second flow's tree is its own.
  await add('流程发起', '抄送人');
  expect(latest[1].flowTemplateJson.childNode?.type).toBe('copy');
  expect(latest[0].flowTemplateJson.childNode).toBeUndefined();
  fireEvent.click(screen.getByLabelText('删除流程长假流程'));
  await screen.findByText('此操作将删除流程长假流程，是否继续？');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(latest.map((f) => f.fullName)).toEqual(['请假流程']));
});

test('流程发起: a released form is attached (its definition travels with the start node), its fields get per-node permissions', async () => {
  const formData = JSON.stringify({
    fields: [
      { __vModel__: 'days', __config__: { jnpfKey: 'numInput', label: '请假天数', required: true } },
      { __vModel__: 'reason', __config__: { jnpfKey: 'textarea', label: '请假原因' } },
    ],
  });
  const calls = fakeFetch({
    'GET /api/visualdev/Base/Selector': () => ({
      list: [{ id: 'g1', fullName: '人事', enCode: '', parentId: '0', webType: null, hasChildren: true, children: [
        { id: 'm1', fullName: '请假申请', enCode: 'leave', parentId: 'g1', webType: 2, hasChildren: false, children: [] },
      ] }],
    }),
    'GET /api/visualdev/OnlineDev/{modelId}/Config': ({ params }) => ({
      id: params.modelId, fullName: '请假申请', enCode: 'leave', type: 1, webType: 2, enableFlow: 1, flowId: '', formData, columnData: '', appColumnData: '', version: 1,
    }),
  });
  const flow = newFlow('请假流程');
  renderInApp(<Harness initial={[flow]} />);
  openCard('流程发起');
  await screen.findByText('流程表单');
  fireEvent.mouseDown(within(drawer()).getByLabelText('流程表单'));
  await settle();
  fireEvent.click(await screen.findByTitle('请假申请'));
  await waitFor(() => expect(calls.some((c) => c.path === '/api/visualdev/OnlineDev/m1/Config')).toBe(true));
  // The start node's permissions: every field writable, a required field required.
  await within(drawer()).findByLabelText('请假天数 必填');
  expect((within(drawer()).getByLabelText('请假天数 必填') as HTMLInputElement).checked).toBe(true);
  expect((within(drawer()).getByLabelText('请假原因 可写') as HTMLInputElement).checked).toBe(true);
  fireEvent.click(buttonNamed('确定', drawer()));
  await settle();
  expect(tree().properties).toEqual(
    expect.objectContaining({
      formId: 'm1',
      formName: '请假申请',
      formPropertyJson: formData,
      formFieldList: [
        { id: 'days', label: '请假天数', jnpfKey: 'numInput', required: true },
        { id: 'reason', label: '请假原因', jnpfKey: 'textarea', required: false },
      ],
      formOperates: [
        expect.objectContaining({ id: 'days', read: true, write: true, required: true, requiredDisabled: true }),
        expect.objectContaining({ id: 'reason', read: true, write: true, required: false }),
      ],
    }),
  );

  // An approver added afterwards sees the form's fields: readable, not writable, until changed.
  await add('流程发起', '审批人');
  openCard('审批节点');
  await within(drawer()).findByLabelText('请假原因 可写');
  expect((within(drawer()).getByLabelText('请假原因 可写') as HTMLInputElement).checked).toBe(false);
  fireEvent.click(within(drawer()).getByLabelText('请假原因 必填'));
  fireEvent.click(within(drawer()).getByLabelText('发起者本人'));
  fireEvent.click(buttonNamed('确定', drawer()));
  await settle();
  expect(tree().childNode!.properties.formOperates).toEqual([
    expect.objectContaining({ id: 'days', read: true, write: false, required: false }),
    expect.objectContaining({ id: 'reason', read: true, write: true, required: true }),
  ]);
});

// The designer's node-tree edits (issue 30, jnpf-wire-engine2.md §7.12): what the + adds, how a
// condition group is made and unmade, branch order as priority, the checks before a save — and
// that the tree the designer makes is the one core routes (flowNextNodes through WASM, the rule
// the server runs), so a group of branches drawn here sends a record where the server will.
import { flowNextNodes, loadCore } from '@/core';
import type { Core } from '@/hooks/useCore';
import {
  addBranch,
  addNode,
  allNodes,
  flowsFromWire,
  flowsToWire,
  incompleteNode,
  moveBranch,
  newTree,
  removeBranch,
  removeNode,
  updateNode,
  type FlowNode,
} from './model';

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const chain = (n: FlowNode | null | undefined): string[] => (n ? [n.type, ...chain(n.childNode)] : []);

test('the + adds an approver or a copy node between a node and the one after it, linked by prevId', () => {
  const start = newTree();
  const a = addNode(start, start.nodeId, 'approver');
  const b = addNode(a.tree, start.nodeId, 'copy');
  expect(chain(b.tree)).toEqual(['start', 'copy', 'approver']);
  expect(b.tree.childNode!.prevId).toBe(start.nodeId);
  expect(b.tree.childNode!.childNode!.prevId).toBe(b.nodeId);
  expect(b.tree.childNode!.properties).toEqual(expect.objectContaining({ title: '抄送人' }));
  expect(b.tree.childNode!.childNode!.properties).toEqual(expect.objectContaining({ assigneeType: 6, counterSign: 0, rejectStep: '0', hasAuditBtn: true, auditBtnText: '通 过' }));
  // The old tree is untouched (React sees a new one).
  expect(chain(a.tree)).toEqual(['start', 'approver']);

  const removed = removeNode(b.tree, b.nodeId);
  expect(chain(removed)).toEqual(['start', 'approver']);
  expect(removed.childNode!.prevId).toBe(start.nodeId);
});

test('条件分支 makes a group of 条件1 and the default 其他情况; branches are added before the default, moved and removed', () => {
  const start = newTree();
  const withApprover = addNode(start, start.nodeId, 'approver').tree;
  const { tree, nodeId } = addNode(withApprover, start.nodeId, 'condition');
  const group = tree.childNode!;
  expect(group.type).toBe('empty');
  expect(group.conditionType).toBe('condition');
  expect(group.conditionNodes!.map((b) => [b.properties.title, b.properties.priority, b.properties.isDefault])).toEqual([
    ['条件1', 0, false],
    ['其他情况', 1, true],
  ]);
  expect(group.conditionNodes![1].content).toBe('其他情况进入此流程');
  expect(nodeId).toBe(group.conditionNodes![0].nodeId);
  // What followed the start now follows the group.
  expect(group.childNode!.type).toBe('approver');

  const three = addBranch(tree, group.nodeId);
  const branches = three.childNode!.conditionNodes!;
  expect(branches.map((b) => [b.properties.title, b.properties.priority])).toEqual([
    ['条件1', 0],
    ['条件2', 1],
    ['其他情况', 2],
  ]);
  // Moving: priorities follow the order; the default neither moves nor is passed.
  const moved = moveBranch(three, branches[1].nodeId, -1);
  expect(moved.childNode!.conditionNodes!.map((b) => b.nodeId)).toEqual([branches[1].nodeId, branches[0].nodeId, branches[2].nodeId]);
  expect(moved.childNode!.conditionNodes!.map((b) => b.properties.priority)).toEqual([0, 1, 2]);
  expect(moveBranch(three, branches[1].nodeId, 1)).toEqual(three);
  expect(moveBranch(three, branches[2].nodeId, -1)).toEqual(three);

  // Removing down to one branch removes the group: that branch's nodes stay, then what followed.
  const inBranch = addNode(three, branches[0].nodeId, 'copy').tree;
  const two = removeBranch(inBranch, branches[1].nodeId);
  expect(two.childNode!.conditionNodes!.length).toBe(2);
  const none = removeBranch(two, branches[2].nodeId);
  expect(chain(none)).toEqual(['start', 'copy', 'approver']);
  expect(allNodes(none).some((n) => n.conditionNodes)).toBe(false);
});

test('the checks (core\'s flowIncompleteNode, the server\'s rule): 指定成员 with nobody, a branch without conditions unless default, an item without field or symbol', () => {
  const start = newTree();
  const { tree, nodeId } = addNode(start, start.nodeId, 'approver');
  expect(incompleteNode(core, tree)).toEqual({ node: expect.objectContaining({ nodeId }), reason: 'approvers' });
  const named = updateNode(tree, nodeId, { ...tree.childNode!.properties, approvers: ['u1'] });
  expect(incompleteNode(core, named)).toBeNull();
  const starter = updateNode(tree, nodeId, { ...tree.childNode!.properties, assigneeType: 3 });
  expect(incompleteNode(core, starter)).toBeNull();

  const grouped = addNode(named, start.nodeId, 'condition');
  expect(incompleteNode(core, grouped.tree)).toEqual({ node: expect.objectContaining({ nodeId: grouped.nodeId }), reason: 'conditions' });
  const branch = allNodes(grouped.tree).find((n) => n.nodeId === grouped.nodeId)!;
  const item = { fieldType: 1, field: 'days', fieldName: '天数', jnpfKey: 'numInput', symbol: '<=', symbolName: '小于等于', fieldValueType: 2, fieldValue: '3', fieldLabel: '', fieldValueJnpfKey: '', logic: '&&' as const, logicName: '并且' };
  const set = (patch: object) => updateNode(grouped.tree, grouped.nodeId, { ...branch.properties, conditions: [{ ...item, ...patch }] });
  expect(incompleteNode(core, set({ field: '' }))?.reason).toBe('conditionField');
  expect(incompleteNode(core, set({ symbol: '' }))?.reason).toBe('conditionSymbol');
  expect(incompleteNode(core, set({}))).toBeNull();
});

test('flowTemplateJson: the flows as JSON text, trees as JSON; a tree sent as text is read back', () => {
  const tree = newTree();
  const text = flowsToWire([{ id: '', flowId: 'f1', fullName: '请假', flowTemplateJson: tree }]);
  expect(JSON.parse(text)).toEqual([{ id: '', flowId: 'f1', fullName: '请假', flowTemplateJson: tree }]);
  const back = flowsFromWire(JSON.stringify([{ id: 'v', flowId: 'f1', fullName: '请假', flowTemplateJson: JSON.stringify(tree), isDelete: true }]));
  expect(back).toEqual([{ id: 'v', flowId: 'f1', fullName: '请假', flowTemplateJson: tree, isDelete: true }]);
});

test('a group drawn by the designer routes in core as the server will: by priority, else 其他情况', async () => {
  const start = newTree();
  let { tree, nodeId: first } = addNode(start, start.nodeId, 'condition');
  const group = tree.childNode!;
  tree = addBranch(tree, group.nodeId);
  const [c1, c2, other] = tree.childNode!.conditionNodes!;
  const cond = (symbol: string, value: number) => [{ fieldType: 1, field: 'days', fieldName: '天数', jnpfKey: 'numInput', symbol, fieldValueType: 2, fieldValue: value, logic: '&&' }];
  tree = updateNode(tree, c1.nodeId, { ...c1.properties, conditions: cond('<=', 3) });
  tree = updateNode(tree, c2.nodeId, { ...c2.properties, conditions: cond('<=', 10) });
  tree = addNode(tree, c1.nodeId, 'approver').tree;
  tree = addNode(tree, c2.nodeId, 'approver').tree;
  tree = addNode(tree, other.nodeId, 'approver').tree;
  const firstStop = async (days: number) => {
    const route = await flowNextNodes(tree, '', { days }, 480);
    return route.next!.branches[0].nodeId;
  };
  expect(first).toBe(c1.nodeId);
  expect(await firstStop(2)).toBe(c1.nodeId);
  expect(await firstStop(5)).toBe(c2.nodeId);
  expect(await firstStop(30)).toBe(other.nodeId);
  // Moving 条件2 first gives it the priority: 2 days now takes it.
  tree = moveBranch(tree, c2.nodeId, -1);
  expect(await firstStop(2)).toBe(c2.nodeId);
});

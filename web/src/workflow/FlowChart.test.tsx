// 流程信息 (issue 30, jnpf-wire-engine2.md §7.4): the node tree of a task drawn read-only, the
// nodes the task passed and the one it waits at marked, who handles each named — from the task
// detail's flowTaskNodeList (type 0 done, 1 current) — with no editing control at all.
import { screen } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { renderInApp } from '@/test/renderPage';
import { FlowChart, marksOf } from './FlowChart';

beforeAll(() => initI18n('zh-CN'));

const tree = {
  nodeId: 's',
  type: 'start',
  content: '所有人',
  properties: { title: '流程发起' },
  childNode: {
    nodeId: 'g',
    type: 'empty',
    properties: {},
    conditionType: 'condition',
    conditionNodes: [
      { nodeId: 'c1', type: 'condition', content: '请假天数 小于等于 3', properties: { title: '条件1', priority: 0, conditions: [{ field: 'days' }] }, childNode: { nodeId: 'a1', type: 'approver', content: '部门主管', properties: { title: '部门审批' } } },
      { nodeId: 'c2', type: 'condition', content: '其他情况进入此流程', properties: { title: '其他情况', priority: 1, isDefault: true }, childNode: { nodeId: 'a2', type: 'approver', content: '', properties: { title: '总监审批' } } },
    ],
    childNode: { nodeId: 'cp', type: 'copy', content: '', properties: { title: '抄送人事' } },
  },
};

const card = (id: string) => document.querySelector(`[data-node-id="${id}"]`) as HTMLElement;

test('done and current nodes are marked, each with who handles it; nothing can be edited', () => {
  const marks = marksOf([
    { nodeCode: 's', type: 0, userName: '张三' },
    { nodeCode: 'a1', type: 1, userName: '李四,王五' },
  ]);
  expect(marks).toEqual({ done: ['s'], current: ['a1'], handlers: { s: '张三', a1: '李四,王五' } });
  renderInApp(<FlowChart tree={JSON.stringify(tree)} {...marks} />);
  expect(card('s').className).toContain('qm-flow-node-done');
  expect(card('a1').className).toContain('qm-flow-node-current');
  expect(card('a2').className).not.toMatch(/done|current/);
  expect(card('a1').textContent).toContain('李四,王五');
  expect(card('s').textContent).toContain('张三');
  // Branches side by side with their priority, the default one marked; the end drawn.
  expect(card('c1').textContent).toContain('优先级1');
  expect(card('c2').textContent).toContain('默认');
  expect(screen.getByText('流程结束')).toBeTruthy();
  expect(screen.getByText('抄送人事')).toBeTruthy();
  // Read-only: no + lines, no remove or move controls, no clickable cards.
  expect(document.querySelectorAll('.qm-flow-add, .qm-flow-node-remove, .qm-flow-branch-move, .qm-flow-add-branch').length).toBe(0);
  expect(document.querySelectorAll('[role="button"]').length).toBe(0);
});

test('a tree that is not one shows the empty state', () => {
  renderInApp(<FlowChart tree="not json" />);
  expect(screen.getByText('暂无流程图')).toBeTruthy();
});

/**
 * 流程信息: a flow's node tree drawn read-only (jnpf-wire-engine2.md §7.4) — the FlowBox page
 * shows it with the nodes the task passed (`done`) and the one(s) it waits at (`current`)
 * marked, and who handles each node. `marksOf(flowTaskNodeList)` reads those from the task
 * detail's node list (`type` 0 done, 1 current, `userName` per node code).
 *
 *     const marks = marksOf(info.flowTaskNodeList);
 *     <FlowChart tree={info.flowTemplateInfo.flowTemplateJson} {...marks} />
 */
import { useMemo } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { NodeTree } from './designer/NodeTree';
import { readTree } from './designer/model';
import './designer/designer.css';

export interface FlowChartProps {
  /** The node tree, JSON or JSON text (it must have a `nodeId`). */
  tree: unknown;
  /** Node codes (nodeId) the task has passed. */
  done?: readonly string[];
  /** Node codes the task waits at. */
  current?: readonly string[];
  /** Who handles each node, by node code. */
  handlers?: Readonly<Record<string, string>>;
}

/** One entry of FlowBefore's `flowTaskNodeList`. */
export interface TaskNodeMark {
  nodeCode: string;
  /** 0 done, 1 current. */
  type: number | string;
  userName?: string | null;
}

/** done / current / handlers from the task's node list. */
export function marksOf(list: readonly TaskNodeMark[] | null | undefined): Required<Omit<FlowChartProps, 'tree'>> {
  const done: string[] = [];
  const current: string[] = [];
  const handlers: Record<string, string> = {};
  for (const n of list ?? []) {
    if (Number(n.type) === 1) current.push(n.nodeCode);
    else done.push(n.nodeCode);
    if (n.userName) handlers[n.nodeCode] = n.userName;
  }
  return { done, current, handlers };
}

export function FlowChart({ tree, done, current, handlers }: FlowChartProps) {
  const { t } = useTranslation();
  const parsed = useMemo(() => readTree(tree), [tree]);
  const doneSet = useMemo(() => new Set(done ?? []), [done]);
  const currentSet = useMemo(() => new Set(current ?? []), [current]);
  if (!parsed) return <Empty description={t('flowDesign.noChart')} />;
  return (
    <div className="qm-flow-canvas qm-flow-chart" aria-label={t('flowDesign.chart')}>
      <NodeTree tree={parsed} editable={false} done={doneSet} current={currentSet} handlers={handlers} />
    </div>
  );
}

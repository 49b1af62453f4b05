/**
 * 流程设计 (issue 30; jnpf-wire-engine2.md §7.12): the flows of a template, one tab each (add,
 * rename, remove — not the last one, nor one used by tasks), each flow's node tree drawn and
 * edited as JNPF's designer does (NodeTree) and a node's properties in its drawer (NodeDrawer).
 * `checkFlows` is the designer's check before a save: the first flow with an incomplete node
 * answers 请完善{流程名称}的流程设计 and the designer shows that flow with the node marked.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Input, Modal, Space, Tabs } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Core } from '@/hooks/useCore';
import { NodeDrawer } from './NodeDrawer';
import { NodeTree } from './NodeTree';
import {
  addBranch,
  addNode,
  findNode,
  incompleteNode,
  moveBranch,
  newFlow,
  removeBranch,
  removeNode,
  updateNode,
  type FlowItem,
  type FlowNode,
  type FormField,
} from './model';
import './designer.css';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FlowProblem {
  /** Which flow (its index) and node; the message names the flow. */
  index: number;
  nodeId: string;
  message: string;
}

/** The designer's checks of every flow: the first problem, or null when all may be saved. */
export function checkFlows(core: Pick<Core, 'flowIncompleteNode'>, flows: FlowItem[], t: Translate): FlowProblem | null {
  if (!flows.length) return { index: 0, nodeId: '', message: t('flowDesign.noFlow') };
  for (const [index, flow] of flows.entries()) {
    const name = flow.fullName;
    if (!name.trim()) return { index, nodeId: '', message: t('flowDesign.flowNameRequired') };
    const found = incompleteNode(core, flow.flowTemplateJson);
    if (found) return { index, nodeId: found.node?.nodeId ?? '', message: t('flowDesign.incomplete', { name }) };
  }
  return null;
}

interface Props {
  flows: FlowItem[];
  onChange(flows: FlowItem[]): void;
  /** The name a new flow gets (the template's). */
  defaultName: string;
  /** The tab shown and the node marked after a failed check. */
  problem?: FlowProblem | null;
}

export function FlowDesigner({ flows, onChange, defaultName, problem }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [active, setActive] = useState(problem?.index ?? 0);
  const [opened, setOpened] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  useEffect(() => {
    if (problem) setActive(problem.index);
  }, [problem]);
  const shown = Math.min(active, Math.max(flows.length - 1, 0));
  const flow = flows[shown];
  const tree = flow?.flowTemplateJson;
  const fields = useMemo(() => (Array.isArray(tree?.properties.formFieldList) ? (tree.properties.formFieldList as FormField[]) : []), [tree]);
  const node = tree && opened ? (findNode(tree, opened) ?? null) : null;

  const setTree = (next: FlowNode) => onChange(flows.map((f, i) => (i === shown ? { ...f, flowTemplateJson: next } : f)));
  const choose = (i: number) => {
    setActive(i);
    setOpened(null);
  };
  const add = () => {
    onChange([...flows, newFlow(flows.length ? `${defaultName}${flows.length + 1}` : defaultName)]);
    choose(flows.length);
  };
  const remove = (i: number) => {
    if (flows.length <= 1) return void message.error(t('flowDesign.lastFlow'));
    if (flows[i].isDelete) return void message.error(t('flowDesign.flowUsed'));
    modal.confirm({
      title: t('common.tip'),
      content: t('flowDesign.removeFlowConfirm', { name: flows[i].fullName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => {
        onChange(flows.filter((_, n) => n !== i));
        choose(Math.max(0, i - 1));
      },
    });
  };
  const rename = (i: number, fullName: string) => onChange(flows.map((f, n) => (n === i ? { ...f, fullName } : f)));

  return (
    <div className="qm-flow-designer-body" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div className="qm-flow-designer-bar">
        <Tabs
          type="editable-card"
          activeKey={flow?.flowId}
          onChange={(key) => choose(flows.findIndex((f) => f.flowId === key))}
          onEdit={(key, action) => (action === 'add' ? add() : remove(flows.findIndex((f) => f.flowId === key)))}
          addIcon={
            <span aria-label={t('flowDesign.addFlow')}>
              <PlusOutlined />
            </span>
          }
          items={flows.map((f, i) => ({
            key: f.flowId,
            closable: true,
            closeIcon: (
              <span
                role="button"
                aria-label={t('flowDesign.removeFlow', { name: f.fullName })}
                onClick={(e) => {
                  e.stopPropagation();
                  remove(i);
                }}
              >
                ×
              </span>
            ),
            label: (
              <Space size={4}>
                {f.fullName}
                <span
                  role="button"
                  tabIndex={0}
                  aria-label={t('flowDesign.renameFlow', { name: f.fullName })}
                  onClick={(e) => {
                    e.stopPropagation();
                    setNewName(f.fullName);
                    setRenaming(f.flowId);
                  }}
                >
                  <EditOutlined />
                </span>
              </Space>
            ),
          }))}
        />
        {!flows.length && (
          <Button icon={<PlusOutlined />} onClick={add}>
            {t('flowDesign.addFlow')}
          </Button>
        )}
      </div>
      <div className="qm-flow-canvas" style={{ flex: 1 }}>
        {tree && (
          <NodeTree
            tree={tree}
            editable
            invalid={problem?.index === shown ? problem.nodeId : null}
            onOpen={(n) => n.type !== 'empty' && setOpened(n.nodeId)}
            onAdd={(afterId, kind) => {
              const { tree: next } = addNode(tree, afterId, kind);
              setTree(next);
            }}
            onRemove={(id) => setTree(removeNode(tree, id))}
            onAddBranch={(id) => setTree(addBranch(tree, id))}
            onRemoveBranch={(id) => setTree(removeBranch(tree, id))}
            onMoveBranch={(id, by) => setTree(moveBranch(tree, id, by))}
          />
        )}
      </div>
      <Modal
        open={renaming !== null}
        title={t('flowDesign.renameTitle')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        width={400}
        destroyOnHidden
        onCancel={() => setRenaming(null)}
        onOk={() => {
          const i = flows.findIndex((f) => f.flowId === renaming);
          if (!newName.trim()) return void message.error(t('flowDesign.flowNameRequired'));
          if (i >= 0) rename(i, newName.trim());
          setRenaming(null);
        }}
      >
        <Input aria-label={t('flowDesign.flowName')} maxLength={50} value={newName} onChange={(e) => setNewName(e.target.value)} />
      </Modal>
      {tree && (
        <NodeDrawer
          tree={tree}
          node={node}
          fields={fields}
          onClose={() => setOpened(null)}
          onSave={(id, properties, content) => {
            setTree(updateNode(tree, id, properties, content));
            setOpened(null);
          }}
        />
      )}
    </div>
  );
}


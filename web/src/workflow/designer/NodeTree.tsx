/**
 * The node tree drawn as JNPF's designer draws it: vertical, the start node on top, each node
 * a card joined by a line to the next, condition branches side by side under their
 * 添加条件 button (each with its priority), and 流程结束 at the bottom. Editable, every line has a
 * + offering 审批人, 抄送人 and 条件分支, cards open their properties and approver, copy and
 * branch cards may be removed (branches also moved); read-only (FlowChart) it marks the done
 * and current nodes and names who handles each.
 */
import { Button, Popover, Tooltip } from 'antd';
import { BranchesOutlined, CloseOutlined, LeftOutlined, PlusOutlined, RightOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canMoveBranch, type AddKind, type FlowNode } from './model';
import './designer.css';

export interface TreeActions {
  onOpen?(node: FlowNode): void;
  onAdd?(afterId: string, kind: AddKind): void;
  onRemove?(nodeId: string): void;
  onAddBranch?(groupId: string): void;
  onRemoveBranch?(branchId: string): void;
  onMoveBranch?(branchId: string, by: -1 | 1): void;
}

export interface TreeMarks {
  done?: ReadonlySet<string>;
  current?: ReadonlySet<string>;
  /** Who handles a node (by node code). */
  handlers?: Readonly<Record<string, string>>;
  /** The node the designer's checks stopped at. */
  invalid?: string | null;
}

interface Props extends TreeActions, TreeMarks {
  tree: FlowNode;
  editable: boolean;
}

/** The node tree with its end. */
export function NodeTree(props: Props) {
  const { t } = useTranslation();
  return (
    <div className="qm-flow-tree">
      <Chain node={props.tree} {...props} />
      <div className="qm-flow-end">
        <div className="qm-flow-end-dot" />
        <span>{t('flowDesign.end')}</span>
      </div>
    </div>
  );
}

function Chain(props: Props & { node: FlowNode }) {
  const { t } = useTranslation();
  const { node } = props;
  return (
    <>
      {node.type !== 'empty' && <NodeCard {...props} node={node} />}
      {node.conditionNodes && node.conditionNodes.length > 0 && <BranchGroup {...props} group={node} />}
      <AddLine {...props} afterId={node.nodeId} title={node.type === 'empty' ? t('flowDesign.conditionBranch') : String(node.properties?.title ?? '')} />
      {node.childNode && <Chain {...props} node={node.childNode} />}
    </>
  );
}

/** The line to the next node, with its + when editable. */
function AddLine({ editable, onAdd, afterId, title }: Props & { afterId: string; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const choose = (kind: AddKind) => {
    setOpen(false);
    onAdd?.(afterId, kind);
  };
  return (
    <div className="qm-flow-line">
      {editable && (
        <Popover
          open={open}
          onOpenChange={setOpen}
          trigger="click"
          placement="right"
          content={
            <div className="qm-flow-add-menu">
              <Button icon={<UserOutlined />} onClick={() => choose('approver')}>
                {t('flowDesign.approver')}
              </Button>
              <Button icon={<SendOutlined />} onClick={() => choose('copy')}>
                {t('flowDesign.copy')}
              </Button>
              <Button icon={<BranchesOutlined />} onClick={() => choose('condition')}>
                {t('flowDesign.conditionBranch')}
              </Button>
            </div>
          }
        >
          <Button className="qm-flow-add" type="primary" shape="circle" size="small" icon={<PlusOutlined />} aria-label={t('flowDesign.addAfter', { title })} />
        </Popover>
      )}
    </div>
  );
}

function placeholder(node: FlowNode, t: (k: string) => string): string {
  switch (node.type) {
    case 'start':
      return t('flowDesign.everyone');
    case 'approver':
      return t('flowDesign.setApprover');
    case 'copy':
      return t('flowDesign.setCopy');
    case 'condition':
      return t('flowDesign.setCondition');
    default:
      return '';
  }
}

function NodeCard({ node, editable, onOpen, onRemove, done, current, handlers, invalid }: Props & { node: FlowNode }) {
  const { t } = useTranslation();
  const title = String(node.properties?.title ?? '');
  const state = current?.has(node.nodeId) ? 'current' : done?.has(node.nodeId) ? 'done' : '';
  const handler = handlers?.[node.nodeId];
  const removable = editable && (node.type === 'approver' || node.type === 'copy');
  const classes = ['qm-flow-node', `qm-flow-node-${node.type}`, state && `qm-flow-node-${state}`, invalid === node.nodeId && 'qm-flow-node-invalid']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} data-node-id={node.nodeId}>
      <CardBody node={node} title={title} onOpen={onOpen} remove={removable ? { label: t('flowDesign.removeNode', { title }), onClick: () => onRemove?.(node.nodeId) } : undefined}>
        {handler && <div className="qm-flow-node-handler">{handler}</div>}
      </CardBody>
    </div>
  );
}

function BranchGroup(props: Props & { group: FlowNode }) {
  const { t } = useTranslation();
  const { group, editable, onAddBranch } = props;
  const branches = group.conditionNodes ?? [];
  return (
    <div className="qm-flow-branches">
      {editable && group.conditionType !== 'interflow' && group.conditionType !== 'branchFlow' && (
        <Button className="qm-flow-add-branch" size="small" onClick={() => onAddBranch?.(group.nodeId)}>
          {t('flowDesign.addCondition')}
        </Button>
      )}
      <div className="qm-flow-branch-row">
        {branches.map((b, i) => (
          <div key={b.nodeId} className={`qm-flow-branch${i === 0 ? ' qm-flow-branch-first' : ''}${i === branches.length - 1 ? ' qm-flow-branch-last' : ''}`}>
            {b.type === 'condition' ? <BranchCard {...props} node={b} group={group} /> : <NodeCard {...props} node={b} />}
            <AddLine {...props} afterId={b.nodeId} title={String(b.properties?.title ?? '')} />
            {b.childNode && <Chain {...props} node={b.childNode} />}
          </div>
        ))}
      </div>
    </div>
  );
}

function BranchCard(props: Props & { node: FlowNode; group: FlowNode }) {
  const { t } = useTranslation();
  const { node, group, editable, onOpen, onRemoveBranch, onMoveBranch, invalid } = props;
  const title = String(node.properties?.title ?? '');
  const isDefault = node.properties?.isDefault === true;
  const priority = Number(node.properties?.priority ?? 0);
  const move = (by: -1 | 1, icon: ReactNode, label: string) =>
    editable &&
    canMoveBranch(group, node.nodeId, by) && (
      <Tooltip title={label}>
        <Button
          type="text"
          size="small"
          className="qm-flow-branch-move"
          icon={icon}
          aria-label={`${label} ${title}`}
          onClick={(e) => {
            e.stopPropagation();
            onMoveBranch?.(node.nodeId, by);
          }}
        />
      </Tooltip>
    );
  const classes = ['qm-flow-node', 'qm-flow-node-condition', invalid === node.nodeId && 'qm-flow-node-invalid'].filter(Boolean).join(' ');
  return (
    <div className={classes} data-node-id={node.nodeId}>
      {move(-1, <LeftOutlined />, t('flowDesign.moveLeft'))}
      <CardBody
        node={node}
        title={title}
        onOpen={onOpen}
        badge={<span className="qm-flow-priority">{isDefault ? t('flowDesign.defaultBranch') : t('flowDesign.priority', { n: priority + 1 })}</span>}
        remove={editable ? { label: t('flowDesign.removeBranch', { title }), onClick: () => onRemoveBranch?.(node.nodeId) } : undefined}
      />
      {move(1, <RightOutlined />, t('flowDesign.moveRight'))}
    </div>
  );
}

/** A card's clickable body: the title bar (with a badge and a remove ×) over the content. */
function CardBody({ node, title, onOpen, badge, remove, children }: { node: FlowNode; title: string; onOpen?(node: FlowNode): void; badge?: ReactNode; remove?: { label: string; onClick(): void }; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div
      role={onOpen ? 'button' : 'group'}
      tabIndex={onOpen ? 0 : undefined}
      aria-label={title}
      className="qm-flow-node-body"
      onClick={() => onOpen?.(node)}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onOpen?.(node)}
    >
      <div className="qm-flow-node-title">
        <span>{title}</span>
        {badge}
        {remove && (
          <CloseOutlined
            role="button"
            aria-label={remove.label}
            className="qm-flow-node-remove"
            onClick={(e) => {
              e.stopPropagation();
              remove.onClick();
            }}
          />
        )}
      </div>
      <div className="qm-flow-node-content">{node.content || <span className="qm-flow-placeholder">{placeholder(node, t)}</span>}</div>
      {children}
    </div>
  );
}

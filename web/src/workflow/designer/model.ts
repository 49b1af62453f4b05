/**
 * A flow's node tree (jnpf-wire-engine2.md §7.12) as the designer edits it: the node shapes and
 * their default properties, adding an approver, a copy node or a group of condition branches
 * after any node, removing nodes and branches, moving branches (their `priority` is their
 * order), and the designer's checks before a save (请完善{流程名称}的流程设计).
 *
 * Every change answers a new tree (the old one is not touched), so React sees it. Routing,
 * conditions and the checks before a save are not here: they are core's (`flowNextNodes`,
 * `flowConditionHolds`, `flowIncompleteNode` through WASM); the server runs the same check on
 * save (server/src/workflow/service.rs).
 */
import type { FlowIncomplete } from '@qiming/core';
import type { Core } from '@/hooks/useCore';

/** The node kinds the designer makes (timer and subFlow are read and drawn, not offered). */
export type NodeType = 'start' | 'approver' | 'copy' | 'condition' | 'empty' | 'timer' | 'subFlow';

export type Properties = Record<string, unknown>;

export interface FlowNode {
  nodeId: string;
  prevId?: string;
  type: NodeType | string;
  content?: string;
  properties: Properties;
  childNode?: FlowNode | null;
  conditionNodes?: FlowNode[];
  conditionType?: 'condition' | 'interflow' | 'branchFlow' | string;
  isInterflow?: boolean;
  isBranchFlow?: boolean;
}

/** A flow of a template as `flowTemplateJson` carries it. */
export interface FlowItem {
  id?: string;
  flowId: string;
  fullName: string;
  flowTemplateJson: FlowNode;
  /** Used by tasks: the server refuses to delete it (流程已被使用，不能删除). */
  isDelete?: boolean;
}

/** A condition item (`properties.conditions[]`). */
export interface ConditionItem {
  fieldType: number;
  field: string;
  fieldName: string;
  jnpfKey: string;
  symbol: string;
  symbolName: string;
  fieldValueType: number;
  fieldValue: unknown;
  fieldLabel: string;
  fieldValueJnpfKey: string;
  logic: '&&' | '||';
  logicName: string;
}

/** A field of the attached form, as nodes' field permissions and conditions name it. */
export interface FormField {
  id: string;
  label: string;
  jnpfKey: string;
  required?: boolean;
}

/** A node's permission on one field of the form (`formOperates[]`). */
export interface FormOperate {
  id: string;
  name: string;
  jnpfKey: string;
  read: boolean;
  write: boolean;
  required: boolean;
  requiredDisabled: boolean;
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A short base-62 id, as the client makes node and flow ids. */
export function shortId(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
  return out;
}

const circulate = () => ({ circulateUser: [], circulateRole: [], circulatePosition: [], circulateOrg: [], circulateGroup: [] });

/** The start node's properties as JNPF's designer makes them. */
export function startProperties(): Properties {
  return {
    title: '流程发起',
    formId: '',
    formName: '',
    formFieldList: [],
    formOperates: [],
    initiator: [],
    initiatePos: [],
    initiateRole: [],
    initiateOrg: [],
    initiateGroup: [],
    errorRule: 1,
    errorRuleUser: [],
    titleType: 0,
    defaultContent: '{发起用户名}的{流程名称}',
    titleContent: '',
    hasSubmitBtn: true,
    submitBtnText: '提 交',
    hasSaveBtn: true,
    saveBtnText: '暂 存',
    hasPressBtn: true,
    pressBtnText: '催 办',
    hasRevokeBtn: true,
    revokeBtnText: '撤 回',
    hasPrintBtn: false,
    printBtnText: '打 印',
    printId: [],
    isComment: false,
    isBatchApproval: false,
    isSummary: false,
    summaryType: 0,
    isCustomCopy: false,
    extraCopyRule: 1,
    hasSign: false,
    hasOpinion: true,
    ...circulate(),
  };
}

/** An approver node's properties (指定成员, 或签, back to the start on a rejection). */
export function approverProperties(): Properties {
  return {
    title: '审批节点',
    assigneeType: 6,
    approvers: [],
    approverPos: [],
    approverRole: [],
    approverOrg: [],
    approverGroup: [],
    managerLevel: 1,
    departmentLevel: 1,
    formField: '',
    formFieldType: 1,
    extraRule: 1,
    counterSign: 0,
    countersignRatio: 100,
    progress: '50',
    rejectType: 1,
    rejectStep: '0',
    noApproverHandler: true,
    hasAuditBtn: true,
    auditBtnText: '通 过',
    hasRejectBtn: true,
    rejectBtnText: '退 回',
    hasRevokeBtn: true,
    revokeBtnText: '撤 回',
    hasTransferBtn: true,
    transferBtnText: '转 审',
    hasSaveBtn: false,
    saveBtnText: '暂 存',
    hasFreeApproverBtn: false,
    freeApproverBtnText: '加 签',
    hasPrintBtn: false,
    printBtnText: '打 印',
    printId: [],
    hasSign: false,
    hasOpinion: true,
    isCustomCopy: false,
    isInitiatorCopy: false,
    ...circulate(),
    formOperates: [],
  };
}

/** A copy node's properties: its people are circulate* (and the starter when isInitiatorCopy). */
export function copyProperties(): Properties {
  return { title: '抄送人', isInitiatorCopy: false, ...circulate(), formOperates: [] };
}

/** A condition branch's properties; the default branch has no conditions (其他情况进入此流程). */
export function conditionProperties(priority: number, isDefault = false): Properties {
  return { title: isDefault ? '其他情况' : `条件${priority + 1}`, priority, isDefault, conditions: [] };
}

export const DEFAULT_BRANCH_CONTENT = '其他情况进入此流程';

/** A new flow: the start node alone (the end follows it). */
export function newTree(): FlowNode {
  return { nodeId: shortId(), type: 'start', content: '所有人', properties: startProperties() };
}

export function newFlow(fullName: string): FlowItem {
  return { id: '', flowId: shortId(), fullName, flowTemplateJson: newTree() };
}

function node(type: NodeType, prevId: string, properties: Properties, content = ''): FlowNode {
  return { nodeId: shortId(), prevId, type, content, properties };
}

function conditionBranch(prevId: string, priority: number, isDefault: boolean): FlowNode {
  return node('condition', prevId, conditionProperties(priority, isDefault), isDefault ? DEFAULT_BRANCH_CONTENT : '');
}

/** A deep copy in which `visit` may replace any node (answer undefined to keep it, copied). */
function mapTree(n: FlowNode, visit: (n: FlowNode) => FlowNode | undefined): FlowNode {
  const replaced = visit(n);
  if (replaced) return replaced;
  const out: FlowNode = { ...n, properties: n.properties };
  if (n.childNode) out.childNode = mapTree(n.childNode, visit);
  if (n.conditionNodes) out.conditionNodes = n.conditionNodes.map((b) => mapTree(b, visit));
  return out;
}

/** Every node, in order (a node, its branches, then what follows). */
export function allNodes(tree: FlowNode): FlowNode[] {
  const out: FlowNode[] = [];
  const walk = (n: FlowNode) => {
    out.push(n);
    n.conditionNodes?.forEach(walk);
    if (n.childNode) walk(n.childNode);
  };
  walk(tree);
  return out;
}

export function findNode(tree: FlowNode, id: string): FlowNode | undefined {
  return allNodes(tree).find((n) => n.nodeId === id);
}

const withPrev = (n: FlowNode | null | undefined, prevId: string): FlowNode | undefined => (n ? { ...n, prevId } : undefined);

/** What may be added after a node: an approver, a copy node, or a group of condition branches. */
export type AddKind = 'approver' | 'copy' | 'condition';

/**
 * Adds a node after `afterId` (between it and its childNode). A condition group is an `empty`
 * node holding two branches — 条件1 and the default 其他情况 — followed by what followed
 * `afterId`. Answers the new tree and the new node's id (the first branch for a group).
 */
export function addNode(tree: FlowNode, afterId: string, kind: AddKind): { tree: FlowNode; nodeId: string } {
  let created = '';
  const next = mapTree(tree, (n) => {
    if (n.nodeId !== afterId) return undefined;
    const copy = mapTree({ ...n, childNode: undefined }, () => undefined);
    let added: FlowNode;
    if (kind === 'condition') {
      added = node('empty', n.nodeId, {});
      added.conditionType = 'condition';
      added.conditionNodes = [conditionBranch(added.nodeId, 0, false), conditionBranch(added.nodeId, 1, true)];
      created = added.conditionNodes[0].nodeId;
    } else {
      added = kind === 'approver' ? node('approver', n.nodeId, approverProperties(), '') : node('copy', n.nodeId, copyProperties(), '');
      created = added.nodeId;
    }
    const rest = n.childNode ? mapTree(n.childNode, () => undefined) : undefined;
    const after = withPrev(rest, added.nodeId);
    if (after) added.childNode = after;
    return { ...copy, childNode: added };
  });
  return { tree: next, nodeId: created };
}

/** Adds a condition branch to the group `groupId`, before its default branch. */
export function addBranch(tree: FlowNode, groupId: string): FlowNode {
  return mapTree(tree, (n) => {
    if (n.nodeId !== groupId || !n.conditionNodes) return undefined;
    const copy = mapTree(n, () => undefined);
    const branches = copy.conditionNodes!;
    const at = branches.findIndex((b) => b.properties.isDefault === true);
    const index = at < 0 ? branches.length : at;
    branches.splice(index, 0, conditionBranch(n.nodeId, index, false));
    return { ...copy, conditionNodes: renumber(branches) };
  });
}

/** Branch order is priority: 0 for the first (tried first). */
function renumber(branches: FlowNode[]): FlowNode[] {
  return branches.map((b, i) => {
    const title = String(b.properties.title ?? '');
    const numbered = /^条件\d+$/.test(title) ? `条件${i + 1}` : title;
    return { ...b, properties: { ...b.properties, priority: i, title: numbered } };
  });
}

/**
 * Moves a branch one place left (-1) or right (+1) in its group; the default branch stays last
 * and nothing moves past it.
 */
export function moveBranch(tree: FlowNode, branchId: string, by: -1 | 1): FlowNode {
  return mapTree(tree, (n) => {
    const i = n.conditionNodes?.findIndex((b) => b.nodeId === branchId) ?? -1;
    if (i < 0) return undefined;
    const copy = mapTree(n, () => undefined);
    const branches = copy.conditionNodes!;
    const j = i + by;
    if (j < 0 || j >= branches.length || branches[i].properties.isDefault === true || branches[j].properties.isDefault === true) return copy;
    [branches[i], branches[j]] = [branches[j], branches[i]];
    return { ...copy, conditionNodes: renumber(branches) };
  });
}

/** Whether a branch may move that way (not the default one, not past it, not off the ends). */
export function canMoveBranch(group: FlowNode, branchId: string, by: -1 | 1): boolean {
  const branches = group.conditionNodes ?? [];
  const i = branches.findIndex((b) => b.nodeId === branchId);
  const j = i + by;
  return i >= 0 && j >= 0 && j < branches.length && branches[i].properties.isDefault !== true && branches[j].properties.isDefault !== true;
}

/** The last node of a chain. */
function lastOf(n: FlowNode): FlowNode {
  let at = n;
  while (at.childNode) at = at.childNode;
  return at;
}

/** `chain` followed by `rest` (a copy). */
function append(chain: FlowNode | undefined, rest: FlowNode | undefined): FlowNode | undefined {
  if (!chain) return rest;
  const copy = mapTree(chain, () => undefined);
  if (rest) {
    const last = lastOf(copy);
    last.childNode = { ...rest, prevId: last.nodeId };
  }
  return copy;
}

/**
 * Removes a branch. When one branch would be left the group goes: that branch's nodes take its
 * place, followed by what followed the group.
 */
export function removeBranch(tree: FlowNode, branchId: string): FlowNode {
  const replaceChild = (parent: FlowNode): FlowNode | undefined => {
    const group = parent.childNode;
    if (!group?.conditionNodes?.some((b) => b.nodeId === branchId)) return undefined;
    const copy = mapTree({ ...parent, childNode: undefined }, () => undefined);
    const left = group.conditionNodes.filter((b) => b.nodeId !== branchId);
    if (left.length >= 2) {
      const g = mapTree({ ...group, conditionNodes: left }, () => undefined);
      return { ...copy, childNode: { ...g, conditionNodes: renumber(g.conditionNodes!) } };
    }
    const kept = append(left[0]?.childNode ?? undefined, group.childNode ?? undefined);
    const after = withPrev(kept, parent.nodeId);
    return after ? { ...copy, childNode: after } : copy;
  };
  // A group on the root itself (a tree made elsewhere): its branches drop the same way.
  if (tree.conditionNodes?.some((b) => b.nodeId === branchId)) {
    const left = tree.conditionNodes.filter((b) => b.nodeId !== branchId);
    if (left.length >= 2) return { ...mapTree(tree, () => undefined), conditionNodes: renumber(left) };
    const rest = append(left[0]?.childNode ?? undefined, tree.childNode ?? undefined);
    const root: FlowNode = { ...tree, childNode: withPrev(rest, tree.nodeId) };
    delete root.conditionNodes;
    delete root.conditionType;
    return root;
  }
  // Any node (a branch's own too) may be the one the group follows.
  return mapTree(tree, replaceChild);
}

/** Removes an approver or copy node; what followed it takes its place. */
export function removeNode(tree: FlowNode, nodeId: string): FlowNode {
  return mapTree(tree, (n) => {
    if (n.childNode?.nodeId === nodeId) {
      const gone = n.childNode;
      const copy = mapTree({ ...n, childNode: undefined }, () => undefined);
      const rest = gone.childNode ? withPrev(mapTree(gone.childNode, () => undefined), n.nodeId) : undefined;
      return rest ? { ...copy, childNode: rest } : copy;
    }
    const i = n.conditionNodes?.findIndex((b) => b.childNode?.nodeId === nodeId) ?? -1;
    if (i >= 0) {
      const copy = mapTree(n, () => undefined);
      const branch = copy.conditionNodes![i];
      const gone = branch.childNode!;
      branch.childNode = gone.childNode ? { ...gone.childNode, prevId: branch.nodeId } : undefined;
      if (!branch.childNode) delete branch.childNode;
      return copy;
    }
    return undefined;
  });
}

/** The node `nodeId` with new properties and content. */
export function updateNode(tree: FlowNode, nodeId: string, properties: Properties, content?: string): FlowNode {
  return mapTree(tree, (n) => (n.nodeId === nodeId ? { ...mapTree(n, () => undefined), properties, ...(content !== undefined ? { content } : {}) } : undefined));
}

/** The group (the node holding `conditionNodes`) a branch belongs to. */
export function groupOf(tree: FlowNode, branchId: string): FlowNode | undefined {
  return allNodes(tree).find((n) => n.conditionNodes?.some((b) => b.nodeId === branchId));
}

/** Why a flow cannot be saved yet (core's check; the server refuses the same trees). */
export type IncompleteReason = FlowIncomplete['reason'];

/**
 * The node that keeps the flow from being saved, with JNPF's reason — the rules core's
 * `flowIncompleteNode` (an approver of 指定成员 with nobody chosen, a condition branch without
 * conditions that is not the default one, a condition item without its field or its
 * comparison), the very check the server makes on save. Null when the flow may be saved.
 */
export function incompleteNode(core: Pick<Core, 'flowIncompleteNode'>, tree: FlowNode): { node: FlowNode | undefined; reason: IncompleteReason } | null {
  const found = core.flowIncompleteNode(tree);
  return found ? { node: found.nodeId ? findNode(tree, found.nodeId) : undefined, reason: found.reason } : null;
}

/** The flows as `flowTemplateJson` sends them (JSON text). */
export function flowsToWire(flows: FlowItem[]): string {
  return JSON.stringify(flows.map((f) => ({ id: f.id ?? '', flowId: f.flowId, fullName: f.fullName, flowTemplateJson: f.flowTemplateJson })));
}

/** The flows of a template's `flowTemplateJson` (JSON text); the node trees may be JSON text too. */
export function flowsFromWire(text: string | null | undefined): FlowItem[] {
  let list: unknown;
  try {
    list = text ? JSON.parse(text) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.map((item: Record<string, unknown>) => {
    let tree = item.flowTemplateJson;
    if (typeof tree === 'string') {
      try {
        tree = JSON.parse(tree);
      } catch {
        tree = null;
      }
    }
    return {
      id: String(item.id ?? ''),
      flowId: String(item.flowId ?? item.id ?? shortId()),
      fullName: String(item.fullName ?? ''),
      flowTemplateJson: tree && typeof tree === 'object' ? (tree as FlowNode) : newTree(),
      isDelete: item.isDelete === true,
    };
  });
}

/** A node tree given as JSON or JSON text; null when it is not one (no `nodeId`). */
export function readTree(tree: unknown): FlowNode | null {
  let value = tree;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && 'nodeId' in value ? (value as FlowNode) : null;
}

/**
 * The field permissions of a node over the form's fields: the node's own where it has them,
 * else readable, and writable on the start node only (an approver sees the record).
 */
export function operatesFor(fields: FormField[], current: unknown, writable: boolean): FormOperate[] {
  const old = new Map((Array.isArray(current) ? (current as FormOperate[]) : []).map((o) => [o.id, o]));
  return fields.map((f) => {
    const had = old.get(f.id);
    return {
      id: f.id,
      name: f.label,
      jnpfKey: f.jnpfKey,
      read: had?.read ?? true,
      write: had?.write ?? writable,
      required: had?.required ?? (writable && f.required === true),
      requiredDisabled: f.required === true,
    };
  });
}

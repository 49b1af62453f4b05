/**
 * FlowBox's data as the page reads it (`FlowBefore/{taskId}`, jnpf-wire-engine2.md §7.4): the
 * server sends these parts as JSON objects (BeforeInfo's fields are untyped in its document),
 * so the page names the keys it uses here.
 */
import { getTaskInfo } from '@/api/workflow';

export interface FlowTaskInfo {
  id: string;
  fullName: string;
  thisStep: string;
  status: number;
  flowUrgent: number;
  completion: number;
  flowId: string;
  creatorUserId?: string;
}

export interface FlowTaskNode {
  id: string;
  nodeCode: string;
  nodeName: string;
  nodeType: string;
  /** 0 done, 1 current. */
  type: number;
  userName: string;
}

export interface FlowRecord {
  id: string;
  nodeName: string;
  userName: string;
  handleStatus: number;
  handleOpinion: string;
  handleTime: number | null;
  creatorTime: number | null;
  signImg: string;
  fileList: string;
}

/** The shown node's properties: button switches and texts, opinion, copy, reject settings. */
export type NodeProperties = Record<string, unknown>;

export interface FormOperate {
  id: string;
  read?: boolean;
  write?: boolean;
  required?: boolean;
}

export interface FlowView {
  flowTemplateInfo: { fullName: string; type: number; flowTemplateJson: string };
  flowFormInfo: { enCode: string; formType: number; propertyJson: unknown };
  flowTaskInfo: FlowTaskInfo | null;
  formData: Record<string, unknown>;
  draftData: Record<string, unknown> | null;
  flowTaskNodeList: FlowTaskNode[];
  flowTaskOperatorRecordList: FlowRecord[];
  approversProperties: NodeProperties;
  formOperates: FormOperate[];
}

/** FlowBox's data, read as the page uses it. */
export async function getFlowView(taskId: string, query: { taskNodeId?: string; taskOperatorId?: string; flowId?: string }): Promise<FlowView> {
  const { data } = await getTaskInfo(taskId, query);
  return data as unknown as FlowView;
}

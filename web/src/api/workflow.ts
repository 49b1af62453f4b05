/**
 * /api/workflow/Engine: the everyday approval path (issue 30; jnpf-wire-engine2.md §7.3–7.6,
 * §7.9; docs/workflow.md) — the task lists (待办, 已办, 抄送, 我发起的), the template pickers
 * of 新建流程 and of the lists' filter, the task page (FlowBox: FlowBefore), starting and
 * resubmitting (FlowTask), candidates, approving, rejecting, urging and revoking. The flow
 * templates themselves (流程设计) are api/flowEngine.ts.
 */
import type { components, operations } from './schema';
import { api } from './client';

type Schemas = components['schemas'];

export type TodoRow = Schemas['TodoRow'];
export type LaunchRow = Schemas['LaunchRow'];
export type FlowJson = Schemas['FlowJson'];
export type LaunchTemplate = Schemas['LaunchTemplate'];
export type CategoryGroup = Schemas['CategoryGroup'];
export type Candidates = Schemas['Candidates'];
export type CandidateNode = Schemas['CandidateNode'];
export type CandidateUser = Schemas['CandidateUser'];
export type RejectNode = Schemas['RejectNode'];
export type TaskForm = Schemas['TaskForm'];
export type HandleForm = Schemas['HandleForm'];

/** The task lists' query (§7.9): page, keyword, time range, template, flow, urgency, category, starter. */
export type TaskListQuery = NonNullable<operations['getWorkflowEngineFlowBeforeListByCategory']['parameters']['query']>;
/** 我发起的's query: the same and the task status. */
export type LaunchListQuery = NonNullable<operations['getWorkflowEngineFlowLaunch']['parameters']['query']>;

/** The lists the server answers as `FlowBefore/List/{category}`: 1 待办, 2 已办, 3 抄送. */
export type TaskListCategory = '1' | '2' | '3';

export function getTaskList(category: TaskListCategory, query: TaskListQuery) {
  return api.GET('/api/workflow/Engine/FlowBefore/List/{category}', { params: { path: { category }, query } });
}

/** 我发起的, with its status filter. */
export function getLaunchList(query: LaunchListQuery) {
  return api.GET('/api/workflow/Engine/FlowLaunch', { params: { query } });
}

/** Deletes a draft or a revoked task (the starter). */
export function deleteLaunch(taskId: string) {
  return api.DELETE('/api/workflow/Engine/FlowLaunch/{taskId}', { params: { path: { taskId } } });
}

/** 撤回: the starter takes the task back while the next node is untouched. */
export function withdrawTask(taskId: string, body: HandleForm = {}) {
  return api.PUT('/api/workflow/Engine/FlowLaunch/{taskId}/Actions/Withdraw', { params: { path: { taskId } }, body });
}

/** 催办: a flow message to the current approvers. */
export function pressTask(taskId: string) {
  return api.POST('/api/workflow/Engine/FlowLaunch/Press/{taskId}', { params: { path: { taskId } } });
}

/** Every template by its WorkFlowCategory (the lists' 所属流程). */
export function getFlowListAll() {
  return api.GET('/api/workflow/Engine/flowTemplate/ListAll');
}

/** 新建流程: the templates of a category (or all) the caller may launch. */
export function getLaunchTemplates(query: { currentPage: number; pageSize: number; keyword?: string; category?: string }) {
  return api.GET('/api/workflow/Engine/flowTemplate/PageListAll', { params: { query: { ...query, flowType: 0 } } });
}

/** The flows of a template ([{id: flowId, fullName, flowTemplateJson}]). */
export function getFlowJsonList(templateId: string) {
  return api.GET('/api/workflow/Engine/flowTemplate/FlowJsonList/{templateId}', { params: { path: { templateId }, query: { type: '1' } } });
}

/** FlowBox's data: `0` with flowId for a new task. */
export function getTaskInfo(taskId: string, query: { taskNodeId?: string; taskOperatorId?: string; flowId?: string }) {
  const defined = Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as typeof query;
  return api.GET('/api/workflow/Engine/FlowBefore/{taskId}', { params: { path: { taskId: taskId || '0' }, query: defined } });
}

/** Whether the caller's step is already settled (/workFlowDetail opens it read-only). */
export function getStepCheck(operatorId: string) {
  return api.GET('/api/workflow/Engine/FlowBefore/{operatorId}/Info', { params: { path: { operatorId } } });
}

/** The nodes after this step whose people are chosen now (`0` for a start). */
export function getCandidates(operatorId: string, body: { id?: string; flowId?: string; formData?: unknown }) {
  return api.POST('/api/workflow/Engine/FlowBefore/Candidates/{operatorId}', { params: { path: { operatorId: operatorId || '0' } }, body });
}

/** A page of a 候选人员 node's people. */
export function getCandidateUsers(operatorId: string, body: { nodeCode: string; keyword?: string; currentPage: number; pageSize: number; id?: string; flowId?: string }) {
  return api.POST('/api/workflow/Engine/FlowBefore/CandidateUser/{operatorId}', { params: { path: { operatorId: operatorId || '0' } }, body });
}

/** Where a rejection of the step may send the task. */
export function getRejectList(operatorId: string) {
  return api.GET('/api/workflow/Engine/FlowBefore/RejectList/{operatorId}', { params: { path: { operatorId } } });
}

/** 提交 (status 0) or 暂存 (1): a new task, or the task `id` again. */
export function saveTask(id: string, body: TaskForm) {
  return id
    ? api.PUT('/api/workflow/Engine/FlowTask/{id}', { params: { path: { id } }, body })
    : api.POST('/api/workflow/Engine/FlowTask', { body });
}

/** 通过. */
export function auditTask(operatorId: string, body: HandleForm) {
  return api.POST('/api/workflow/Engine/FlowBefore/Audit/{operatorId}', { params: { path: { operatorId } }, body });
}

/** 退回. */
export function rejectTask(operatorId: string, body: HandleForm) {
  return api.POST('/api/workflow/Engine/FlowBefore/Reject/{operatorId}', { params: { path: { operatorId } }, body });
}

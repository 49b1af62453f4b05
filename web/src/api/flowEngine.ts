/**
 * /api/workflow/Engine/flowTemplate: flow templates (流程设计, issue 30; jnpf-wire-engine2.md
 * §7.12; docs/workflow.md "Templates, flows, versions") — the list, the editor's form with its
 * flows (`flowTemplateJson`, JSON text of `[{flowId, fullName, flowTemplateJson: <node tree>}]`),
 * copy, enable and stop, the main version after a save of a used flow, and the flows of a
 * template.
 */
import type { components } from './schema';
import { api } from './client';

type Schemas = components['schemas'];

export type FlowTemplateRow = Schemas['FlowTemplateRow'];
export type FlowTemplateInfo = Schemas['FlowTemplateInfo'];
export type FlowTemplateForm = Schemas['FlowTemplateForm'];
export type FlowNewVersion = Schemas['NewVersion'];
export type FlowJson = Schemas['FlowJson'];

/** The templates by keyword and category (a WorkFlowCategory item's id, '' for all), paged. */
export function getFlowTemplateList(query: { currentPage: number; pageSize: number; keyword: string; category: string }) {
  return api.GET('/api/workflow/Engine/flowTemplate', { params: { query } });
}

/** The template with its flows' main versions (`flowTemplateJson`, JSON text). */
export function getFlowTemplate(id: string) {
  return api.GET('/api/workflow/Engine/flowTemplate/{id}', { params: { path: { id } } });
}

/** A new template, stopped until 启用流程. */
export function createFlowTemplate(form: FlowTemplateForm) {
  return api.POST('/api/workflow/Engine/flowTemplate', { body: form });
}

/** Saves a template; a changed flow already used by tasks answers `{id, isMainVersion: true}` (the new version). */
export function updateFlowTemplate(id: string, form: FlowTemplateForm) {
  return api.PUT('/api/workflow/Engine/flowTemplate/{id}', { params: { path: { id } }, body: form });
}

export function deleteFlowTemplate(id: string) {
  return api.DELETE('/api/workflow/Engine/flowTemplate/{id}', { params: { path: { id } } });
}

/** 复制流程: `<name>.副本<n>`, stopped. */
export function copyFlowTemplate(id: string) {
  return api.POST('/api/workflow/Engine/flowTemplate/{id}/Actions/Copy', { params: { path: { id } } });
}

/** 启用流程. */
export function releaseFlowTemplate(id: string) {
  return api.POST('/api/workflow/Engine/flowTemplate/Release/{id}', { params: { path: { id } } });
}

/** 禁用流程 (running tasks finish). */
export function stopFlowTemplate(id: string) {
  return api.POST('/api/workflow/Engine/flowTemplate/Stop/{id}', { params: { path: { id } } });
}

/** Makes the version `versionId` its flow's main version: new tasks start on it. */
export function setMainVersion(versionId: string) {
  return api.POST('/api/workflow/Engine/flowTemplate/{id}/MainVersion', { params: { path: { id: versionId } } });
}

/** The flows of a template, `[{id (flowId), fullName, flowTemplateJson}]`. */
export function getFlowJsonList(templateId: string, type?: string) {
  return api.GET('/api/workflow/Engine/flowTemplate/FlowJsonList/{templateId}', { params: { path: { templateId }, query: type ? { type } : {} } });
}

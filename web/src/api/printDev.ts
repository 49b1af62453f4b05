/**
 * /api/system/printDev and /api/system/printLog: print templates and their print log
 * (issue 29; jnpf-wire-engine2.md §6.1; server/README.md "Print templates").
 */
import type { components } from './schema';
import { api } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type PrintTemplateRow = Schemas['TemplateListRow'];
export type PrintTemplateInfo = Schemas['TemplateInfo'];
export type PrintTemplateForm = Schemas['TemplateForm'];
export type PrintLogRow = Schemas['PrintLogRow'];
export type ModelNode = Schemas['ModelNode'];

/** The templates by keyword and category (a printDev dictionary item's enCode, '' for all), paged. */
export function getPrintTemplateList(query: { currentPage: number; pageSize: number; keyword: string; category: string }) {
  return api.GET('/api/system/printDev', { params: { query } });
}

export function getPrintTemplate(id: string) {
  return api.GET('/api/system/printDev/{id}', { params: { path: { id } } });
}

export function createPrintTemplate(form: PrintTemplateForm) {
  return api.POST('/api/system/printDev', { body: form });
}

export function updatePrintTemplate(id: string, form: PrintTemplateForm) {
  return api.PUT('/api/system/printDev/{id}', { params: { path: { id } }, body: form });
}

export function deletePrintTemplate(id: string) {
  return api.DELETE('/api/system/printDev/{id}', { params: { path: { id } } });
}

/** A disabled copy: `<name>.副本<n>`, `<code><n>`. */
export function copyPrintTemplate(id: string) {
  return api.POST('/api/system/printDev/{id}/Actions/Copy', { params: { path: { id } } });
}

/** enabledMark 1 ↔ 0 (the server flips it). */
export function togglePrintTemplate(id: string) {
  return api.PUT('/api/system/printDev/{id}/Actions/State', { params: { path: { id } } });
}

/** The template as a .bp file; answers its url. */
export function exportPrintTemplate(id: string) {
  return api.GET('/api/system/printDev/{id}/Actions/Export', { params: { path: { id } } });
}

/** A template from a .bp file (multipart field `file`). */
export function importPrintTemplate(file: File) {
  const data = new FormData();
  data.append('file', file, file.name);
  return api.POST('/api/system/printDev/Actions/ImportData', { body: data });
}

/** A page of the template's print log, newest first. */
export function getPrintLog(templateId: string, query: { currentPage: number; pageSize: number; keyword: string }) {
  return api.GET('/api/system/printLog/{templateId}', {
    params: { path: { templateId }, query: { keyword: query.keyword, currentPage: String(query.currentPage), pageSize: String(query.pageSize) } },
  });
}

/** The released models a template may take its fields from, under their categories. */
export function getReleasedModels() {
  return api.GET('/api/visualdev/Base/Selector');
}

/** The enabled templates among `ids`, `{id, fullName}` (the template choice dialog). */
export function getPrintOptions(ids: string[]) {
  return api.POST('/api/system/printDev/getListOptions', { body: { ids } });
}

/** The template `id` filled for one record: `{printTemplate, printData, operatorRecordList}`. */
export function getPrintData(id: string, formId: string) {
  return api.GET('/api/system/printDev/Data', { params: { query: { id, formId } } });
}

/** The template `id` filled for each record, in the order given. */
export function getBatchPrintData(id: string, formIds: string[]) {
  return api.GET('/api/system/printDev/BatchData', { params: { query: { id, formId: formIds.join(',') } } });
}

/** The records printed with template `id` as a Word document (.docx); answers its download url. */
export function getPrintDocx(id: string, formIds: string[]) {
  return api.GET('/api/system/printDev/{id}/Actions/Docx', { params: { path: { id }, query: { formId: formIds.join(',') } } });
}

/** Records a print after the browser's print dialog closed. */
export function savePrintLog(body: { printTitle: string; printNum: number; printId: string }) {
  return api.POST('/api/system/printLog/save', { body });
}

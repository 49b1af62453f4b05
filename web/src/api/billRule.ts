/**
 * /api/system/BillRule: serial-number (单据) rules (spec 02 §7.10; BILL-023;
 * jnpf-wire-areas.md §2.2). Paths are the JNPF client's (singular `Action/Export` and
 * `Action/Import`; the server serves the catalogue's plural forms too).
 */
import type { components } from './schema';
import { api, undocumented } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type BillRuleRow = Schemas['RuleListRow'];
export type BillRuleInfo = Schemas['RuleInfo'];
export type BillRuleForm = Schemas['RuleForm'];
/** A rule as the picker lists it (BILL-025): the field stores its enCode. */
export type BillRuleOption = Schemas['RuleOption'];


/** The rules by keyword and category (a businessType item's id, '' for all), paged. */
export function getBillRuleList(query: { currentPage: number; pageSize: number; keyword: string; categoryId: string }) {
  return api.GET('/api/system/BillRule', { params: { query } });
}

/**
 * The serial-number rule picker's page (BILL-024): the enabled rules by keyword and category
 * ('' for all), with the JNPF client's `sort: 'desc'` and empty `sidx`.
 */
export function getBillRuleSelector(query: { currentPage: number; pageSize: number; keyword: string; categoryId: string }) {
  return api.GET('/api/system/BillRule/Selector', { params: { query: undocumented(query, { sort: 'desc', sidx: '' }) } });
}

/** The rule's form, with the example the server computes for today. */
export function getBillRule(id: string) {
  return api.GET('/api/system/BillRule/{id}', { params: { path: { id } } });
}

export function createBillRule(form: BillRuleForm) {
  return api.POST('/api/system/BillRule', { body: form });
}

export function updateBillRule(id: string, form: BillRuleForm) {
  return api.PUT('/api/system/BillRule/{id}', { params: { path: { id } }, body: form });
}

export function deleteBillRule(id: string) {
  return api.DELETE('/api/system/BillRule/{id}', { params: { path: { id } } });
}

/** BILL-007: enabledMark 1 ↔ 0 (the server flips it). */
export function toggleBillRule(id: string) {
  return api.PUT('/api/system/BillRule/{id}/Actions/State', { params: { path: { id } } });
}

/** The rule as a .bb file; answers its url. */
export function exportBillRule(id: string) {
  return api.GET('/api/system/BillRule/{id}/Action/Export', { params: { path: { id } } });
}

/** A rule from a .bb file (multipart field `file`). */
export function importBillRule(file: File) {
  const data = new FormData();
  data.append('file', file, file.name);
  return api.POST('/api/system/BillRule/Action/Import', { body: data });
}

/**
 * /api/system/BillRule: serial-number (单据) rules (spec 02 §7.10; BILL-023;
 * jnpf-wire-areas.md §2.2). Paths are the JNPF client's (singular `Action/Export` and
 * `Action/Import`; the server serves the catalogue's plural forms too).
 */
import type { components } from './schema';
import { request as send } from './http';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type BillRuleRow = Schemas['RuleListRow'];
export type BillRuleInfo = Schemas['RuleInfo'];
export type BillRuleForm = Schemas['RuleForm'];
type BillRulePage = Schemas['Envelope_PageOf_RuleListRow']['data'];
/** A rule as the picker lists it (BILL-025): the field stores its enCode. */
export type BillRuleOption = Schemas['RuleOption'];
type BillRuleOptionPage = Schemas['Envelope_PageOf_RuleOption']['data'];
type ExportUrl = Schemas['ExportUrl'];

const BASE = '/api/system/BillRule';

/** The rules by keyword and category (a businessType item's id, '' for all), paged. */
export function getBillRuleList(query: { currentPage: number; pageSize: number; keyword: string; categoryId: string }) {
  return send<BillRulePage>({ url: BASE, data: query });
}

/**
 * The serial-number rule picker's page (BILL-024): the enabled rules by keyword and category
 * ('' for all), with the JNPF client's `sort: 'desc'` and empty `sidx`.
 */
export function getBillRuleSelector(query: { currentPage: number; pageSize: number; keyword: string; categoryId: string }) {
  return send<BillRuleOptionPage>({ url: `${BASE}/Selector`, data: { ...query, sort: 'desc', sidx: '' } });
}

/** The rule's form, with the example the server computes for today. */
export function getBillRule(id: string) {
  return send<BillRuleInfo>({ url: `${BASE}/${id}` });
}

export function createBillRule(form: BillRuleForm) {
  return send({ url: BASE, method: 'POST', data: form });
}

export function updateBillRule(id: string, form: BillRuleForm) {
  return send({ url: `${BASE}/${id}`, method: 'PUT', data: form });
}

export function deleteBillRule(id: string) {
  return send({ url: `${BASE}/${id}`, method: 'DELETE' });
}

/** BILL-007: enabledMark 1 ↔ 0 (the server flips it). */
export function toggleBillRule(id: string) {
  return send({ url: `${BASE}/${id}/Actions/State`, method: 'PUT' });
}

/** The rule as a .bb file; answers its url. */
export function exportBillRule(id: string) {
  return send<ExportUrl>({ url: `${BASE}/${id}/Action/Export` });
}

/** A rule from a .bb file (multipart field `file`). */
export function importBillRule(file: File) {
  const data = new FormData();
  data.append('file', file, file.name);
  return send({ url: `${BASE}/Action/Import`, method: 'POST', data });
}

/**
 * /api/permission/Organize: organisations and departments (spec 02 §7.6, ORG-019/020;
 * jnpf-wire-areas.md §1.3) — the management tree, the company and department forms, and the
 * trees every organisation picker reads.
 */
import type { components } from './schema';
import { request as send } from './http';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type OrganizeNode = Schemas['OrganizeNode'];
export type SelectorNode = Schemas['SelectorNode'];
export type CompanyInfo = Schemas['CompanyInfo'];
export type CompanyForm = Schemas['CompanyForm'];
export type DepartmentInfo = Schemas['DepartmentInfo'];
export type DepartmentForm = Schemas['DepartmentForm'];
export type OrganizeCondition = Schemas['ConditionRequest'];
type ManagementTree = Schemas['Envelope_TreeOf_OrganizeNode']['data'];
type SelectorTree = Schemas['Envelope_TreeOf_SelectorNode']['data'];

const BASE = '/api/permission/Organize';

/** ORG-019: the management tree (companies and departments), filtered by keyword. */
export function getOrganizeList(query: { keyword?: string }) {
  return send<ManagementTree>({ url: BASE, data: query });
}

export function getCompany(id: string) {
  return send<CompanyInfo>({ url: `${BASE}/${id}` });
}

export function createCompany(form: CompanyForm) {
  return send({ url: BASE, method: 'POST', data: form });
}

export function updateCompany(id: string, form: CompanyForm) {
  return send({ url: `${BASE}/${id}`, method: 'PUT', data: form });
}

/** Deletes a company or a department (the client never calls the department DELETE). */
export function deleteOrganize(id: string) {
  return send({ url: `${BASE}/${id}`, method: 'DELETE' });
}

/** ORG-020 */
export function getDepartment(id: string) {
  return send<DepartmentInfo>({ url: `${BASE}/Department/${id}` });
}

export function createDepartment(form: DepartmentForm) {
  return send({ url: `${BASE}/Department`, method: 'POST', data: form });
}

export function updateDepartment(id: string, form: DepartmentForm) {
  return send({ url: `${BASE}/Department/${id}`, method: 'PUT', data: form });
}

/** ORG-009: every organisation (the lookup that turns stored id paths into names). */
export function getDepartmentSelector(id = '0') {
  return send<SelectorTree>({ url: `${BASE}/Department/Selector/${id || '0'}` });
}

/** What the caller may manage, leaving out `id` (the node being edited) and what is below it. */
export function getDepartmentSelectorByAuth(id = '0') {
  return send<SelectorTree>({ url: `${BASE}/Department/SelectorByAuth/${id || '0'}` });
}

/** Companies the caller may manage (the company form's parent), leaving out `id`'s subtree. */
export function getCompanySelectorByAuth(id = '0') {
  return send<SelectorTree>({ url: `${BASE}/SelectorByAuth/${id || '0'}` });
}

/** ORG-010: the tree limited to these organisations (a custom picker). */
export function getOrganizeCondition(condition: OrganizeCondition) {
  return send<SelectorTree>({ url: `${BASE}/OrganizeCondition`, method: 'POST', data: condition });
}

/**
 * /api/permission/Organize: organisations and departments (spec 02 §7.6, ORG-019/020;
 * jnpf-wire-areas.md §1.3) — the management tree, the company and department forms, and the
 * trees every organisation picker reads.
 */
import type { components } from './schema';
import { api } from './client';
import { changesOrganizations } from '@/stores/organizations';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type OrganizeNode = Schemas['OrganizeNode'];
export type SelectorNode = Schemas['SelectorNode'];
export type CompanyInfo = Schemas['CompanyInfo'];
export type CompanyForm = Schemas['CompanyForm'];
export type DepartmentInfo = Schemas['DepartmentInfo'];
export type DepartmentForm = Schemas['DepartmentForm'];
export type OrganizeCondition = Schemas['ConditionRequest'];


/** ORG-019: the management tree (companies and departments), filtered by keyword. */
export function getOrganizeList(query: { keyword?: string }) {
  return api.GET('/api/permission/Organize', { params: { query } });
}

export function getCompany(id: string) {
  return api.GET('/api/permission/Organize/{id}', { params: { path: { id } } });
}

export function createCompany(form: CompanyForm) {
  return changesOrganizations(api.POST('/api/permission/Organize', { body: form }));
}

export function updateCompany(id: string, form: CompanyForm) {
  return changesOrganizations(api.PUT('/api/permission/Organize/{id}', { params: { path: { id } }, body: form }));
}

/** Deletes a company or a department (the client never calls the department DELETE). */
export function deleteOrganize(id: string) {
  return changesOrganizations(api.DELETE('/api/permission/Organize/{id}', { params: { path: { id } } }));
}

/** ORG-020 */
export function getDepartment(id: string) {
  return api.GET('/api/permission/Organize/Department/{id}', { params: { path: { id } } });
}

export function createDepartment(form: DepartmentForm) {
  return changesOrganizations(api.POST('/api/permission/Organize/Department', { body: form }));
}

export function updateDepartment(id: string, form: DepartmentForm) {
  return changesOrganizations(api.PUT('/api/permission/Organize/Department/{id}', { params: { path: { id } }, body: form }));
}

/** ORG-009: every organisation (the lookup that turns stored id paths into names). */
export function getDepartmentSelector(id = '0') {
  return api.GET('/api/permission/Organize/Department/Selector/{id}', { params: { path: { id: id || '0' } } });
}

/** What the caller may manage, leaving out `id` (the node being edited) and what is below it. */
export function getDepartmentSelectorByAuth(id = '0') {
  return api.GET('/api/permission/Organize/Department/SelectorByAuth/{id}', { params: { path: { id: id || '0' } } });
}

/** Companies the caller may manage (the company form's parent), leaving out `id`'s subtree. */
export function getCompanySelectorByAuth(id = '0') {
  return api.GET('/api/permission/Organize/SelectorByAuth/{id}', { params: { path: { id: id || '0' } } });
}

/** ORG-010: the tree limited to these organisations (a custom picker). */
export function getOrganizeCondition(condition: OrganizeCondition) {
  return api.POST('/api/permission/Organize/OrganizeCondition', { body: condition });
}

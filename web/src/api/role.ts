/** /api/permission/Role: roles (spec 02 §7.6, ROLE-011; jnpf-wire-areas.md §1.5). */
import type { components } from './schema';
import { api } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type RoleRow = Schemas['RoleRow'];
export type RoleInfo = Schemas['RoleInfo'];
export type RoleForm = Schemas['RoleForm'];
export type RoleNode = Schemas['RoleNode'];
export type RoleCondition = Schemas['RoleCondition'];


/** The global role top node of the picker (ROLE-008), and the list's global filter. */
export const GLOBAL_ROLE_NODE = '1';
export const GLOBAL_ROLES = '0';

/** organizeId: '' every role, '0' the global ones, else an organisation's and below. */
export function getRoleList(query: { currentPage: number; pageSize: number; keyword: string; organizeId: string }) {
  return api.GET('/api/permission/Role', { params: { query } });
}

export function getRole(id: string) {
  return api.GET('/api/permission/Role/{id}', { params: { path: { id } } });
}

export function createRole(form: RoleForm) {
  return api.POST('/api/permission/Role', { body: form });
}

export function updateRole(id: string, form: RoleForm) {
  return api.PUT('/api/permission/Role/{id}', { params: { path: { id } }, body: form });
}

export function deleteRole(id: string) {
  return api.DELETE('/api/permission/Role/{id}', { params: { path: { id } } });
}

/** ROLE-004: enabled ↔ disabled; the server flips it. */
export function toggleRoleState(id: string) {
  return api.PUT('/api/permission/Role/{id}/Actions/State', { params: { path: { id } } });
}

/** ROLE-008: the global roles under '1', then organisations with their roles (key onlyId). */
export function getRoleSelector() {
  return api.GET('/api/permission/Role/Selector');
}

/** ROLE-008: a custom role picker, limited to these roles. */
export function getRoleCondition(condition: RoleCondition) {
  return api.POST('/api/permission/Role/RoleCondition', { body: condition });
}


/** Each of these organisations with its organisation roles (global roles fit any user). */
export function getRolesByOrganizations(organizeIds: string[]) {
  return api.POST('/api/permission/Role/getListByOrgIds', { body: { organizeIds } });
}

/** /api/permission/Role: roles (spec 02 §7.6, ROLE-011; jnpf-wire-areas.md §1.5). */
import type { components } from './schema';
import { request as send } from './http';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type RoleRow = Schemas['RoleRow'];
export type RoleInfo = Schemas['RoleInfo'];
export type RoleForm = Schemas['RoleForm'];
export type RoleNode = Schemas['RoleNode'];
export type RoleCondition = Schemas['RoleCondition'];
type RolePage = Schemas['Envelope_PageOf_RoleRow']['data'];
type RoleTree = Schemas['Envelope_TreeOf_RoleNode']['data'];

const BASE = '/api/permission/Role';

/** The global role top node of the picker (ROLE-008), and the list's global filter. */
export const GLOBAL_ROLE_NODE = '1';
export const GLOBAL_ROLES = '0';

/** organizeId: '' every role, '0' the global ones, else an organisation's and below. */
export function getRoleList(query: { currentPage: number; pageSize: number; keyword: string; organizeId: string }) {
  return send<RolePage>({ url: BASE, data: query });
}

export function getRole(id: string) {
  return send<RoleInfo>({ url: `${BASE}/${id}` });
}

export function createRole(form: RoleForm) {
  return send({ url: BASE, method: 'POST', data: form });
}

export function updateRole(id: string, form: RoleForm) {
  return send({ url: `${BASE}/${id}`, method: 'PUT', data: form });
}

export function deleteRole(id: string) {
  return send({ url: `${BASE}/${id}`, method: 'DELETE' });
}

/** ROLE-004: enabled ↔ disabled; the server flips it. */
export function toggleRoleState(id: string) {
  return send({ url: `${BASE}/${id}/Actions/State`, method: 'PUT' });
}

/** ROLE-008: the global roles under '1', then organisations with their roles (key onlyId). */
export function getRoleSelector() {
  return send<RoleTree>({ url: `${BASE}/Selector` });
}

/** ROLE-008: a custom role picker, limited to these roles. */
export function getRoleCondition(condition: RoleCondition) {
  return send<RoleTree>({ url: `${BASE}/RoleCondition`, method: 'POST', data: condition });
}

type OptionGroups = Schemas['Envelope_TreeOf_OptionGroup']['data'];

/** Each of these organisations with its organisation roles (global roles fit any user). */
export function getRolesByOrganizations(organizeIds: string[]) {
  return send<OptionGroups>({ url: `${BASE}/getListByOrgIds`, method: 'POST', data: { organizeIds } });
}

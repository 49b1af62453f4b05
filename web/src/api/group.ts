/** /api/permission/Group: groups (spec 02 §7.6, ROLE-009; jnpf-wire-areas.md §1.6). */
import type { components } from './schema';
import { api } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type GroupRow = Schemas['GroupRow'];
export type GroupInfo = Schemas['GroupInfo'];
export type GroupForm = Schemas['GroupForm'];
export type GroupNode = Schemas['GroupNode'];
export type GroupCondition = Schemas['GroupCondition'];

export function getGroupList(query: { currentPage: number; pageSize: number; keyword: string }) {
  return api.GET('/api/permission/Group', { params: { query } });
}

export function getGroup(id: string) {
  return api.GET('/api/permission/Group/{id}', { params: { path: { id } } });
}

export function createGroup(form: GroupForm) {
  return api.POST('/api/permission/Group', { body: form });
}

export function updateGroup(id: string, form: GroupForm) {
  return api.PUT('/api/permission/Group/{id}', { params: { path: { id } }, body: form });
}

export function deleteGroup(id: string) {
  return api.DELETE('/api/permission/Group/{id}', { params: { path: { id } } });
}

/** ROLE-005, ROLE-007: group types with their groups; `data` is the tree array itself. */
export function getGroupSelector() {
  return api.GET('/api/permission/Group/Selector');
}

/** ROLE-005: a custom group picker, limited to these groups (`data.list`). */
export function getGroupCondition(condition: GroupCondition) {
  return api.POST('/api/permission/Group/GroupCondition', { body: condition });
}

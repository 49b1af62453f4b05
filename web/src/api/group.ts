/** /api/permission/Group: groups (spec 02 §7.6, ROLE-009; jnpf-wire-areas.md §1.6). */
import type { components } from './schema';
import { request as send } from './http';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type GroupRow = Schemas['GroupRow'];
export type GroupInfo = Schemas['GroupInfo'];
export type GroupForm = Schemas['GroupForm'];
export type GroupNode = Schemas['GroupNode'];
export type GroupCondition = Schemas['GroupCondition'];
type GroupPage = Schemas['Envelope_PageOf_GroupRow']['data'];
type GroupTree = Schemas['Envelope_TreeOf_GroupNode']['data'];

const BASE = '/api/permission/Group';

export function getGroupList(query: { currentPage: number; pageSize: number; keyword: string }) {
  return send<GroupPage>({ url: BASE, data: query });
}

export function getGroup(id: string) {
  return send<GroupInfo>({ url: `${BASE}/${id}` });
}

export function createGroup(form: GroupForm) {
  return send({ url: BASE, method: 'POST', data: form });
}

export function updateGroup(id: string, form: GroupForm) {
  return send({ url: `${BASE}/${id}`, method: 'PUT', data: form });
}

export function deleteGroup(id: string) {
  return send({ url: `${BASE}/${id}`, method: 'DELETE' });
}

/** ROLE-005, ROLE-007: group types with their groups; `data` is the tree array itself. */
export function getGroupSelector() {
  return send<GroupNode[]>({ url: `${BASE}/Selector` });
}

/** ROLE-005: a custom group picker, limited to these groups (`data.list`). */
export function getGroupCondition(condition: GroupCondition) {
  return send<GroupTree>({ url: `${BASE}/GroupCondition`, method: 'POST', data: condition });
}

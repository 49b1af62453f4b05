/** /api/permission/Position: positions (spec 02 §7.6, ROLE-010; jnpf-wire-areas.md §1.4). */
import type { components } from './schema';
import { request as send } from './http';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type PositionRow = Schemas['PositionRow'];
export type PositionInfo = Schemas['PositionInfo'];
export type PositionForm = Schemas['PositionForm'];
export type PositionItem = Schemas['PositionItem'];
export type PositionCondition = Schemas['PositionCondition'];
type PositionPage = Schemas['Envelope_PageOf_PositionRow']['data'];
type SelectorTree = Schemas['Envelope_TreeOf_SelectorNode']['data'];
type PositionList = Schemas['Envelope_TreeOf_PositionItem']['data'];

const BASE = '/api/permission/Position';

/** The positions of an organisation and below ('' for all), paged, by keyword. */
export function getPositionList(query: { currentPage: number; pageSize: number; keyword: string; organizeId: string }) {
  return send<PositionPage>({ url: BASE, data: query });
}

export function getPosition(id: string) {
  return send<PositionInfo>({ url: `${BASE}/${id}` });
}

export function createPosition(form: PositionForm) {
  return send({ url: BASE, method: 'POST', data: form });
}

export function updatePosition(id: string, form: PositionForm) {
  return send({ url: `${BASE}/${id}`, method: 'PUT', data: form });
}

export function deletePosition(id: string) {
  return send({ url: `${BASE}/${id}`, method: 'DELETE' });
}

/** ROLE-006: organisations with their positions (type position can be picked). */
export function getPositionSelector() {
  return send<SelectorTree>({ url: `${BASE}/Selector` });
}

/** Every position, flat: the lookup that names a stored value. */
export function getAllPositions() {
  return send<PositionList>({ url: `${BASE}/All` });
}

/** ROLE-006: a custom position picker, limited to these organisations or positions. */
export function getPositionCondition(condition: PositionCondition) {
  return send<SelectorTree>({ url: `${BASE}/PositionCondition`, method: 'POST', data: condition });
}

/** An organisation with its options (the user form's positions and roles). */
export type OptionGroup = Schemas['OptionGroup'];
type OptionGroups = Schemas['Envelope_TreeOf_OptionGroup']['data'];

/** Each of these organisations with its positions; organisations without any are left out. */
export function getPositionsByOrganizations(organizeIds: string[]) {
  return send<OptionGroups>({ url: `${BASE}/getListByOrgIds`, method: 'POST', data: { organizeIds } });
}

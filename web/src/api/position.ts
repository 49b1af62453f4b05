/** /api/permission/Position: positions (spec 02 §7.6, ROLE-010; jnpf-wire-areas.md §1.4). */
import type { components } from './schema';
import { api } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type PositionRow = Schemas['PositionRow'];
export type PositionInfo = Schemas['PositionInfo'];
export type PositionForm = Schemas['PositionForm'];
export type PositionItem = Schemas['PositionItem'];
export type PositionCondition = Schemas['PositionCondition'];


/** The positions of an organisation and below ('' for all), paged, by keyword. */
export function getPositionList(query: { currentPage: number; pageSize: number; keyword: string; organizeId: string }) {
  return api.GET('/api/permission/Position', { params: { query } });
}

export function getPosition(id: string) {
  return api.GET('/api/permission/Position/{id}', { params: { path: { id } } });
}

export function createPosition(form: PositionForm) {
  return api.POST('/api/permission/Position', { body: form });
}

export function updatePosition(id: string, form: PositionForm) {
  return api.PUT('/api/permission/Position/{id}', { params: { path: { id } }, body: form });
}

export function deletePosition(id: string) {
  return api.DELETE('/api/permission/Position/{id}', { params: { path: { id } } });
}

/** ROLE-006: organisations with their positions (type position can be picked). */
export function getPositionSelector() {
  return api.GET('/api/permission/Position/Selector');
}

/** Every position, flat: the lookup that names a stored value. */
export function getAllPositions() {
  return api.GET('/api/permission/Position/All');
}

/** ROLE-006: a custom position picker, limited to these organisations or positions. */
export function getPositionCondition(condition: PositionCondition) {
  return api.POST('/api/permission/Position/PositionCondition', { body: condition });
}

/** An organisation with its options (the user form's positions and roles). */
export type OptionGroup = Schemas['OptionGroup'];

/** Each of these organisations with its positions; organisations without any are left out. */
export function getPositionsByOrganizations(organizeIds: string[]) {
  return api.POST('/api/permission/Position/getListByOrgIds', { body: { organizeIds } });
}

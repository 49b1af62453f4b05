/**
 * /api/system/Area: provinces, cities, districts and streets (spec 02 §7.8; AREA-004..006;
 * jnpf-wire-areas.md §2.3). The administration page reads one level at a time
 * (`Area/{parentId}`, '-1' the provinces); the area picker reads the enabled areas
 * (`Area/{id}/Selector/{currId}`) and names stored id paths (`GetAreaByIds`).
 */
import type { components } from './schema';
import { api } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type AreaRow = Schemas['AreaListRow'];
export type AreaInfo = Schemas['AreaInfo'];
export type AreaForm = Schemas['AreaForm'];
export type AreaOption = Schemas['AreaOption'];

/** The top of the tree: the provinces' parent. */
export const AREA_ROOT = '-1';


/** AREA-004: the areas right below `parentId`; `keyword` filters that level by name or code. */
export function getAreaChildren(parentId: string, keyword = '') {
  return api.GET('/api/system/Area/{id}', { params: { path: { id: parentId }, query: keyword ? { keyword } : undefined } });
}

/** The enabled areas below `parentId` for the picker, leaving out `currId` (the edited one). */
export function getAreaSelector(parentId: string, currId = '0') {
  return api.GET('/api/system/Area/{id}/Selector/{currId}', { params: { path: { id: parentId, currId: currId || '0' } } });
}

/** AREA-005: the names of each id path, in order (ids that name no area are left out). */
export function getAreaByIds(idsList: string[][]) {
  return api.POST('/api/system/Area/GetAreaByIds', { body: { idsList } });
}

export function getArea(id: string) {
  return api.GET('/api/system/Area/{id}/Info', { params: { path: { id } } });
}

export function createArea(form: AreaForm) {
  return api.POST('/api/system/Area', { body: form });
}

export function updateArea(id: string, form: AreaForm) {
  return api.PUT('/api/system/Area/{id}', { params: { path: { id } }, body: form });
}

export function deleteArea(id: string) {
  return api.DELETE('/api/system/Area/{id}', { params: { path: { id } } });
}

/** AREA-003: enabledMark 1 ↔ 0 (the server flips it). */
export function toggleArea(id: string) {
  return api.PUT('/api/system/Area/{id}/Actions/State', { params: { path: { id } } });
}

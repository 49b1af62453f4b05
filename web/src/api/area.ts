/**
 * /api/system/Area: provinces, cities, districts and streets (spec 02 §7.8; AREA-004..006;
 * jnpf-wire-areas.md §2.3). The administration page reads one level at a time
 * (`Area/{parentId}`, '-1' the provinces); the area picker reads the enabled areas
 * (`Area/{id}/Selector/{currId}`) and names stored id paths (`GetAreaByIds`).
 */
import type { components } from './schema';
import { request as send } from './http';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type AreaRow = Schemas['AreaListRow'];
export type AreaInfo = Schemas['AreaInfo'];
export type AreaForm = Schemas['AreaForm'];
export type AreaOption = Schemas['AreaOption'];

/** The top of the tree: the provinces' parent. */
export const AREA_ROOT = '-1';

const BASE = '/api/system/Area';

/** AREA-004: the areas right below `parentId`; `keyword` filters that level by name or code. */
export function getAreaChildren(parentId: string, keyword = '') {
  return send<{ list: AreaRow[] }>({ url: `${BASE}/${encodeURIComponent(parentId)}`, data: keyword ? { keyword } : undefined });
}

/** The enabled areas below `parentId` for the picker, leaving out `currId` (the edited one). */
export function getAreaSelector(parentId: string, currId = '0') {
  return send<{ list: AreaOption[] }>({ url: `${BASE}/${encodeURIComponent(parentId)}/Selector/${encodeURIComponent(currId || '0')}` });
}

/** AREA-005: the names of each id path, in order (ids that name no area are left out). */
export function getAreaByIds(idsList: string[][]) {
  return send<string[][]>({ url: `${BASE}/GetAreaByIds`, method: 'POST', data: { idsList } });
}

export function getArea(id: string) {
  return send<AreaInfo>({ url: `${BASE}/${encodeURIComponent(id)}/Info` });
}

export function createArea(form: AreaForm) {
  return send({ url: BASE, method: 'POST', data: form });
}

export function updateArea(id: string, form: AreaForm) {
  return send({ url: `${BASE}/${encodeURIComponent(id)}`, method: 'PUT', data: form });
}

export function deleteArea(id: string) {
  return send({ url: `${BASE}/${encodeURIComponent(id)}`, method: 'DELETE' });
}

/** AREA-003: enabledMark 1 ↔ 0 (the server flips it). */
export function toggleArea(id: string) {
  return send({ url: `${BASE}/${encodeURIComponent(id)}/Actions/State`, method: 'PUT' });
}

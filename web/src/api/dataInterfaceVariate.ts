/**
 * /api/system/DataInterfaceVariate: the variables kept beside a data interface (spec 02 §7.8;
 * DI-002, DI-008; server/README.md "Variables"). The JNPF 3.4.7 client calls none of these
 * (jnpf-wire-areas.md, catalogue discrepancies), so the paths are the catalogue's: Selector,
 * {id} (an interface's variables), {id}/Info, POST, PUT {id}, DELETE {id}, {id}/Actions/Copy,
 * {id}/Actions/Export, and the server's {id}/Actions/State and Actions/Import.
 */
import type { components } from './schema';
import { api } from './client';

type Schemas = components['schemas'];

export type VariateListRow = Schemas['VariateListRow'];
export type VariateInfo = Schemas['VariateRow'];
export type VariateForm = Schemas['VariateForm'];
export type VariateNode = Schemas['VariateNode'];


/** The enabled interfaces with their enabled variables below them. */
export function getVariateSelector() {
  return api.GET('/api/system/DataInterfaceVariate/Selector');
}

/** The variables of the interface `interfaceId`, the keyword on their names (not paged). */
export function getVariates(interfaceId: string, keyword: string) {
  return api.GET('/api/system/DataInterfaceVariate/{id}', { params: { path: { id: interfaceId }, query: { keyword } } });
}

export function getVariate(id: string) {
  return api.GET('/api/system/DataInterfaceVariate/{id}/Info', { params: { path: { id } } });
}

export function createVariate(form: VariateForm) {
  return api.POST('/api/system/DataInterfaceVariate', { body: form });
}

export function updateVariate(id: string, form: VariateForm) {
  return api.PUT('/api/system/DataInterfaceVariate/{id}', { params: { path: { id } }, body: form });
}

export function deleteVariate(id: string) {
  return api.DELETE('/api/system/DataInterfaceVariate/{id}', { params: { path: { id } } });
}

/** DI-002: enabledMark 1 ↔ 0 (the server flips it). */
export function toggleVariate(id: string) {
  return api.PUT('/api/system/DataInterfaceVariate/{id}/Actions/State', { params: { path: { id } } });
}

/** A copy named 名称_copy. */
export function copyVariate(id: string) {
  return api.POST('/api/system/DataInterfaceVariate/{id}/Actions/Copy', { params: { path: { id } } });
}

/** The variable as a .bdv file; answers its url. */
export function exportVariate(id: string) {
  return api.GET('/api/system/DataInterfaceVariate/{id}/Actions/Export', { params: { path: { id } } });
}

/** A variable from a .bdv file (multipart field `file`); its interface must exist. */
export function importVariate(file: File) {
  const data = new FormData();
  data.append('file', file, file.name);
  return api.POST('/api/system/DataInterfaceVariate/Actions/Import', { body: data });
}

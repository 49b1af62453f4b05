/**
 * /api/system/DataInterface and DataInterfaceLog: data interfaces (spec 02 §7.8; DI-005..007;
 * jnpf-wire-areas.md §2.4). Paths are the JNPF client's: plural `Actions/State`, `Actions/Copy`
 * and `Actions/Preview`, singular `Action/Export` and `Action/Import` (the server serves the
 * catalogue's plural forms too).
 */
import type { components } from './schema';
import { api, undocumented } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type InterfaceListRow = Schemas['InterfaceListRow'];
export type InterfaceRow = Schemas['InterfaceRow'];
export type InterfaceForm = Schemas['InterfaceForm'];
export type InterfaceLogRow = Schemas['LogRow'];
export type ParamValue = Schemas['ParamValue'];


/** The interfaces by keyword and category (a DataInterfaceType item's id, '' for all), paged. */
export function getInterfaceList(query: { currentPage: number; pageSize: number; keyword: string; categoryId: string }) {
  return api.GET('/api/system/DataInterface', { params: { query: undocumented(query, { sort: 'desc' }) } });
}

/** The interface's form; its JSON settings (headers, parameters, propertyJson) are JSON text. */
export function getInterface(id: string) {
  return api.GET('/api/system/DataInterface/{id}', { params: { path: { id } } });
}

export function createInterface(form: InterfaceForm) {
  return api.POST('/api/system/DataInterface', { body: form });
}

export function updateInterface(id: string, form: InterfaceForm) {
  return api.PUT('/api/system/DataInterface/{id}', { params: { path: { id } }, body: form });
}

export function deleteInterface(id: string) {
  return api.DELETE('/api/system/DataInterface/{id}', { params: { path: { id } } });
}

/** DI-001: enabledMark 1 ↔ 0 (the server flips it). */
export function toggleInterface(id: string) {
  return api.PUT('/api/system/DataInterface/{id}/Actions/State', { params: { path: { id } } });
}

export function copyInterface(id: string) {
  return api.POST('/api/system/DataInterface/{id}/Actions/Copy', { params: { path: { id } } });
}

/**
 * Calls the interface as the test page does: the answer's data as it is (rows for SQL). A
 * refusal (a statement that is not one read-only SELECT, a disabled interface, an HTTP error)
 * is a non-200 envelope with the server's message.
 */
export function previewInterface(id: string, paramList: ParamValue[]) {
  return api.POST('/api/system/DataInterface/{id}/Actions/Preview', { params: { path: { id } }, body: undocumented({ paramList }, { origin: 'preview' }) });
}

/** The interface as a .bd file; answers its url. */
export function exportInterface(id: string) {
  return api.GET('/api/system/DataInterface/{id}/Action/Export', { params: { path: { id } } });
}

/** An interface from a .bd file (multipart field `file`). */
export function importInterface(file: File) {
  const data = new FormData();
  data.append('file', file, file.name);
  return api.POST('/api/system/DataInterface/Action/Import', { body: data });
}

/** DI-007: the calls of an interface, newest first. */
export function getInterfaceLog(id: string, query: { currentPage: number; pageSize: number; keyword: string }) {
  return api.GET('/api/system/DataInterfaceLog/{id}', { params: { path: { id }, query } });
}

/**
 * The popup list query (spec 02 §3, WGT-049). The JNPF client also sends the interface id in
 * the body; the server reads it from the path.
 */
export type InterfaceListForm = Schemas['ListForm'] & { interfaceId?: string };

/** A page of the interface's rows (popupSelect, popupTableSelect, autoComplete). */
export function listInterfaceRows(id: string, form: InterfaceListForm) {
  return api.POST('/api/system/DataInterface/{id}/Action/List', { params: { path: { id } }, body: form, quiet: true });
}

/**
 * The rows whose value key is one of `ids` (the text of a chosen popup value; spec 02 §7.1,
 * WGT-051: ids, interfaceId, propsValue, relationField, paramList — the server reads the id
 * from the path and the rows' keys from propsValue).
 */
export function interfaceRowsByIds(id: string, form: Schemas['InfoByIdsForm'] & { interfaceId?: string; relationField?: string }) {
  return api.POST('/api/system/DataInterface/{id}/Action/InfoByIds', { params: { path: { id } }, body: form, quiet: true });
}

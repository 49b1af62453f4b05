/**
 * /api/system/DataInterfaceVariate: the variables kept beside a data interface (spec 02 §7.8;
 * DI-002, DI-008; server/README.md "Variables"). The JNPF 3.4.7 client calls none of these
 * (jnpf-wire-areas.md, catalogue discrepancies), so the paths are the catalogue's: Selector,
 * {id} (an interface's variables), {id}/Info, POST, PUT {id}, DELETE {id}, {id}/Actions/Copy,
 * {id}/Actions/Export, and the server's {id}/Actions/State and Actions/Import.
 */
import type { components } from './schema';
import { request as send } from './http';

type Schemas = components['schemas'];

export type VariateListRow = Schemas['VariateListRow'];
export type VariateInfo = Schemas['VariateRow'];
export type VariateForm = Schemas['VariateForm'];
export type VariateNode = Schemas['VariateNode'];
type ExportUrl = Schemas['ExportUrl'];

const BASE = '/api/system/DataInterfaceVariate';

/** The enabled interfaces with their enabled variables below them. */
export function getVariateSelector() {
  return send<VariateNode[]>({ url: `${BASE}/Selector` });
}

/** The variables of the interface `interfaceId`, the keyword on their names (not paged). */
export function getVariates(interfaceId: string, keyword: string) {
  return send<{ list: VariateListRow[] }>({ url: `${BASE}/${interfaceId}`, data: { keyword } });
}

export function getVariate(id: string) {
  return send<VariateInfo>({ url: `${BASE}/${id}/Info` });
}

export function createVariate(form: VariateForm) {
  return send({ url: BASE, method: 'POST', data: form });
}

export function updateVariate(id: string, form: VariateForm) {
  return send({ url: `${BASE}/${id}`, method: 'PUT', data: form });
}

export function deleteVariate(id: string) {
  return send({ url: `${BASE}/${id}`, method: 'DELETE' });
}

/** DI-002: enabledMark 1 ↔ 0 (the server flips it). */
export function toggleVariate(id: string) {
  return send({ url: `${BASE}/${id}/Actions/State`, method: 'PUT' });
}

/** A copy named 名称_copy. */
export function copyVariate(id: string) {
  return send({ url: `${BASE}/${id}/Actions/Copy`, method: 'POST' });
}

/** The variable as a .bdv file; answers its url. */
export function exportVariate(id: string) {
  return send<ExportUrl>({ url: `${BASE}/${id}/Actions/Export` });
}

/** A variable from a .bdv file (multipart field `file`); its interface must exist. */
export function importVariate(file: File) {
  const data = new FormData();
  data.append('file', file, file.name);
  return send({ url: `${BASE}/Actions/Import`, method: 'POST', data });
}

/**
 * /api/system/DictionaryType and /api/system/DictionaryData: dictionary categories and their
 * items (spec 01 §7, 02 §7.9; DICT-043, DICT-044; jnpf-wire-areas.md §2.1). Paths are the JNPF
 * client's (its singular `Action/Export` and `Action/Import`; the server serves the
 * catalogue's plural forms too).
 *
 * `DictionaryData/All` → `{list: [{id, enCode, fullName, isTree, dictionaryList: [...]}]}` is
 * what the administration forms read, cached and looked up by a category's id or enCode
 * (useDictionary): the position form sends a PositionType item's enCode, the group form a
 * groupType item's id.
 */
import type { components } from './schema';
import { request as send } from './http';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type Dictionary = Schemas['Dictionary'];
export type DictionaryItem = Schemas['ItemNode'];
/** A category of the tree (DICT-019): the root's parentId is '-1'. */
export type DictionaryTypeNode = Schemas['TypeNode'];
export type DictionaryTypeInfo = Schemas['TypeInfo'];
export type DictionaryTypeForm = Schemas['TypeForm'];
/** An item as the right pane lists it (DICT-021): `children` in a tree category. */
export type DictionaryItemNode = Schemas['ItemNode'];
export type DictionaryItemInfo = Schemas['ItemInfo'];
export type DictionaryItemForm = Schemas['DictionaryItemForm'];
/** A node of the category or item parent pickers. */
export type DictionaryPickerNode = Schemas['DictionaryPickerNode'];
export type ExportUrl = Schemas['ExportUrl'];

const TYPE = '/api/system/DictionaryType';
const DATA = '/api/system/DictionaryData';

/** Every dictionary category with its enabled items. */
export function getDictionaryAll() {
  return send<{ list: Dictionary[] }>({ url: `${DATA}/All` });
}

// ---- categories ----------------------------------------------------------------------------

/** The category tree. */
export function getDictionaryTypes() {
  return send<{ list: DictionaryTypeNode[] }>({ url: TYPE });
}

/** The parents a category may take: every category but `id` (the edited one, '0' for a new one) and those below it. */
export function getDictionaryTypeSelector(id: string) {
  return send<{ list: DictionaryPickerNode[] }>({ url: `${TYPE}/Selector/${id || '0'}` });
}

export function getDictionaryType(id: string) {
  return send<DictionaryTypeInfo>({ url: `${TYPE}/${id}` });
}

export function createDictionaryType(form: DictionaryTypeForm) {
  return send({ url: TYPE, method: 'POST', data: form });
}

export function updateDictionaryType(id: string, form: DictionaryTypeForm) {
  return send({ url: `${TYPE}/${id}`, method: 'PUT', data: form });
}

export function deleteDictionaryType(id: string) {
  return send({ url: `${TYPE}/${id}`, method: 'DELETE' });
}

// ---- items -----------------------------------------------------------------------------------

/** A category's items by keyword: a tree when `isTree` is 1 and the category is one. */
export function getDictionaryItems(typeId: string, query: { keyword: string; isTree: number }) {
  return send<{ list: DictionaryItemNode[] }>({ url: `${DATA}/${typeId}`, data: query });
}

/**
 * The parents an item of the category may take; the first node is the category itself
 * (its id stands for the top). `id` is the edited item ('0' for a new one).
 */
export function getDictionaryItemSelector(typeId: string, id: string, isTree: number) {
  return send<{ list: DictionaryPickerNode[] }>({ url: `${DATA}/${typeId}/Selector/${id || '0'}`, data: { isTree } });
}

export function getDictionaryItem(id: string) {
  return send<DictionaryItemInfo>({ url: `${DATA}/${id}/Info` });
}

export function createDictionaryItem(form: DictionaryItemForm) {
  return send({ url: DATA, method: 'POST', data: form });
}

export function updateDictionaryItem(id: string, form: DictionaryItemForm) {
  return send({ url: `${DATA}/${id}`, method: 'PUT', data: form });
}

export function deleteDictionaryItem(id: string) {
  return send({ url: `${DATA}/${id}`, method: 'DELETE' });
}

/** DICT-040: enabledMark 1 ↔ 0 (the server flips it). */
export function toggleDictionaryItem(id: string) {
  return send({ url: `${DATA}/${id}/Actions/State`, method: 'PUT' });
}

// ---- export and import -----------------------------------------------------------------------

/** DICT-017: a category, those below it and their items as a .bdd file; answers its url. */
export function exportDictionaryType(typeId: string) {
  return send<ExportUrl>({ url: `${DATA}/${typeId}/Action/Export` });
}

/** DICT-018: categories and items from a .bdd file (multipart field `file`). */
export function importDictionary(file: File) {
  const data = new FormData();
  data.append('file', file, file.name);
  return send({ url: `${DATA}/Action/Import`, method: 'POST', data });
}

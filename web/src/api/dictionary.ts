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
import { api } from './client';

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


/** Every dictionary category with its enabled items. */
export function getDictionaryAll() {
  return api.GET('/api/system/DictionaryData/All');
}

// ---- categories ----------------------------------------------------------------------------

/** The category tree. */
export function getDictionaryTypes() {
  return api.GET('/api/system/DictionaryType');
}

/** The parents a category may take: every category but `id` (the edited one, '0' for a new one) and those below it. */
export function getDictionaryTypeSelector(id: string) {
  return api.GET('/api/system/DictionaryType/Selector/{id}', { params: { path: { id: id || '0' } } });
}

export function getDictionaryType(id: string) {
  return api.GET('/api/system/DictionaryType/{id}', { params: { path: { id } } });
}

export function createDictionaryType(form: DictionaryTypeForm) {
  return api.POST('/api/system/DictionaryType', { body: form });
}

export function updateDictionaryType(id: string, form: DictionaryTypeForm) {
  return api.PUT('/api/system/DictionaryType/{id}', { params: { path: { id } }, body: form });
}

export function deleteDictionaryType(id: string) {
  return api.DELETE('/api/system/DictionaryType/{id}', { params: { path: { id } } });
}

// ---- items -----------------------------------------------------------------------------------

/** A category's items by keyword: a tree when `isTree` is 1 and the category is one. */
export function getDictionaryItems(typeId: string, query: { keyword: string; isTree: number }) {
  return api.GET('/api/system/DictionaryData/{id}', { params: { path: { id: typeId }, query } });
}

/**
 * The parents an item of the category may take; the first node is the category itself
 * (its id stands for the top). `id` is the edited item ('0' for a new one).
 */
export function getDictionaryItemSelector(typeId: string, id: string, isTree: number) {
  return api.GET('/api/system/DictionaryData/{id}/Selector/{itemId}', { params: { path: { id: typeId, itemId: id || '0' } }, undocumentedQuery: { isTree } });
}

export function getDictionaryItem(id: string) {
  return api.GET('/api/system/DictionaryData/{id}/Info', { params: { path: { id } } });
}

export function createDictionaryItem(form: DictionaryItemForm) {
  return api.POST('/api/system/DictionaryData', { body: form });
}

export function updateDictionaryItem(id: string, form: DictionaryItemForm) {
  return api.PUT('/api/system/DictionaryData/{id}', { params: { path: { id } }, body: form });
}

export function deleteDictionaryItem(id: string) {
  return api.DELETE('/api/system/DictionaryData/{id}', { params: { path: { id } } });
}

/** DICT-040: enabledMark 1 ↔ 0 (the server flips it). */
export function toggleDictionaryItem(id: string) {
  return api.PUT('/api/system/DictionaryData/{id}/Actions/State', { params: { path: { id } } });
}

// ---- export and import -----------------------------------------------------------------------

/** DICT-017: a category, those below it and their items as a .bdd file; answers its url. */
export function exportDictionaryType(typeId: string) {
  return api.GET('/api/system/DictionaryData/{id}/Action/Export', { params: { path: { id: typeId } } });
}

/** DICT-018: categories and items from a .bdd file (multipart field `file`). */
export function importDictionary(file: File) {
  const data = new FormData();
  data.append('file', file, file.name);
  return api.POST('/api/system/DictionaryData/Action/Import', { body: data });
}

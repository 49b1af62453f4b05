/**
 * /api/system/System, Menu, ModuleButton, ModuleColumn, ModuleForm, ModuleDataAuthorize and
 * ModuleDataAuthorizeScheme: the applications, their menus and each menu's permission items,
 * as the menu administration page (system/menu) calls them (jnpf-wire-areas.md §1.8; PERM-004,
 * PERM-012). Reading needs the page; a change its button (btn_add, btn_edit — also the state
 * toggles —, btn_remove); the server flips a state itself (Actions/State has no body).
 */
import type { components } from './schema';
import { api } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type SystemInfo = Schemas['SystemInfo'];
export type SystemForm = Schemas['SystemForm'];
export type MenuInfo = Schemas['MenuInfo'];
export type MenuForm = Schemas['MenuForm'];
/** A node of the menu parent picker (Menu/Selector). */
export type MenuPickerNode = Schemas['PickerNode'];
export type ButtonInfo = Schemas['ButtonInfo'];
/** A list column or a form field of a menu. */
export type FieldInfo = Schemas['FieldInfo'];
export type ItemForm = Schemas['ItemForm'];
export type BatchForm = Schemas['BatchForm'];
export type BatchField = Schemas['BatchField'];
export type AuthorizeFieldInfo = Schemas['AuthorizeFieldInfo'];
export type AuthorizeFieldForm = Schemas['AuthorizeFieldForm'];
export type SchemeInfo = Schemas['SchemeInfo'];
export type LinkInfo = Schemas['LinkInfo'];
export type LinkTables = Schemas['LinkTables'];
export type LinkField = Schemas['LinkField'];

/** The top of an application's menus and of a menu's buttons (the client's 顶级节点). */
export const TOP = '-1';

/** Web or App menus. */
export type MenuCategory = 'Web' | 'App';

// ---- applications ---------------------------------------------------------------------------

/** Every application, in sort order; the keyword matches name and code. */
export function getSystems(keyword: string) {
  return api.GET('/api/system/System', { params: { query: { keyword } } });
}

export function getSystem(id: string) {
  return api.GET('/api/system/System/{id}', { params: { path: { id } } });
}

export function createSystem(form: SystemForm) {
  return api.POST('/api/system/System', { body: form });
}

export function updateSystem(id: string, form: SystemForm) {
  return api.PUT('/api/system/System/{id}', { params: { path: { id } }, body: form });
}

/** Never the main system, nor one that still has menus (the server says why). */
export function deleteSystem(id: string) {
  return api.DELETE('/api/system/System/{id}', { params: { path: { id } } });
}

export function toggleSystemState(id: string) {
  return api.PUT('/api/system/System/{id}/Actions/State', { params: { path: { id } } });
}

// ---- menus ----------------------------------------------------------------------------------

/** An application's menus of one category as a tree; a keyword keeps matches with their ancestors. */
export function getMenus(systemId: string, query: { keyword: string; category: MenuCategory }) {
  return api.GET('/api/system/Menu/ModuleBySystem/{systemId}', { params: { path: { systemId }, query } });
}

/** The directories a menu may hang under: without `id` (the menu edited, '0' for a new one) and what is below it. */
export function getMenuSelector(id: string, systemId: string, category: MenuCategory) {
  return api.GET('/api/system/Menu/Selector/{id}/{systemId}', { params: { path: { id: id || '0', systemId: systemId || '0' }, query: { category } } });
}

export function getMenu(id: string) {
  return api.GET('/api/system/Menu/{id}', { params: { path: { id } } });
}

export function createMenu(form: MenuForm) {
  return api.POST('/api/system/Menu', { body: form });
}

export function updateMenu(id: string, form: MenuForm) {
  return api.PUT('/api/system/Menu/{id}', { params: { path: { id } }, body: form });
}

/** Refused while menus hang below it. */
export function deleteMenu(id: string) {
  return api.DELETE('/api/system/Menu/{id}', { params: { path: { id } } });
}

export function toggleMenuState(id: string) {
  return api.PUT('/api/system/Menu/{id}/Actions/State', { params: { path: { id } } });
}

/** A menu, the menus below it and all their items as a .bm file: the url to download it from. */
export function exportMenu(id: string) {
  return api.GET('/api/system/Menu/{id}/Action/Export', { params: { path: { id } } });
}

/**
 * A .bm file (multipart field `file`) into application `systemId` under `parentId` ('-1' the
 * top) on the tab `category`; checked whole by the server, which names what it refuses.
 */
export function importMenu(systemId: string, file: File, parentId: string, category: MenuCategory) {
  const data = new FormData();
  data.append('file', file, file.name);
  data.append('parentId', parentId);
  data.append('category', category);
  return api.POST('/api/system/Menu/{id}/Action/Import', { params: { path: { id: systemId } }, body: data });
}

// ---- buttons --------------------------------------------------------------------------------

/** A menu's buttons as a tree. */
export function getButtons(moduleId: string, keyword: string) {
  return api.GET('/api/system/ModuleButton/{id}/List', { params: { path: { id: moduleId }, query: { keyword } } });
}

/** The buttons a button of this menu may hang under (put under 顶级节点 by the form). */
export function getButtonSelector(moduleId: string) {
  return api.GET('/api/system/ModuleButton/{id}/Selector', { params: { path: { id: moduleId } } });
}

export function getButton(id: string) {
  return api.GET('/api/system/ModuleButton/{id}', { params: { path: { id } } });
}

export function createButton(form: ItemForm) {
  return api.POST('/api/system/ModuleButton', { body: form });
}

export function updateButton(id: string, form: ItemForm) {
  return api.PUT('/api/system/ModuleButton/{id}', { params: { path: { id } }, body: form });
}

export function deleteButton(id: string) {
  return api.DELETE('/api/system/ModuleButton/{id}', { params: { path: { id } } });
}

export function toggleButtonState(id: string) {
  return api.PUT('/api/system/ModuleButton/{id}/Actions/State', { params: { path: { id } } });
}

// ---- list columns and form fields -----------------------------------------------------------

/** 'column' (列表权限, ModuleColumn) or 'form' (表单权限, ModuleForm): the same calls on two paths. */
export type FieldKind = 'column' | 'form';

export function getFields(kind: FieldKind, moduleId: string, keyword: string) {
  return kind === 'column'
    ? api.GET('/api/system/ModuleColumn/{id}/Fields', { params: { path: { id: moduleId }, query: { keyword } } })
    : api.GET('/api/system/ModuleForm/{id}/Fields', { params: { path: { id: moduleId }, query: { keyword } } });
}

export function getField(kind: FieldKind, id: string) {
  return kind === 'column'
    ? api.GET('/api/system/ModuleColumn/{id}', { params: { path: { id } } })
    : api.GET('/api/system/ModuleForm/{id}', { params: { path: { id } } });
}

export function createField(kind: FieldKind, form: ItemForm) {
  return kind === 'column'
    ? api.POST('/api/system/ModuleColumn', { body: form })
    : api.POST('/api/system/ModuleForm', { body: form });
}

export function updateField(kind: FieldKind, id: string, form: ItemForm) {
  return kind === 'column'
    ? api.PUT('/api/system/ModuleColumn/{id}', { params: { path: { id } }, body: form })
    : api.PUT('/api/system/ModuleForm/{id}', { params: { path: { id } }, body: form });
}

export function deleteField(kind: FieldKind, id: string) {
  return kind === 'column'
    ? api.DELETE('/api/system/ModuleColumn/{id}', { params: { path: { id } } })
    : api.DELETE('/api/system/ModuleForm/{id}', { params: { path: { id } } });
}

export function toggleFieldState(kind: FieldKind, id: string) {
  return kind === 'column'
    ? api.PUT('/api/system/ModuleColumn/{id}/Actions/State', { params: { path: { id } } })
    : api.PUT('/api/system/ModuleForm/{id}/Actions/State', { params: { path: { id } } });
}

/**
 * Several fields at once, all or none: `columnJson` for list columns, `formJson` for form
 * fields — arrays, not text (jnpf-wire-areas.md §1.8).
 */
export function batchFields(kind: FieldKind, moduleId: string, fields: BatchField[], bindTable = '', bindTableName = '') {
  const data: BatchForm = { moduleId, bindTable, bindTableName, ...(kind === 'column' ? { columnJson: fields } : { formJson: fields }) };
  return kind === 'column'
    ? api.POST('/api/system/ModuleColumn/Actions/Batch', { body: data })
    : api.POST('/api/system/ModuleForm/Actions/Batch', { body: data });
}

// ---- data permission ------------------------------------------------------------------------

/** A menu's data-authorize fields. */
export function getAuthorizeFields(moduleId: string) {
  return api.GET('/api/system/ModuleDataAuthorize/{id}/List', { params: { path: { id: moduleId } } });
}

export function getAuthorizeField(id: string) {
  return api.GET('/api/system/ModuleDataAuthorize/{id}', { params: { path: { id } } });
}

export function createAuthorizeField(form: AuthorizeFieldForm) {
  return api.POST('/api/system/ModuleDataAuthorize', { body: form });
}

export function updateAuthorizeField(id: string, form: AuthorizeFieldForm) {
  return api.PUT('/api/system/ModuleDataAuthorize/{id}', { params: { path: { id } }, body: form });
}

export function deleteAuthorizeField(id: string) {
  return api.DELETE('/api/system/ModuleDataAuthorize/{id}', { params: { path: { id } } });
}

/** A menu's data-permission schemes. */
export function getSchemes(moduleId: string) {
  return api.GET('/api/system/ModuleDataAuthorizeScheme/{id}/List', { params: { path: { id: moduleId } } });
}

export function getScheme(id: string) {
  return api.GET('/api/system/ModuleDataAuthorizeScheme/{id}', { params: { path: { id } } });
}

export function createScheme(form: ItemForm) {
  return api.POST('/api/system/ModuleDataAuthorizeScheme', { body: form });
}

export function updateScheme(id: string, form: ItemForm) {
  return api.PUT('/api/system/ModuleDataAuthorizeScheme/{id}', { params: { path: { id } }, body: form });
}

export function deleteScheme(id: string) {
  return api.DELETE('/api/system/ModuleDataAuthorizeScheme/{id}', { params: { path: { id } } });
}

export function toggleSchemeState(id: string) {
  return api.PUT('/api/system/ModuleDataAuthorizeScheme/{id}/Actions/State', { params: { path: { id } } });
}

// ---- data connections -----------------------------------------------------------------------

/** What a data connection is for: 1 list columns, 2 form fields, 3 data permission. */
export type LinkDataType = 1 | 2 | 3;

/** The platform database, the only connection so far. */
export const PLATFORM_LINK = '0';

/** A menu's connection for one kind of field: `linkTables` csv ('' when none). */
export function getLinkInfo(menuId: string, dataType: LinkDataType) {
  return api.GET('/api/system/ModuleDataAuthorizeLink/getInfo/{menuId}/{dataType}', { params: { path: { menuId, dataType: String(dataType) } } });
}

/** Saves the tables (csv) of the platform database a menu's fields of one kind are picked from. */
export function saveLink(moduleId: string, dataType: LinkDataType, linkTables: string[], linkId = PLATFORM_LINK) {
  return api.POST('/api/system/ModuleDataAuthorizeLink/saveLinkData', { body: { moduleId, linkId, linkTables: linkTables.join(','), dataType } });
}

/** A page of a connected table's columns, a keyword on the name. */
export function getLinkFields(linkId: string, table: string, dataType: LinkDataType, query: { keyword: string; currentPage: number; pageSize: number }, menuType = 2) {
  return api.GET('/api/system/ModuleDataAuthorizeLink/{linkId}/Tables/{table}/Fields/{menuType}/{dataType}', { params: { path: { linkId, table, menuType: String(menuType), dataType: String(dataType) }, query } });
}

/**
 * /api/system/System, Menu, ModuleButton, ModuleColumn, ModuleForm, ModuleDataAuthorize and
 * ModuleDataAuthorizeScheme: the applications, their menus and each menu's permission items,
 * as the menu administration page (system/menu) calls them (jnpf-wire-areas.md §1.8; PERM-004,
 * PERM-012). Reading needs the page; a change its button (btn_add, btn_edit — also the state
 * toggles —, btn_remove); the server flips a state itself (Actions/State has no body).
 */
import type { components } from './schema';
import { request as send } from './http';

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
type ExportUrl = Schemas['ExportUrl'];

/** The top of an application's menus and of a menu's buttons (the client's 顶级节点). */
export const TOP = '-1';

/** Web or App menus. */
export type MenuCategory = 'Web' | 'App';

const SYSTEM = '/api/system/System';
const MENU = '/api/system/Menu';
const BUTTON = '/api/system/ModuleButton';
const COLUMN = '/api/system/ModuleColumn';
const FORM = '/api/system/ModuleForm';
const AUTHORIZE = '/api/system/ModuleDataAuthorize';
const SCHEME = '/api/system/ModuleDataAuthorizeScheme';
const LINK = '/api/system/ModuleDataAuthorizeLink';

// ---- applications ---------------------------------------------------------------------------

/** Every application, in sort order; the keyword matches name and code. */
export function getSystems(keyword: string) {
  return send<{ list: SystemInfo[] }>({ url: SYSTEM, data: { keyword } });
}

export function getSystem(id: string) {
  return send<SystemInfo>({ url: `${SYSTEM}/${id}` });
}

export function createSystem(form: SystemForm) {
  return send({ url: SYSTEM, method: 'POST', data: form });
}

export function updateSystem(id: string, form: SystemForm) {
  return send({ url: `${SYSTEM}/${id}`, method: 'PUT', data: form });
}

/** Never the main system, nor one that still has menus (the server says why). */
export function deleteSystem(id: string) {
  return send({ url: `${SYSTEM}/${id}`, method: 'DELETE' });
}

export function toggleSystemState(id: string) {
  return send({ url: `${SYSTEM}/${id}/Actions/State`, method: 'PUT' });
}

// ---- menus ----------------------------------------------------------------------------------

/** An application's menus of one category as a tree; a keyword keeps matches with their ancestors. */
export function getMenus(systemId: string, query: { keyword: string; category: MenuCategory }) {
  return send<{ list: MenuInfo[] }>({ url: `${MENU}/ModuleBySystem/${systemId}`, data: query });
}

/** The directories a menu may hang under: without `id` (the menu edited, '0' for a new one) and what is below it. */
export function getMenuSelector(id: string, systemId: string, category: MenuCategory) {
  return send<{ list: MenuPickerNode[] }>({ url: `${MENU}/Selector/${id || '0'}/${systemId || '0'}`, data: { category } });
}

export function getMenu(id: string) {
  return send<MenuInfo>({ url: `${MENU}/${id}` });
}

export function createMenu(form: MenuForm) {
  return send({ url: MENU, method: 'POST', data: form });
}

export function updateMenu(id: string, form: MenuForm) {
  return send({ url: `${MENU}/${id}`, method: 'PUT', data: form });
}

/** Refused while menus hang below it. */
export function deleteMenu(id: string) {
  return send({ url: `${MENU}/${id}`, method: 'DELETE' });
}

export function toggleMenuState(id: string) {
  return send({ url: `${MENU}/${id}/Actions/State`, method: 'PUT' });
}

/** A menu, the menus below it and all their items as a .bm file: the url to download it from. */
export function exportMenu(id: string) {
  return send<ExportUrl>({ url: `${MENU}/${id}/Action/Export` });
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
  return send({ url: `${MENU}/${systemId}/Action/Import`, method: 'POST', data });
}

// ---- buttons --------------------------------------------------------------------------------

/** A menu's buttons as a tree. */
export function getButtons(moduleId: string, keyword: string) {
  return send<{ list: ButtonInfo[] }>({ url: `${BUTTON}/${moduleId}/List`, data: { keyword } });
}

/** The buttons a button of this menu may hang under (put under 顶级节点 by the form). */
export function getButtonSelector(moduleId: string) {
  return send<{ list: ButtonInfo[] }>({ url: `${BUTTON}/${moduleId}/Selector` });
}

export function getButton(id: string) {
  return send<ButtonInfo>({ url: `${BUTTON}/${id}` });
}

export function createButton(form: ItemForm) {
  return send({ url: BUTTON, method: 'POST', data: form });
}

export function updateButton(id: string, form: ItemForm) {
  return send({ url: `${BUTTON}/${id}`, method: 'PUT', data: form });
}

export function deleteButton(id: string) {
  return send({ url: `${BUTTON}/${id}`, method: 'DELETE' });
}

export function toggleButtonState(id: string) {
  return send({ url: `${BUTTON}/${id}/Actions/State`, method: 'PUT' });
}

// ---- list columns and form fields -----------------------------------------------------------

/** 'column' (列表权限, ModuleColumn) or 'form' (表单权限, ModuleForm): the same calls on two paths. */
export type FieldKind = 'column' | 'form';

const fieldBase = (kind: FieldKind) => (kind === 'column' ? COLUMN : FORM);

export function getFields(kind: FieldKind, moduleId: string, keyword: string) {
  return send<{ list: FieldInfo[] }>({ url: `${fieldBase(kind)}/${moduleId}/Fields`, data: { keyword } });
}

export function getField(kind: FieldKind, id: string) {
  return send<FieldInfo>({ url: `${fieldBase(kind)}/${id}` });
}

export function createField(kind: FieldKind, form: ItemForm) {
  return send({ url: fieldBase(kind), method: 'POST', data: form });
}

export function updateField(kind: FieldKind, id: string, form: ItemForm) {
  return send({ url: `${fieldBase(kind)}/${id}`, method: 'PUT', data: form });
}

export function deleteField(kind: FieldKind, id: string) {
  return send({ url: `${fieldBase(kind)}/${id}`, method: 'DELETE' });
}

export function toggleFieldState(kind: FieldKind, id: string) {
  return send({ url: `${fieldBase(kind)}/${id}/Actions/State`, method: 'PUT' });
}

/**
 * Several fields at once, all or none: `columnJson` for list columns, `formJson` for form
 * fields — arrays, not text (jnpf-wire-areas.md §1.8).
 */
export function batchFields(kind: FieldKind, moduleId: string, fields: BatchField[], bindTable = '', bindTableName = '') {
  const data: BatchForm = { moduleId, bindTable, bindTableName, ...(kind === 'column' ? { columnJson: fields } : { formJson: fields }) };
  return send({ url: `${fieldBase(kind)}/Actions/Batch`, method: 'POST', data });
}

// ---- data permission ------------------------------------------------------------------------

/** A menu's data-authorize fields. */
export function getAuthorizeFields(moduleId: string) {
  return send<{ list: AuthorizeFieldInfo[] }>({ url: `${AUTHORIZE}/${moduleId}/List` });
}

export function getAuthorizeField(id: string) {
  return send<AuthorizeFieldInfo>({ url: `${AUTHORIZE}/${id}` });
}

export function createAuthorizeField(form: AuthorizeFieldForm) {
  return send({ url: AUTHORIZE, method: 'POST', data: form });
}

export function updateAuthorizeField(id: string, form: AuthorizeFieldForm) {
  return send({ url: `${AUTHORIZE}/${id}`, method: 'PUT', data: form });
}

export function deleteAuthorizeField(id: string) {
  return send({ url: `${AUTHORIZE}/${id}`, method: 'DELETE' });
}

/** A menu's data-permission schemes. */
export function getSchemes(moduleId: string) {
  return send<{ list: SchemeInfo[] }>({ url: `${SCHEME}/${moduleId}/List` });
}

export function getScheme(id: string) {
  return send<SchemeInfo>({ url: `${SCHEME}/${id}` });
}

export function createScheme(form: ItemForm) {
  return send({ url: SCHEME, method: 'POST', data: form });
}

export function updateScheme(id: string, form: ItemForm) {
  return send({ url: `${SCHEME}/${id}`, method: 'PUT', data: form });
}

export function deleteScheme(id: string) {
  return send({ url: `${SCHEME}/${id}`, method: 'DELETE' });
}

export function toggleSchemeState(id: string) {
  return send({ url: `${SCHEME}/${id}/Actions/State`, method: 'PUT' });
}

// ---- data connections -----------------------------------------------------------------------

/** What a data connection is for: 1 list columns, 2 form fields, 3 data permission. */
export type LinkDataType = 1 | 2 | 3;

/** The platform database, the only connection so far. */
export const PLATFORM_LINK = '0';

/** A menu's connection for one kind of field: `linkTables` csv ('' when none). */
export function getLinkInfo(menuId: string, dataType: LinkDataType) {
  return send<LinkInfo>({ url: `${LINK}/getInfo/${menuId}/${dataType}` });
}

/** Saves the tables (csv) of the platform database a menu's fields of one kind are picked from. */
export function saveLink(moduleId: string, dataType: LinkDataType, linkTables: string[], linkId = PLATFORM_LINK) {
  return send({ url: `${LINK}/saveLinkData`, method: 'POST', data: { moduleId, linkId, linkTables: linkTables.join(','), dataType } });
}

/** A page of a connected table's columns, a keyword on the name. */
export function getLinkFields(linkId: string, table: string, dataType: LinkDataType, query: { keyword: string; currentPage: number; pageSize: number }, menuType = 2) {
  return send<{ list: LinkField[]; pagination: { currentPage: number; pageSize: number; total: number } }>({
    url: `${LINK}/${encodeURIComponent(linkId)}/Tables/${encodeURIComponent(table)}/Fields/${menuType}/${dataType}`,
    data: query,
  });
}

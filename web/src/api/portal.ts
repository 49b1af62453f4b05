/**
 * /api/visualdev/Portal: portals (issue 31; jnpf-wire-engine2.md §2.1, §2.5) — what the home
 * page and a portal menu (type 8) read: the runtime answer, the default portal, the user's own
 * layout, the selector of the 切换门户 drawer.
 */
import type { components } from './schema';
import { api } from './client';

type Schemas = components['schemas'];

export type PortalAuth = Schemas['PortalAuth'];
export type PortalGroup = Schemas['PortalGroup'];

/** What the home page or a portal menu renders (type 0 a grid, 1 a page or an address). */
export function getPortalAuth(id: string, systemId: string) {
  return api.GET('/api/visualdev/Portal/{id}/auth', { params: { path: { id }, query: { platform: 'Web', systemId } } });
}

/** The portals the caller may open, in their categories (the 切换门户 drawer: type 1). */
export function getPortalSelector(type?: number) {
  return api.GET('/api/visualdev/Portal/Selector', { params: { query: { platform: 'Web', type } } });
}

/** The caller's home page shows this portal from now on. */
export function setDefaultPortal(id: string) {
  return api.PUT('/api/visualdev/Portal/{id}/Actions/SetDefault', { params: { path: { id }, query: { platform: 'Web' } } });
}

/** The caller's own layout of an unlocked portal (after a drag or a resize). */
export function savePortalLayout(id: string, formData: string, systemId: string) {
  return api.PUT('/api/visualdev/Portal/Custom/Save/{id}', { params: { path: { id } }, body: { formData, systemId } });
}

// ---- 门户设计 (the records page and the designer; jnpf-wire-engine2.md §2.1) ----

export type PortalRow = Schemas['PortalListRow'];
export type PortalInfo = Schemas['PortalInfo'];
export type PortalForm = Schemas['PortalForm'];
export type PortalReleaseForm = Schemas['PortalReleaseForm'];

/** The portals by keyword and category (a portalDesigner item id, '' for all), paged. */
export function getPortalList(query: { currentPage: number; pageSize: number; keyword: string; category: string }) {
  const { category, ...rest } = query;
  return api.GET('/api/visualdev/Portal', { params: { query: { ...rest, ...(category ? { category } : {}) } } });
}

export function getPortal(id: string) {
  return api.GET('/api/visualdev/Portal/{id}', { params: { path: { id } } });
}

/** A new portal; `data` is its id (确定并设计 opens the designer with it). */
export function createPortal(form: PortalForm) {
  return api.POST('/api/visualdev/Portal', { body: form });
}

/** The record dialog sends the whole form; the designer only `{id, type, formData}`. */
export function updatePortal(id: string, form: PortalForm & { id?: string }) {
  return api.PUT('/api/visualdev/Portal/{id}', { params: { path: { id } }, body: form });
}

export function deletePortal(id: string) {
  return api.DELETE('/api/visualdev/Portal/{id}', { params: { path: { id } } });
}

export function copyPortal(id: string) {
  return api.POST('/api/visualdev/Portal/{id}/Actions/Copy', { params: { path: { id } } });
}

/** The portal as a .vp file; answers its url. */
export function exportPortal(id: string) {
  return api.POST('/api/visualdev/Portal/{id}/Actions/ExportData', { params: { path: { id } } });
}

/** A portal from a .vp file (multipart field `file`). */
export function importPortal(file: File) {
  const data = new FormData();
  data.append('file', file, file.name);
  return api.POST('/api/visualdev/Portal/Model/Actions/ImportData', { body: data });
}

/** 同步门户: type-8 menus under the chosen applications, Web and/or App. */
export function releasePortal(id: string, form: PortalReleaseForm) {
  return api.PUT('/api/visualdev/Portal/Actions/release/{id}', { params: { path: { id } }, body: form });
}

/** The enabled applications a portal may be released to (同步门户's 应用). */
export function getReleaseSystems() {
  return api.GET('/api/system/System', { params: { query: { enabledMark: 1 } } });
}

export type MenuNode = Schemas['PickerNode'];

/** Every enabled menu of every application as a tree (a card's link to a menu). */
export function getMenuTree(category: 'Web' | 'App') {
  return api.GET('/api/system/Menu/Selector/All', { params: { query: { category } } });
}

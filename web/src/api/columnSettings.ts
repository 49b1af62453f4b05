/**
 * A user's columns of a list, kept by the server per user and menu (jnpf-wire-engine2.md §5,
 * LIST-006, LIST-007, LIST-009): GET Authority/GetColumnsByModuleId/{menuId} answers the saved
 * list ([] when none), PUT Authority/SetColumnsByModuleId stores `{moduleId, fieldList}` with
 * fieldList the JSON text of `[{prop, label, visible}]` in the chosen order.
 */
import type { components } from './schema';
import { api } from './client';

export type ColumnSetting = components['schemas']['ColumnSetting'];

/** The saved columns of a menu's list ([] when the user saved none). */
export function getColumns(menuId: string) {
  return api.GET('/api/permission/Authority/GetColumnsByModuleId/{menuId}', { params: { path: { menuId } } });
}

/** Stores the columns of a menu's list (an empty list forgets them). */
export function setColumns(moduleId: string, columns: { prop: string; label: string; visible: boolean }[]) {
  return api.PUT('/api/permission/Authority/SetColumnsByModuleId', { body: { moduleId, fieldList: JSON.stringify(columns) } });
}

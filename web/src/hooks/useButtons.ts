/**
 * Button permission on a page (spec 01 §6; jnpf-wire.md's `v-has`): the page's permission
 * entry is found by its model id — the menu id of the route being shown (PERM-006) — and a
 * button's code is matched against it by the rules core (`hasButton`, PERM-009). An element
 * whose code is not granted is not rendered at all (PERM-011), and nothing is rendered before
 * the core has loaded. Hiding is a convenience: the server checks every call again. The same
 * entry grants the list columns and form fields of a generated page (usePermissions).
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { loadCore } from '@/core';
import { useUser } from '@/stores/user';

type Core = Awaited<ReturnType<typeof loadCore>>;

/** The default button codes (PERM-010): 新建, 编辑, 删除. */
export const BTN_ADD = 'btn_add';
export const BTN_EDIT = 'btn_edit';
export const BTN_REMOVE = 'btn_remove';
/** 导入 and 导出 of the pages that take files in and out (the dictionary, serial-number rules). */
export const BTN_UPLOAD = 'btn_upload';
export const BTN_DOWNLOAD = 'btn_download';

/**
 * A page shown inside another (the dictionary screen in the dictionary picker's dialog, widget
 * spec 2.6) takes the buttons of its own menu entry, named by its menu address
 * ('systemData/dictionary'), not those of the page at the current location.
 */
export const ButtonScope = createContext<string | null>(null);

const bare = (address: string) => address.split('?')[0].replace(/^\/+|\/+$/g, '');

/**
 * What the menu entry of the page shown at the current location (or in its ButtonScope) grants:
 * buttons by code, list columns by prop (PERM-007), form fields by name (`table-column` for a
 * sub-table's, PERM-008) — each matched by the rules core. `ready` once the core has loaded;
 * before that, and on a page without a menu entry, nothing is granted.
 */
export interface PagePermissions {
  ready: boolean;
  button(code: string): boolean;
  column(prop: string): boolean;
  form(name: string): boolean;
}

/** The permissions of the page shown at the current location (or in its ButtonScope). */
export function usePermissions(): PagePermissions {
  const { pathname } = useLocation();
  const scope = useContext(ButtonScope);
  const modelId = useUser(
    (s) => (scope === null ? s.routes.find((r) => r.path === pathname) : s.routes.find((r) => r.type === 2 && bare(r.address ?? '') === scope))?.meta.modelId,
  );
  const permissionList = useUser((s) => s.permissionList);
  const [core, setCore] = useState<Core | null>(null);

  useEffect(() => {
    let alive = true;
    loadCore().then(
      (loaded) => alive && setCore(loaded),
      () => undefined, // no core, nothing granted
    );
    return () => {
      alive = false;
    };
  }, []);

  return useMemo(() => {
    const checker = (ask: (core: Core, modelId: string, code: string) => boolean) => {
      const known = new Map<string, boolean>();
      return (code: string) => {
        if (!core || !modelId) return false;
        let granted = known.get(code);
        if (granted === undefined) {
          granted = ask(core, modelId, code);
          known.set(code, granted);
        }
        return granted;
      };
    };
    return {
      ready: core !== null,
      button: checker((c, id, code) => c.hasButton(permissionList, id, code)),
      column: checker((c, id, prop) => c.hasColumn(permissionList, id, prop)),
      form: checker((c, id, name) => c.hasFormField(permissionList, id, name)),
    };
  }, [core, modelId, permissionList]);
}

/** Whether the user may use a button of the page shown at the current location (or in its ButtonScope). */
export function useButtons(): (code: string) => boolean {
  return usePermissions().button;
}

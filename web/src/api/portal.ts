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

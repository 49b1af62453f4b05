/**
 * /api/permission/Authority/Data: the authorisation wizard (jnpf-wire-areas.md §1.7). Each
 * step asks for its tree (systems, the systems' menus, or the chosen menus' buttons, columns,
 * form fields and data schemes); what the tree holds is the server's answer — for someone who
 * is not the administrator, only what they may hand out.
 */
import type { components } from './schema';
import { api } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type AuthorityNode = Schemas['AuthorityNode'];
export type AuthorityValues = Schemas['AuthorityValues'];
export type AuthoritySave = Schemas['AuthoritySave'];


/** The steps' `type`, in the wizard's order after `system`. */
export type AuthorityKind = 'system' | 'module' | 'button' | 'column' | 'form' | 'resource';

/** Whose grants: a role (the role list opens the wizard), a position or a user. */
export type AuthorityObject = 'Role' | 'Position' | 'User';

/**
 * One step's tree, what the object holds of it (ticked leaves) and every id. `moduleIds`: for
 * `module` the systems, for the later steps the menus chosen in the menu step.
 */
export function getAuthorityValues(objectId: string, type: AuthorityKind, moduleIds: string[]) {
  return api.POST('/api/permission/Authority/Data/{objectId}/Values', { params: { path: { objectId } }, body: { type, moduleIds: moduleIds.join(',') } });
}

/** Everything the object may use, replacing what it had (of what the caller may hand out). */
export function saveAuthority(objectId: string, body: AuthoritySave) {
  return api.PUT('/api/permission/Authority/Data/{objectId}', { params: { path: { objectId } }, body });
}

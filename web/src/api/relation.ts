/**
 * /api/permission/UserRelation: the members of a role, a position or a group
 * (jnpf-wire-areas.md §1.6). Reading needs the object's page, changing it its 编辑 button.
 */
import type { components } from './schema';
import { api } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type MemberIds = Schemas['MemberIds'];
export type MemberSet = Schemas['MemberSet'];

/** Whose members. */
export type MemberObject = 'Role' | 'Position' | 'Group';


/** The members' user ids. */
export function getMembers(objectId: string) {
  return api.GET('/api/permission/UserRelation/{objectId}', { params: { path: { objectId } } });
}

/** The members become exactly `userIds` (the whole new set). */
export function setMembers(objectId: string, objectType: MemberObject, userIds: string[]) {
  return api.POST('/api/permission/UserRelation/{objectId}', { params: { path: { objectId } }, body: { objectId, objectType, userIds } satisfies MemberSet });
}

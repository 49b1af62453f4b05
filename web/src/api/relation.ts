/**
 * /api/permission/UserRelation: the members of a role, a position or a group
 * (jnpf-wire-areas.md §1.6). Reading needs the object's page, changing it its 编辑 button.
 */
import type { components } from './schema';
import { request as send } from './http';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type MemberIds = Schemas['MemberIds'];
export type MemberSet = Schemas['MemberSet'];

/** Whose members. */
export type MemberObject = 'Role' | 'Position' | 'Group';

const BASE = '/api/permission/UserRelation';

/** The members' user ids. */
export function getMembers(objectId: string) {
  return send<MemberIds>({ url: `${BASE}/${objectId}` });
}

/** The members become exactly `userIds` (the whole new set). */
export function setMembers(objectId: string, objectType: MemberObject, userIds: string[]) {
  return send({ url: `${BASE}/${objectId}`, method: 'POST', data: { objectId, objectType, userIds } satisfies MemberSet });
}

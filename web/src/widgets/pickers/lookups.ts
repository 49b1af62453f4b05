/**
 * What the pickers read to name a stored value: the whole organisation tree
 * (Department/Selector/0, ORG-009), every position (Position/All), the role and group trees.
 * Each is asked for once and kept; a page that changes them calls `invalidateLookups` so the
 * next field asks again.
 */
import { getDepartmentSelector, type SelectorNode } from '@/api/organize';
import { getAllPositions, type PositionItem } from '@/api/position';
import { getRoleSelector, type RoleNode } from '@/api/role';
import { getGroupSelector, type GroupNode } from '@/api/group';
import { flatten } from './tree';
import { useOrganizations } from '@/stores/organizations';

export type LookupKind = 'organize' | 'position' | 'role' | 'group';

const cache = new Map<LookupKind, Promise<unknown>>();

function cached<T>(kind: LookupKind, load: () => Promise<T>): Promise<T> {
  let found = cache.get(kind) as Promise<T> | undefined;
  if (!found) {
    found = load();
    cache.set(kind, found);
    // A failed load is not kept: the next field asks again.
    found.catch(() => cache.get(kind) === found && cache.delete(kind));
  }
  return found;
}

/** Forgets the lookups of these kinds (all when none is given). */
export function invalidateLookups(...kinds: LookupKind[]): void {
  if (!kinds.length) cache.clear();
  kinds.forEach((k) => cache.delete(k));
}

// An organisation created, changed or deleted (api/organize.ts): the next field asks again.
useOrganizations.subscribe(() => invalidateLookups('organize'));

/** Every organisation by id. */
export function organisations(): Promise<Map<string, SelectorNode>> {
  return cached('organize', () => getDepartmentSelector('0').then(({ data }) => new Map(flatten(data.list).map((n) => [n.id, n]))));
}

/** Every position by id. */
export function positions(): Promise<Map<string, PositionItem>> {
  return cached('position', () => getAllPositions().then(({ data }) => new Map(data.list.map((p) => [p.id, p]))));
}

/** Every role by id (a role hangs under each of its organisations: any node names it). */
export function roles(): Promise<Map<string, RoleNode>> {
  return cached('role', () =>
    getRoleSelector().then(({ data }) => new Map(flatten(data.list).filter((n) => n.type === 'role').map((n) => [n.id, n]))),
  );
}

/** Every (enabled) group by id. */
export function groups(): Promise<Map<string, GroupNode>> {
  return cached('group', () =>
    getGroupSelector().then(({ data }) => new Map(flatten(Array.isArray(data) ? data : []).filter((n) => n.type === 'group').map((n) => [n.id, n]))),
  );
}

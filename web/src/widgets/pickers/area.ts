/**
 * The area picker's tree (widget spec 2.5, 4.5; AREA-001, AREA-002): nodes keyed by their id
 * path from the province down, so a stored value — an ordered path of ids — is a node's key,
 * and a node at the configured depth (`level`: 0 province, 1 city, 2 district — the default —,
 * 3 street) is a leaf whatever lies below it; above it the server's `isLeaf` decides.
 */
import type { AreaOption } from '@/api/area';

/** WGT/CONST: the default depth, districts. */
export const DEFAULT_AREA_LEVEL = 2;

export interface AreaNode {
  /** The id path joined by ','. */
  key: string;
  id: string;
  title: string;
  /** Ids from the province to this node. */
  path: string[];
  /** Names in the same order. */
  names: string[];
  /** 0 for a province. */
  depth: number;
  isLeaf: boolean;
  /** Not loaded yet when undefined. */
  children?: AreaNode[];
}

export const pathKey = (path: string[]) => path.join(',');

/** The nodes below `parent` (null: the provinces) from the server's options. */
export function areaNodes(options: AreaOption[], parent: AreaNode | null, level = DEFAULT_AREA_LEVEL): AreaNode[] {
  const depth = parent ? parent.depth + 1 : 0;
  return options.map((o) => {
    const path = [...(parent?.path ?? []), o.id];
    return {
      key: pathKey(path),
      id: o.id,
      title: o.fullName,
      path,
      names: [...(parent?.names ?? []), o.fullName],
      depth,
      // WGT (spec 4.5): a node at the configured depth is forced to be a leaf.
      isLeaf: depth >= level || o.isLeaf,
    };
  });
}

/** The key of the virtual 顶级节点 above the provinces (the paths below it start at the province). */
export const TOP_KEY = '-1';

/** Whether the node keyed `key` may lie below `node`. */
const holds = (node: AreaNode, key: string) => node.key === TOP_KEY || key.startsWith(`${node.key},`);

/** The node keyed `key`. */
export function findArea(tree: AreaNode[], key: string): AreaNode | undefined {
  for (const n of tree) {
    if (n.key === key) return n;
    const below = n.children && holds(n, key) ? findArea(n.children, key) : undefined;
    if (below) return below;
  }
  return undefined;
}

/** The tree with `children` set on the node keyed `key`. */
export function withChildren(tree: AreaNode[], key: string, children: AreaNode[]): AreaNode[] {
  return tree.map((n) => {
    if (n.key === key) return { ...n, children, isLeaf: n.isLeaf || children.length === 0 };
    if (n.children && holds(n, key)) return { ...n, children: withChildren(n.children, key, children) };
    return n;
  });
}

/** A stored value as a list of id paths: a path (single) or a list of paths (multiple). */
export function areaPaths(value: unknown, multiple: boolean): string[][] {
  const isPath = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && x !== '');
  if (multiple) return Array.isArray(value) ? value.filter(isPath) : [];
  return isPath(value) ? [value] : [];
}

/** Single mode replaces the pick; multiple mode appends and ignores a path already there. */
export function addPick<T extends { key: string }>(picked: T[], item: T, multiple: boolean): T[] {
  if (!multiple) return [item];
  return picked.some((p) => p.key === item.key) ? picked : [...picked, item];
}

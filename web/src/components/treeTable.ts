/**
 * A tree table as every tree list shows it (organisations, dictionary items and categories,
 * menus, a menu's buttons): leaves without a `children` key (else antd draws an expander),
 * opened whole when rows arrive, and 展开全部 / 折叠全部.
 */
import { useEffect, useMemo, useState, type Key } from 'react';

type Node<T> = { children?: T[] | null };

/** The ids of every row that has children (to expand a whole tree). */
export function branchIds<T extends { id: string } & Node<T>>(rows: T[]): string[] {
  return rows.flatMap((r) => (r.children?.length ? [r.id, ...branchIds(r.children)] : []));
}

/** A tree as antd's Table wants it: no `children` key on a leaf (else it draws an expander). */
export function treeRows<T extends Node<T>>(rows: T[]): T[] {
  return rows.map(({ children, ...row }) => (children?.length ? ({ ...row, children: treeRows(children) } as T) : (row as T)));
}

export interface ExpandAll {
  /** The table's `expandable`: the open rows, kept as the user opens and closes them. */
  expandable: { expandedRowKeys: Key[]; onExpandedRowsChange(keys: readonly Key[]): void };
  /** Ids of the rows that can open. */
  branches: string[];
  /** Every branch is open. */
  allOpen: boolean;
  expandAll(): void;
  collapseAll(): void;
  /** 展开全部 when something is closed, else 折叠全部. */
  toggleAll(): void;
}

/** The open rows of a tree table: all of them whenever new rows arrive. */
export function useExpandAll<T extends { id: string } & Node<T>>(rows: T[]): ExpandAll {
  const branches = useMemo(() => branchIds(rows), [rows]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  useEffect(() => setExpanded(branches), [branches]);
  const allOpen = branches.length > 0 && branches.every((k) => expanded.includes(k));
  return {
    expandable: { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) },
    branches,
    allOpen,
    expandAll: () => setExpanded(branches),
    collapseAll: () => setExpanded([]),
    toggleAll: () => setExpanded(allOpen ? [] : branches),
  };
}

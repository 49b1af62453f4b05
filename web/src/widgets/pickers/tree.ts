/**
 * The pickers' trees (widget spec 2.1): what the dialog's left pane shows, built from the
 * server's nodes, and what a stored value is called.
 */

/** One choice: `key` judges duplicates (an id, or the joined id path of an organisation). */
export interface PickItem<V> {
  key: string;
  value: V;
  label: string;
}

/** A node of the left pane; only `pickable` nodes (the picker's own type) can be chosen. */
export interface PickNode<V> {
  /** Unique in the tree (a role's onlyId: one role may hang under several organisations). */
  key: string;
  /** The server's id of the node (a role's onlyId differs from it). */
  id: string;
  title: string;
  /** The node's type (company, department, position, role, group, …): its icon. */
  type: string;
  pickable: boolean;
  /** Shown but not offered (the server marks what the caller may not choose). */
  disabled?: boolean;
  item?: PickItem<V>;
  children: PickNode<V>[];
}

/** A server node as every picker tree has it. */
export interface ServerNode {
  id: string;
  fullName: string;
  type: string;
  children?: ServerNode[] | null;
}

/** Maps a server tree to the pane's nodes. */
export function toPickNodes<N extends ServerNode, V>(
  nodes: readonly N[] | null | undefined,
  map: (node: N) => Omit<PickNode<V>, 'children'>,
): PickNode<V>[] {
  return (nodes ?? []).map((node) => ({ ...map(node), children: toPickNodes((node.children ?? []) as N[], map) }));
}

/** Every node of a tree, depth first. */
export function flatten<N extends { children?: N[] | null }>(nodes: readonly N[] | null | undefined): N[] {
  return (nodes ?? []).flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

/** The nodes whose title holds the keyword, with their ancestors (case-insensitive). */
export function filterTree<V>(nodes: PickNode<V>[], keyword: string): PickNode<V>[] {
  const word = keyword.trim().toLowerCase();
  if (!word) return nodes;
  return nodes.flatMap((node) => {
    if (node.title.toLowerCase().includes(word)) return [node];
    const children = filterTree(node.children, word);
    return children.length ? [{ ...node, children }] : [];
  });
}

/** The keys of every node that has children (to open a filtered tree whole). */
export function branchKeys<V>(nodes: PickNode<V>[]): string[] {
  return nodes.flatMap((n) => (n.children.length ? [n.key, ...branchKeys(n.children)] : []));
}

/**
 * The left tree of a type-2 list (columnData `treeDataSource` dictionary | api | organize |
 * department; jnpf-wire-engine.md §4.1, §4.4; issue 28 §1): its title, a search box and the
 * tree; clicking a node filters the table by `treeRelation` — the node's id path for
 * organisations, else the node's `treePropsValue` (id or enCode) — and clicking it again shows
 * every row.
 */
import { useEffect, useMemo, useState, type Key } from 'react';
import type { TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { SideTreeBody } from '@/components/SideTree';
import { previewInterface } from '@/api/dataInterface';
import { getOrganizeList } from '@/api/organize';
import { useDictionaryTree } from '@/hooks/useDictionary';

/** The tree settings of columnData. */
export interface TreeSettings {
  treeTitle?: string;
  treeDataSource?: 'dictionary' | 'api' | 'organize' | 'department' | string;
  treeDictionary?: string;
  treePropsUrl?: string;
  treePropsValue?: string;
  treePropsLabel?: string;
  treePropsChildren?: string;
  treeRelation?: string;
}

/** A node: its key (unique in the tree), label, the value it filters by, and children. */
interface Node {
  key: string;
  label: string;
  value: unknown;
  children: Node[];
}

type Raw = Record<string, unknown>;

function nodesOf(items: Raw[], value: string, label: string, children: string, path: string[] = [], byPath = false): Node[] {
  return items.map((item, i) => {
    const id = String(item[value] ?? item.id ?? i);
    const here = [...path, String(item.id ?? id)];
    const kids = Array.isArray(item[children]) ? (item[children] as Raw[]) : [];
    return { key: here.join('/'), label: String(item[label] ?? id), value: byPath ? here : id, children: nodesOf(kids, value, label, children, here, byPath) };
  });
}

function filterNodes(nodes: Node[], keyword: string): Node[] {
  if (!keyword) return nodes;
  return nodes.flatMap((n) => {
    const kids = filterNodes(n.children, keyword);
    return n.label.includes(keyword) || kids.length ? [{ ...n, children: kids }] : [];
  });
}

function treeDataOf(nodes: Node[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: n.key, title: n.label, children: treeDataOf(n.children) }));
}

function allKeys(nodes: Node[]): Key[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children)]);
}

function find(nodes: Node[], key: string): Node | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const inner = find(n.children, key);
    if (inner) return inner;
  }
  return undefined;
}

/** The tree's nodes from its source. */
function useTreeNodes(settings: TreeSettings): { nodes: Node[]; loading: boolean } {
  const source = settings.treeDataSource ?? 'dictionary';
  const value = settings.treePropsValue || 'id';
  const label = settings.treePropsLabel || 'fullName';
  const children = settings.treePropsChildren || 'children';
  const dictionary = useDictionaryTree(source === 'dictionary' ? String(settings.treeDictionary ?? '') : '');
  const [loaded, setLoaded] = useState<{ nodes: Node[]; loading: boolean }>({ nodes: [], loading: source !== 'dictionary' });
  useEffect(() => {
    if (source === 'dictionary') return;
    let alive = true;
    const done = (nodes: Node[]) => alive && setLoaded({ nodes, loading: false });
    if (source === 'api') {
      previewInterface(String(settings.treePropsUrl ?? ''), []).then(
        ({ data }) => done(Array.isArray(data) ? nodesOf(data as Raw[], value, label, children) : []),
        () => done([]),
      );
    } else {
      getOrganizeList({ keyword: '' }).then(
        ({ data }) => done(nodesOf((data?.list ?? []) as unknown as Raw[], 'id', 'fullName', 'children', [], source === 'organize')),
        () => done([]),
      );
    }
    return () => {
      alive = false;
    };
  }, [source, settings.treePropsUrl, value, label, children]);
  const fromDictionary = useMemo(
    () => ({ nodes: nodesOf(dictionary.items as unknown as Raw[], value === 'enCode' ? 'enCode' : 'id', 'fullName', 'children'), loading: dictionary.loading }),
    [dictionary.items, dictionary.loading, value],
  );
  return source === 'dictionary' ? fromDictionary : loaded;
}

interface Props {
  settings: TreeSettings;
  /** The chosen node's value for `treeRelation`, or undefined for every row. */
  onSelect(value: unknown): void;
}

export function ListTree({ settings, onSelect }: Props) {
  const { t } = useTranslation();
  const { nodes, loading } = useTreeNodes(settings);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string | undefined>();
  const [expanded, setExpanded] = useState<Key[]>([]);
  const shown = useMemo(() => filterNodes(nodes, keyword.trim()), [nodes, keyword]);
  // The first level open once the tree has come.
  useEffect(() => setExpanded(nodes.map((n) => n.key)), [nodes]);
  return (
    <div className="qm-list-tree">
      <div className="qm-list-tree-title">{settings.treeTitle || t('records.treeTitle')}</div>
      <SideTreeBody
        keyword={keyword}
        onSearch={setKeyword}
        loading={loading}
        treeData={treeDataOf(shown)}
        expanded={keyword ? allKeys(shown) : expanded}
        onExpand={setExpanded}
        selected={selected}
        onSelect={(key) => {
          const again = key === selected;
          setSelected(again ? undefined : key);
          onSelect(again ? undefined : find(nodes, key)?.value);
        }}
        className="qm-list-tree-body"
      />
    </div>
  );
}

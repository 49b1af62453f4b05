/**
 * The left organisation tree of the position and role pages (jnpf-wire-areas.md §1.3:
 * Department/SelectorByAuth/0, what the caller may manage): a keyword filter, then the tree;
 * choosing a node filters the list to it and what is below it, choosing it again shows all.
 * `extra` nodes come first (the role page's 全局).
 */
import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { Button, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SideTreeBody } from '@/components/SideTree';
import { getDepartmentSelectorByAuth, type SelectorNode } from '@/api/organize';
import { useOrganizations } from '@/stores/organizations';
import { NodeIcon } from '@/widgets/pickers/NodeIcon';
import { branchKeys, filterTree, flatten, toPickNodes, type PickNode } from '@/widgets/pickers/tree';
import './permission.css';

export interface ExtraNode {
  id: string;
  title: string;
  type: string;
}

interface Props {
  selected: string;
  /** The node's id ('' for all) and its id path from the top ([] for all and extra nodes). */
  onSelect(id: string, path: string[]): void;
  extra?: ExtraNode[];
}

type TreeData = { key: string; title: string; icon: React.ReactNode; children: TreeData[] };

const treeData = (nodes: PickNode<string[]>[]): TreeData[] =>
  nodes.map((n) => ({ key: n.key, title: n.title, icon: <NodeIcon type={n.type} />, children: treeData(n.children) }));

const NO_EXTRA: ExtraNode[] = [];

/**
 * A list filtered by the node chosen in the tree (users, positions, roles): the tree's props,
 * and the chosen node's id path, where a new record starts.
 */
export function useOrganizeFilter(list: { query: { organizeId: string }; setFilters(filters: { organizeId: string }): void }) {
  const [path, setPath] = useState<string[]>([]);
  const tree = {
    selected: list.query.organizeId,
    onSelect: (id: string, chosen: string[]) => {
      setPath(chosen);
      list.setFilters({ organizeId: id });
    },
  };
  return { path, tree };
}

export function OrganizeTree({ selected, onSelect, extra = NO_EXTRA }: Props) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<PickNode<string[]>[]>([]);
  const [loading, setLoading] = useState(true);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  // An organisation created, changed or deleted in another tab: read the tree again.
  const version = useOrganizations((s) => s.version);

  const load = useCallback(() => {
    setLoading(true);
    getDepartmentSelectorByAuth('0').then(
      ({ data }) => {
        const tree = toPickNodes<SelectorNode, string[]>(data.list, (n) => ({
          key: n.id,
          id: n.id,
          title: n.fullName,
          type: n.type,
          pickable: true,
          item: { key: n.id, value: n.organizeIds, label: n.organize },
        }));
        setNodes(tree);
        setExpanded(tree.map((n) => n.key));
        setLoading(false);
      },
      () => setLoading(false), // HTTP-015
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version is the reason to reload
  }, [version]);
  useEffect(load, [load]);

  const extraKey = extra.map((e) => `${e.id}\t${e.title}\t${e.type}`).join('\n');
  const all = useMemo(
    (): PickNode<string[]>[] => [...extra.map((e) => ({ key: e.id, id: e.id, title: e.title, type: e.type, pickable: true, children: [] })), ...nodes],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the extra nodes' content
    [extraKey, nodes],
  );
  const shown = useMemo(() => filterTree(all, keyword), [all, keyword]);
  const paths = useMemo(() => new Map(flatten(nodes).map((n) => [n.key, n.item?.value ?? []])), [nodes]);
  const choose = (key: string) => (key === selected ? onSelect('', []) : onSelect(key, paths.get(key) ?? []));
  // A keyword opens the filtered tree whole.
  const search = (text: string) => {
    setKeyword(text);
    if (text.trim()) setExpanded(branchKeys(filterTree(all, text)));
  };

  return (
    <div className="qm-organize-tree">
      <div className="qm-organize-tree-head">
        <span>{t('manage.treeTitle')}</span>
        <Tooltip title={t('common.refresh')}>
          <Button type="text" size="small" aria-label={t('common.refresh')} icon={<ReloadOutlined spin={loading} />} onClick={load} />
        </Tooltip>
      </div>
      <SideTreeBody
        keyword={keyword}
        onSearch={search}
        loading={loading && !nodes.length}
        treeData={treeData(shown)}
        expanded={expanded}
        onExpand={setExpanded}
        selected={selected}
        onSelect={choose} showIcon
        className="qm-organize-tree-body"
      />
    </div>
  );
}

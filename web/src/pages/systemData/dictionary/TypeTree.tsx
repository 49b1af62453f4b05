/**
 * The dictionary screen's left pane (DICT-002, DICT-003): the categories as a tree filtered by
 * a keyword as it is typed, under a head whose menu refreshes the tree, expands or collapses
 * it whole and opens category management. Choosing a category shows its items on the right.
 */
import { useEffect, useMemo, useState, type Key } from 'react';
import { Button, Dropdown } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SideTreeBody } from '@/components/SideTree';
import type { DictionaryTypeNode } from '@/api/dictionary';
import { branchKeys, filterTree, type PickNode } from '@/widgets/pickers/tree';

interface Props {
  types: DictionaryTypeNode[];
  loading: boolean;
  selected: string;
  onSelect(id: string): void;
  onRefresh(): void;
  onManage(): void;
}

type Node = PickNode<never>;
type TreeData = { key: string; title: string; children: TreeData[] };

const toNodes = (types: DictionaryTypeNode[]): Node[] =>
  types.map((n) => ({ key: n.id, id: n.id, title: n.fullName, type: 'dictionaryType', pickable: true, children: toNodes(n.children ?? []) }));

const treeData = (nodes: Node[]): TreeData[] => nodes.map((n) => ({ key: n.key, title: n.title, children: treeData(n.children) }));

export function TypeTree({ types, loading, selected, onSelect, onRefresh, onManage }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const nodes = useMemo(() => toNodes(types), [types]);
  const shown = useMemo(() => filterTree(nodes, keyword), [nodes, keyword]);
  const allKeys = useMemo(() => branchKeys(nodes), [nodes]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  // The tree arrives opened whole; a keyword opens what it found.
  useEffect(() => setExpanded(allKeys), [allKeys]);
  const search = (text: string) => {
    setKeyword(text);
    if (text.trim()) setExpanded(branchKeys(filterTree(nodes, text)));
  };

  return (
    <div className="qm-dictionary-types">
      <div className="qm-dictionary-types-head">
        <span>{t('dictionary.title')}</span>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'refresh', label: t('dictionary.refreshTree') },
              { key: 'expand', label: t('manage.expandAll') },
              { key: 'collapse', label: t('manage.collapseAll') },
              { key: 'manage', label: t('dictionary.manageTypes') },
            ],
            onClick: ({ key }) => {
              if (key === 'refresh') onRefresh();
              else if (key === 'expand') setExpanded(allKeys);
              else if (key === 'collapse') setExpanded([]);
              else onManage();
            },
          }}
        >
          <Button type="text" size="small" aria-label={t('dictionary.treeMenu')} icon={<MoreOutlined />} />
        </Dropdown>
      </div>
      <SideTreeBody
        keyword={keyword}
        onSearch={search}
        loading={loading && !types.length}
        treeData={treeData(shown)}
        expanded={expanded}
        onExpand={setExpanded}
        selected={selected}
        onSelect={onSelect}
        className="qm-dictionary-types-body"
      />
    </div>
  );
}

/**
 * The left-hand tree of a list page (组织机构, 数据字典 categories): under the page's own head, a
 * search box that filters the nodes as typed, then the tree — a spinner while the first load
 * runs, 暂无数据 when nothing is left to show.
 */
import type { Key } from 'react';
import { Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface SideTreeBodyProps {
  keyword: string;
  onSearch(keyword: string): void;
  /** The first load runs (nothing held yet). */
  loading: boolean;
  treeData: TreeDataNode[];
  expanded: Key[];
  onExpand(keys: Key[]): void;
  selected?: string;
  onSelect(key: string): void;
  showIcon?: boolean;
  /** The tree body's class (its scrolling area). */
  className: string;
}

export function SideTreeBody({ keyword, onSearch, loading, treeData, expanded, onExpand, selected, onSelect, showIcon, className }: SideTreeBodyProps) {
  const { t } = useTranslation();
  return (
    <>
      <Input
        allowClear
        size="small"
        prefix={<SearchOutlined />}
        placeholder={t('manage.treeSearch')}
        aria-label={t('manage.treeSearch')}
        value={keyword}
        onChange={(e) => onSearch(e.target.value)}
      />
      <div className={className}>
        {loading ? (
          <Spin />
        ) : treeData.length ? (
          <Tree
            blockNode
            showIcon={showIcon}
            treeData={treeData}
            expandedKeys={expanded}
            onExpand={onExpand}
            selectedKeys={selected ? [selected] : []}
            onSelect={(_keys, info) => onSelect(String(info.node.key))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
        )}
      </div>
    </>
  );
}

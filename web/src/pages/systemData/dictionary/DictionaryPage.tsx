/**
 * 数据字典 (spec 01 §2.8; DICT-001..012, DICT-039..041; jnpf-wire-areas.md §2.1): the category
 * tree on the left (searchable; its menu refreshes, expands, collapses and opens category
 * management), the first category chosen on load; on the right the chosen category's items —
 * a tree table when the category is a tree — with keyword search (Enter too), 查询, 重置,
 * 刷新 and, when every row has children, expand/collapse all. 新建 is offered with its button
 * and disabled on the fixed categories 0 and 1; 编辑, 删除 and the state switch with theirs
 * (PERM-011); delete and the state toggle after confirmation. Every change of an item or a
 * category forgets the cached dictionaries (DictionaryData/All) so forms read the new ones.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Form, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  deleteDictionaryItem,
  getDictionaryItems,
  getDictionaryTypes,
  toggleDictionaryItem,
  type DictionaryItemNode,
  type DictionaryTypeNode,
} from '@/api/dictionary';
import type { Envelope, Page } from '@/api/request';
import { ListPage } from '@/components/ListPage';
import { useConfirm } from '@/components/useConfirm';
import { treeRows, useExpandAll } from '@/components/treeTable';
import { BTN_ADD, useButtons } from '@/hooks/useButtons';
import { invalidateDictionary } from '@/hooks/useDictionary';
import { useList, type ListQuery } from '@/hooks/useList';
import { flatten } from '@/widgets/pickers/tree';
import { isFixedType } from './fixed';
import { ItemDialog, type ItemValues } from './ItemDialog';
import { TypeDrawer } from './TypeDrawer';
import { TypeTree } from './TypeTree';
import './dictionary.css';
import { manageColumns, sortCodeColumn } from '@/components/listColumns';

/** A row of the item table: leaves carry no `children` (no expand icon). */
export type ItemRow = Omit<DictionaryItemNode, 'children'> & { children?: ItemRow[] };

/** DICT-007: the expand/collapse toggle is offered only when every row has children. */
export const everyRowHasChildren = (rows: ItemRow[]): boolean => rows.length > 0 && rows.every((r) => Boolean(r.children?.length));

interface Filters {
  typeId: string;
  isTree: number;
}

/** The chosen category's items by keyword, whole (the call does not page them). */
async function fetchItems(query: ListQuery & Filters): Promise<Envelope<Page<ItemRow>>> {
  if (!query.typeId) return { code: 200, msg: '', data: { list: [], pagination: { currentPage: 1, pageSize: query.pageSize, total: 0 } } };
  const res = await getDictionaryItems(query.typeId, { keyword: query.keyword, isTree: query.isTree });
  const rows = treeRows((res.data?.list ?? []) as ItemRow[]);
  return { ...res, data: { list: rows, pagination: { currentPage: 1, pageSize: query.pageSize, total: rows.length } } };
}

export default function DictionaryPage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const [types, setTypes] = useState<DictionaryTypeNode[]>([]);
  const [typesLoading, setTypesLoading] = useState(true);
  const [managing, setManaging] = useState(false);
  const list = useList(fetchItems, { filters: { typeId: '', isTree: 0 } });
  const typeId = list.query.typeId;
  const byId = useMemo(() => new Map(flatten(types).map((n) => [n.id, n])), [types]);
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [form] = Form.useForm<ItemValues>();

  const loadTypes = useCallback(() => {
    setTypesLoading(true);
    getDictionaryTypes().then(
      ({ data }) => {
        setTypes(data?.list ?? []);
        setTypesLoading(false);
      },
      () => setTypesLoading(false), // HTTP-015: the HTTP client said why
    );
  }, []);
  useEffect(loadTypes, [loadTypes]);

  const { search, setFilters } = list;
  // 重置 clears the keyword; the category chosen on the left stays chosen.
  const searchBar = useMemo(() => ({ ...list, reset: () => search('') }), [list, search]);
  const choose = useCallback(
    (id: string, node: DictionaryTypeNode | undefined) => {
      search(''); // a new category starts without the last one's keyword
      setFilters({ typeId: id, isTree: node?.isTree === 1 ? 1 : 0 });
    },
    [search, setFilters],
  );
  // DICT-004: the first category is chosen on load, and again when the chosen one is gone; a
  // category whose isTree changed (imported anew) is asked for as it is now.
  useEffect(() => {
    if (!types.length) return;
    const current = byId.get(typeId);
    if (!current) choose(types[0].id, types[0]);
    else if ((current.isTree === 1 ? 1 : 0) !== list.query.isTree) choose(current.id, current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the tree arrives
  }, [types]);

  const rows = list.list;
  // A tree arrives opened whole.
  const tree = useExpandAll(rows);

  // DICT-041: an item's change is the dictionary's change.
  const changed = () => {
    invalidateDictionary();
    list.refresh();
  };
  // DICT-039: a category's change reloads the tree (and the items, whose category may have changed).
  const typesChanged = () => {
    invalidateDictionary();
    loadTypes();
    list.refresh();
  };

  const current = byId.get(typeId);
  const fixed = isFixedType(typeId);
  const addButton = can(BTN_ADD) && (
    <Tooltip title={fixed ? t('dictionary.fixedType') : !typeId ? t('dictionary.chooseType') : undefined}>
      {/* DICT-011: no items in the fixed categories. */}
      <Button type="primary" icon={<PlusOutlined />} disabled={!typeId || fixed} onClick={() => setTarget({ id: '' })}>
        {t('manage.add')}
      </Button>
    </Tooltip>
  );

  return (
    <div className="qm-dictionary-page">
      <TypeTree
        types={types}
        loading={typesLoading}
        selected={typeId}
        onSelect={(id) => choose(id, byId.get(id))}
        onRefresh={loadTypes}
        onManage={() => setManaging(true)}
      />
      <div className="qm-dictionary-main">
        <ListPage<ItemRow, Filters>
          list={list}
          search={searchBar}
          keywordSpan={6}
          paged={false}
          actions={
            <>
              {addButton}
              {everyRowHasChildren(rows) && <Button onClick={tree.toggleAll}>{tree.allOpen ? t('manage.collapseAll') : t('manage.expandAll')}</Button>}
            </>
          }
          loading={list.loading || (typesLoading && !types.length)}
          emptyText={typeId ? undefined : t('dictionary.chooseType')}
          scroll={{ x: 720 }}
          expandable={tree.expandable}
          columns={[
            { key: 'fullName', title: t('dictionary.name'), dataIndex: 'fullName' },
            { key: 'enCode', title: t('dictionary.code'), dataIndex: 'enCode', width: 200 },
            sortCodeColumn(t, 90),
            ...manageColumns<ItemRow>({
              t,
              confirm,
              can,
              what: t('dictionary.what'),
              // DICT-040: the server flips 1 ↔ 0 after the user confirms.
              toggle: toggleDictionaryItem,
              remove: deleteDictionaryItem,
              onEdit: (row) => setTarget({ id: row.id }),
              done: changed,
              actionsWidth: 120,
            }),
          ]}
        />
      </div>
      <ItemDialog
        target={target}
        typeId={typeId}
        isTree={current?.isTree === 1 ? 1 : 0}
        form={form}
        onClose={() => setTarget(null)}
        onSaved={changed}
      />
      <TypeDrawer
        open={managing}
        types={types}
        loading={typesLoading}
        can={can}
        onClose={() => setManaging(false)}
        onRefresh={loadTypes}
        onChanged={typesChanged}
      />
    </div>
  );
}

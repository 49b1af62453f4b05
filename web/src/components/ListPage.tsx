/**
 * The list page every administration screen is (in the spirit of Ant Design Pro's ProTable):
 * columns and a request function in; the keyword box (Enter searches), 查询, 重置, 刷新, 新建
 * (with its permission), paging 20/50/100/500 with the total and a jumper, loading and empty
 * states out. The example to copy (分组管理):
 *
 * ```tsx
 * const list = useList(getGroupList);             // the request: {currentPage, pageSize, keyword, …filters}
 * <ListPage<GroupRow>
 *   list={list}
 *   onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
 *   scroll={{ x: 950 }}
 *   columns={[
 *     { key: 'fullName', title: t('group.name'), dataIndex: 'fullName', width: 200 },
 *     creatorTimeColumn(t),
 *     sortCodeColumn(t),
 *     ...manageColumns<GroupRow>({ t, confirm, can, what: t('group.what'), update: updateGroup,
 *       remove: deleteGroup, onEdit: (row) => setTarget({ id: row.id }), done: saved, actionsWidth: 170 }),
 *   ]}
 * />
 * <EntityFormDialog … >{(rules) => <><NameCodeItems rules={rules} … /><CommonItems rules={rules} /></>}</EntityFormDialog>
 * ```
 *
 * A list the server answers whole or a tree that loads by itself (the applications, a menu
 * tree, the lazy area tree) gives `rows` (`useRows`) and its bar's `search` (`useKeywordBar`)
 * instead of `list`: the same bar, all rows, no pager. An unpaged list in a drawer (a menu's
 * buttons, fields, schemes) is a `RowsTable` under an `ItemDrawer`, with the same columns; a
 * tree table opens whole and offers 展开全部 / 折叠全部 through `useExpandAll`.
 *
 * Beyond the bar: `header` stands between the bar and the table (the system log's tabs); a
 * filter that chooses one of a few values is a `FilterSelect` in `filters`; rows chosen for a
 * batch action (删除选中, 批量删除) come from `useSelection`, given to the table's `rowSelection`.
 */
import { useCallback, useMemo, useState, type Key, type ReactNode } from 'react';
import { Button, Select, Table, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ListState } from '@/hooks/useList';
import { ListSearch, emptyLocale, listTableProps, rowsTableProps, type RowsState, type SearchState } from './ListSearch';

export { emptyLocale, type RowsState };

/** 新建 (primary, with the plus), shown only when the page gives it an action. */
export function AddButton({ onAdd, label }: { onAdd?: () => void; label?: string }) {
  const { t } = useTranslation();
  if (!onAdd) return null;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
      {label ?? t('manage.add')}
    </Button>
  );
}

type TableRest<T> = Omit<TableProps<T>, 'columns' | 'dataSource' | 'pagination' | 'locale'>;

/** A filter of a `list` choosing one value of its field `name`, or all ('') — see FilterSelect. */
export interface SelectFilter<F> {
  name: keyof F & string;
  label: string;
  /** The first option's text (every value). */
  all: string;
  options: FilterOption[];
  width?: number;
}

/** Where the rows come from: a paged `useList`, or all rows (`useRows`, a tree) with the bar's own state. */
type Source<T, F> =
  | {
      /** The paged list (useList over the request function). */
      list: ListState<T, F>;
      rows?: never;
      /** Filters choosing one value of the query's field, before `filters`; a choice applies at once. */
      selects?: SelectFilter<F>[];
      /** Replaces the bar's state (the dictionary's 重置 keeps its category). */
      search?: SearchState;
    }
  | {
      list?: never;
      /** All rows at once (useRows, a tree loaded by the screen): no pager. */
      rows: RowsState<T>;
      search: SearchState;
      selects?: never;
    };

export type ListPageProps<T, F> = TableRest<T> &
  Source<T, F> & {
    columns: TableProps<T>['columns'];
    /** 新建: given only with the add button's permission. */
    onAdd?(): void;
    /** 新建's text when it is not 新建 (从 JSON 新建). */
    addLabel?: string;
    /** Further actions after 新建, before 刷新. */
    actions?: ReactNode;
    /** The screen's own filter controls, before 查询. */
    filters?: ReactNode;
    /** The keyword box's share of a 24-column bar (see ListSearch). */
    keywordSpan?: number;
    /** The search bar's class. */
    searchClassName?: string;
    /** false: all rows of a `list` on one page, no pager (a list the server answers whole). */
    paged?: boolean;
    /** What the empty table says, when not "no data" (choose a category first). */
    emptyText?: string;
    /** What stands between the bar and the table (the system log's tabs). */
    header?: ReactNode;
    /** The rows the table shows, given the list's (an editable list's new row first). */
    shownRows?(rows: T[]): T[];
  };

export function ListPage<T extends object, F = unknown>({
  list,
  rows,
  columns,
  onAdd,
  addLabel,
  actions,
  filters,
  selects,
  keywordSpan,
  searchClassName,
  search,
  paged = true,
  emptyText,
  header,
  shownRows,
  rowKey = 'id',
  size = 'middle',
  ...table
}: ListPageProps<T, F>) {
  const { t } = useTranslation();
  const base = rows ? rowsTableProps(rows, t) : { ...listTableProps(list, t), ...(paged ? {} : { pagination: false as const }) };
  const shown = shownRows ? { ...base, dataSource: shownRows([...(base.dataSource ?? [])]) } : base;
  return (
    <>
      <ListSearch
        list={search ?? list!}
        filters={
          selects?.length ? (
            <>
              {selects.map(({ name, ...select }) => (
                <FilterSelect key={name} {...select} value={String(list!.query[name] ?? '')} onChange={(value) => list!.setFilters({ [name]: value } as Partial<F>)} />
              ))}
              {filters}
            </>
          ) : (
            filters
          )
        }
        keywordSpan={keywordSpan}
        className={searchClassName}
        actions={
          (onAdd || actions) && (
            <>
              <AddButton onAdd={onAdd} label={addLabel} />
              {actions}
            </>
          )
        }
      />
      {header}
      <Table<T>
        {...shown}
        {...(emptyText ? { locale: emptyLocale(rows ? rows.loaded : list.loaded, t, emptyText) } : {})}
        rowKey={rowKey}
        size={size}
        columns={columns}
        {...table}
      />
    </>
  );
}

export interface RowsTableProps<T> extends TableRest<T> {
  rows: RowsState<T>;
  columns: TableProps<T>['columns'];
  /** The rows as shown, when they are not `rows.rows` (a tree without empty children). */
  dataSource?: T[];
}

/** An unpaged table (a drawer's items): small, loading and empty states, no pager. */
export function RowsTable<T extends object>({ rows, columns, dataSource, rowKey = 'id', size = 'small', ...table }: RowsTableProps<T>) {
  const { t } = useTranslation();
  return <Table<T> rowKey={rowKey} size={size} {...rowsTableProps(rows, t)} {...(dataSource ? { dataSource } : {})} columns={columns} {...table} />;
}

/** One option of a `FilterSelect`. */
export interface FilterOption {
  value: string;
  label: string;
}

/** A dictionary's items as filter options (the value is the item's enCode). */
export const dictionaryOptions = (items: { enCode: string; fullName: string }[]): FilterOption[] =>
  items.map((d) => ({ value: d.enCode, label: d.fullName }));

/**
 * A filter of the bar choosing one value, or all ('', the first option); named for assistive
 * technology by `label`. The page applies a change at once (`list.setFilters`).
 */
export function FilterSelect({ label, all, options, value, onChange, width = 140 }: { label: string; all: string; options: FilterOption[]; value: string; onChange(value: string): void; width?: number }) {
  return <Select aria-label={label} style={{ width }} value={value} options={[{ value: '', label: all }, ...options]} onChange={onChange} />;
}

/** The rows chosen for a batch action: the table's `rowSelection`, the ids, and `clear` after the action. */
export function useSelection(extra?: { columnWidth?: number }) {
  const [selected, setSelected] = useState<string[]>([]);
  const clear = useCallback(() => setSelected([]), []);
  const columnWidth = extra?.columnWidth;
  const rowSelection = useMemo(
    () => ({ selectedRowKeys: selected, onChange: (keys: Key[]) => setSelected(keys.map(String)), ...(columnWidth ? { columnWidth } : {}) }),
    [selected, columnWidth],
  );
  return { selected, clear, rowSelection };
}

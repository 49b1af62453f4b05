/**
 * The drawer of a menu's permission items (按钮权限, 列表权限, 表单权限, 数据权限): 700px as in
 * the JNPF client, titled with the item kind and the menu, the list bar every list has
 * (ListSearch) — the keyword (Enter) with 查询 and 重置 where the list takes one, the actions,
 * 刷新 — above its table (RowsTable).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Drawer } from 'antd';
import type { Envelope } from '@/api/request';
import type { MenuInfo } from '@/api/menu';
import { AddButton } from '@/components/ListPage';
import { ListSearch, useKeywordBar } from '@/components/ListSearch';
import { useRows, type Rows } from './useRows';
import { useShown } from './useShown';

/** The drawers' width (the JNPF client's). */
export const ITEM_DRAWER_WIDTH = 700;

const NO_SEARCH = () => undefined;

/** The narrow 状态 and 操作 of a drawer's table (manageColumns, rowActionsColumn), not fixed. */
export const DRAWER_COLUMNS = { stateWidth: 80, actionsWidth: 110, width: 110, fixed: false } as const;

interface Props {
  /** The menu whose items are shown; closed when null. */
  menu: MenuInfo | null;
  /** The item kind (按钮权限, …), before the menu's name in the title. */
  kind: string;
  className: string;
  /** Applies a keyword (Enter, 查询; '' on 重置); no keyword box without it. */
  onSearch?(keyword: string): void;
  /** 新建 (given with btn_add), then the further actions. */
  onAdd?(): void;
  /** 新建's text when not 新建 (新建字段, 新建方案). */
  addLabel?: string;
  actions?: ReactNode;
  /** Actions after the others, before 刷新 (数据连接). */
  extra?: ReactNode;
  /** The list the toolbar's 刷新 asks again (and whose loading it shows). */
  rows: Rows<unknown>;
  onClose(): void;
  children: ReactNode;
}

export function ItemDrawer({ menu, kind, className, onSearch, onAdd, addLabel, actions, extra, rows, onClose, children }: Props) {
  const shown = useShown(menu);
  const open = menu !== null;
  const bar = useKeywordBar(onSearch ?? NO_SEARCH, rows.refresh, rows.loading);
  const { setKeyword } = bar;
  // Each opening starts without a keyword (the list it shows is asked for without one).
  useEffect(() => {
    if (open) setKeyword('');
  }, [open, setKeyword]);
  return (
    <Drawer title={`${kind} - ${shown?.fullName ?? ''}`} size={ITEM_DRAWER_WIDTH} open={open} onClose={onClose} className={className} destroyOnHidden>
      <ListSearch
        list={bar}
        searchable={Boolean(onSearch)}
        keywordWidth={200}
        actions={
          (onAdd || actions || extra) && (
            <>
              <AddButton onAdd={onAdd} label={addLabel} />
              {actions}
              {extra}
            </>
          )
        }
      />
      {children}
    </Drawer>
  );
}

/**
 * A menu's items in its drawer: the menu shown (kept while the drawer closes), its id, and the
 * rows asked for by menu and keyword — the keyword forgotten when another menu opens.
 */
export function useMenuItems<T>(menu: MenuInfo | null, load: (menuId: string, keyword: string) => Promise<Envelope<{ list: T[] }>>) {
  const shown = useShown(menu);
  const menuId = shown?.id ?? '';
  const [keyword, setKeyword] = useState('');
  useEffect(() => setKeyword(''), [menu?.id]);
  const rows = useRows(menu ? (q: { menuId: string; keyword: string }) => load(q.menuId, q.keyword) : null, { menuId, keyword });
  return { menuId, rows, setKeyword };
}

/**
 * The drawer of a menu's permission items (按钮权限, 列表权限, 表单权限, 数据权限): 700px as in
 * the JNPF client, titled with the item kind and the menu, its own toolbar — the keyword
 * (Enter) with 查询 and 重置 where the list takes one, the actions, 刷新 — above its table.
 */
import type { ReactNode } from 'react';
import { Button, Drawer, Space, Tooltip } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordInput } from '@/components/ListSearch';

/** The drawers' width (the JNPF client's). */
export const ITEM_DRAWER_WIDTH = 700;

interface Props {
  open: boolean;
  title: string;
  className: string;
  /** Applies a keyword (Enter, 查询; '' on 重置); no keyword box without it. */
  onSearch?(keyword: string): void;
  actions?: ReactNode;
  /** Actions after the others, before 刷新 (数据连接). */
  extra?: ReactNode;
  loading: boolean;
  onRefresh(): void;
  onClose(): void;
  children: ReactNode;
}

export function ItemDrawer({ open, title, className, onSearch, actions, extra, loading, onRefresh, onClose, children }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  // Each opening starts without a keyword (the list it shows is asked for without one).
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);
  return (
    <Drawer title={title} size={ITEM_DRAWER_WIDTH} open={open} onClose={onClose} className={className} destroyOnHidden>
      <div className="qm-list-search">
        <Space wrap>
          {onSearch && (
            <>
              <KeywordInput value={typed} onChange={setTyped} width={200} onSearch={() => onSearch(typed.trim())} />
              <Button type="primary" icon={<SearchOutlined />} onClick={() => onSearch(typed.trim())}>
                {t('common.search')}
              </Button>
              <Button
                onClick={() => {
                  setTyped('');
                  onSearch('');
                }}
              >
                {t('common.reset')}
              </Button>
            </>
          )}
        </Space>
        <Space>
          {actions}
          {extra}
          <Tooltip title={t('common.refresh')}>
            <Button type="text" aria-label={t('common.refresh')} icon={<ReloadOutlined spin={loading} />} onClick={onRefresh} />
          </Tooltip>
        </Space>
      </div>
      {children}
    </Drawer>
  );
}

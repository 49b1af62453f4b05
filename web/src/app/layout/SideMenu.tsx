/**
 * The sidebar menu (SHELL-008..010): submenus for entries with children, one submenu open at
 * a time, the current page selected and its submenu opened.
 */
import { useEffect, useMemo, useState } from 'react';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSettings } from '@/stores/settings';
import { menuPath, type MenuItem } from '../menu';
import { findItem, keyChain, toAntdItems, useOpenMenuItem } from './menuItems';

export default function SideMenu({ items, collapsed, light = false }: { items: MenuItem[]; collapsed: boolean; light?: boolean }) {
  const location = useLocation();
  const { i18n } = useTranslation();
  const slideClass = useSettings((s) => s.slideClass);
  const dark = useSettings((s) => s.themeClass) === 'dark' || (slideClass === 'dark' && !light);
  const open = useOpenMenuItem();
  const chain = menuPath(items, location.pathname + location.search);
  const selected = chain.length ? [chain[chain.length - 1].key] : [];
  const parents = chain.slice(0, -1).map((m) => m.key).join(',');
  const [openKeys, setOpenKeys] = useState<string[]>(parents ? parents.split(',') : []);

  useEffect(() => {
    if (parents) setOpenKeys(parents.split(','));
  }, [parents]);

  // Rebuilt when the language changes, for the labels.
  const antdItems = useMemo(() => toAntdItems(items), [items, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Menu
      className="qm-side-menu"
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      inlineCollapsed={collapsed}
      items={antdItems}
      selectedKeys={selected}
      {...(collapsed ? {} : { openKeys })}
      onOpenChange={(keys) => {
        // SHELL-009: opening a submenu closes the others (its own ancestors stay open).
        const latest = keys.find((k) => !openKeys.includes(k));
        setOpenKeys(latest ? keyChain(items, latest) : keys);
      }}
      onClick={({ key }) => open(findItem(items, key))}
    />
  );
}

/** The menu tree as antd Menu items, and what a click on one does. */
import { useCallback } from 'react';
import type { MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { routeTitle } from '@/i18n';
import type { MenuItem } from '../menu';
import { menuIcon } from './MenuIcon';

type Items = NonNullable<MenuProps['items']>;

export function toAntdItems(items: MenuItem[], withIcons = true): Items {
  return items.map((item) => {
    const label = <span className="qm-menu-label">{routeTitle(item.name, item.title)}</span>;
    const icon = withIcons ? menuIcon(item.icon, !!item.children?.length) : undefined;
    if (item.children?.length) return { key: item.key, icon, label, children: toAntdItems(item.children, withIcons) };
    return { key: item.key, icon, label, title: routeTitle(item.name, item.title) };
  });
}

export function findItem(items: MenuItem[], key: string): MenuItem | undefined {
  for (const item of items) {
    if (item.key === key) return item;
    const found = item.children && findItem(item.children, key);
    if (found) return found;
  }
  return undefined;
}

/** The keys from the top of the tree down to `key` (itself included). */
export function keyChain(items: MenuItem[], key: string): string[] {
  for (const item of items) {
    if (item.key === key) return [key];
    const sub = item.children ? keyChain(item.children, key) : [];
    if (sub.length) return [item.key, ...sub];
  }
  return [];
}

/** SHELL-011/012: in-app pages navigate; data screens, _blank links and external addresses open a new window. */
export function useOpenMenuItem() {
  const navigate = useNavigate();
  return useCallback(
    (item: MenuItem | undefined) => {
      if (!item) return;
      if (item.action.kind === 'route') navigate(item.action.to);
      else if (item.action.kind === 'window') window.open(item.action.url, '_blank', 'noopener');
    },
    [navigate],
  );
}

/**
 * The top menu (SHELL-015): as many entries as floor(width / 116) allows, the rest under
 * 更多 (key /menuMore). In the blend layout a top entry with children selects the side menu
 * instead of opening a submenu.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSettings } from '@/stores/settings';
import { fitTopMenu, menuPath, type MenuItem } from '../menu';
import { findItem, toAntdItems, useOpenMenuItem } from './menuItems';

export const MORE_KEY = '/menuMore';

interface Props {
  items: MenuItem[];
  /** Blend layout: show top-level entries only and report which one is chosen. */
  onSelectTop?: (key: string) => void;
  activeTop?: string;
}

export default function TopMenu({ items, onSelectTop, activeTop }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const dark = useSettings((s) => s.themeClass) === 'dark';
  const open = useOpenMenuItem();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);

  const shown = useMemo(
    () => (onSelectTop ? items.map((top) => ({ ...top, children: undefined })) : items),
    [items, onSelectTop],
  );
  const { visible, overflow } = fitTopMenu(shown, width);
  const antdItems = useMemo(() => {
    const list = toAntdItems(visible);
    if (overflow.length) list.push({ key: MORE_KEY, label: t('navbar.more'), children: toAntdItems(overflow) });
    return list;
  }, [visible, overflow, t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  const chain = menuPath(items, location.pathname + location.search);
  const selected = onSelectTop ? (activeTop ? [activeTop] : []) : chain.length ? [chain[chain.length - 1].key] : [];

  return (
    <div className="qm-top-menu" ref={ref}>
      <Menu
        mode="horizontal"
        theme={dark ? 'dark' : 'light'}
        disabledOverflow
        items={antdItems}
        selectedKeys={selected}
        onClick={({ key }) => {
          const item = findItem(items, key);
          if (onSelectTop && item && item.children?.length) onSelectTop(key);
          else open(item);
        }}
      />
    </div>
  );
}

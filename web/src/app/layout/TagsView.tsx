/**
 * The tabs bar (SHELL-024..033): one tab per visited page; right-click menu (105px) with
 * refresh / close / close others / close all; affixed tabs have no close button and survive
 * close-others and close-all; a middle click closes; arrows scroll the strip.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeTitle } from '@/i18n';
import { useSettings } from '@/stores/settings';
import { destinationAfterClose, useTagsView, type TagView } from '@/stores/tagsView';
import { menuIcon } from './MenuIcon';

export const CONTEXT_MENU_WIDTH = 105;
/** SHELL-031: the strip's padding when scrolling a tab into view. */
const SCROLL_PADDING = 4;

interface ContextMenu {
  left: number;
  top: number;
  view: TagView;
}

export default function TagsView() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const views = useTagsView((s) => s.visitedViews);
  const showIcons = useSettings((s) => s.tagsIcon);
  const strip = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<ContextMenu | null>(null);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    document.addEventListener('click', close);
    document.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('scroll', close, true);
    };
  }, [menu]);

  // Keep the active tab in view.
  useEffect(() => {
    const el = strip.current?.querySelector<HTMLElement>('.qm-tag.active');
    const box = strip.current;
    if (!el || !box) return;
    if (el.offsetLeft < box.scrollLeft) box.scrollLeft = el.offsetLeft - SCROLL_PADDING;
    else if (el.offsetLeft + el.offsetWidth > box.scrollLeft + box.clientWidth)
      box.scrollLeft = el.offsetLeft + el.offsetWidth - box.clientWidth + SCROLL_PADDING;
  }, [location.pathname, views.length]);

  const isActive = (v: TagView) => v.path === location.pathname;
  const store = useTagsView.getState;

  const goAfterClose = (closed?: TagView) => {
    const next = destinationAfterClose(store().visitedViews, location.pathname, closed);
    if (!next) return;
    if ('refresh' in next) navigate(`/redirect${location.pathname}${location.search}`, { replace: true });
    else navigate(next.to);
  };

  const close = (view: TagView) => {
    if (view.affix) return;
    store().del(view);
    goAfterClose(view);
  };
  const closeOthers = (view: TagView) => {
    store().delOthers(view);
    if (!isActive(view)) navigate(view.fullPath);
  };
  const closeAll = (view: TagView) => {
    store().delAll();
    goAfterClose(view);
  };
  const refresh = (view: TagView) => {
    // ROUTE-007: drop the cached page and re-render it through /redirect.
    store().delCached(view.path);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  };

  const scroll = (direction: 1 | -1) => {
    const box = strip.current;
    if (box) box.scrollBy({ left: direction * (box.clientWidth - SCROLL_PADDING * 2), behavior: 'smooth' });
  };

  const onContextMenu = (event: MouseEvent, view: TagView) => {
    event.preventDefault();
    setMenu({ left: event.clientX, top: event.clientY, view });
  };

  return (
    <div className="qm-tags-view" role="navigation" aria-label="tags">
      <button type="button" className="qm-tags-arrow" aria-label={t('tagsView.scrollLeft')} onClick={() => scroll(-1)}>
        <LeftOutlined />
      </button>
      <div className="qm-tags-strip" ref={strip} style={{ padding: `0 ${SCROLL_PADDING}px` }}>
        {views.map((view) => (
          <a
            key={view.path}
            href={view.fullPath}
            className={`qm-tag${isActive(view) ? ' active' : ''}`}
            data-path={view.path}
            onClick={(e) => {
              e.preventDefault();
              if (!isActive(view) || view.fullPath !== location.pathname + location.search) navigate(view.fullPath);
            }}
            // SHELL-030: the wheel button closes a tab.
            onMouseDown={(e) => e.button === 1 && e.preventDefault()}
            onAuxClick={(e) => {
              if (e.button === 1) {
                e.preventDefault();
                close(view);
              }
            }}
            onContextMenu={(e) => onContextMenu(e, view)}
          >
            {showIcons && <span className="qm-tag-icon">{menuIcon(view.icon, false)}</span>}
            <span>{routeTitle(view.name, view.title)}</span>
            {!view.affix && (
              <CloseOutlined
                className="qm-tag-close"
                aria-label={t('tagsView.close')}
                onClick={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  close(view);
                }}
              />
            )}
          </a>
        ))}
      </div>
      <button type="button" className="qm-tags-arrow" aria-label={t('tagsView.scrollRight')} onClick={() => scroll(1)}>
        <RightOutlined />
      </button>
      {menu && (
        <ul className="qm-contextmenu" role="menu" style={{ left: menu.left, top: menu.top, width: CONTEXT_MENU_WIDTH }}>
          <li role="menuitem" onClick={() => refresh(menu.view)}>
            {t('tagsView.refresh')}
          </li>
          {!menu.view.affix && (
            <li role="menuitem" onClick={() => close(menu.view)}>
              {t('tagsView.close')}
            </li>
          )}
          <li role="menuitem" onClick={() => closeOthers(menu.view)}>
            {t('tagsView.closeOthers')}
          </li>
          <li role="menuitem" onClick={() => closeAll(menu.view)}>
            {t('tagsView.closeAll')}
          </li>
        </ul>
      )}
    </div>
  );
}

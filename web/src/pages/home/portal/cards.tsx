/**
 * The cards of a portal at run time (jnpf-wire-engine2.md §2.3, §2.4): a frame with the
 * card's header (title in its style keys, the right-hand link) and the body of its jnpfKey —
 * text, notices, to-do, data board, bar/line/pie/radar charts, image and iframe. The other
 * cards of the palette show their title and say they are not shown yet, never a blank.
 */
import { Suspense, lazy, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getMessageList, type MessageRow } from '@/api/message';
import { useOpenMessage } from '@/app/messages/useOpenMessage';
import { useUser } from '@/stores/user';
import { inZone } from '@/utils/clock';
import { safeHtml } from '@/utils/safeHtml';
import { CHART_KEYS, chartOption, toPoints, type ChartKey } from './chartOption';
import type { PortalItem } from './definition';
import { useCardData } from './useCardData';

// ECharts is loaded with the first chart a portal draws, not with the home page (the built-in
// dashboard has none).
const EChart = lazy(() => import('./EChart'));

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const isUrl = (v: string) => /^https?:\/\//i.test(v.trim());

/** Opens a card's link: '1' a menu of the user's (by its id), '2' an external address. */
function useOpenLink() {
  const navigate = useNavigate();
  const routes = useUser((s) => s.routes);
  return (link: { linkType?: unknown; moduleId?: unknown; urlAddress?: unknown; linkTarget?: unknown }) => {
    const kind = text(link.linkType);
    if (kind === '2') {
      const url = text(link.urlAddress);
      if (isUrl(url)) window.open(url, '_blank', 'noopener');
      return;
    }
    if (kind === '1') {
      const route = routes.find((r) => r.meta.modelId === text(link.moduleId));
      if (route) navigate(route.path);
    }
  };
}

function Header({ item }: { item: PortalItem }) {
  const open = useOpenLink();
  const card = item.card ?? {};
  const style: CSSProperties = {
    fontSize: card.titleFontSize ?? 14,
    fontWeight: card.titleFontWeight ? 'bold' : 500,
    color: card.titleFontColor || undefined,
    textAlign: (card.titleLeft as CSSProperties['textAlign']) || 'left',
    background: card.titleBgColor || undefined,
  };
  const title = item.title ?? item.label ?? '';
  if (!title && !card.cardRightBtn) return null;
  return (
    <div className="qm-portal-card-head" style={style}>
      <span className="qm-portal-card-title">{title}</span>
      {card.cardRightBtn && (
        <button type="button" className="qm-portal-card-link" onClick={() => open(card)}>
          {card.cardRightBtn}
        </button>
      )}
    </div>
  );
}

function Loading() {
  return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
}

function NoData({ failed }: { failed?: boolean }) {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed ? t('portal.loadFailed') : t('common.noData')} />;
}

function ChartBody({ item, data }: { item: PortalItem; data: unknown }) {
  const points = useMemo(() => toPoints(data), [data]);
  const option = useMemo(() => chartOption(item.jnpfKey as ChartKey, item.option ?? {}, points), [item.jnpfKey, item.option, points]);
  if (data === undefined) return <Loading />;
  if (data === null) return <NoData failed />;
  if (!points.length) return <NoData />;
  return (
    <Suspense fallback={<Loading />}>
      <EChart option={option} />
    </Suspense>
  );
}

function TextBody({ item, data }: { item: PortalItem; data: unknown }) {
  if (data === undefined) return <Loading />;
  if (data === null) return <NoData failed />;
  const value = text(data);
  if (Number(item.option?.styleType) === 2) return <div className="qm-portal-text" dangerouslySetInnerHTML={{ __html: safeHtml(value) }} />;
  return <div className="qm-portal-text">{value}</div>;
}

interface Tile {
  id?: string;
  fullName?: string;
  unit?: string;
  num?: number | string;
  dataType?: string;
  propsApi?: string;
  iconColor?: string;
}

function TileValue({ tile }: { tile: Tile }) {
  const data = useCardData({ i: '', x: 0, y: 0, w: 1, h: 1, dataType: tile.dataType, propsApi: tile.propsApi, option: { defaultValue: tile.num } }, 0);
  if (data === undefined) return <span>…</span>;
  if (data === null) return <span>-</span>;
  const shown = Array.isArray(data) ? text((data[0] as Record<string, unknown> | undefined)?.value ?? '') : typeof data === 'object' ? text((data as Record<string, unknown>).value) : text(data);
  return <span>{shown || '0'}</span>;
}

function DataBoardBody({ item }: { item: PortalItem }) {
  const tiles = Array.isArray(item.option?.defaultValue) ? (item.option.defaultValue as Tile[]) : [];
  if (!tiles.length) return <NoData />;
  const perRow = Math.max(1, Number(item.option?.rowNumber) || 4);
  return (
    <div className="qm-portal-board" style={{ gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))` }}>
      {tiles.map((tile, n) => (
        <div key={tile.id ?? n} className="qm-portal-tile">
          <div className="qm-portal-tile-num" style={{ color: tile.iconColor || undefined }}>
            <TileValue tile={tile} />
            {tile.unit && <small>{tile.unit}</small>}
          </div>
          <div className="qm-portal-tile-name">{tile.fullName}</div>
        </div>
      ))}
    </div>
  );
}

function TodoBody({ item }: { item: PortalItem }) {
  const { t } = useTranslation();
  const entries = Array.isArray(item.option?.defaultValue) ? (item.option.defaultValue as { id?: string; fullName?: string; iconBgColor?: string }[]) : [];
  return (
    <div>
      <div className="qm-portal-board" style={{ gridTemplateColumns: `repeat(${Math.max(1, entries.length)}, minmax(0, 1fr))` }}>
        {entries.map((e, n) => (
          <div key={e.id ?? n} className="qm-portal-tile">
            <div className="qm-portal-tile-num" style={{ color: e.iconBgColor || undefined }}>0</div>
            <div className="qm-portal-tile-name">{e.fullName}</div>
          </div>
        ))}
      </div>
      <Typography.Text type="secondary">{t('home.todoPending')}</Typography.Text>
    </div>
  );
}

function NoticeBody({ item }: { item: PortalItem }) {
  const count = Math.max(1, Number(item.option?.noticeCount) || 5);
  const [rows, setRows] = useState<MessageRow[] | null | undefined>(undefined);
  const { open, view } = useOpenMessage();
  useEffect(() => {
    let live = true;
    getMessageList({ currentPage: 1, pageSize: count, sort: 'desc', keyword: '', type: '3', isRead: '' }).then(
      ({ data }) => live && setRows(data.list),
      () => live && setRows(null),
    );
    return () => {
      live = false;
    };
  }, [count]);
  if (rows === undefined) return <Loading />;
  if (rows === null) return <NoData failed />;
  if (!rows.length) return <NoData />;
  return (
    <>
      <ul className="qm-home-list">
        {rows.map((row) => (
          <li key={row.id} className="qm-home-row" role="button" tabIndex={0} onClick={() => void open(row)} onKeyDown={(e) => e.key === 'Enter' && void open(row)}>
            <Typography.Text ellipsis className="qm-home-title">
              {row.title}
            </Typography.Text>
            <span className="qm-home-time">{inZone(row.releaseTime).format('MM-DD HH:mm')}</span>
          </li>
        ))}
      </ul>
      {view}
    </>
  );
}

function Unsupported({ item }: { item: PortalItem }) {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal.unsupported', { name: item.label ?? item.jnpfKey })} />;
}

function Body({ item, minutes }: { item: PortalItem; minutes: number }) {
  const data = useCardData(item, CHART_KEYS.includes(item.jnpfKey as ChartKey) ? minutes : 0);
  const key = item.jnpfKey ?? '';
  if (CHART_KEYS.includes(key as ChartKey)) return <ChartBody item={item} data={data} />;
  switch (key) {
    case 'text':
      return <TextBody item={item} data={data} />;
    case 'dataBoard':
      return <DataBoardBody item={item} />;
    case 'todo':
      return <TodoBody item={item} />;
    case 'notice':
      return <NoticeBody item={item} />;
    case 'image': {
      const url = text(data);
      return url ? <img className="qm-portal-image" src={url} alt={item.title ?? ''} /> : <NoData />;
    }
    case 'iframe': {
      const url = text(item.option?.defaultValue);
      return isUrl(url) ? <iframe className="qm-portal-iframe" src={url} title={item.title ?? 'iframe'} /> : <NoData />;
    }
    case 'todoList':
    case 'email':
      return <NoData />;
    default:
      return <Unsupported item={item} />;
  }
}

/** One card of the grid. `tick` changes when the card is due to redraw (auto refresh). */
export function PortalCard({ item, minutes, tick }: { item: PortalItem; minutes: number; tick: number }): ReactNode {
  return (
    <div className="qm-portal-card" data-testid={`portal-card-${item.jnpfKey}`}>
      <Header item={item} />
      <div className="qm-portal-card-body">
        <Body key={tick} item={item} minutes={minutes} />
      </div>
    </div>
  );
}

/**
 * A portal at run time (jnpf-wire-engine2.md §2.5): the `auth` answer rendered — type 1 a
 * client page (`linkType` 0, the page of that address) or an external address in a frame
 * (`linkType` 1); type 0 the designed grid (react-grid-layout, 12 columns, 40 px rows) whose
 * cards can be dragged and resized when the portal is unlocked (`enabledLock` 0): the new
 * positions are kept as the user's own layout (Custom/Save). Cards refresh on the portal's
 * timer, else on their own.
 */
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { savePortalLayout, type PortalAuth } from '@/api/portal';
import Loading from '@/app/Loading';
import { pageFor } from '@/pages/registry';
import { CHART_KEYS, type ChartKey } from './chartOption';
import { PortalCard } from './cards';
import { GRID_CONFIG, cardRefreshMinutes, parseDefinition, withPositions } from './definition';
import './portal.css';

interface Props {
  portalId: string;
  systemId: string;
  answer: PortalAuth;
}

function PathPortal({ answer }: { answer: PortalAuth }) {
  const { t } = useTranslation();
  if (answer.linkType === 1) return <iframe className="qm-portal-frame" src={answer.customUrl} title={answer.customUrl} data-testid="portal-frame" />;
  const Page = pageFor(answer.customUrl);
  if (!Page) return <Empty description={t('portal.noPage', { address: answer.customUrl })} />;
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

/** Redraw ticks per card on its refresh timer (charts re-ask their interface themselves). */
function useTicks(items: { i: string; minutes: number; chart: boolean }[]) {
  const [ticks, setTicks] = useState<Record<string, number>>({});
  const key = items.map((it) => `${it.i}:${it.minutes}:${it.chart}`).join(',');
  useEffect(() => {
    const timers = items
      .filter((it) => it.minutes > 0 && !it.chart)
      .map((it) => setInterval(() => setTicks((t) => ({ ...t, [it.i]: (t[it.i] ?? 0) + 1 })), it.minutes * 60_000));
    return () => timers.forEach(clearInterval);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return ticks;
}

function DesignedPortal({ portalId, systemId, answer }: Props) {
  const { t } = useTranslation();
  const def = useMemo(() => parseDefinition(answer.formData), [answer.formData]);
  const movable = answer.enabledLock === 0;
  const { width, containerRef, mounted } = useContainerWidth();
  const saved = useRef(JSON.stringify(def.layout.map((it) => [String(it.i), it.x, it.y, it.w, it.h])));
  const items = def.layout.map((it) => ({ i: String(it.i), minutes: cardRefreshMinutes(def.refresh, it), chart: CHART_KEYS.includes(it.jnpfKey as ChartKey) }));
  const ticks = useTicks(items);
  const layout: Layout = def.layout.map((it) => ({ i: String(it.i), x: it.x, y: it.y, w: it.w, h: it.h, minW: it.minW, minH: it.minH, maxW: it.maxW, maxH: it.maxH }));

  const keep = (next: Layout) => {
    if (!movable) return;
    const positions = next.map((l) => ({ i: l.i, x: l.x, y: l.y, w: l.w, h: l.h }));
    const shape = JSON.stringify(positions.map((p) => [p.i, p.x, p.y, p.w, p.h]).sort());
    const before = JSON.stringify(JSON.parse(saved.current).sort());
    if (shape === before) return;
    saved.current = JSON.stringify(positions.map((p) => [p.i, p.x, p.y, p.w, p.h]));
    void savePortalLayout(portalId, withPositions(def, positions), systemId).catch(() => undefined);
  };

  if (!def.layout.length) return <Empty className="qm-portal-empty" description={t('portal.empty')} />;
  return (
    <div ref={containerRef} className="qm-portal-grid" data-testid="portal-grid" data-movable={movable ? '1' : '0'}>
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={GRID_CONFIG}
          dragConfig={{ enabled: movable, cancel: '.qm-portal-card-body' }}
          resizeConfig={{ enabled: movable }}
          onDragStop={(next) => keep(next)}
          onResizeStop={(next) => keep(next)}
        >
          {def.layout.map((it, n) => (
            <div key={String(it.i)}>
              <PortalCard item={it} minutes={items[n].minutes} tick={ticks[String(it.i)] ?? 0} />
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}

export default function PortalView(props: Props) {
  if (props.answer.type === 1) return <PathPortal answer={props.answer} />;
  return <DesignedPortal {...props} />;
}

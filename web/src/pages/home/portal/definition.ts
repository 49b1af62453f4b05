/**
 * The portal definition (`formData` JSON text, jnpf-wire-engine2.md §2.3) as the runtime reads
 * it: the grid items (12 columns, 40 px rows) without those not shown on the PC, and the
 * portal-wide refresh. A definition that is not JSON is an empty portal, never an exception.
 */
export const GRID_COLS = 12;
export const ROW_HEIGHT = 40;
/** The grid of the runtime and of the designer: 12 columns, 40 px rows, 10 px apart. */
export const GRID_CONFIG = { cols: GRID_COLS, rowHeight: ROW_HEIGHT, margin: [10, 10] as [number, number] };

export interface CardHeader {
  titleFontSize?: number;
  titleFontWeight?: boolean;
  titleFontColor?: string;
  titleLeft?: string;
  titleBgColor?: string;
  cardRightBtn?: string;
  linkType?: string;
  moduleId?: string;
  urlAddress?: string;
  linkTarget?: string;
  type?: number | string;
  [key: string]: unknown;
}

export interface Refresh {
  autoRefresh?: boolean;
  autoRefreshTime?: number | string;
}

export interface PortalItem {
  i: number | string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW?: number;
  minH?: number;
  maxW?: number;
  maxH?: number;
  jnpfKey?: string;
  label?: string;
  title?: string;
  visibility?: string[];
  card?: CardHeader;
  option?: Record<string, unknown>;
  refresh?: Refresh;
  dataType?: 'static' | 'dynamic' | string;
  propsApi?: string;
  propsName?: string;
  children?: unknown;
  [key: string]: unknown;
}

export interface PortalDefinition {
  layoutId?: number;
  refresh: Refresh;
  layout: PortalItem[];
  /** The whole parsed text, kept so a saved layout changes only the positions. */
  raw: Record<string, unknown>;
}

const whole = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Math.round(Number(v)) : fallback);

/** The definition of `formData`; items without a jnpfKey or hidden on the PC are left out. */
export function parseDefinition(formData: string | null | undefined): PortalDefinition {
  let raw: Record<string, unknown> = {};
  try {
    const parsed = formData ? JSON.parse(formData) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const items = Array.isArray(raw.layout) ? (raw.layout as Record<string, unknown>[]) : [];
  const layout = items
    .filter((it) => it && typeof it === 'object' && typeof it.jnpfKey === 'string')
    .filter((it) => !Array.isArray(it.visibility) || (it.visibility as unknown[]).includes('pc'))
    .map((it) => ({
      ...it,
      i: (it.i as number | string) ?? '',
      x: Math.max(0, whole(it.x, 0)),
      y: Math.max(0, whole(it.y, 0)),
      w: Math.min(GRID_COLS, Math.max(1, whole(it.w, 6))),
      h: Math.max(1, whole(it.h, 4)),
    })) as PortalItem[];
  const refresh = raw.refresh && typeof raw.refresh === 'object' ? (raw.refresh as Refresh) : {};
  return { layoutId: typeof raw.layoutId === 'number' ? raw.layoutId : undefined, refresh, layout, raw };
}

/** Minutes of a refresh setting, or 0 when it is off or not a positive number. */
export function refreshMinutes(r: Refresh | undefined): number {
  if (!r?.autoRefresh) return 0;
  const n = Number(r.autoRefreshTime);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** A card's refresh: the portal-wide one when on, else its own. */
export function cardRefreshMinutes(portal: Refresh, item: PortalItem): number {
  return refreshMinutes(portal) || refreshMinutes(item.refresh);
}

/** The definition text after the user moved or resized cards: the same text, new positions. */
export function withPositions(def: PortalDefinition, moved: { i: string; x: number; y: number; w: number; h: number }[]): string {
  const at = new Map(moved.map((m) => [m.i, m]));
  const layout = (Array.isArray(def.raw.layout) ? (def.raw.layout as Record<string, unknown>[]) : []).map((it) => {
    const m = at.get(String(it.i));
    return m ? { ...it, x: m.x, y: m.y, w: m.w, h: m.h } : it;
  });
  return JSON.stringify({ ...def.raw, layout });
}

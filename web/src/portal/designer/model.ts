/**
 * The portal designer's state, pure (jnpf-wire-engine2.md §2.3): the definition being drawn —
 * `layoutId` (the next card number, from 100), the portal-wide `refresh`, the grid items — with
 * the selected card and the undo/redo stacks. Every edit returns a new state; moving or resizing
 * to where the cards already are is no edit. The definition is saved as it is read back: the
 * keys the designer does not know are kept.
 */
import type { PortalItem, Refresh } from '@/pages/home/portal/definition';
import { newCard } from './palette';

export interface Draft {
  layoutId: number;
  refresh: Refresh;
  layout: PortalItem[];
  /** Keys of the definition the designer does not edit, kept as read. */
  rest: Record<string, unknown>;
}

export interface DesignState {
  draft: Draft;
  selected: string | null;
  past: Draft[];
  future: Draft[];
}

export interface Position {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const FIRST_ID = 100;
const HISTORY = 50;

export const blankDraft = (): Draft => ({ layoutId: FIRST_ID, refresh: { autoRefresh: false, autoRefreshTime: 5 }, layout: [], rest: {} });

/** The draft of a portal's `formData` text (blank when empty or not a definition). */
export function readDraft(formData: string | null | undefined): Draft {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = formData ? JSON.parse(formData) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const { layoutId, refresh, layout, ...rest } = raw;
  const items = (Array.isArray(layout) ? layout : []).filter((it): it is PortalItem => !!it && typeof it === 'object' && typeof (it as PortalItem).jnpfKey === 'string');
  const highest = items.reduce((m, it) => Math.max(m, Number(it.i) + 1 || 0), FIRST_ID);
  return {
    layoutId: Math.max(typeof layoutId === 'number' ? layoutId : FIRST_ID, highest),
    refresh: refresh && typeof refresh === 'object' ? (refresh as Refresh) : { autoRefresh: false, autoRefreshTime: 5 },
    layout: items,
    rest,
  };
}

/** The `formData` text of a draft, as the server keeps it and the runtime reads it. */
export function writeDraft(d: Draft): string {
  return JSON.stringify({ ...d.rest, layoutId: d.layoutId, refresh: d.refresh, layout: d.layout });
}

export function createState(formData?: string | null): DesignState {
  return { draft: readDraft(formData), selected: null, past: [], future: [] };
}

/** A new state after an edit of the draft: the old draft goes on the undo stack. */
function edit(s: DesignState, draft: Draft, selected = s.selected): DesignState {
  return { draft, selected, past: [...s.past, s.draft].slice(-HISTORY), future: [] };
}

const bottom = (layout: PortalItem[]) => layout.reduce((m, it) => Math.max(m, it.y + it.h), 0);

function moved(layout: PortalItem[], positions: Position[]): PortalItem[] {
  const at = new Map(positions.map((p) => [p.i, p]));
  return layout.map((it) => {
    const p = at.get(String(it.i));
    return !p || (p.x === it.x && p.y === it.y && p.w === it.w && p.h === it.h) ? it : { ...it, x: p.x, y: p.y, w: p.w, h: p.h };
  });
}

/**
 * A card of type `key` added at `at` (a drop, with the grid's positions of the cards it
 * pushed) or below the others (a click): one edit.
 */
export function add(s: DesignState, key: string, label: string, at?: { x: number; y: number }, pushed: Position[] = []): DesignState {
  const i = s.draft.layoutId;
  const item = newCard(key, i, label, at ?? { x: 0, y: bottom(s.draft.layout) });
  if (item.x + item.w > 12) item.x = Math.max(0, 12 - item.w);
  return edit(s, { ...s.draft, layoutId: i + 1, layout: [...moved(s.draft.layout, pushed), item] }, String(i));
}

/** The grid's positions after a drag or a resize (and the pushed cards); no edit when nothing moved. */
export function place(s: DesignState, positions: Position[]): DesignState {
  const layout = moved(s.draft.layout, positions);
  return layout.some((it, n) => it !== s.draft.layout[n]) ? edit(s, { ...s.draft, layout }) : s;
}

/** `obj` with the value at `path` replaced (an index into a list keeps it a list). */
function setIn(obj: unknown, path: string[], value: unknown): unknown {
  const [head, ...tail] = path;
  const inner = obj && typeof obj === 'object' ? (obj as Record<string, unknown>)[head] : undefined;
  const next = tail.length ? setIn(inner, tail, value) : value;
  if (Array.isArray(obj)) return obj.map((v, n) => (String(n) === head ? next : v));
  return { ...(obj && typeof obj === 'object' ? obj : {}), [head]: next };
}

/** One property of card `i` (`['option', 'seriesBarWidth']`, `['title']` …). */
export function update(s: DesignState, i: string, path: string[], value: unknown): DesignState {
  return updateMany(s, i, [[path, value]]);
}

/** Several properties of card `i` as one edit (a data interface's id and its name). */
export function updateMany(s: DesignState, i: string, changes: [string[], unknown][]): DesignState {
  const layout = s.draft.layout.map((it) => (String(it.i) === i ? (changes.reduce<unknown>((o, [path, value]) => setIn(o, path, value), it) as PortalItem) : it));
  return edit(s, { ...s.draft, layout });
}

export function setRefresh(s: DesignState, refresh: Refresh): DesignState {
  return edit(s, { ...s.draft, refresh });
}

export function remove(s: DesignState, i: string): DesignState {
  return edit(s, { ...s.draft, layout: s.draft.layout.filter((it) => String(it.i) !== i) }, s.selected === i ? null : s.selected);
}

/** A copy of card `i` below the cards, with its own number. */
export function copy(s: DesignState, i: string): DesignState {
  const found = s.draft.layout.find((it) => String(it.i) === i);
  if (!found) return s;
  const n = s.draft.layoutId;
  const twin = { ...(JSON.parse(JSON.stringify(found)) as PortalItem), i: n, x: found.x, y: bottom(s.draft.layout) };
  return edit(s, { ...s.draft, layoutId: n + 1, layout: [...s.draft.layout, twin] }, String(n));
}

export function select(s: DesignState, i: string | null): DesignState {
  return { ...s, selected: i };
}

/** 清空: no cards (an undoable edit). */
export function clear(s: DesignState): DesignState {
  return s.draft.layout.length ? edit(s, { ...s.draft, layout: [] }, null) : s;
}

const known = (d: Draft, i: string | null) => (i != null && d.layout.some((it) => String(it.i) === i) ? i : null);

export function undo(s: DesignState): DesignState {
  const prev = s.past[s.past.length - 1];
  if (!prev) return s;
  return { draft: prev, selected: known(prev, s.selected), past: s.past.slice(0, -1), future: [s.draft, ...s.future] };
}

export function redo(s: DesignState): DesignState {
  const [next, ...rest] = s.future;
  if (!next) return s;
  return { draft: next, selected: known(next, s.selected), past: [...s.past, s.draft], future: rest };
}

export const selectedItem = (s: DesignState) => s.draft.layout.find((it) => String(it.i) === s.selected);

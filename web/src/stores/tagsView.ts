/**
 * The tabs bar's state (SHELL-024..033): visited views (one per path) and cached views (the
 * paths whose page stays mounted while the page cache is on). Affixed views are never closed.
 * The transitions are pure functions so that they can be tested without React.
 */
import { create } from 'zustand';

export interface TagView {
  /** Path without query: a page has one tab whatever its query. */
  path: string;
  /** Path with query, where the tab leads. */
  fullPath: string;
  /** Route name (enCode with '.' → '-'). */
  name: string;
  /** Menu name, used when the route name has no translation. */
  title: string;
  icon?: string;
  affix?: boolean;
  noCache?: boolean;
}

export interface TagsState {
  visitedViews: TagView[];
  cachedViews: string[];
}

const cacheable = (v: TagView) => !v.noCache;

export function addView(state: TagsState, view: TagView): TagsState {
  const visited = state.visitedViews.some((v) => v.path === view.path)
    ? state.visitedViews.map((v) => (v.path === view.path ? { ...v, fullPath: view.fullPath } : v))
    : [...state.visitedViews, view];
  const cached =
    cacheable(view) && !state.cachedViews.includes(view.path) ? [...state.cachedViews, view.path] : state.cachedViews;
  return { visitedViews: visited, cachedViews: cached };
}

/**
 * SHELL-026: the affixed views are in the bar, ahead of the others, even when the shell
 * started on another page (a reload keeps no tabs). Their names and icons are refreshed.
 */
export function withAffixed(state: TagsState, affixed: TagView[]): TagsState {
  const missing = affixed.filter((a) => !state.visitedViews.some((v) => v.path === a.path));
  const visitedViews = [
    ...missing,
    ...state.visitedViews.map((v) => {
      const a = affixed.find((x) => x.path === v.path);
      return a ? { ...a, fullPath: v.fullPath } : v;
    }),
  ];
  const cachedViews = [...missing.filter(cacheable).map((v) => v.path), ...state.cachedViews];
  return { visitedViews, cachedViews };
}

/** SHELL-026: an affixed view stays. */
export function delView(state: TagsState, view: TagView): TagsState {
  const target = state.visitedViews.find((v) => v.path === view.path);
  if (!target || target.affix) return state;
  return {
    visitedViews: state.visitedViews.filter((v) => v.path !== view.path),
    cachedViews: state.cachedViews.filter((p) => p !== view.path),
  };
}

/** SHELL-027: close others keeps the view itself and every affixed view. */
export function delOthersViews(state: TagsState, view: TagView): TagsState {
  const visitedViews = state.visitedViews.filter((v) => v.affix || v.path === view.path);
  const keep = new Set(visitedViews.map((v) => v.path));
  return { visitedViews, cachedViews: state.cachedViews.filter((p) => keep.has(p)) };
}

/** SHELL-027: close all keeps the affixed views. */
export function delAllViews(state: TagsState): TagsState {
  const visitedViews = state.visitedViews.filter((v) => v.affix);
  const keep = new Set(visitedViews.map((v) => v.path));
  return { visitedViews, cachedViews: state.cachedViews.filter((p) => keep.has(p)) };
}

export function delCachedView(state: TagsState, path: string): TagsState {
  return { ...state, cachedViews: state.cachedViews.filter((p) => p !== path) };
}

export function updateVisitedView(state: TagsState, view: Partial<TagView> & { path: string }): TagsState {
  return { ...state, visitedViews: state.visitedViews.map((v) => (v.path === view.path ? { ...v, ...view } : v)) };
}

/**
 * Where to go after closing tabs while on `activePath` (SHELL-028/029): nowhere when the
 * active view is still open; else the last remaining view; with none left, '/' — or a refresh
 * of the Dashboard when that was the closed view.
 */
export function destinationAfterClose(
  remaining: TagView[],
  activePath: string,
  closed?: TagView,
): { to: string } | { refresh: true } | null {
  if (remaining.some((v) => v.path === activePath)) return null;
  const last = remaining[remaining.length - 1];
  if (last) return { to: last.fullPath };
  if (closed?.name === 'dashboard' || closed?.name === 'Dashboard') return { refresh: true };
  return { to: '/' };
}

interface TagsStore extends TagsState {
  add(view: TagView): void;
  addAffixed(views: TagView[]): void;
  del(view: TagView): TagsState;
  delOthers(view: TagView): TagsState;
  delAll(): TagsState;
  delCached(path: string): void;
  update(view: Partial<TagView> & { path: string }): void;
  clear(): void;
}

export const useTagsView = create<TagsStore>((set, get) => {
  const apply = (next: TagsState) => {
    set(next);
    return next;
  };
  return {
    visitedViews: [],
    cachedViews: [],
    add: (view) => apply(addView(get(), view)),
    addAffixed: (views) => apply(withAffixed(get(), views)),
    del: (view) => apply(delView(get(), view)),
    delOthers: (view) => apply(delOthersViews(get(), view)),
    delAll: () => apply(delAllViews(get())),
    delCached: (path) => apply(delCachedView(get(), path)),
    update: (view) => apply(updateVisitedView(get(), view)),
    clear: () => apply({ visitedViews: [], cachedViews: [] }),
  };
});

/**
 * Dynamic routes and the displayed menu, built from CurrentUser's menuList (spec 01 §2.2,
 * ROUTE-010..022; SHELL-010..012). Pure functions: menu.test.ts covers every type 0–8.
 */

/** A menu entry as the server sends it (spec 01 §3.1, jnpf-wire.md). */
export interface MenuEntry {
  id: string;
  parentId?: string;
  enCode: string;
  fullName: string;
  icon?: string;
  /** 0 directory, 1 category, 2 page, 3 form, 4 dictionary, 5 report, 6 data screen, 7 link, 8 portal */
  type: number;
  urlAddress?: string | null;
  linkTarget?: string | null;
  propertyJson?: string | null;
  hidden?: boolean | number;
  hasChildren?: boolean;
  children?: MenuEntry[] | null;
  sortCode?: number;
}

export interface RouteMeta {
  /** Menu name; shown when the route name has no translation. */
  title: string;
  icon?: string;
  /** The Chinese title (the menu's own name). */
  zhTitle: string;
  /** The menu entry's id: the key of its permission entry (PERM-006). */
  modelId: string;
  /** Types 3–8: the related model, from propertyJson. */
  moduleId?: string;
  isTree?: number;
}

/** A page reachable inside the app. */
export interface AppRoute {
  path: string;
  /** enCode with '.' → '-' */
  name: string;
  type: number;
  /** Type 2: the page address without its query (ROUTE-013). */
  address: string;
  meta: RouteMeta;
}

/** What clicking a menu item does. */
export type MenuAction =
  | { kind: 'route'; to: string }
  | { kind: 'window'; url: string }
  | { kind: 'none' };

export interface MenuItem {
  key: string;
  name: string;
  title: string;
  icon?: string;
  type: number;
  action: MenuAction;
  children?: MenuItem[];
}

export interface BuildContext {
  /** The session token, substituted into type 6/7 links. */
  token: string;
  /** The data-visualisation host (`${dataV}` in type 7 links). */
  dataV: string;
}

export const routeName = (enCode: string) => enCode.replace(/\./g, '-');

const isExternal = (url: string) => /^(https?:)?\/\//i.test(url);

const stripQuery = (address: string) => address.split('?')[0];

/** ROUTE-022: moduleId and isTree from the JSON property string; bad JSON gives neither. */
export function parseProperty(propertyJson: string | null | undefined): { moduleId?: string; isTree?: number } {
  if (!propertyJson) return {};
  try {
    const p = JSON.parse(propertyJson) as { moduleId?: unknown; isTree?: unknown };
    return {
      moduleId: p.moduleId == null ? undefined : String(p.moduleId),
      isTree: p.isTree == null ? undefined : Number(p.isTree),
    };
  } catch {
    return {};
  }
}

/** ROUTE-019: `${dataV}` and `${jnpfToken}` in a type 7 link. */
export function substituteLink(url: string, ctx: BuildContext): string {
  return url.split('${dataV}').join(ctx.dataV).split('${jnpfToken}').join(encodeURIComponent(ctx.token));
}

/** ROUTE-017: a type 6 data screen on the visualisation host, with its module id and the token. */
export function dataScreenUrl(moduleId: string, ctx: BuildContext): string {
  return `${ctx.dataV}/view/${encodeURIComponent(moduleId)}?token=${encodeURIComponent(ctx.token)}`;
}

/** ROUTE-010: '/' plus the entry's address (or code). */
function pathOf(entry: MenuEntry): string {
  const address = stripQuery((entry.urlAddress ?? '').trim()).replace(/^\/+/, '');
  return '/' + (address || entry.enCode);
}

function isDirectory(entry: MenuEntry): boolean {
  return entry.type === 0 || (entry.children?.length ?? 0) > 0;
}

function actionOf(entry: MenuEntry, ctx: BuildContext): MenuAction {
  const meta = parseProperty(entry.propertyJson);
  switch (entry.type) {
    case 0:
    case 1:
      return { kind: 'none' }; // SHELL-010: categories are plain entries
    case 6:
      return { kind: 'window', url: dataScreenUrl(meta.moduleId ?? '', ctx) };
    case 7: {
      const url = substituteLink(entry.urlAddress ?? '', ctx);
      // ROUTE-018: _blank opens a new window; _self shows the link inside the app.
      if (entry.linkTarget === '_blank') return { kind: 'window', url };
      return { kind: 'route', to: `/externalLink?href=${encodeURIComponent(url)}` };
    }
    default: {
      const address = (entry.urlAddress ?? '').trim();
      // SHELL-012: an external address opens in a new tab.
      if (isExternal(address)) return { kind: 'window', url: address };
      return { kind: 'route', to: pathOf(entry) };
    }
  }
}

const hidden = (entry: MenuEntry) => entry.hidden === true || entry.hidden === 1;

/** Routes (every in-app page, hidden ones included) and the displayed menu tree. */
export function buildMenu(menuList: MenuEntry[], ctx: BuildContext): { routes: AppRoute[]; menus: MenuItem[] } {
  const routes: AppRoute[] = [];

  const walk = (entries: MenuEntry[]): MenuItem[] => {
    const items: MenuItem[] = [];
    for (const entry of entries) {
      const children = entry.children ?? [];
      const name = routeName(entry.enCode);
      const property = parseProperty(entry.propertyJson);
      const action = isDirectory(entry) ? ({ kind: 'none' } as const) : actionOf(entry, ctx);
      // A type 7 link shown inside the app is a route too: its path is /externalLink?href=….
      if (action.kind === 'route') {
        routes.push({
          path: action.to,
          name,
          type: entry.type,
          address: stripQuery((entry.urlAddress ?? '').trim()).replace(/^\/+/, ''),
          meta: {
            title: entry.fullName,
            icon: entry.icon,
            zhTitle: entry.fullName,
            modelId: entry.id,
            // ROUTE-022: types 3 to 8 carry the related module and the tree flag.
            ...(entry.type >= 3 && entry.type <= 8 ? property : {}),
          },
        });
      }
      const sub = walk(children);
      if (hidden(entry)) continue;
      items.push({
        key: entry.id,
        name,
        title: entry.fullName,
        icon: entry.icon,
        type: entry.type,
        action,
        ...(children.length ? { children: sub } : {}),
      });
    }
    return items;
  };

  const menus = walk(menuList);
  return { routes, menus };
}

/** Every clickable leaf of the menu, for the search box (SHELL-017) and the home page. */
export function menuLeaves(menus: MenuItem[]): MenuItem[] {
  return menus.flatMap((m) => (m.children?.length ? menuLeaves(m.children) : m.action.kind === 'none' ? [] : [m]));
}

/** Does this item lead to the page at `fullPath` (a link with a query must match whole)? */
export function leadsTo(item: MenuItem, fullPath: string): boolean {
  if (item.action.kind !== 'route') return false;
  const to = item.action.to;
  return to.includes('?') ? to === fullPath : to === fullPath.split('?')[0];
}

/** The chain of menu items down to the one leading to `fullPath` (to open its submenus). */
export function menuPath(menus: MenuItem[], fullPath: string): MenuItem[] {
  for (const m of menus) {
    if (leadsTo(m, fullPath)) return [m];
    if (m.children) {
      const sub = menuPath(m.children, fullPath);
      if (sub.length) return [m, ...sub];
    }
  }
  return [];
}

/** The width one top-menu entry is given (SHELL-015). */
export const TOP_MENU_ITEM_WIDTH = 116;

/** SHELL-015: floor(width / 116) entries shown, the rest under 更多. */
export function fitTopMenu<T>(items: T[], width: number): { visible: T[]; overflow: T[] } {
  const fits = Math.max(1, Math.floor(width / TOP_MENU_ITEM_WIDTH));
  if (items.length <= fits) return { visible: items, overflow: [] };
  return { visible: items.slice(0, fits), overflow: items.slice(fits) };
}

/** The first in-app page under an entry (where choosing a blend-layout top entry leads). */
export function firstLeaf(item: MenuItem): MenuItem | undefined {
  if (!item.children?.length) return item.action.kind === 'none' ? undefined : item;
  for (const child of item.children) {
    const leaf = firstLeaf(child);
    if (leaf) return leaf;
  }
  return undefined;
}

/**
 * Which page a location shows — for the tab it gets (SHELL-024) and the document title
 * (ROUTE-023): the fixed routes of spec 01 §2.1 first, then the dynamic ones.
 */
import type { AppRoute } from './menu';
import type { TagView } from '@/stores/tagsView';
import { routeTitle } from '@/i18n';

interface FixedView {
  path: string;
  name: string;
  title: string;
  icon?: string;
  affix?: boolean;
}

/** Fixed pages under the main layout. The home tab is affixed. */
export const FIXED_VIEWS: FixedView[] = [
  { path: '/home', name: 'home', title: '首页', icon: 'icon-ym icon-ym-nav-home', affix: true },
  { path: '/profile', name: 'profile', title: '个人信息', icon: 'icon-ym icon-ym-user' },
  { path: '/messageRecord', name: 'messageRecord', title: '消息记录', icon: 'icon-ym icon-ym-sysNotice' },
  { path: '/previewModel', name: 'previewModel', title: '功能预览' },
  { path: '/onlineDev/records', name: 'onlineDevRecords', title: '功能数据' },
  { path: '/emailDetail', name: 'emailDetail', title: '查看邮件' },
  { path: '/workFlowDetail', name: 'workFlowDetail', title: '流程详情' },
  { path: '/workFlow/entrust', name: 'workFlow-entrust', title: '流程委托' },
  { path: '/modelSaleLedger', name: 'modelSaleLedger', title: '销售台账' },
  { path: '/modelJcmztz', name: 'modelJcmztz', title: '门诊检查台账' },
  { path: '/modelProfit', name: 'modelProfit', title: '分润台账' },
  { path: '/externalLink', name: 'externalLink', title: '外部链接', icon: 'icon-ym icon-ym-link' },
];

/** Pages outside the main layout, for the document title only. */
const BARE_VIEWS: Record<string, string> = { '/login': 'login', '/lockScreen': 'lockScreen', '/404': '404' };

/** The tab of the page at this location, or null for pages that get none. */
export function viewFor(pathname: string, search: string, routes: AppRoute[]): TagView | null {
  const fullPath = pathname + search;
  const route = routes.find((r) => r.path === fullPath) ?? routes.find((r) => r.path === pathname);
  const fixed = FIXED_VIEWS.find((v) => v.path === pathname);
  if (fixed) {
    // A menu entry for the same page lends its name and icon (e.g. 首页 from the menu).
    return {
      path: pathname,
      fullPath,
      name: fixed.name,
      title: route?.meta.title ?? fixed.title,
      icon: route?.meta.icon ?? fixed.icon,
      affix: fixed.affix,
    };
  }
  if (route) return { path: pathname, fullPath, name: route.name, title: route.meta.title, icon: route.meta.icon };
  return null;
}

/**
 * The affixed tabs (SHELL-026): always in the tabs bar, whatever page the shell opened on —
 * a full reload of /profile shows 首页 too.
 */
export function affixViews(routes: AppRoute[]): TagView[] {
  return FIXED_VIEWS.filter((v) => v.affix).flatMap((v) => viewFor(v.path, '', routes) ?? []);
}

/** ROUTE-023: translated route title + ' - ' + the system title. */
export function documentTitle(view: { name: string; title: string } | null, systemTitle: string): string {
  if (!view) return systemTitle;
  const title = routeTitle(view.name, view.title);
  return systemTitle ? `${title} - ${systemTitle}` : title;
}

export function bareViewName(pathname: string): string | null {
  return BARE_VIEWS[pathname] ?? null;
}

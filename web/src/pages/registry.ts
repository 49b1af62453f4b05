/**
 * Pages by menu address, from their folders (pageModules.ts): `pages/<address>/index.tsx`
 * serves the menu address `<address>` — type 2 menu entries by their address (ROUTE-013),
 * the fixed pages of spec 01 §2.1 by their path (`home`, `profile`, `workFlow/entrust`). A
 * feature adds its folder; nothing here changes. An address without a folder shows the
 * placeholder (AppMain).
 */
import { lazy, type LazyExoticComponent, type ComponentType } from 'react';
import { pageModules, type PageModule } from '@/pages/pageModules';

export type Page = LazyExoticComponent<ComponentType>;

/** './permission/user/index.tsx' → 'permission/user'. */
export function addressOf(file: string): string {
  return file.replace(/^\.\//, '').replace(/\/index\.tsx$/, '');
}

/** A menu address as the registry keys it: no leading or trailing '/', no query. */
export function normaliseAddress(address: string): string {
  return address.split('?')[0].trim().replace(/^\/+|\/+$/g, '');
}

export function pagesFrom(modules: Record<string, () => Promise<PageModule>>): Record<string, Page> {
  return Object.fromEntries(Object.entries(modules).map(([file, load]) => [addressOf(file), lazy(load)]));
}

export const PAGES: Record<string, Page> = pagesFrom(pageModules);

/** The page serving a menu address, if its folder exists. */
export function pageFor(address: string): Page | undefined {
  const key = normaliseAddress(address);
  return Object.prototype.hasOwnProperty.call(PAGES, key) ? PAGES[key] : undefined;
}

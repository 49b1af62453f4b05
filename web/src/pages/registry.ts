/**
 * Pages that menu entries of type 2 name by address (ROUTE-013). Later issues add theirs here;
 * an address without a page shows the placeholder.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('./home/Home')),
  profile: lazy(() => import('./profile/Profile')),
};

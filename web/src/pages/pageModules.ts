/**
 * Every page folder's entry file, loaded lazily: `pages/<address>/index.tsx` is the page of
 * the menu address `<address>` (`pages/permission/user/index.tsx` serves `permission/user`).
 * Vite expands the glob at build time, so adding a folder adds the page and no list is
 * edited. jest cannot run `import.meta.glob`: jest.config.cjs maps this module to
 * src/test/pageModules.cjs, which scans the same folders.
 */
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };

export const pageModules: Record<string, () => Promise<PageModule>> = import.meta.glob<PageModule>('./**/index.tsx');

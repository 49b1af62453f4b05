/**
 * Fuzzy menu search of the navbar (SHELL-017): fuse.js over the visible pages with title
 * weight 0.7 and path weight 0.3, threshold 0.4, minimum match length 1; patterns are cut to
 * 32 characters (fuse.js 7 no longer has a pattern-length option).
 */
import Fuse from 'fuse.js';

export interface SearchEntry {
  key: string;
  title: string;
  path: string;
}

export const SEARCH_OPTIONS = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

export const MAX_PATTERN_LENGTH = 32;

export function createMenuSearch(entries: SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(entries, SEARCH_OPTIONS);
  return (query) => {
    const pattern = query.trim().slice(0, MAX_PATTERN_LENGTH);
    return pattern ? fuse.search(pattern).map((r) => r.item) : [];
  };
}

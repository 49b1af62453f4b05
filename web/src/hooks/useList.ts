/**
 * A server-paged list, as every list screen has one (DESIGN.md "What good looks like"; spec
 * 01 §9; jnpf-wire.md "Lists"): the call takes `currentPage`, `pageSize` (20, 50, 100, 500;
 * default 20), `keyword` and the screen's filters, and answers `{list, pagination: {currentPage,
 * pageSize, total}}`.
 *
 * - The keyword is typed first and applied by `search()` (Enter or the 查询 button), back to
 *   page 1; `reset()` clears keyword and filters, back to page 1; `refresh()` asks again for
 *   the same page.
 * - `loading` is on while a page is asked for; a failed load only turns it off (HTTP-015):
 *   the rows shown stay, and the HTTP client has already shown the error.
 * - Only the latest request's answer is shown (a slow earlier answer cannot overwrite it).
 * - A page left empty (the last rows deleted elsewhere) moves back to the last page there is.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Envelope, Page } from '@/api/request';

/** Page sizes offered, and the default (spec 01 §9). */
export const PAGE_SIZES = [20, 50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface ListQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
}

export type Fetch<T, F> = (query: ListQuery & F) => Promise<Envelope<Page<T>>>;

export interface UseListOptions<F> {
  /** The screen's filters besides the keyword, as they start (and as `reset()` restores them). */
  filters?: F;
  /** The first page size (one of PAGE_SIZES; default 20). */
  pageSize?: number;
}

export interface ListState<T, F> {
  list: T[];
  total: number;
  /** A page is being asked for. */
  loading: boolean;
  /** A page has arrived at least once (before that an empty list is not "no data" yet). */
  loaded: boolean;
  /** Nothing to show: a page arrived and it has no rows. */
  empty: boolean;
  /** What the shown page was asked with. */
  query: ListQuery & F;
  /** The keyword as typed, applied by `search()`. */
  keyword: string;
  setKeyword(keyword: string): void;
  /** Changes filters; they apply at once, back to page 1. */
  setFilters(filters: Partial<F>): void;
  /** Applies the typed keyword (or the one given, which becomes the typed one), back to page 1. */
  search(keyword?: string): void;
  reset(): void;
  refresh(): void;
  /** Another page or page size (a new size starts again at page 1). */
  changePage(currentPage: number, pageSize?: number): void;
}

export function useList<T, F extends object = Record<never, never>>(
  fetchPage: Fetch<T, F>,
  options: UseListOptions<F> = {},
): ListState<T, F> {
  const initialFilters = useRef(options.filters ?? ({} as F)).current;
  const firstSize = (PAGE_SIZES as readonly number[]).includes(options.pageSize ?? 0) ? options.pageSize! : DEFAULT_PAGE_SIZE;
  const [query, setQuery] = useState<ListQuery & F>(() => ({ ...initialFilters, currentPage: 1, pageSize: firstSize, keyword: '' }));
  const [keyword, setKeyword] = useState('');
  const [tick, setTick] = useState(0);
  const [list, setList] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);

  // The latest fetch function, so a screen may pass an inline one without reloading each render.
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const latest = useRef(0);

  useEffect(() => {
    const id = ++latest.current;
    setLoading(true);
    fetchRef.current(query).then(
      ({ data }) => {
        if (id !== latest.current) return;
        const rows = Array.isArray(data?.list) ? data.list : [];
        const count = Number(data?.pagination?.total ?? rows.length) || 0;
        const lastPage = Math.max(1, Math.ceil(count / query.pageSize));
        if (!rows.length && query.currentPage > lastPage) {
          setQuery((q) => ({ ...q, currentPage: lastPage }));
          return; // the effect asks for the last page; loading stays on
        }
        setList(rows);
        setTotal(count);
        setLoaded(true);
        setLoading(false);
      },
      () => {
        // HTTP-015: a failed load only stops the loading indicator.
        if (id === latest.current) setLoading(false);
      },
    );
  }, [query, tick]);

  // An answer arriving after the screen is gone is ignored.
  useEffect(() => () => void (latest.current = -1), []);

  const search = useCallback(
    (given?: string) => {
      const applied = (given ?? keyword).trim();
      if (given !== undefined) setKeyword(given);
      setQuery((q) => ({ ...q, keyword: applied, currentPage: 1 }));
    },
    [keyword],
  );
  const reset = useCallback(() => {
    setKeyword('');
    setQuery((q) => ({ ...q, ...initialFilters, keyword: '', currentPage: 1 }));
  }, [initialFilters]);
  const refresh = useCallback(() => setTick((n) => n + 1), []);
  const setFilters = useCallback((filters: Partial<F>) => setQuery((q) => ({ ...q, ...filters, currentPage: 1 })), []);
  const changePage = useCallback(
    (currentPage: number, pageSize?: number) =>
      setQuery((q) =>
        pageSize && pageSize !== q.pageSize ? { ...q, pageSize, currentPage: 1 } : { ...q, currentPage: Math.max(1, currentPage) },
      ),
    [],
  );

  return useMemo(
    () => ({
      list,
      total,
      loading,
      loaded,
      empty: loaded && !loading && list.length === 0,
      query,
      keyword,
      setKeyword,
      setFilters,
      search,
      reset,
      refresh,
      changePage,
    }),
    [list, total, loading, loaded, query, keyword, setFilters, search, reset, refresh, changePage],
  );
}

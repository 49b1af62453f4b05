/**
 * The rows of an unpaged list or tree of the menu page (applications, an application's menus,
 * a menu's buttons, fields, data-authorize fields and schemes): asked for again when `query`
 * changes (a keyword applied, the Web/App switch) and by `refresh()`; `loading` while asked,
 * `loaded` once an answer came (before that an empty table is not "no data" yet). A failed
 * load only stops the indicator — the HTTP client has said why (HTTP-015) — and only the
 * latest request's answer is shown.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Envelope } from '@/api/request';
import type { RowsState } from '@/components/ListSearch';

export interface Rows<T> extends RowsState<T> {
  refresh(): void;
}

export function useRows<T, Q>(load: ((query: Q) => Promise<Envelope<{ list: T[] }>>) | null, query: Q): Rows<T> {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const latest = useRef(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    const fetchRows = loadRef.current;
    if (!fetchRows) return;
    const id = ++latest.current;
    setLoading(true);
    fetchRows(JSON.parse(key) as Q).then(
      ({ data }) => {
        if (id !== latest.current) return;
        setRows(Array.isArray(data?.list) ? data.list : []);
        setLoaded(true);
        setLoading(false);
      },
      () => id === latest.current && setLoading(false),
    );
  }, [key, tick, load === null]);

  useEffect(() => () => void (latest.current = -1), []);

  const refresh = useCallback(() => setTick((n) => n + 1), []);
  return { rows, loading, loaded, refresh };
}

/**
 * A list that loads its next page as its box is scrolled near the bottom (the message drawer,
 * MSG-006; the chat drawer's contacts, CHAT-004): `load(1, arg)` starts again, `load(n, arg)`
 * adds page n; `onScroll(arg)` asks for the next page within `within` px of the bottom while
 * none is being asked for, until a page comes back short. Only the latest request's answer is
 * taken; a failed one only stops the loading (the HTTP client has said why).
 */
import { useCallback, useRef, useState, type UIEvent } from 'react';

export function useMorePages<T, A>(fetchPage: (currentPage: number, pageSize: number, arg: A) => Promise<{ data?: { list?: T[] } | null }>, pageSize: number, within: number) {
  const [rows, setRows] = useState<T[]>([]);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(true);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const load = useCallback(
    (currentPage: number, arg: A) => {
      const ask = ++latest.current;
      setLoading(true);
      fetchPage(currentPage, pageSize, arg).then(
        ({ data }) => {
          if (ask !== latest.current) return;
          const list = data?.list ?? [];
          setRows((prev) => (currentPage === 1 ? list : [...prev, ...list]));
          setPage(currentPage);
          setMore(list.length >= pageSize);
          setLoading(false);
        },
        () => ask === latest.current && setLoading(false),
      );
    },
    [fetchPage, pageSize],
  );

  const onScroll = (arg: A) => (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (!loading && more && el.scrollHeight - el.scrollTop - el.clientHeight < within) load(page + 1, arg);
  };

  return { rows, setRows, loading, more, load, onScroll };
}

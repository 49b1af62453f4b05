/**
 * A dictionary type's enabled items, for a form's select: the whole dictionary is asked for
 * once (DictionaryData/All) and kept, as the JNPF client keeps it; `invalidateDictionary()`
 * forgets it (a dictionary page that saves calls it). A failed load offers nothing and asks
 * again next time.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getDictionaryAll, type Dictionary, type DictionaryItem } from '@/api/dictionary';

let all: Promise<Dictionary[]> | null = null;

function dictionary(): Promise<Dictionary[]> {
  if (!all) {
    const loading = getDictionaryAll().then(({ data }) => (Array.isArray(data?.list) ? data.list : []));
    all = loading;
    loading.catch(() => {
      if (all === loading) all = null;
    });
  }
  return all;
}

export function invalidateDictionary(): void {
  all = null;
}

const enabled = (items: DictionaryItem[]): DictionaryItem[] =>
  items.filter((i) => i.enabledMark !== 0).map((i) => (i.children?.length ? { ...i, children: enabled(i.children) } : i));

export interface DictionaryTree {
  /** The enabled items, a tree when the dictionary is one. */
  items: DictionaryItem[];
  loading: boolean;
  /** Forgets the cached dictionaries and asks again (after the dictionary screen changed them). */
  reload(): void;
}

/** The dictionary with this enCode (or id): its enabled items as a tree, in order. */
export function useDictionaryTree(type: string): DictionaryTree {
  const [items, setItems] = useState<DictionaryItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    dictionary().then(
      (types) => {
        if (!alive) return;
        const found = types.find((d) => d.enCode === type || d.id === type);
        setItems(enabled(found?.dictionaryList ?? []));
        setLoading(false);
      },
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
  }, [type, tick]);
  const reload = useCallback(() => {
    invalidateDictionary();
    setTick((n) => n + 1);
  }, []);
  return useMemo(() => ({ items, loading, reload }), [items, loading, reload]);
}

/** The enabled items of the type with this enCode (or id), in order. */
export function useDictionary(type: string): DictionaryItem[] {
  return useDictionaryTree(type).items;
}

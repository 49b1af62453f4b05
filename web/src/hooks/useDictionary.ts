/**
 * A dictionary type's enabled items, for a form's select: the whole dictionary is asked for
 * once (DictionaryData/All) and kept, as the JNPF client keeps it; `invalidateDictionary()`
 * forgets it (a dictionary page that saves calls it). A failed load offers nothing and asks
 * again next time.
 */
import { useEffect, useState } from 'react';
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

/** The enabled items of the type with this enCode (or id), in order. */
export function useDictionary(type: string): DictionaryItem[] {
  const [items, setItems] = useState<DictionaryItem[]>([]);
  useEffect(() => {
    let alive = true;
    dictionary().then(
      (types) => {
        if (!alive) return;
        const found = types.find((d) => d.enCode === type || d.id === type);
        setItems((found?.dictionaryList ?? []).filter((i) => i.enabledMark !== 0));
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [type]);
  return items;
}

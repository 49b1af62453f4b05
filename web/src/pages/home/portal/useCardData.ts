/**
 * A card's data (jnpf-wire-engine2.md §2.4): `dataType` static → `option.defaultValue`;
 * dynamic → the data interface's Preview (no parameters), called again every `minutes` when
 * the card refreshes. undefined while loading, null when the call failed.
 */
import { useEffect, useState } from 'react';
import { previewInterface } from '@/api/dataInterface';
import type { PortalItem } from './definition';

export function useCardData(item: PortalItem, minutes: number): unknown {
  const dynamic = item.dataType === 'dynamic' && !!item.propsApi;
  const fixed = item.option?.defaultValue;
  const [data, setData] = useState<unknown>(dynamic ? undefined : fixed);
  const api = item.propsApi ?? '';

  useEffect(() => {
    if (!dynamic) {
      setData(fixed);
      return undefined;
    }
    let live = true;
    const load = () =>
      previewInterface(api, []).then(
        ({ data: answer }) => live && setData(answer),
        () => live && setData(null),
      );
    void load();
    const timer = minutes > 0 ? setInterval(load, minutes * 60_000) : undefined;
    return () => {
      live = false;
      if (timer) clearInterval(timer);
    };
  }, [dynamic, api, fixed, minutes]);
  return data;
}

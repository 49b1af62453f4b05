/**
 * The rules core (WASM) for a component that calls it while rendering (the serial-number
 * example): null until it has loaded, then the module. A failed load leaves it null; the
 * component shows nothing computed rather than a guess.
 */
import { useEffect, useState } from 'react';
import { loadCore } from '@/core';

export type Core = Awaited<ReturnType<typeof loadCore>>;

export function useCore(): Core | null {
  const [core, setCore] = useState<Core | null>(null);
  useEffect(() => {
    let alive = true;
    loadCore().then(
      (loaded) => alive && setCore(loaded),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  return core;
}

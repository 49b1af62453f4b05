/**
 * What a drawer or dialog shows while it is open and while it closes: the latest target that
 * was not null, so that the closing animation still shows it.
 */
import { useEffect, useState } from 'react';

export function useShown<T>(target: T | null): T | null {
  const [shown, setShown] = useState<T | null>(target);
  useEffect(() => {
    if (target !== null) setShown(target);
  }, [target]);
  return target ?? shown;
}

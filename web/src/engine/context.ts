/** What every widget of a generated form shares: the core, and the rows picked in popups. */
import { createContext, useContext } from 'react';
import type { Core } from '@/hooks/useCore';

export interface EngineContextValue {
  /** The rules core once loaded (number formats, amounts). */
  core: Core | null;
  /** The row chosen in each relationForm / popupSelect, by its field: their attr fields show it. */
  picked: Record<string, Record<string, unknown>>;
  setPicked(field: string, row: Record<string, unknown> | null): void;
}

export const EngineContext = createContext<EngineContextValue>({ core: null, picked: {}, setPicked: () => undefined });

export const useEngineContext = () => useContext(EngineContext);

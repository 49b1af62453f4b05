/**
 * Related records through context, not imports (issue 23 §3). A related record's details
 * (RelatedDetail, FormPopup.tsx) show a detail viewer whose relation links open further
 * related records, and a disabled relationForm widget opens one too: the components call one
 * another, so the widgets and the viewer take RelatedDetail from this context instead of
 * importing FormPopup (which imports them). The engine's views as exported by `@/engine` provide
 * it (RelatedRecords in FormPopup.tsx); without a provider nothing opens.
 */
import { createContext, useContext, type ComponentType } from 'react';

export interface RelatedDetailProps {
  /** The related model. */
  modelId: string;
  /** The record's id; none closes at once. */
  id: string;
  onClose(): void;
}

export interface RelatedComponents {
  /** Another model's record, read-only, in its own detail popup. */
  RelatedDetail: ComponentType<RelatedDetailProps> | null;
}

export const RelatedContext = createContext<RelatedComponents>({ RelatedDetail: null });

export const useRelated = () => useContext(RelatedContext);

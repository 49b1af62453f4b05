/** What every widget of a generated form shares: the core, and the rows picked in popups. */
import { createContext, useContext } from 'react';
import type { Core } from '@/hooks/useCore';
import type { Field, FormRecord } from './definition';

/**
 * The record and model a form shows (JNPF's dynamicModelExtra): a qrcode of dataType 'form'
 * encodes them (WGT-101, WGT-103). mt: the model's type; the flow parts are set by flow forms.
 */
export interface ModelExtra {
  id?: string;
  modelId?: string;
  type?: number;
  flowId?: string;
  processId?: string;
  taskId?: string;
  opType?: string | number;
}

export interface EngineContextValue {
  /** The rules core once loaded (number formats, amounts). */
  core: Core | null;
  /** The row chosen in each relationForm / popupSelect, by its field: their attr fields show it. */
  picked: Record<string, Record<string, unknown>>;
  setPicked(field: string, row: Record<string, unknown> | null): void;
  /** The record and model shown, when the page knows them. */
  model?: ModelExtra;
}

/** What every value widget is given (widgets.tsx, and the popup pickers of popups.tsx). */
export interface WidgetProps {
  field: Field;
  value: unknown;
  onChange(value: unknown): void;
  /** The field lost focus: check it now (fields whose trigger is blur). */
  onBlur?(): void;
  /** The record the widget sits in (a sub-table row reads its own row first). */
  record: FormRecord;
  /** The sub-table row, when the widget is a cell. */
  row?: FormRecord;
  disabled: boolean;
  /** An id for the label to point at. */
  id?: string;
}

export const EngineContext = createContext<EngineContextValue>({ core: null, picked: {}, setPicked: () => undefined });

export const useEngineContext = () => useContext(EngineContext);

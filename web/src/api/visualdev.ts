/**
 * /api/visualdev/Base: model definitions (jnpf-wire-engine.md §6): list, CRUD, copy, release
 * (every problem at once), and the related-form picker's records (FieldDataSelect).
 */
import type { DefinitionProblem } from '@qiming/core';
import type { components } from './schema';
import { request as send } from './http';

type Schemas = components['schemas'];

export type ModelRow = Schemas['ModelListRow'];
export type ModelInfo = Schemas['ModelInfo'];
export type ModelForm = Schemas['ModelForm'];
type ModelPage = Schemas['Envelope_PageOf_ModelListRow']['data'];
type RecordPage = Schemas['Envelope_PageOf_RecordRow']['data'];

/**
 * A problem of a refused release: where it is (JSON Pointer), the field, the core's message —
 * the core's own type, as `checkDefinition` answers it in the browser.
 */
export type ReleaseProblem = DefinitionProblem;

const BASE = '/api/visualdev/Base';

export function getModelList(query: { currentPage: number; pageSize: number; keyword: string; type?: number | '' }) {
  return send<ModelPage>({ url: BASE, data: query });
}

export function getModel(id: string) {
  return send<ModelInfo>({ url: `${BASE}/${id}` });
}

export function createModel(form: ModelForm) {
  return send<string>({ url: BASE, method: 'POST', data: form });
}

export function updateModel(id: string, form: ModelForm) {
  return send({ url: `${BASE}/${id}`, method: 'PUT', data: form });
}

export function deleteModel(id: string) {
  return send({ url: `${BASE}/${id}`, method: 'DELETE' });
}

export function copyModel(id: string) {
  return send({ url: `${BASE}/${id}/Actions/Copy`, method: 'POST' });
}

/** Releases the draft (pc); a refusal (code 400) carries every problem in `data`. */
export function releaseModel(id: string) {
  return send<number>({ url: `${BASE}/${id}/Actions/Release`, method: 'POST', data: { pc: 1, app: 0 } });
}

/** The problems a refused release carries, or null. */
export function releaseProblemsOf(error: unknown): ReleaseProblem[] | null {
  if (!error || typeof error !== 'object') return null;
  const { data } = error as { data?: unknown };
  return Array.isArray(data) ? (data as ReleaseProblem[]) : null;
}

/** The related-form picker's page of a released model's records. */
export function getRelatedRecords(modelId: string, query: { currentPage: number; pageSize: number; keyword: string; relationField: string; columnOptions: string }) {
  return send<RecordPage>({ url: `${BASE}/${modelId}/FieldDataSelect`, data: query });
}

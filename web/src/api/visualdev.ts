/**
 * /api/visualdev/Base: model definitions (jnpf-wire-engine.md §6): list, CRUD, copy, release
 * (every problem at once), and the related-form picker's records (FieldDataSelect).
 */
import type { DefinitionProblem } from '@qiming/core';
import type { components } from './schema';
import { api, undocumented } from './client';

type Schemas = components['schemas'];

export type ModelRow = Schemas['ModelListRow'];
export type ModelInfo = Schemas['ModelInfo'];
export type ModelForm = Schemas['ModelForm'];

/**
 * A problem of a refused release: where it is (JSON Pointer), the field, the core's message —
 * the core's own type, as `checkDefinition` answers it in the browser.
 */
export type ReleaseProblem = DefinitionProblem;


export function getModelList(query: { currentPage: number; pageSize: number; keyword: string; type?: number | '' }) {
  const { type, ...documented } = query;
  return api.GET('/api/visualdev/Base', { params: { query: undocumented(documented, { type }) } });
}

export function getModel(id: string) {
  return api.GET('/api/visualdev/Base/{id}', { params: { path: { id } } });
}

export function createModel(form: ModelForm) {
  return api.POST('/api/visualdev/Base', { body: form });
}

export function updateModel(id: string, form: ModelForm) {
  return api.PUT('/api/visualdev/Base/{id}', { params: { path: { id } }, body: form });
}

export function deleteModel(id: string) {
  return api.DELETE('/api/visualdev/Base/{id}', { params: { path: { id } } });
}

export function copyModel(id: string) {
  return api.POST('/api/visualdev/Base/{id}/Actions/Copy', { params: { path: { id } } });
}

/**
 * Releases the draft (pc), with its Web function menu under `menuParent` when given; a refusal
 * (code 400) carries every problem in `data`.
 */
export function releaseModel(id: string, menuParent?: string) {
  const body = menuParent ? { pc: 1, app: 0, pcModuleParentId: menuParent } : { pc: 1, app: 0 };
  return api.POST('/api/visualdev/Base/{id}/Actions/Release', { params: { path: { id } }, body });
}

/** The problems a refused release carries, or null. */
export function releaseProblemsOf(error: unknown): ReleaseProblem[] | null {
  if (!error || typeof error !== 'object') return null;
  const { data } = error as { data?: unknown };
  return Array.isArray(data) ? (data as ReleaseProblem[]) : null;
}

/** The related-form picker's page of a released model's records. */
export function getRelatedRecords(modelId: string, query: { currentPage: number; pageSize: number; keyword: string; relationField: string; columnOptions: string }) {
  return api.GET('/api/visualdev/Base/{id}/FieldDataSelect', { params: { path: { id: modelId }, query } });
}

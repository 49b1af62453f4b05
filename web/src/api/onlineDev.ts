/**
 * /api/visualdev/OnlineDev: a released model's records (issue 13; server/README.md "Records";
 * jnpf-wire-engine.md §3, §5) — the definition served (Config), create, read (raw and with
 * display values), update carrying the `version` read (optimistic lock), delete, batch delete
 * and the list.
 */
import type { components } from './schema';
import { api } from './client';
import type { Envelope } from './request';

type Schemas = components['schemas'];

export type OnlineConfig = Schemas['OnlineConfig'];
export type RecordData = Schemas['RecordData'];
export type RecordListForm = Schemas['RecordListForm'];
type RecordPage = Schemas['Envelope_PageOf_RecordRow']['data'];
/** A list row: raw values by vModel plus id, version, creatorUserId, creatorTime. */
export type RecordRow = Record<string, unknown> & { id: string };


// The generated RecordForm types `data` as an open object; a record is any JSON object.
type RecordBody = Schemas['RecordForm'];
const body = (id: string, data: Record<string, unknown>): RecordBody => ({ id, data: data as RecordBody['data'] });

/** The released definition ('' from a menu). */
export function getConfig(modelId: string) {
  return api.GET('/api/visualdev/OnlineDev/{modelId}/Config', { params: { path: { modelId } } });
}

/** Creates a record; answers its id. A refusal (400) carries `{field: [messages]}`. */
export function createRecord(modelId: string, data: Record<string, unknown>) {
  return api.POST('/api/visualdev/OnlineDev/{modelId}', { params: { path: { modelId } }, body: body('', data) });
}

/** The record's raw values (JSON text in `data`, with its `version`). */
export function getRecord(modelId: string, id: string) {
  return api.GET('/api/visualdev/OnlineDev/{modelId}/{id}', { params: { path: { modelId, id } } });
}

/** Updates a record; `data` must carry the `version` it was read with (stale → 400). */
export function updateRecord(modelId: string, id: string, data: Record<string, unknown>) {
  return api.PUT('/api/visualdev/OnlineDev/{modelId}/{id}', { params: { path: { modelId, id } }, body: body(id, data) });
}

/**
 * The record with display values (names, labels, related records' text); `quiet` for a look-up
 * whose failure the caller covers (a related record's text: the id stays shown).
 */
export function getRecordDetail(modelId: string, id: string, options: { quiet?: boolean } = {}) {
  return api.GET('/api/visualdev/OnlineDev/{modelId}/{id}/DataChange', { params: { path: { modelId, id } }, quiet: options.quiet });
}

export function deleteRecord(modelId: string, id: string) {
  return api.DELETE('/api/visualdev/OnlineDev/{modelId}/{id}', { params: { path: { modelId, id } } });
}

/** Deletes all or none. */
export function deleteRecords(modelId: string, ids: string[]) {
  return api.POST('/api/visualdev/OnlineDev/batchDelete/{modelId}', { params: { path: { modelId } }, body: { ids } satisfies Schemas['RecordBatchDeleteForm'] });
}

/** One page of the records. */
export function getRecordList(modelId: string, query: RecordListForm) {
  // The document types a row as an open object; a row always carries its id.
  return api.POST('/api/visualdev/OnlineDev/{modelId}/List', { params: { path: { modelId } }, body: query }) as Promise<
    Envelope<{ list: RecordRow[]; pagination: RecordPage['pagination'] }>
  >;
}

/** A record's JSON text (`data` of the info and DataChange answers) as an object. */
export function recordOf(answer: RecordData): Record<string, unknown> {
  try {
    const parsed: unknown = typeof answer.data === 'string' ? JSON.parse(answer.data) : answer.data;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export type RecordExportForm = Schemas['RecordExportForm'];

/**
 * 导出 (jnpf-wire-engine2.md §4.1): the List body with dataType (0 this page, 1 every page) and
 * selectKey (the columns in order) → the url of the workbook (a link that authorises itself).
 */
export function exportRecords(modelId: string, form: RecordExportForm) {
  return api.POST('/api/visualdev/OnlineDev/{modelId}/Actions/Export', { params: { path: { modelId } }, body: form });
}

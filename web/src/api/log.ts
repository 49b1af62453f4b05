/**
 * /api/system/Log: everyone's sign-ins, operations and requests for the administrators'
 * 系统日志 page (the JNPF 3.4.7 client's log page; server/README.md "System log").
 */
import type { components, operations } from './schema';
import { api, undocumented } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type LogRow = Schemas['LoginLogEntry'];

/** 1 sign-ins (登录日志), 5 requests (请求日志), 3 operations (操作日志). */
export type LogCategory = 1 | 3 | 5;

type Query = NonNullable<operations['getSystemLogByCategory']['parameters']['query']>;

/** A page's query; the range's days in ms ('' for none, as the JNPF client sends it): the server takes whole days. */
export type LogQuery = Required<Pick<Query, 'currentPage' | 'pageSize' | 'keyword'>> & { startTime: number | ''; endTime: number | '' };

export function getLogList(category: LogCategory, query: LogQuery) {
  return api.GET('/api/system/Log/{category}', { params: { path: { category }, query: undocumented({}, { ...query, sort: 'desc' }) } });
}

/** Deletes the chosen rows. */
export function deleteLogs(ids: string[]) {
  return api.DELETE('/api/system/Log', { body: { ids } });
}

/** 一键清空: every row of the category (within the caller's scope). */
export function clearLog(category: LogCategory) {
  return api.DELETE('/api/system/Log/{category}', { params: { path: { category } } });
}

/**
 * /api/system/Schedule: the calendar's schedules (spec 02 §7.9; SCHED-013; jnpf-wire-areas.md
 * §2.5). The list is the visible range (`startTime`, `endTime` as local 'yyyy-MM-dd HH:mm');
 * a change and a deletion carry their scope in the path (SCHED-008: 1 this, 2 this and the
 * following ones, 3 all — always 3 for a schedule that does not repeat).
 */
import type { components } from './schema';
import { api } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type ScheduleEvent = Schemas['ScheduleEvent'];
export type ScheduleInfo = Schemas['ScheduleInfo'];
export type ScheduleForm = Schemas['ScheduleForm'];
export type ScheduleDetail = Schemas['ScheduleDetail'];

/** SCHED-008: the scope of a change or a deletion. */
export type ScheduleScope = 1 | 2 | 3;


/** The occurrences that overlap the range. */
export function getSchedules(range: { startTime: string; endTime: string }) {
  return api.GET('/api/system/Schedule', { params: { query: range } });
}

/** One occurrence's form. */
export function getSchedule(id: string) {
  return api.GET('/api/system/Schedule/{id}', { params: { path: { id } } });
}

/** SCHED-012: the viewer's text, by occurrence and series ('0' from the calendar). */
export function getScheduleDetail(id: string, groupId = '0') {
  return api.GET('/api/system/Schedule/detail', { params: { query: { groupId, id } } });
}

export function createSchedule(form: ScheduleForm) {
  return api.POST('/api/system/Schedule', { body: form });
}

export function updateSchedule(id: string, scope: ScheduleScope, form: ScheduleForm) {
  return api.PUT('/api/system/Schedule/{id}/{type}', { params: { path: { id, type: String(scope) } }, body: form });
}

/** SCHED-011: the answer's msg is the success toast. */
export function deleteSchedule(id: string, scope: ScheduleScope) {
  return api.DELETE('/api/system/Schedule/{id}/{type}', { params: { path: { id, type: String(scope) } } });
}

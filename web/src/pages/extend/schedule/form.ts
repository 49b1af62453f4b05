/**
 * The schedule form's values and what it sends (jnpf-wire-areas.md §2.5): dates and times are
 * pickers' Dayjs values in the form, and on the wire the start's day (ms of its 00:00) with
 * its time of day 'HH:mm', a duration in minutes or −1 for a chosen end, and the repeat end's
 * day (ms). Days and times are the installation's (`@/utils/clock`), not the browser's.
 * What is right is the rules core's to say (`checkEntity('schedule')`,
 * `checkScheduleTimes`): this file only converts.
 */
import { type Dayjs } from 'dayjs';
import { fromWall, inZone, wallMs, zoneOffset } from '@/utils/clock';
import type { ScheduleForm, ScheduleInfo } from '@/api/schedule';

export interface ScheduleValues {
  type?: string;
  urgent: string;
  title: string;
  content: string;
  allDay: boolean;
  startDay: Dayjs | null;
  startTime: Dayjs | null;
  /** Minutes, or −1 (自定义) to choose the end. */
  duration: number;
  endDay: Dayjs | null;
  endTime: Dayjs | null;
  toUserIds: string[];
  reminderTime: number;
  /** '1' does not repeat; '2' daily, '3' weekly, '4' monthly, '5' yearly. */
  repetition: string;
  repeatTime: Dayjs | null;
}

export const CUSTOM_DURATION = -1;
export const DURATIONS = [30, 60, 90, 120, 180, CUSTOM_DURATION];
export const URGENCIES = ['1', '2', '3'] as const;
export const REPETITIONS = ['1', '2', '3', '4', '5'] as const;
export const REMINDER_TIMES = [-2, -1, 5, 10, 15, 30, 60, 120, 1440];
/** The time fields whose messages are `checkScheduleTimes`'. */
export const TIME_FIELDS = ['startDay', 'startTime', 'duration', 'endDay', 'endTime', 'repetition', 'repeatTime'] as const;

/** The form of a new schedule starting on `day` at `time` ('HH:mm'; 09:00 when not given). */
export function newValues(day: Dayjs, time?: string): ScheduleValues {
  const start = fromWall(`${day.format('YYYY-MM-DD')} ${time ?? '09:00'}`);
  return {
    type: undefined,
    urgent: '1',
    title: '',
    content: '',
    allDay: false,
    startDay: start.startOf('day'),
    startTime: start,
    duration: 60,
    endDay: start.startOf('day'),
    endTime: start.add(1, 'hour'),
    toUserIds: [],
    reminderTime: -2,
    repetition: '1',
    // The client proposes a year on (jnpf-wire-areas.md §2.5).
    repeatTime: start.startOf('day').add(1, 'year'),
  };
}

const at = (day: number, time: string) => {
  const date = inZone(day);
  const parsed = time ? fromWall(`${date.format('YYYY-MM-DD')} ${time}`) : date;
  return parsed.isValid() ? parsed : date;
};

/** The form of a stored occurrence. */
export function infoToValues(info: ScheduleInfo): ScheduleValues {
  const start = at(info.startDay, info.startTime);
  const end = at(info.endDay, info.endTime);
  return {
    type: info.type || undefined,
    urgent: info.urgent || '1',
    title: info.title,
    content: info.content,
    allDay: info.allDay === 1,
    startDay: start.startOf('day'),
    startTime: start,
    duration: Number.isFinite(info.duration) && info.duration !== 0 ? info.duration : 60,
    endDay: end.startOf('day'),
    endTime: end,
    toUserIds: info.toUserIds ?? [],
    reminderTime: info.reminderTime ?? -2,
    repetition: info.repetition || '1',
    repeatTime: info.repeatTime ? at(info.repeatTime, '').startOf('day') : start.startOf('day').add(1, 'year'),
  };
}

/** A picked day's 00:00 in the installation's zone (a picker may hand back the browser's clock). */
const day = (d: Dayjs | null | undefined) => (d && d.isValid() ? wallMs(d.format('YYYY-MM-DD')) : null);
const time = (d: Dayjs | null | undefined) => (d && d.isValid() ? d.format('HH:mm') : '');

/** What POST Schedule / PUT Schedule/{id}/{scope} sends for the form. */
export function valuesToWire(values: Partial<ScheduleValues>): ScheduleForm {
  const allDay = Boolean(values.allDay);
  const duration = allDay ? CUSTOM_DURATION : (values.duration ?? null);
  const chosenEnd = allDay || duration === CUSTOM_DURATION;
  const repeats = (values.repetition ?? '1') !== '1';
  return {
    type: values.type ?? '',
    urgent: values.urgent ?? '1',
    title: (values.title ?? '').trim(),
    content: values.content ?? '',
    allDay: allDay ? 1 : 0,
    startDay: day(values.startDay),
    startTime: allDay ? '' : time(values.startTime),
    duration,
    endDay: chosenEnd ? day(values.endDay) : 0,
    endTime: chosenEnd && !allDay ? time(values.endTime) : '',
    toUserIds: values.toUserIds ?? [],
    reminderTime: values.reminderTime ?? -2,
    reminderType: '1',
    repetition: values.repetition ?? '1',
    repeatTime: repeats ? day(values.repeatTime) : null,
  };
}

/** The zone the core counts the form's days in: the installation's (minutes east of UTC), whatever the browser's. */
export function offsetOf(_values?: Partial<ScheduleValues>): number {
  return zoneOffset();
}

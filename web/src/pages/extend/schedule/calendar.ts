/**
 * The calendar's arithmetic (日程安排, SCHED-*): which range a view shows and asks the server
 * for, which occurrences fall on a day, and where a timed occurrence sits in the week and day
 * grids (side by side when they overlap). Presentation only: every rule about a schedule's
 * times is the rules core's (`checkScheduleTimes`), checked again by the server.
 *
 * Days are the installation's days (`@/utils/clock`, issue 25), as the schedule form sends
 * them: the shown date is a Dayjs on the installation's clock. Weeks start on Monday.
 */
import { type Dayjs } from 'dayjs';
import { inZone, wallMs } from '@/utils/clock';

export type CalendarView = 'month' | 'week' | 'day';
export const VIEWS: CalendarView[] = ['month', 'week', 'day'];

/** The wire's time text: the installation's 'yyyy-MM-dd HH:mm' (the list's startTime / endTime). */
export const WIRE_FORMAT = 'YYYY-MM-DD HH:mm';
/** SCHED-004: how the viewer shows a start or an end. */
export const SHOW_FORMAT = 'YYYY-MM-DD HH:mm';

export interface CalendarEvent {
  id: string;
  title: string;
  startDay: number;
  endDay: number;
  allDay: number;
}

/** The Monday of the week that holds `date`, at 00:00. */
export function weekStart(date: Dayjs): Dayjs {
  return date.startOf('day').subtract((date.day() + 6) % 7, 'day');
}

/** The days a view shows: a week's seven, a day's one; a month's whole weeks (Monday first). */
export function viewDays(view: CalendarView, date: Dayjs): Dayjs[] {
  if (view === 'day') return [date.startOf('day')];
  if (view === 'week') {
    const first = weekStart(date);
    return Array.from({ length: 7 }, (_, i) => first.add(i, 'day'));
  }
  const first = weekStart(date.startOf('month'));
  const last = weekStart(date.endOf('month')).add(6, 'day');
  const count = Math.round((dayStartMs(last) - dayStartMs(first)) / 86_400_000) + 1;
  return Array.from({ length: count }, (_, i) => first.add(i, 'day'));
}

/**
 * The range the server is asked for: from the first shown day's 00:00 to the last one's
 * 23:59. A month asks from a week before it to two weeks after, which holds whatever grid the
 * month calendar draws around it.
 */
export function visibleRange(view: CalendarView, date: Dayjs): { startTime: string; endTime: string } {
  let first: Dayjs;
  let last: Dayjs;
  if (view === 'month') {
    first = date.startOf('month').subtract(7, 'day');
    last = date.endOf('month').add(14, 'day');
  } else {
    const days = viewDays(view, date);
    first = days[0];
    last = days[days.length - 1];
  }
  return { startTime: first.startOf('day').format(WIRE_FORMAT), endTime: last.endOf('day').format(WIRE_FORMAT) };
}

/** Moves the shown date one view back (-1) or on (1). */
export function step(view: CalendarView, date: Dayjs, direction: 1 | -1): Dayjs {
  return date.add(direction, view);
}

/**
 * The instant of a shown day's 00:00 in the installation's zone, read from its wall clock (a
 * Dayjs moved by days across the browser's daylight-saving change keeps its wall clock but not
 * its instant).
 */
export const dayStartMs = (day: Dayjs): number => wallMs(day.format('YYYY-MM-DD'));

/** The occurrences that overlap the day (an end at the day's 00:00 does not). */
export function eventsOn<E extends CalendarEvent>(events: E[], day: Dayjs): E[] {
  const from = dayStartMs(day);
  const to = from + 86_400_000; // the installation's zone has no daylight saving
  return events
    .filter((e) => e.startDay < to && (e.endDay > from || (e.endDay === e.startDay && e.startDay >= from)))
    .sort((a, b) => a.startDay - b.startDay || b.endDay - a.endDay);
}

/** Whether an occurrence belongs to the all-day row of the week and day grids. */
export function isAllDayRow(event: CalendarEvent): boolean {
  return event.allDay === 1;
}

export interface Placed<E> {
  event: E;
  /** Minutes from the day's 00:00 to the block's top (clipped to the day). */
  top: number;
  /** Minutes the block spans within the day (at least 15, so a short one stays clickable). */
  height: number;
  /** Its column among the occurrences it overlaps, and how many columns they take. */
  column: number;
  columns: number;
}

export const MIN_BLOCK_MINUTES = 15;
const DAY_MINUTES = 24 * 60;

/**
 * Where each timed occurrence of a day sits: clipped to the day, and occurrences that overlap
 * share the width in columns (each takes the first column free at its start; a group of
 * overlapping occurrences takes as many columns as it needed at once).
 */
export function layoutDay<E extends CalendarEvent>(events: E[], day: Dayjs): Placed<E>[] {
  const from = dayStartMs(day);
  const blocks = eventsOn(events.filter((e) => !isAllDayRow(e)), day).map((event) => {
    const top = Math.max(0, Math.round((event.startDay - from) / 60_000));
    const bottom = Math.min(DAY_MINUTES, Math.round((event.endDay - from) / 60_000));
    const height = Math.max(MIN_BLOCK_MINUTES, bottom - top);
    return { event, top: Math.min(top, DAY_MINUTES - MIN_BLOCK_MINUTES), height, column: 0, columns: 1 };
  });
  const placed: Placed<E>[] = [];
  let group: Placed<E>[] = [];
  let groupEnd = -1;
  let columnEnds: number[] = [];
  const close = () => {
    const width = columnEnds.length || 1;
    group.forEach((b) => (b.columns = width));
    group = [];
    columnEnds = [];
  };
  for (const block of blocks) {
    if (block.top >= groupEnd) {
      close();
      groupEnd = -1;
    }
    let column = columnEnds.findIndex((end) => end <= block.top);
    if (column < 0) {
      column = columnEnds.length;
      columnEnds.push(0);
    }
    columnEnds[column] = block.top + block.height;
    block.column = column;
    group.push(block);
    placed.push(block);
    groupEnd = Math.max(groupEnd, block.top + block.height);
  }
  close();
  return placed;
}

/** The colour of an occurrence: its own, else its urgency's (普通 blue, 重要 orange, 紧急 red). */
export function eventColor(event: { color?: string; urgent?: string }): string {
  const own = (event.color ?? '').trim();
  if (own && own.toUpperCase() !== '#FFFFFF') return own;
  return event.urgent === '3' ? '#f5222d' : event.urgent === '2' ? '#fa8c16' : '#1677ff';
}

/** The toolbar's title of the shown range. */
export function rangeTitle(view: CalendarView, date: Dayjs, formats: { month: string; day: string }): string {
  if (view === 'month') return date.format(formats.month);
  if (view === 'day') return date.format(formats.day);
  const days = viewDays('week', date);
  return `${days[0].format(formats.day)} – ${days[6].format(formats.day)}`;
}

/** The time of day of a moment on the installation's clock, 'HH:mm'. */
export const clock = (ms: number) => inZone(ms).format('HH:mm');

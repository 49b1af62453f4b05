/**
 * Display-only formats of the shell (spec 01 §9): the default date format, relative times and
 * number abbreviations. They decide only how a value is shown, so they live in the web client.
 */
import dayjs from 'dayjs';
import { inZone } from './clock';
import i18n from '@/i18n';

/** CONST-006: the shell's default date format. */
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * A time in the shell's default format; '' for none. An instant (ms, Date) shows the
 * installation's wall clock (issue 25), a text is taken as the wall-clock text it is.
 */
export function formatDate(value: number | string | Date | null | undefined, format = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  return typeof value === 'string' ? dayjs(value).format(format) : inZone(value).format(format);
}

type Translate = (key: string, options: { count: number }) => string;
const translate: Translate = (key, options) => i18n.t(key, options);

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/**
 * CONST-004: how long ago `time` was: under a minute 刚刚, then minutes, hours (up to 23), days
 * (up to 6), weeks (up to 3), months (up to 3), otherwise the date as yyyy-MM-dd.
 */
export function relativeTime(time: number, now: number = Date.now(), t: Translate = translate): string {
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < MINUTE) return t('time.justNow', { count: 0 });
  if (seconds < HOUR) return t('time.minutesAgo', { count: Math.floor(seconds / MINUTE) });
  if (seconds < DAY) return t('time.hoursAgo', { count: Math.floor(seconds / HOUR) });
  const days = Math.floor(seconds / DAY);
  if (days < 7) return t('time.daysAgo', { count: days });
  const weeks = Math.floor(days / 7);
  if (weeks <= 3) return t('time.weeksAgo', { count: weeks });
  const months = Math.max(1, Math.floor(days / 30));
  if (months <= 3) return t('time.monthsAgo', { count: months });
  return inZone(time).format('YYYY-MM-DD');
}

/** CONST-005: a span of seconds: minutes under 3600 s, hours under 86400 s, else days. */
export function secondsText(seconds: number, t: Translate = translate): string {
  if (seconds < HOUR) return t('time.minutes', { count: Math.floor(seconds / MINUTE) });
  if (seconds < DAY) return t('time.hours', { count: Math.floor(seconds / HOUR) });
  return t('time.days', { count: Math.floor(seconds / DAY) });
}

/** CONST-008: the abbreviations, largest first (1e18 E … 1e3 k). */
const UNITS: [number, string][] = [
  [1e18, 'E'],
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** A number abbreviated with k, M, G, T, P, E and at most `digits` decimals (trailing zeros dropped). */
export function abbreviateNumber(value: number, digits = 1): string {
  for (const [size, symbol] of UNITS) {
    if (Math.abs(value) >= size) return (value / size).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1') + symbol;
  }
  return String(value);
}

/**
 * The installation's clock (issue 25): one time zone — the installation's, configured on the
 * server as QIMING_UTC_OFFSET_MINUTES and answered in CurrentUser's
 * `sysConfigInfo.utcOffsetMinutes` — decides what "today" and a wall-clock time mean, never
 * the browser's zone. Every date shown or entered in the web goes through here: an instant
 * (epoch ms) is shown as the installation's wall clock, and a wall-clock text or a picked
 * date is read back in the installation's zone.
 *
 * The zone is a fixed offset east of UTC (the server's has no daylight saving either).
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** China Standard Time: the server's default (core's DEFAULT_UTC_OFFSET_MINUTES). */
export const DEFAULT_OFFSET_MINUTES = 480;

let offsetMinutes = DEFAULT_OFFSET_MINUTES;

/** Sets the installation's offset from the server's answer; anything not a whole number of minutes within ±18 h keeps the default. */
export function setZoneOffset(minutes: unknown): void {
  const n = typeof minutes === 'string' && minutes.trim() !== '' ? Number(minutes) : minutes;
  offsetMinutes = typeof n === 'number' && Number.isInteger(n) && Math.abs(n) <= 18 * 60 ? n : DEFAULT_OFFSET_MINUTES;
}

/** The installation's offset from UTC in minutes (east positive). */
export function zoneOffset(): number {
  return offsetMinutes;
}

/** An instant (epoch ms, a Date, or a Dayjs) as a Dayjs showing the installation's wall clock. */
export function inZone(instant: number | Date | Dayjs): Dayjs {
  return dayjs(instant instanceof Date || typeof instant === 'number' ? instant : instant.valueOf()).utcOffset(offsetMinutes);
}

/** Now, on the installation's wall clock. */
export function now(nowMs: number = Date.now()): Dayjs {
  return inZone(nowMs);
}

/** The start of the installation's today. */
export function today(nowMs: number = Date.now()): Dayjs {
  return inZone(wallMs(now(nowMs).format('YYYY-MM-DD')));
}

const WALL = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?)?)?$/;

/**
 * The instant of a wall-clock text (`YYYY[-MM[-DD[ HH:mm[:ss]]]]`) in the installation's zone;
 * NaN when the text is none.
 */
export function wallMs(text: string): number {
  const m = WALL.exec(text.trim());
  if (!m) return NaN;
  const [y, mo, d, h, mi, s, ms] = m.slice(1).map((p) => (p === undefined ? undefined : Number(p)));
  const utcMs = Date.UTC(y as number, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0, ms ?? 0);
  return utcMs - offsetMinutes * 60_000;
}

/** A wall-clock text read in the installation's zone, as a Dayjs on its clock (invalid for none). */
export function fromWall(text: string): Dayjs {
  const ms = wallMs(text);
  return Number.isNaN(ms) ? dayjs(NaN) : inZone(ms);
}

/**
 * The instant a picker's Dayjs means: its wall clock (as the picker shows it, whatever zone the
 * Dayjs is in) read in the installation's zone.
 */
export function pickedMs(d: Dayjs): number {
  return wallMs(d.format('YYYY-MM-DD HH:mm:ss.SSS'));
}

/** An instant's text on the installation's wall clock in a dayjs format. */
export function formatInZone(instant: number | Date | Dayjs, format: string): string {
  return inZone(instant).format(format);
}

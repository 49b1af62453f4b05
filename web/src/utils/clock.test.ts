/**
 * Issue 25: the installation's zone, not the browser's, says what "today" and a wall-clock
 * time are. The installation here is in China (UTC+8) while the test's "browser" (node's zone,
 * UTC on the test machines; the e2e story puts Chromium in New York) is not: on a Saturday
 * evening there it is already Sunday at the hospital.
 */
import dayjs from 'dayjs';
import { DEFAULT_OFFSET_MINUTES, formatInZone, fromWall, inZone, now, pickedMs, setZoneOffset, today, wallMs, zoneOffset } from './clock';

afterAll(() => setZoneOffset(DEFAULT_OFFSET_MINUTES));
beforeEach(() => setZoneOffset(480));

// Saturday 2026-11-28 18:30 UTC is Sunday 2026-11-29 02:30 in China.
const EVENING = Date.UTC(2026, 10, 28, 18, 30);

test("the browser's own day is not the hospital's here (else the test proves nothing)", () => {
  expect(new Date(EVENING).getTimezoneOffset()).toBeGreaterThan(-480);
  expect(dayjs(EVENING).format('YYYY-MM-DD')).toBe('2026-11-28');
});

test("today and now are the installation's", () => {
  expect(today(EVENING).format('YYYY-MM-DD HH:mm')).toBe('2026-11-29 00:00');
  expect(today(EVENING).valueOf()).toBe(Date.UTC(2026, 10, 28, 16, 0));
  expect(now(EVENING).format('YYYY-MM-DD HH:mm')).toBe('2026-11-29 02:30');
});

test("a wall-clock time is read and shown in the installation's zone", () => {
  const nine = wallMs('2026-11-29 09:00');
  expect(nine).toBe(Date.UTC(2026, 10, 29, 1, 0));
  expect(formatInZone(nine, 'HH:mm')).toBe('09:00');
  expect(fromWall('2026-11-29 09:00').format('YYYY-MM-DD HH:mm')).toBe('2026-11-29 09:00');
  expect(wallMs('2026-11-29')).toBe(Date.UTC(2026, 10, 28, 16, 0));
  expect(wallMs('not a date')).toBeNaN();
  expect(fromWall('').isValid()).toBe(false);
});

test('a picked date means its wall clock in the installation, whichever zone the picker worked in', () => {
  // The picker's own "now" is the browser's; what it shows is what the user means.
  expect(pickedMs(dayjs('2026-11-29 09:00'))).toBe(Date.UTC(2026, 10, 29, 1, 0));
  // A value given to the picker on the installation's clock, moved by the picker, stays on it.
  const shown = inZone(wallMs('2026-11-29 09:00'));
  expect(pickedMs(shown)).toBe(Date.UTC(2026, 10, 29, 1, 0));
  expect(pickedMs(shown.date(30).hour(8))).toBe(Date.UTC(2026, 10, 30, 0, 0));
  expect(shown.startOf('day').valueOf()).toBe(Date.UTC(2026, 10, 28, 16, 0));
});

test("the server's offset is taken; nonsense keeps the default", () => {
  setZoneOffset(-300);
  expect(zoneOffset()).toBe(-300);
  expect(today(EVENING).format('YYYY-MM-DD')).toBe('2026-11-28');
  setZoneOffset('60');
  expect(zoneOffset()).toBe(60);
  for (const bad of [undefined, null, 'x', 1.5, 100_000]) {
    setZoneOffset(bad);
    expect(zoneOffset()).toBe(DEFAULT_OFFSET_MINUTES);
  }
});

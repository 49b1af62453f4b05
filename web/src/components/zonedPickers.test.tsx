/**
 * Issue 25: the pickers' "today" is the installation's, not the browser's. At 12:00 UTC on
 * 1 January every browser zone within ±11 h is still on 1 January; an installation at
 * UTC+14 is already on 2 January, and that is the day the calendar underlines and 今天 picks.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { DatePicker as AntDatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { DatePicker, TimePicker } from './zonedPickers';
import { setZoneOffset, DEFAULT_OFFSET_MINUTES } from '@/utils/clock';

const NOON_UTC = Date.UTC(2026, 0, 1, 12, 0, 0);

beforeEach(() => {
  jest.useFakeTimers({ now: NOON_UTC, doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'nextTick', 'performance', 'hrtime'] });
  setZoneOffset(14 * 60);
});
afterEach(() => {
  setZoneOffset(DEFAULT_OFFSET_MINUTES);
  jest.useRealTimers();
});

const todayCell = () => document.querySelector('.ant-picker-cell-today')?.getAttribute('title');

test('the calendar underlines the installation\'s today, where antd\'s own picker underlines the browser\'s', () => {
  const { unmount } = render(<AntDatePicker open />);
  expect(todayCell()).toBe('2026-01-01'); // the browser's day: what the fix is about
  unmount();
  render(<DatePicker open />);
  expect(todayCell()).toBe('2026-01-02');
});

test('今天 picks the installation\'s today', () => {
  const picked: Dayjs[] = [];
  render(<DatePicker open onChange={(d) => d && picked.push(d)} />);
  fireEvent.click(screen.getByText('Today'));
  expect(picked.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-01-02']);
});

test('此刻 of the time picker is the installation\'s wall clock', () => {
  const picked: string[] = [];
  render(<TimePicker open needConfirm={false} onChange={(d) => d && picked.push(d.format('HH:mm'))} />);
  fireEvent.click(screen.getByText('Now'));
  expect(picked).toEqual(['02:00']);
});

test('the time range picker is the range picker in time mode', () => {
  render(<TimePicker.RangePicker open />);
  expect(document.querySelector('.ant-picker-time-panel')).not.toBeNull();
});

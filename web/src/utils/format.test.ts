// The shell's display formats (spec 01 §9): default date format, relative times, abbreviations.
import { wallMs } from './clock';
import { initI18n } from '@/i18n';
import { abbreviateNumber, DATE_FORMAT, formatDate, relativeTime, secondsText } from './format';

beforeAll(() => initI18n('zh-CN'));

test('the shell formats times as YYYY-MM-DD HH:mm by default', () => {
  expect(DATE_FORMAT).toBe('YYYY-MM-DD HH:mm');
  // An instant shows the installation's wall clock (issue 25), whatever the browser's zone.
  expect(formatDate(wallMs('2026-11-24 09:05:30'))).toBe('2026-11-24 09:05');
  expect(formatDate(null)).toBe('');
});

test('relative time: 刚刚 under a minute, then minutes, hours to 23, days to 6, weeks to 3, months to 3, else yyyy-MM-dd', () => {
  const now = new Date(2026, 10, 24, 12, 0, 0).getTime();
  const ago = (seconds: number) => relativeTime(now - seconds * 1000, now);
  const m = 60;
  const h = 3600;
  const d = 86_400;
  expect(ago(0)).toBe('刚刚');
  expect(ago(59)).toBe('刚刚');
  expect(ago(m)).toBe('1分钟前');
  expect(ago(59 * m + 59)).toBe('59分钟前');
  expect(ago(h)).toBe('1小时前');
  expect(ago(23 * h + 59 * m)).toBe('23小时前');
  expect(ago(d)).toBe('1天前');
  expect(ago(6 * d + 23 * h)).toBe('6天前');
  expect(ago(7 * d)).toBe('1周前');
  expect(ago(27 * d)).toBe('3周前');
  expect(ago(28 * d)).toBe('1个月前');
  expect(ago(60 * d)).toBe('2个月前');
  expect(ago(119 * d)).toBe('3个月前');
  expect(ago(120 * d)).toBe('2026-07-27');
  expect(relativeTime(new Date(2025, 0, 5).getTime(), now)).toBe('2025-01-05');
});

test('a span of seconds is minutes under 3600 s, hours under 86400 s, else days', () => {
  expect(secondsText(0)).toBe('0分钟');
  expect(secondsText(3599)).toBe('59分钟');
  expect(secondsText(3600)).toBe('1小时');
  expect(secondsText(86_399)).toBe('23小时');
  expect(secondsText(86_400)).toBe('1天');
  expect(secondsText(10 * 86_400 + 5)).toBe('10天');
});

test('numbers are abbreviated with k, M, G, T, P, E', () => {
  expect(abbreviateNumber(999)).toBe('999');
  expect(abbreviateNumber(1000)).toBe('1k');
  expect(abbreviateNumber(1500)).toBe('1.5k');
  expect(abbreviateNumber(2_340_000, 2)).toBe('2.34M');
  expect(abbreviateNumber(3e9)).toBe('3G');
  expect(abbreviateNumber(4e12)).toBe('4T');
  expect(abbreviateNumber(5e15)).toBe('5P');
  expect(abbreviateNumber(6e18)).toBe('6E');
  expect(abbreviateNumber(-1200)).toBe('-1.2k');
});

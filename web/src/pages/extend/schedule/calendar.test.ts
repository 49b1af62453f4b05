// The calendar's arithmetic: ranges asked for, days shown, occurrences per day and their
// places in the hour grid (presentation only; the times' rules are the core's).
import { fromWall, wallMs } from '@/utils/clock';
import { eventColor, eventsOn, layoutDay, rangeTitle, step, viewDays, visibleRange, weekStart } from './calendar';
import { newValues, valuesToWire, infoToValues } from './form';

// Days and times on the installation's clock (China Standard Time by default), whatever the
// zone the test runs in (issue 25).
const dayjs = fromWall;
const at = (text: string) => wallMs(text);
const event = (id: string, start: string, end: string, allDay = 0) => ({ id, title: id, startDay: at(start), endDay: at(end), allDay });

test('weeks start on Monday; a month shows whole weeks around it', () => {
  expect(weekStart(dayjs('2026-11-29')).format('YYYY-MM-DD')).toBe('2026-11-23'); // a Sunday
  expect(weekStart(dayjs('2026-11-23 15:00')).format('YYYY-MM-DD HH:mm')).toBe('2026-11-23 00:00');
  const month = viewDays('month', dayjs('2026-11-15'));
  expect(month[0].format('YYYY-MM-DD')).toBe('2026-10-26');
  expect(month[month.length - 1].format('YYYY-MM-DD')).toBe('2026-12-06');
  expect(month.length % 7).toBe(0);
  expect(viewDays('week', dayjs('2026-11-25')).map((d) => d.format('DD'))).toEqual(['23', '24', '25', '26', '27', '28', '29']);
  expect(viewDays('day', dayjs('2026-11-25 13:00')).map((d) => d.format('YYYY-MM-DD HH:mm'))).toEqual(['2026-11-25 00:00']);
});

test('the range asked for covers what the view shows, as local yyyy-MM-dd HH:mm', () => {
  expect(visibleRange('day', dayjs('2026-11-25 13:00'))).toEqual({ startTime: '2026-11-25 00:00', endTime: '2026-11-25 23:59' });
  expect(visibleRange('week', dayjs('2026-11-25'))).toEqual({ startTime: '2026-11-23 00:00', endTime: '2026-11-29 23:59' });
  // A month: a week before it to two weeks after, around any grid the calendar draws.
  expect(visibleRange('month', dayjs('2026-11-15'))).toEqual({ startTime: '2026-10-25 00:00', endTime: '2026-12-14 23:59' });
  expect(step('month', dayjs('2026-01-31'), 1).format('YYYY-MM-DD')).toBe('2026-02-28');
  expect(step('week', dayjs('2026-11-25'), -1).format('YYYY-MM-DD')).toBe('2026-11-18');
  expect(rangeTitle('week', dayjs('2026-11-25'), { month: 'YYYY-MM', day: 'MM-DD' })).toBe('11-23 – 11-29');
});

test('occurrences on a day: overlapping it, not merely ending at its midnight, in start order', () => {
  const list = [
    event('late', '2026-11-25 20:00', '2026-11-26 01:00'),
    event('early', '2026-11-25 08:00', '2026-11-25 09:00'),
    event('yesterday', '2026-11-24 22:00', '2026-11-25 00:00'),
    event('allday', '2026-11-25 00:00', '2026-11-26 23:59', 1),
  ];
  expect(eventsOn(list, dayjs('2026-11-25')).map((e) => e.id)).toEqual(['allday', 'early', 'late']);
  expect(eventsOn(list, dayjs('2026-11-26')).map((e) => e.id)).toEqual(['allday', 'late']);
});

test('the hour grid: blocks clipped to the day, overlapping ones side by side', () => {
  const list = [
    event('a', '2026-11-25 09:00', '2026-11-25 10:00'),
    event('b', '2026-11-25 09:30', '2026-11-25 11:00'),
    event('c', '2026-11-25 10:00', '2026-11-25 10:30'),
    event('d', '2026-11-25 13:00', '2026-11-25 13:05'),
    event('night', '2026-11-25 23:00', '2026-11-26 02:00'),
    event('allday', '2026-11-25 00:00', '2026-11-25 23:59', 1),
  ];
  const placed = Object.fromEntries(layoutDay(list, dayjs('2026-11-25')).map((p) => [p.event.id, p]));
  expect(Object.keys(placed).sort()).toEqual(['a', 'b', 'c', 'd', 'night']); // all-day ones have their own row
  expect(placed.a).toMatchObject({ top: 540, height: 60, column: 0, columns: 2 });
  expect(placed.b).toMatchObject({ top: 570, height: 90, column: 1, columns: 2 });
  expect(placed.c).toMatchObject({ top: 600, height: 30, column: 0, columns: 2 }); // a's column is free again
  expect(placed.d).toMatchObject({ top: 780, height: 15, column: 0, columns: 1 }); // short ones stay clickable
  expect(placed.night).toMatchObject({ top: 1380, height: 60, columns: 1 });
  const next = layoutDay(list, dayjs('2026-11-26'));
  expect(next.map((p) => [p.event.id, p.top, p.height])).toEqual([['night', 0, 120]]);
});

test('an occurrence takes its own colour, else its urgency’s', () => {
  expect(eventColor({ color: '#00aa00', urgent: '3' })).toBe('#00aa00');
  expect(eventColor({ color: '#FFFFFF', urgent: '3' })).toBe('#f5222d');
  expect(eventColor({ color: '', urgent: '2' })).toBe('#fa8c16');
  expect(eventColor({ urgent: '1' })).toBe('#1677ff');
});

test('the form sends the start day with its time, a duration, or a chosen end; the repeat end only when repeating', () => {
  const values = newValues(dayjs('2026-11-25'), '14:30');
  expect(valuesToWire({ ...values, type: 't1', title: ' 查房 ' })).toEqual({
    type: 't1',
    urgent: '1',
    title: '查房',
    content: '',
    allDay: 0,
    startDay: at('2026-11-25 00:00'),
    startTime: '14:30',
    duration: 60,
    endDay: 0,
    endTime: '',
    toUserIds: [],
    reminderTime: -2,
    reminderType: '1',
    repetition: '1',
    repeatTime: null,
  });
  expect(values.repeatTime?.format('YYYY-MM-DD')).toBe('2027-11-25'); // proposed: a year on
  const custom = valuesToWire({ ...values, duration: -1, endDay: dayjs('2026-11-26'), endTime: dayjs('2026-11-26 08:15'), repetition: '2', repeatTime: dayjs('2026-11-30 17:00') });
  expect(custom).toMatchObject({ duration: -1, endDay: at('2026-11-26 00:00'), endTime: '08:15', repetition: '2', repeatTime: at('2026-11-30 00:00') });
  const allDay = valuesToWire({ ...values, allDay: true, endDay: dayjs('2026-11-27') });
  expect(allDay).toMatchObject({ allDay: 1, startTime: '', duration: -1, endDay: at('2026-11-27 00:00'), endTime: '' });
});

test('a stored occurrence fills the form back', () => {
  const values = infoToValues({
    id: 's1', groupId: 'g1', type: 't1', urgent: '3', title: '晨会', content: '', allDay: 0,
    startDay: at('2026-11-25 09:00'), startTime: '09:00', endDay: at('2026-11-25 10:30'), endTime: '10:30', duration: -1,
    creatorUserId: 'u1', userName: '管理员/admin', toUserIds: ['u2'], color: '', reminderTime: 5, reminderType: '1',
    send: '', sendName: '', repetition: '2', repeatTime: at('2026-11-29 00:00'),
  });
  expect(values.startTime?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-25 09:00');
  expect(values.endTime?.format('HH:mm')).toBe('10:30');
  expect(values).toMatchObject({ type: 't1', urgent: '3', duration: -1, toUserIds: ['u2'], reminderTime: 5, repetition: '2' });
  expect(values.repeatTime?.format('YYYY-MM-DD')).toBe('2026-11-29');
});

// The built-in home dashboard (issue 31, ROUTE-002) with the real HTTP client against a fake
// server (only `fetch` is fake): the greeting names the user and today's date on the
// installation's clock; to-do shows 0 with the note that the workflow is not there yet;
// unread messages and the latest notices come from the message area, today's schedule from
// the schedule area (the range of today asked for); the user's menus are shortcuts. Each card
// has its loading, empty and failed state, and the page is never empty.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '@/i18n';
import type { MessageRow } from '@/api/message';
import type { ScheduleEvent } from '@/api/schedule';
import type { MenuItem } from '@/app/menu';
import { useSocket } from '@/stores/socket';
import { useUser } from '@/stores/user';
import { envelope, fakeFetch, page, type Call } from '@/test/fakeFetch';
import { renderPage } from '@/test/renderPage';
import { today } from '@/utils/clock';
import Dashboard from './Dashboard';

jest.setTimeout(60_000);

const message = (i: number, extra: Partial<MessageRow> = {}): MessageRow =>
  ({ id: `m${i}`, title: `消息${i}`, type: 1, flowType: 0, releaseUser: '管理员/admin', releaseTime: 1_767_312_000_000 - i * 60_000, isRead: '0', ...extra }) as MessageRow;

const day = today();
const at = (hour: number) => day.add(hour, 'hour').valueOf();
const event = (id: string, title: string, start: number, end: number, extra: Partial<ScheduleEvent> = {}): ScheduleEvent =>
  ({ id, groupId: id, title, startDay: start, endDay: end, color: '', allDay: 0, creatorUserId: 'me', urgent: '1', repetition: '1', ...extra }) as ScheduleEvent;

const MENUS: MenuItem[] = [
  { key: 'home', name: 'home', title: '首页', type: 2, action: { kind: 'route', to: '/home' } },
  {
    key: 'sys',
    name: 'system',
    title: '系统管理',
    type: 1,
    action: { kind: 'none' },
    children: [
      { key: 'users', name: 'permission-user', title: '用户管理', type: 2, action: { kind: 'route', to: '/permission/user' } },
      { key: 'schedule', name: 'schedule', title: '日程安排', type: 2, action: { kind: 'route', to: '/extend/schedule' } },
    ],
  },
];

let messages: MessageRow[];
let events: ScheduleEvent[];
let failing: string[];
let calls: Call[];

beforeEach(async () => {
  await initI18n('zh-CN');
  messages = [
    message(1, { type: 3, title: '关于门诊楼消防演练的通知' }),
    message(2, { type: 1, title: '系统将于今晚升级' }),
    message(3, { type: 3, title: '国庆放假安排', isRead: '1' }),
    message(4, { type: 4, title: '日程提醒', isRead: '1' }),
  ];
  events = [event('e2', '查房', at(14), at(15), { urgent: '3' }), event('e1', '科室晨会', at(8), at(9)), event('e3', '院长办公会', at(0), at(24), { allDay: 1 })];
  failing = [];
  useSocket.setState({ messageUnread: 1, pushes: 0 });
  useUser.setState({
    userInfo: { userId: 'me', userName: '张医生', userAccount: 'zhangys', organizeName: '启明医院/内科', loginTime: 1_767_312_000_000 } as never,
    sysConfig: { title: '启明医院管理平台', sysVersion: 'V3.4.7' } as never,
    menus: MENUS,
    routes: [],
  });
  calls = fakeFetch({
    'GET /api/message/ReadInfo/{id}': ({ params }) => {
      const r = messages.find((x) => x.id === params.id)!;
      r.isRead = '1';
      return { ...r, excerpt: '', bodyText: '<p>演练时间：周五下午</p>', files: '', coverImage: '' };
    },
    'GET /api/message': ({ query }) => {
      if (failing.includes('message')) return envelope(500, '服务器错误');
      const list = messages.filter((r) => (query.isRead === '' || r.isRead === query.isRead) && (query.type === '' || String(r.type) === query.type));
      return page(list.map((r) => ({ ...r })), Number(query.currentPage), Number(query.pageSize));
    },
    'GET /api/system/Schedule': () => (failing.includes('schedule') ? envelope(500, '服务器错误') : { list: events }),
  });
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

const card = (id: string) => screen.getByTestId(id);

test('greeting, date, figures, notices, unread messages, today’s schedule and shortcuts', async () => {
  renderPage(Dashboard, '/home');
  // Loading first: the figures wait, the cards show skeletons.
  expect(within(card('home-unread')).getByText('…')).toBeTruthy();
  await settle();

  expect(screen.getByText(/张医生/).textContent).toMatch(/^(早上好|中午好|下午好|晚上好)，张医生$/);
  expect(card('home-today').textContent).toBe(`今天是${day.format('YYYY-MM-DD')} ${['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'][day.day()]}`);
  expect(screen.getByText('欢迎使用启明医院管理平台')).toBeTruthy();

  // To-do: 0, said honestly.
  expect(within(card('home-todo')).getByText('0')).toBeTruthy();
  expect(within(card('home-todo')).getByText('工作流尚未启用，暂无待办')).toBeTruthy();
  // Unread: the unread list's total (message 1 and 2); today's schedule: 3.
  expect(within(card('home-unread')).getByText('2')).toBeTruthy();
  expect(within(card('home-schedule-count')).getByText('3')).toBeTruthy();

  // The calls: notices are messages of type 3, unread ones isRead 0, the schedule today's range.
  const messageCalls = calls.filter((c) => c.path === '/api/message');
  expect(messageCalls.map((c) => [c.query.type, c.query.isRead, c.query.pageSize]).sort()).toEqual([['', '0', '5'], ['3', '', '5']]);
  const scheduleCall = calls.find((c) => c.path === '/api/system/Schedule')!;
  expect(scheduleCall.query).toEqual({ startTime: `${day.format('YYYY-MM-DD')} 00:00`, endTime: `${day.format('YYYY-MM-DD')} 23:59` });

  const notices = card('home-notices');
  expect([...notices.querySelectorAll('.qm-home-title')].map((n) => n.textContent)).toEqual(['关于门诊楼消防演练的通知', '国庆放假安排']);
  const unread = card('home-messages');
  expect([...unread.querySelectorAll('.qm-home-title')].map((n) => n.textContent)).toEqual(['关于门诊楼消防演练的通知', '系统将于今晚升级']);
  // Today's schedule: the all-day one first, then by start time; urgent ones tagged.
  const schedule = card('home-schedule');
  expect([...schedule.querySelectorAll('.qm-home-row')].map((n) => n.textContent)).toEqual(['院长办公会全天', '科室晨会08:00 - 09:00', '紧急查房14:00 - 15:00']);

  // Shortcuts: every leaf of the menu but the home page.
  const shortcuts = card('home-menus');
  expect([...shortcuts.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['用户管理', '日程安排']);
});

test('opening a notice reads it and shows it; the unread figure follows', async () => {
  renderPage(Dashboard, '/home');
  await settle();
  fireEvent.click(within(card('home-notices')).getByText('关于门诊楼消防演练的通知'));
  await settle();
  expect(calls.some((c) => c.path === '/api/message/ReadInfo/m1')).toBe(true);
  await screen.findByText('演练时间：周五下午');
  await waitFor(() => expect(within(card('home-unread')).getByText('1')).toBeTruthy());
  expect([...card('home-messages').querySelectorAll('.qm-home-title')].map((n) => n.textContent)).toEqual(['系统将于今晚升级']);
});

test('empty cards say so; a new user with no menus is still greeted', async () => {
  messages = [];
  events = [];
  useUser.setState({ menus: [] });
  renderPage(Dashboard, '/home');
  await settle();
  expect(within(card('home-notices')).getByText('暂无公告')).toBeTruthy();
  expect(within(card('home-messages')).getByText('没有未读消息')).toBeTruthy();
  expect(within(card('home-schedule')).getByText('今天没有日程')).toBeTruthy();
  expect(within(card('home-menus')).getByText('暂无可用菜单')).toBeTruthy();
  expect(within(card('home-unread')).getByText('0')).toBeTruthy();
  expect(within(card('home-schedule-count')).getByText('0')).toBeTruthy();
});

test('a card whose call fails says so; the others still show', async () => {
  failing = ['schedule'];
  renderPage(Dashboard, '/home');
  await settle();
  expect(within(card('home-schedule')).getByText('加载失败')).toBeTruthy();
  expect(within(card('home-schedule-count')).getByText('-')).toBeTruthy();
  expect(within(card('home-notices')).getByText('国庆放假安排')).toBeTruthy();
});

test('a new message pushed over the socket reloads the cards', async () => {
  renderPage(Dashboard, '/home');
  await settle();
  messages.unshift(message(9, { type: 3, title: '新的公告' }));
  act(() => useSocket.setState((s) => ({ pushes: s.pushes + 1, messageUnread: s.messageUnread + 1 })));
  await settle();
  expect(within(card('home-notices')).getByText('新的公告')).toBeTruthy();
  expect(within(card('home-unread')).getByText('3')).toBeTruthy();
});

test('in English and in traditional Chinese', async () => {
  await initI18n('en');
  const first = renderPage(Dashboard, '/home');
  await settle();
  expect(card('home-today').textContent).toBe(`Today is ${['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][day.day()]}, ${day.format('YYYY-MM-DD')}`);
  expect(within(card('home-todo')).getByText('The workflow is not enabled yet: nothing to do')).toBeTruthy();
  expect(within(card('home-notices')).getByText('Latest notices')).toBeTruthy();
  first.unmount();
  await initI18n('zh-TW');
  renderPage(Dashboard, '/home');
  await settle();
  expect(within(card('home-messages')).getByText('未讀訊息')).toBeTruthy();
  expect(within(card('home-schedule')).getByText('今日日程')).toBeTruthy();
});

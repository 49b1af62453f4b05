// The message drawer (spec 01 §2.5, §4) rendered whole with the real HTTP client against a
// fake message server (only `fetch` is fake), answering as jnpf-wire-areas.md §4 says; the
// bell's count is the socket store's.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { useSocket } from '@/stores/socket';
import { confirmation, buttonNamed, renderPage } from '@/test/renderPage';
import { fakeFetch, page, type Call } from '@/test/fakeFetch';
import type { MessageRow } from '@/api/message';
import { MessageDrawer } from './MessageDrawer';

jest.setTimeout(60_000);

const row = (i: number, extra: Partial<MessageRow> = {}): MessageRow => ({
  id: `m${i}`,
  title: `消息${i}`,
  type: 3,
  flowType: 0,
  releaseUser: '管理员/admin',
  releaseTime: 1_767_312_000_000 - i * 60_000,
  isRead: '0',
  read: 0,
  ...extra,
} as MessageRow);

let rows: MessageRow[];
let calls: Call[];

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  rows = Array.from({ length: 25 }, (_, i) => row(i + 1));
  rows[1] = row(2, { type: 2, flowType: 1, title: '请假审批' });
  useSocket.setState({ messageUnread: 3, pushes: 0 });
  calls = fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({
      list: [
        {
          id: 't-src',
          enCode: 'msgSourceType',
          fullName: '消息来源',
          dictionaryList: ['系统', '流程', '公告', '日程'].map((fullName, i) => ({ id: `s${i}`, enCode: String(i + 1), fullName, enabledMark: 1 })),
        },
      ],
    }),
    'GET /api/message/ReadInfo/{id}': ({ params }) => {
      const r = rows.find((x) => x.id === params.id)!;
      r.isRead = '1';
      return { ...r, excerpt: '摘要文字', bodyText: r.type === 2 ? '{"id":"f1"}' : '<p>正文<b>加粗</b></p>', files: '', coverImage: '' };
    },
    'POST /api/message/Actions/ReadAll': () => null,
    'GET /api/message': ({ query }) => {
      const list = rows.filter((r) => query.isRead === '' || r.isRead === query.isRead);
      // Copies, as a real answer is: the fake server changing a row must not change the page shown.
      return page(list.map((r) => ({ ...r })), Number(query.currentPage), Number(query.pageSize));
    },
  });
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

const listCalls = () => calls.filter((c) => c.path === '/api/message');

async function openDrawer() {
  renderPage(MessageDrawer, '/home');
  await settle();
  fireEvent.click(buttonNamed('站内消息'));
  await screen.findByText('消息1');
  await settle();
}

test('MSG-003..006, MSG-018: the bell shows the unread count; the drawer asks for unread messages of every type, 20 a page, newest first, and loads more near the bottom', async () => {
  await openDrawer();
  expect(document.querySelector('.qm-msg-badge')?.getAttribute('data-unread')).toBe('3');
  expect(listCalls()[0].query).toEqual({ currentPage: '1', pageSize: '20', sort: 'desc', keyword: '', type: '', isRead: '0' });
  expect(document.querySelectorAll('.qm-msg-item')).toHaveLength(20);
  // Scrolled to within 200px of the bottom: the next page.
  const list = screen.getByTestId('message-list');
  Object.defineProperty(list, 'scrollHeight', { value: 2000, configurable: true });
  Object.defineProperty(list, 'clientHeight', { value: 600, configurable: true });
  list.scrollTop = 1250;
  fireEvent.scroll(list);
  await settle();
  expect(listCalls().at(-1)!.query.currentPage).toBe('2');
  await waitFor(() => expect(document.querySelectorAll('.qm-msg-item')).toHaveLength(25));
  expect(screen.getByText('没有更多了')).toBeTruthy();
  // The page was short: no further request.
  fireEvent.scroll(list);
  await settle();
  expect(listCalls().at(-1)!.query.currentPage).toBe('2');

  // MSG-003: the keyword on Enter; MSG-005: the switch off asks for read ones too.
  fireEvent.change(screen.getByLabelText('请输入关键词查询'), { target: { value: ' 请假 ' } });
  fireEvent.keyDown(screen.getByLabelText('请输入关键词查询'), { key: 'Enter', code: 'Enter', keyCode: 13 });
  await settle();
  expect(listCalls().at(-1)!.query).toMatchObject({ currentPage: '1', keyword: '请假', isRead: '0' });
  fireEvent.click(screen.getByRole('switch', { name: '只看未读' }));
  await settle();
  expect(listCalls().at(-1)!.query).toMatchObject({ currentPage: '1', keyword: '请假', isRead: '' });
});

test('MSG-009, MSG-012, MSG-013, MSG-016: a notice opens the view dialog with its parts, becomes read, and the badge goes down by one', async () => {
  await openDrawer();
  fireEvent.click(screen.getByText('消息1'));
  await screen.findByText('加粗');
  expect(calls.some((c) => c.path === '/api/message/ReadInfo/m1')).toBe(true);
  const view = document.querySelector('.qm-message-view') as HTMLElement;
  expect(view.querySelector('.qm-message-view-title')?.textContent).toBe('消息1');
  expect(view.textContent).toContain('摘要文字');
  expect(view.textContent).toContain('管理员/admin');
  expect(useSocket.getState().messageUnread).toBe(2);
  const item = [...document.querySelectorAll('.qm-msg-item')].find((el) => el.textContent?.includes('消息1'))!;
  expect(item.classList.contains('unread')).toBe(false);
});

test('MSG-007, MSG-008, MSG-019: 全部已读 asks first, then reads everything matching the filter and sets the counter to 0', async () => {
  await openDrawer();
  fireEvent.click(buttonNamed('全部已读'));
  await settle();
  expect(confirmation().textContent).toContain('是否将当前筛选的消息全部标记为已读');
  expect(calls.some((c) => c.path === '/api/message/Actions/ReadAll')).toBe(false);
  fireEvent.click(buttonNamed(/^确\s*定$/, confirmation()));
  await settle();
  const readAll = calls.find((c) => c.path === '/api/message/Actions/ReadAll')!;
  expect(readAll.method).toBe('POST');
  expect(readAll.body).toEqual({ keyword: '', type: '', isRead: '0' });
  expect(useSocket.getState().messageUnread).toBe(0);
});

test('a message pushed while the drawer is open reloads its first page', async () => {
  await openDrawer();
  const before = listCalls().length;
  rows.unshift(row(99, { title: '新到的公告' }));
  act(() => useSocket.setState((s) => ({ pushes: s.pushes + 1, messageUnread: s.messageUnread + 1 })));
  await screen.findByText('新到的公告');
  expect(listCalls().length).toBe(before + 1);
  expect(document.querySelector('.qm-msg-badge')?.getAttribute('data-unread')).toBe('4');
});

// The chat drawer and window (spec 01 §2.6, §4 "Chat") rendered whole: the real HTTP client
// against a fake server (only `fetch` is fake), the app's real socket client over a fake
// WebSocket the test answers with the frames socket.rs sends, and the real rules core (WASM)
// for chatText and checkChatImage.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { useSocket } from '@/stores/socket';
import { useUser } from '@/stores/user';
import { buttonNamed, confirmation, renderPage } from '@/test/renderPage';
import { fakeFetch, page, type Call } from '@/test/fakeFetch';
import { socket } from '../socket';
import { ChatDrawer } from './ChatDrawer';

jest.setTimeout(60_000);

class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  sent: Record<string, unknown>[] = [];
  constructor(public url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  push(frame: object) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}

let calls: Call[];
let conversations: { id: string; realName: string; account: string; headIcon: string; latestMessage: string; messageType: string; latestDate: number; unreadMessage: number }[];

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  (window as unknown as { WebSocket: unknown }).WebSocket = FakeSocket;
  useUser.setState({ userInfo: { userId: 'me', userAccount: 'admin', userName: '管理员' } as never });
  useSocket.setState({ chatUnread: {}, openChat: null, onlineUsers: [] });
  socket.connect('Bearer t');
  const ws = FakeSocket.last!;
  ws.readyState = 1;
  act(() => ws.onopen?.({}));
  conversations = [
    { id: 'u1', realName: '赵医生', account: 'zhaoyi', headIcon: '', latestMessage: '你好[微笑]', messageType: 'text', latestDate: 1_767_312_000_000, unreadMessage: 2 },
    { id: 'u2', realName: '钱护士', account: 'qianhs', headIcon: '', latestMessage: '', messageType: 'image', latestDate: 1_767_311_000_000, unreadMessage: 0 },
  ];
  calls = fakeFetch({
    'GET /api/message/imreply': () => ({ list: conversations.map((c) => ({ ...c })) }),
    'DELETE /api/message/imreply/relocation/{id}': ({ params }) => {
      conversations = conversations.filter((c) => c.id !== params.id);
      return null;
    },
    'DELETE /api/message/imreply/deleteChatRecord/{id}': ({ params }) => {
      const c = conversations.find((x) => x.id === params.id)!;
      Object.assign(c, { latestMessage: '', messageType: '', unreadMessage: 0 });
      return null;
    },
    'GET /api/permission/Users/ImUser': ({ query }) =>
      page(
        Array.from({ length: 25 }, (_, i) => ({ id: `c${i}`, realName: `同事${i}`, account: `user${i}`, headIcon: '', department: '启明医院/内科' })),
        Number(query.currentPage),
        Number(query.pageSize),
      ),
    'POST /api/file/Uploader/IM': () => ({ name: 'stored.png', url: '/api/file/Image/IM/stored.png' }),
  });
});
afterEach(() => socket.disconnect());

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

async function openDrawer() {
  renderPage(ChatDrawer, '/home');
  await settle();
  fireEvent.click(buttonNamed('即时聊天'));
  await screen.findByText('赵医生/zhaoyi');
  await settle();
}

const person = (account: string) => document.querySelector(`[data-testid=chat-recent] [data-user=${account}]`) as HTMLElement;

test('CHAT-002, CHAT-003, CHAT-008, CHAT-015: conversations with unread counts and emoji; contacts 20 a page; the icon blinks while a chat is unread', async () => {
  await openDrawer();
  expect(person('zhaoyi').querySelector('.ant-badge-count')?.getAttribute('title')).toBe('2');
  expect(person('zhaoyi').querySelector('[data-emoji="100"]')).toBeTruthy();
  expect(person('qianhs').textContent).toContain('[图片]');
  expect(document.querySelector('[data-blinking]')?.getAttribute('data-blinking')).toBe('0');
  FakeSocket.last!.push({ method: 'receiveMessage', formUserId: 'u2', messageType: 'text', formMessage: '在吗', dateTime: 1_767_313_000_000 });
  await settle();
  expect(document.querySelector('[data-blinking]')?.getAttribute('data-blinking')).toBe('1');

  fireEvent.click(screen.getByText('通讯录'));
  await screen.findByText('同事0/user0');
  expect(calls.find((c) => c.path === '/api/permission/Users/ImUser')!.query).toEqual({ currentPage: '1', pageSize: '20', keyword: '' });
  const list = screen.getByTestId('chat-contacts');
  Object.defineProperty(list, 'scrollHeight', { value: 2000, configurable: true });
  Object.defineProperty(list, 'clientHeight', { value: 600, configurable: true });
  list.scrollTop = 1150; // within 300px of the bottom
  fireEvent.scroll(list);
  await screen.findByText('同事24/user24');
  expect(calls.filter((c) => c.path === '/api/permission/Users/ImUser').at(-1)!.query.currentPage).toBe('2');
});

test('CHAT-004..007: the right-click menu removes a conversation or clears its records, each after confirmation', async () => {
  await openDrawer();
  fireEvent.contextMenu(person('zhaoyi'));
  fireEvent.click((await screen.findAllByText('删除聊天记录')).at(-1)!);
  await settle();
  expect(confirmation().textContent).toContain('此操作将清空与「赵医生」的聊天记录');
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  fireEvent.click(buttonNamed(/^确\s*定$/, confirmation()));
  await settle();
  expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/message/imreply/deleteChatRecord/u1');
  await waitFor(() => expect(person('zhaoyi').querySelector('.ant-badge-count')).toBeNull());

  fireEvent.contextMenu(person('qianhs'));
  fireEvent.click((await screen.findAllByText('移除会话')).at(-1)!);
  await settle();
  expect(confirmation().textContent).toContain('是否将与「钱护士」的会话移出列表');
  fireEvent.click(buttonNamed(/^确\s*定$/, confirmation()));
  await settle();
  expect(calls.filter((c) => c.method === 'DELETE').at(-1)!.path).toBe('/api/message/imreply/relocation/u2');
  await waitFor(() => expect(person('qianhs')).toBeNull());
});

test('CHAT-013, CHAT-014, CHAT-016, CHAT-017: opening reads the chat and loads the latest 30 newest first; text is trimmed, blank not sent; live lines appended', async () => {
  await openDrawer();
  const ws = FakeSocket.last!;
  act(() => useSocket.setState({ chatUnread: { u1: { count: 2, lastMessage: 'x', lastType: 'text', lastTime: 1 } } }));
  fireEvent.click(person('zhaoyi'));
  await settle();
  expect(ws.sent.slice(-2)).toEqual([
    { method: 'UpdateReadMessage', formUserId: 'u1', token: 'Bearer t' },
    { method: 'MessageList', toUserId: 'u1', formUserId: 'u1', currentPage: 1, pageSize: 30, sord: 'desc', keyword: '', token: 'Bearer t' },
  ]);
  expect(useSocket.getState().chatUnread.u1).toBeUndefined();
  // The latest page, read oldest → newest (as the JNPF server answers it), shown as it comes.
  ws.push({
    method: 'messageList',
    list: [
      { id: 'h1', sendUserId: 'u1', content: '第一句[微笑]', contentType: 'text', sendTime: 1 },
      { id: 'h2', sendUserId: 'me', content: '第二句', contentType: 'text', sendTime: 2 },
    ],
    pagination: { currentPage: 1, pageSize: 30, total: 2 },
  });
  await settle();
  const lines = () => [...document.querySelectorAll('[data-testid=chat-line]')].map((l) => `${l.classList.contains('mine') ? '我' : '他'}:${l.textContent}`);
  expect(lines()).toEqual(['他:第一句微笑', '我:第二句']);

  const input = screen.getByLabelText('输入消息');
  fireEvent.change(input, { target: { value: '   ' } });
  fireEvent.click(buttonNamed(/^发\s*送$/));
  await settle();
  expect(ws.sent.some((f) => f.method === 'SendMessage')).toBe(false);
  fireEvent.change(input, { target: { value: '  好的[OK]  ' } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(ws.sent.at(-1)).toEqual({ method: 'SendMessage', toUserId: 'u1', messageType: 'text', messageContent: '好的[OK]', token: 'Bearer t' }));
  ws.push({ method: 'sendMessage', UserId: 'me', toUserId: 'u1', messageType: 'text', toMessage: '好的[OK]', dateTime: 3 });
  ws.push({ method: 'receiveMessage', formUserId: 'u1', messageType: 'image', formMessage: { path: '/api/file/Image/IM/a.png', width: 2, height: 2 }, dateTime: 4 });
  ws.push({ method: 'receiveMessage', formUserId: 'u2', messageType: 'text', formMessage: '别的会话', dateTime: 5 });
  await settle();
  expect(lines().slice(2)).toEqual(['我:好的OK', '他:']);
  expect(document.querySelector('[data-testid=chat-line] img.qm-chat-image, [data-testid=chat-line] img')?.getAttribute('src')).toBe('/api/file/Image/IM/a.png');
  // The open chat's message is read at once; another chat's counts.
  expect(ws.sent.filter((f) => f.method === 'UpdateReadMessage').length).toBe(2);
  expect(useSocket.getState().chatUnread.u2.count).toBe(1);
});

test('CHAT-011: the history panel searches by keyword, 50 a page, oldest first', async () => {
  await openDrawer();
  const ws = FakeSocket.last!;
  fireEvent.click(person('zhaoyi'));
  await settle();
  ws.push({ method: 'messageList', list: [], pagination: { currentPage: 1, pageSize: 30, total: 0 } });
  fireEvent.click(buttonNamed('聊天记录'));
  await settle();
  expect(ws.sent.at(-1)).toMatchObject({ method: 'MessageList', currentPage: 1, pageSize: 50, sord: 'asc', keyword: '' });
  ws.push({ method: 'messageList', list: [{ id: 'k1', sendUserId: 'u1', content: '化验单', contentType: 'text', sendTime: 1 }], pagination: { currentPage: 1, pageSize: 50, total: 1 } });
  await screen.findByText('化验单');
  const search = screen.getByLabelText('搜索聊天记录');
  fireEvent.change(search, { target: { value: ' 化验 ' } });
  fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await settle();
  expect(ws.sent.at(-1)).toMatchObject({ method: 'MessageList', currentPage: 1, pageSize: 50, sord: 'asc', keyword: '化验' });
});

test('CHAT-018, CHAT-020, CHAT-021: an image of 5 MB or more is refused by the core, a non-image is not taken; an image is uploaded to IM and sent as {name, width, height}', async () => {
  await openDrawer();
  const ws = FakeSocket.last!;
  fireEvent.click(person('zhaoyi'));
  await settle();
  // The upload widget renews its input after each choice: find it each time.
  const input = () => document.querySelector('.qm-chat-window input[type=file]') as HTMLInputElement;
  const big = new File([new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' });
  fireEvent.change(input(), { target: { files: [big] } });
  await screen.findByText('图片大小不能超过5M');
  const text = new File(['x'], 'notes.txt', { type: 'text/plain' });
  fireEvent.change(input(), { target: { files: [text] } });
  await settle();
  expect(calls.some((c) => c.path === '/api/file/Uploader/IM')).toBe(false);

  const small = new File([new Uint8Array(100)], 'scan.png', { type: 'image/png' });
  fireEvent.change(input(), { target: { files: [small] } });
  await waitFor(() => expect(ws.sent.at(-1)).toMatchObject({ method: 'SendMessage', toUserId: 'u1', messageType: 'image', messageContent: { name: 'stored.png' } }));
  expect(calls.find((c) => c.path === '/api/file/Uploader/IM')!.method).toBe('POST');
});

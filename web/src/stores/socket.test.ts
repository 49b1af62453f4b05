// The session's socket client (CHAT-023..030, MSG-013, CHAT-014, CHAT-015): its own logic
// against a fake WebSocket the test drives — the frames are the ones socket.rs documents.
import { useOrganizations } from './organizations';
import { BACKOFF_FIRST_MS, BACKOFF_MAX_MS, HEARTBEAT_MS, SocketClient, chatBlinking, messageRead, messagesAllRead, setOpenChat, socketPath, useSocket, type WebSocketLike } from './socket';

class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  sent: Record<string, unknown>[] = [];
  closed: number | undefined;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closed = code ?? 1000;
    this.readyState = 3;
  }
  // The test's side.
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(frame: object | string) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

let timers: { fn: () => void; ms: number; id: number }[] = [];
let nextId = 1;
const deps = {
  open: (url: string) => new FakeSocket(url),
  origin: () => 'ws://host',
  setTimeout: (fn: () => void, ms: number) => {
    const id = nextId++;
    timers.push({ fn, ms, id });
    return id;
  },
  clearTimeout: (id: unknown) => {
    timers = timers.filter((t) => t.id !== id);
  },
  onLogout: jest.fn(),
  reload: jest.fn(),
  showError: jest.fn(),
};

/** Runs the earliest pending timer, returning its delay. */
function fire(): number {
  timers.sort((a, b) => a.ms - b.ms);
  const t = timers.shift()!;
  t.fn();
  return t.ms;
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1];

beforeEach(() => {
  FakeSocket.all = [];
  timers = [];
  jest.clearAllMocks();
  useSocket.setState({ status: 'idle', messageUnread: 0, onlineUsers: [], chatUnread: {}, openChat: null, pushes: 0 });
});

test('CHAT-023, CHAT-024: connects to /api/message/websocket/Bearer%20<token> and sends OnConnection with the token', () => {
  expect(socketPath('Bearer abc')).toBe('/api/message/websocket/Bearer%20abc');
  expect(socketPath('abc')).toBe('/api/message/websocket/Bearer%20abc');
  const c = new SocketClient(deps);
  c.connect('Bearer abc');
  expect(last().url).toBe('ws://host/api/message/websocket/Bearer%20abc');
  expect(useSocket.getState().status).toBe('connecting');
  last().accept();
  expect(last().sent[0]).toEqual({ method: 'OnConnection', mobileDevice: false, token: 'Bearer abc' });
  expect(useSocket.getState().status).toBe('open');
  c.disconnect();
});

test('CHAT-026: initMessage sets the unread total, the online users and the unread chat per sender', () => {
  const c = new SocketClient(deps);
  c.connect('Bearer t');
  last().accept();
  last().push({
    method: 'initMessage',
    onlineUsers: ['u1', 'u2'],
    unreadTotalCount: 7,
    unreadNums: [
      { sendUserId: 'u2', unreadNum: 3, defaultMessage: 'hi', defaultMessageType: 'text', defaultMessageTime: 5 },
      { sendUserId: 'u3', unreadNum: 0 },
    ],
  });
  const s = useSocket.getState();
  expect(s.messageUnread).toBe(7);
  expect(s.onlineUsers).toEqual(['u1', 'u2']);
  expect(Object.keys(s.chatUnread)).toEqual(['u2']);
  expect(s.chatUnread.u2.count).toBe(3);
  expect(chatBlinking(s)).toBe(true);
  c.disconnect();
});

test('CHAT-026, MSG-013, MSG-008: messagePush raises the badge; reading lowers it never below 0; read-all resets it', () => {
  const c = new SocketClient(deps);
  c.connect('Bearer t');
  last().accept();
  last().push({ method: 'messagePush', unreadNoticeCount: 1, unreadTotalCount: 2, title: 'x' });
  expect(useSocket.getState().messageUnread).toBe(2);
  expect(useSocket.getState().pushes).toBe(1);
  last().push({ method: 'messagePush', unreadNoticeCount: 1 });
  expect(useSocket.getState().messageUnread).toBe(3);
  messageRead();
  expect(useSocket.getState().messageUnread).toBe(2);
  messagesAllRead();
  messageRead();
  expect(useSocket.getState().messageUnread).toBe(0);
  c.disconnect();
});

test('Online and Offline keep the online users', () => {
  const c = new SocketClient(deps);
  c.connect('Bearer t');
  last().accept();
  last().push({ method: 'Online', userId: 'u9' });
  last().push({ method: 'Online', userId: 'u9' });
  expect(useSocket.getState().onlineUsers).toEqual(['u9']);
  last().push({ method: 'Offline', userId: 'u9' });
  expect(useSocket.getState().onlineUsers).toEqual([]);
  c.disconnect();
});

test('CHAT-014, CHAT-015: a message for the open chat is read at once; another raises its unread count and blinks', () => {
  const c = new SocketClient(deps);
  c.connect('Bearer t');
  last().accept();
  const seen: string[] = [];
  const off = c.subscribe((f) => seen.push(f.method));
  setOpenChat('u1');
  last().push({ method: 'receiveMessage', formUserId: 'u1', messageType: 'text', formMessage: 'a' });
  expect(last().sent.at(-1)).toEqual({ method: 'UpdateReadMessage', formUserId: 'u1', token: 'Bearer t' });
  expect(chatBlinking(useSocket.getState())).toBe(false);
  last().push({ method: 'receiveMessage', formUserId: 'u2', messageType: 'text', formMessage: 'b' });
  last().push({ method: 'receiveMessage', formUserId: 'u2', messageType: 'text', formMessage: 'c' });
  expect(useSocket.getState().chatUnread.u2.count).toBe(2);
  expect(chatBlinking(useSocket.getState())).toBe(true);
  expect(seen).toEqual(['receiveMessage', 'receiveMessage', 'receiveMessage']);
  c.readChat('u2');
  expect(chatBlinking(useSocket.getState())).toBe(false);
  off();
  c.disconnect();
});

test('CHAT-025: SendMessage and MessageList frames carry the token', () => {
  const c = new SocketClient(deps);
  expect(c.sendChat('u1', 'text', 'x')).toBe(false); // not connected: nothing is sent
  c.connect('Bearer t');
  last().accept();
  expect(c.sendChat('u1', 'text', 'hello')).toBe(true);
  expect(c.history('u1', 2, 50, 'kw')).toBe(true);
  expect(last().sent.slice(1)).toEqual([
    { method: 'SendMessage', toUserId: 'u1', messageType: 'text', messageContent: 'hello', token: 'Bearer t' },
    { method: 'MessageList', toUserId: 'u1', formUserId: 'u1', currentPage: 2, pageSize: 50, sord: 'desc', keyword: 'kw', token: 'Bearer t' },
  ]);
  c.disconnect();
});

test('a lost connection is reopened with back-off doubling to 30 s, reset once connected', () => {
  const c = new SocketClient(deps);
  c.connect('Bearer t');
  const delays: number[] = [];
  for (let i = 0; i < 7; i++) {
    last().drop();
    delays.push(fire());
  }
  expect(delays).toEqual([BACKOFF_FIRST_MS, 2000, 4000, 8000, 16000, BACKOFF_MAX_MS, BACKOFF_MAX_MS]);
  expect(FakeSocket.all).toHaveLength(8);
  last().accept();
  expect(last().sent[0].method).toBe('OnConnection');
  timers = timers.filter((t) => t.ms !== HEARTBEAT_MS);
  last().drop();
  expect(fire()).toBe(BACKOFF_FIRST_MS);
  c.disconnect();
  // After disconnect nothing reopens.
  const count = FakeSocket.all.length;
  expect(timers).toHaveLength(0);
  expect(FakeSocket.all).toHaveLength(count);
});

test('heartbeats every 30 s; three silent beats reopen the connection', () => {
  const c = new SocketClient(deps);
  c.connect('Bearer t');
  const first = last();
  first.accept();
  expect(fire()).toBe(HEARTBEAT_MS);
  expect(first.sent.at(-1)).toEqual({ method: 'heartCheck', token: 'Bearer t' });
  first.push({ method: 'heartCheck' }); // heard: the count starts again
  fire();
  fire();
  expect(FakeSocket.all).toHaveLength(1);
  fire(); // the third silent beat
  expect(first.closed).toBe(4000);
  expect(fire()).toBe(BACKOFF_FIRST_MS);
  expect(FakeSocket.all).toHaveLength(2);
  c.disconnect();
});

test('CHAT-028: logout for this token closes, resets the session with the message, and does not reconnect', () => {
  const c = new SocketClient(deps);
  c.connect('Bearer t');
  const ws = last();
  ws.accept();
  ws.push({ method: 'logout', token: 'Bearer t', msg: '密码已修改，请重新登录' });
  expect(ws.closed).toBe(1000);
  expect(deps.onLogout).toHaveBeenCalledWith('密码已修改，请重新登录');
  expect(deps.reload).not.toHaveBeenCalled();
  expect(timers).toHaveLength(0);
  expect(FakeSocket.all).toHaveLength(1);
});

test('CHAT-027: logout for another token reloads the page', () => {
  const c = new SocketClient(deps);
  c.connect('Bearer t');
  last().accept();
  last().push({ method: 'logout', token: 'Bearer other', msg: '' });
  expect(deps.reload).toHaveBeenCalled();
  expect(deps.onLogout).not.toHaveBeenCalled();
});

test('CHAT-029, CHAT-030: closeSocket closes for good; refresh shows the message then reloads after 2 s', () => {
  const c = new SocketClient(deps);
  c.connect('Bearer t');
  last().accept();
  last().push({ method: 'closeSocket' });
  expect(last().closed).toBe(1000);
  expect(timers).toHaveLength(0);
  c.connect('Bearer t');
  last().accept();
  last().push({ method: 'refresh', msg: '权限已变更' });
  expect(deps.showError).toHaveBeenCalledWith('权限已变更');
  expect(deps.reload).not.toHaveBeenCalled();
  expect(fire()).toBe(2000);
  expect(deps.reload).toHaveBeenCalled();
});

test('issue 25: organizeChanged bumps the organisations\' version (the open trees read again)', () => {
  const c = new SocketClient(deps);
  c.connect('Bearer t');
  last().accept();
  const before = useOrganizations.getState().version;
  last().push({ method: 'organizeChanged' });
  expect(useOrganizations.getState().version).toBe(before + 1);
  expect(last().closed).toBeUndefined();
  expect(deps.reload).not.toHaveBeenCalled();
  c.disconnect();
});

test('frames that are not JSON or have no method are ignored', () => {
  const c = new SocketClient(deps);
  c.connect('Bearer t');
  last().accept();
  const seen = jest.fn();
  c.subscribe(seen);
  last().push('not json');
  last().push({ nope: 1 });
  expect(seen).not.toHaveBeenCalled();
  c.disconnect();
});

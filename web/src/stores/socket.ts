/**
 * The WebSocket of a signed-in session (spec 01 §4 "Socket"; CHAT-023..030; jnpf-wire.md
 * "Messages"): one connection per session at /api/message/websocket/Bearer%20<token>, opened
 * when the shell loads. It keeps what the navbar shows live — the bell's unread count, the
 * online users, the unread chat per sender (the chat icon blinks while any is unread) — and
 * hands every frame to whoever listens (the chat window, the message drawer).
 *
 * The frames are JSON text with a `method` (server/src/message/socket.rs). They are not part
 * of the OpenAPI document, so their fields are read here defensively, field by field.
 *
 * Lost connections are reopened with back-off (1 s doubling to 30 s, reset once connected);
 * a heartbeat goes out every 30 s and a connection silent for three beats is reopened. The
 * session's end (`logout`), `closeSocket` and `refresh` stop it for good. `organizeChanged`
 * (another user created, changed or deleted a company or department) bumps the organisations'
 * version, so the organisation trees of open tabs read them again (stores/organizations.ts).
 */
import { create } from 'zustand';
import { organizationsChanged } from './organizations';

/** A frame as it arrives: a method and its fields. */
export type Frame = { method: string } & Record<string, unknown>;

export const HEARTBEAT_MS = 30_000;
export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

/** What the client needs from the browser; tests hand in fakes. */
export interface SocketDeps {
  /** Opens a WebSocket to `url`. */
  open: (url: string) => WebSocketLike;
  /** ws(s)://host of the page. */
  origin: () => string;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** The session's end was pushed: reset the token and go to /login saying `msg`. */
  onLogout: (msg: string) => void;
  /** A logout for another token (CHAT-027), or a refresh after its message (CHAT-030). */
  reload: () => void;
  /** CHAT-030: the refresh push's message, shown as an error. */
  showError: (msg: string) => void;
}

export interface WebSocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** A sender's unread chat as initMessage and receiveMessage tell it. */
export interface ChatUnread {
  count: number;
  lastMessage: unknown;
  lastType: string;
  lastTime: number;
}

export interface SocketState {
  status: 'idle' | 'connecting' | 'open' | 'closed';
  /** The bell's badge: unread in-site messages (never below 0, MSG-013). */
  messageUnread: number;
  onlineUsers: string[];
  /** Unread chat by sender id (CHAT-015). */
  chatUnread: Record<string, ChatUnread>;
  /** The user whose chat window is open: their messages are read at once (CHAT-014). */
  openChat: string | null;
  /** Bumped on every messagePush, so an open message list reloads. */
  pushes: number;
}

const OPEN = 1;

function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

function num(v: unknown): number {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
}

/** The socket's path for a token as stored ('Bearer …' or the bare token). */
export function socketPath(token: string): string {
  const bearer = /^bearer /i.test(token) ? token : `Bearer ${token}`;
  return `/api/message/websocket/${encodeURIComponent(bearer)}`;
}

export const useSocket = create<SocketState>(() => ({
  status: 'idle',
  messageUnread: 0,
  onlineUsers: [],
  chatUnread: {},
  openChat: null,
  pushes: 0,
}));

/** Whether any chat is unread: the chat icon blinks (CHAT-015). */
export function chatBlinking(state: SocketState): boolean {
  return Object.values(state.chatUnread).some((u) => u.count > 0);
}

type Listener = (frame: Frame) => void;

/**
 * The client of one session. `connect(token)` opens it (again, after a `disconnect()`);
 * `send` queues nothing: a frame sent while closed is dropped and reported false.
 */
export class SocketClient {
  private ws: WebSocketLike | null = null;
  private token = '';
  private stopped = true;
  private attempt = 0;
  private retry: unknown = null;
  private beat: unknown = null;
  private silentBeats = 0;
  private listeners = new Set<Listener>();

  constructor(private deps: SocketDeps) {}

  connect(token: string): void {
    if (!token) return;
    if (!this.stopped && this.token === token && this.ws) return;
    this.disconnect();
    this.token = token;
    this.stopped = false;
    this.attempt = 0;
    this.open();
  }

  /** Closes for good (sign-out, the session ended): no reconnection. */
  disconnect(): void {
    this.stopped = true;
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = ws.onmessage = ws.onerror = ws.onopen = null;
      ws.close(1000, 'bye');
    }
    useSocket.setState({ status: 'closed' });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  send(frame: Record<string, unknown>): boolean {
    if (!this.ws || this.ws.readyState !== OPEN) return false;
    this.ws.send(JSON.stringify({ ...frame, token: this.token }));
    return true;
  }

  /** CHAT-025: a chat message to `toUserId`. */
  sendChat(toUserId: string, messageType: 'text' | 'image' | 'voice', messageContent: unknown): boolean {
    return this.send({ method: 'SendMessage', toUserId, messageType, messageContent });
  }

  /** CHAT-013: the chat with `userId` is read (and stays read while open). */
  readChat(userId: string): void {
    this.send({ method: 'UpdateReadMessage', formUserId: userId });
    const unread = { ...useSocket.getState().chatUnread };
    delete unread[userId];
    useSocket.setState({ chatUnread: unread });
  }

  /** CHAT-011, CHAT-013: a page of the history with `toUserId` (answered by messageList). */
  history(toUserId: string, currentPage: number, pageSize: number, keyword = '', sord: 'desc' | 'asc' = 'desc'): boolean {
    return this.send({ method: 'MessageList', toUserId, formUserId: toUserId, currentPage, pageSize, sord, keyword });
  }

  private open(): void {
    useSocket.setState({ status: 'connecting' });
    let ws: WebSocketLike;
    try {
      ws = this.deps.open(this.deps.origin() + socketPath(this.token));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.silentBeats = 0;
      useSocket.setState({ status: 'open' });
      // CHAT-024: the connection message with the token.
      this.send({ method: 'OnConnection', mobileDevice: false });
      this.startHeartbeat();
    };
    ws.onmessage = (ev) => {
      this.silentBeats = 0;
      this.receive(ev.data);
    };
    ws.onerror = () => undefined;
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.clearTimers();
      useSocket.setState({ status: 'closed' });
      if (!this.stopped) this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.retry = this.deps.setTimeout(() => {
      this.retry = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private startHeartbeat(): void {
    const tick = () => {
      this.beat = this.deps.setTimeout(() => {
        if (!this.ws) return;
        this.silentBeats += 1;
        if (this.silentBeats >= 3) {
          // Nothing heard for three beats: the connection is dead without knowing it.
          const ws = this.ws;
          this.ws = null;
          ws.onclose = ws.onmessage = ws.onerror = ws.onopen = null;
          ws.close(4000, 'silent');
          useSocket.setState({ status: 'closed' });
          this.scheduleReconnect();
          return;
        }
        this.send({ method: 'heartCheck' });
        tick();
      }, HEARTBEAT_MS);
    };
    tick();
  }

  private clearTimers(): void {
    if (this.retry != null) this.deps.clearTimeout(this.retry);
    if (this.beat != null) this.deps.clearTimeout(this.beat);
    this.retry = this.beat = null;
  }

  private receive(data: unknown): void {
    let frame: Frame;
    try {
      const parsed: unknown = JSON.parse(text(data));
      if (!parsed || typeof parsed !== 'object' || typeof (parsed as Frame).method !== 'string') return;
      frame = parsed as Frame;
    } catch {
      return;
    }
    this.apply(frame);
    for (const l of [...this.listeners]) l(frame);
  }

  private apply(f: Frame): void {
    const state = useSocket.getState();
    switch (f.method) {
      case 'initMessage': {
        const chatUnread: Record<string, ChatUnread> = {};
        const nums = Array.isArray(f.unreadNums) ? (f.unreadNums as Record<string, unknown>[]) : [];
        for (const n of nums) {
          const from = text(n.sendUserId);
          if (!from || num(n.unreadNum) <= 0 || from === state.openChat) continue;
          chatUnread[from] = { count: num(n.unreadNum), lastMessage: n.defaultMessage, lastType: text(n.defaultMessageType), lastTime: num(n.defaultMessageTime) };
        }
        useSocket.setState({
          messageUnread: Math.max(0, num(f.unreadTotalCount)),
          onlineUsers: Array.isArray(f.onlineUsers) ? (f.onlineUsers as unknown[]).map(text) : [],
          chatUnread,
        });
        break;
      }
      case 'messagePush':
        // unreadTotalCount is the receiver's total after the push; unreadNoticeCount what it adds.
        useSocket.setState({
          messageUnread: f.unreadTotalCount != null ? Math.max(0, num(f.unreadTotalCount)) : state.messageUnread + num(f.unreadNoticeCount),
          pushes: state.pushes + 1,
        });
        break;
      case 'Online': {
        const id = text(f.userId);
        if (id && !state.onlineUsers.includes(id)) useSocket.setState({ onlineUsers: [...state.onlineUsers, id] });
        break;
      }
      case 'Offline':
        useSocket.setState({ onlineUsers: state.onlineUsers.filter((u) => u !== text(f.userId)) });
        break;
      case 'receiveMessage': {
        const from = text(f.formUserId);
        if (!from) break;
        if (from === state.openChat) {
          // CHAT-014: the open chat's message is read at once.
          this.send({ method: 'UpdateReadMessage', formUserId: from });
          break;
        }
        const prev = state.chatUnread[from];
        useSocket.setState({
          chatUnread: { ...state.chatUnread, [from]: { count: (prev?.count ?? 0) + 1, lastMessage: f.formMessage, lastType: text(f.messageType), lastTime: num(f.dateTime) } },
        });
        break;
      }
      case 'logout': {
        const token = text(f.token);
        this.disconnect();
        // CHAT-027: another session's logout reaching this page: reload to find out.
        if (token && token !== this.token && decodeURIComponent(token) !== this.token) this.deps.reload();
        else this.deps.onLogout(text(f.msg));
        break;
      }
      case 'closeSocket':
        // CHAT-029.
        this.disconnect();
        break;
      case 'refresh':
        // CHAT-030: the message as an error, then a reload after 2 s.
        this.disconnect();
        this.deps.showError(text(f.msg));
        this.deps.setTimeout(() => this.deps.reload(), 2000);
        break;
      case 'organizeChanged':
        organizationsChanged();
        break;
      default:
        break;
    }
  }
}

/** The unread badge after a message was read (MSG-013) or all were (MSG-008). */
export function messageRead(): void {
  useSocket.setState((s) => ({ messageUnread: Math.max(0, s.messageUnread - 1) }));
}

export function messagesAllRead(): void {
  useSocket.setState({ messageUnread: 0 });
}

export function setOpenChat(userId: string | null): void {
  useSocket.setState({ openChat: userId });
}

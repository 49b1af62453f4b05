/**
 * The app's socket client (stores/socket.ts) wired to the browser: the page's host, real
 * timers, and the session's end handled by the user store (spec 01 §4 "Socket"). The layout
 * connects it when the shell loads (useSessionSocket) and closes it with the session.
 */
import { useEffect } from 'react';
import { message } from 'antd';
import i18n from '@/i18n';
import { useUser } from '@/stores/user';
import { SocketClient, type WebSocketLike } from '@/stores/socket';
import { EXPECTED_STATES } from '@/api/request';

/** What the page says when the server ends its session over the socket. */
export function logoutNotice(msg: string): { kind: 'error' | 'info'; text: string } {
  if (EXPECTED_STATES[msg] === 'info') return { kind: 'info', text: msg };
  return { kind: 'error', text: msg || i18n.t('msg.loginExpired') };
}

export const socket = new SocketClient({
  // Looked up at each opening (tests put a fake in its place).
  open: (url) => new window.WebSocket(url) as unknown as WebSocketLike,
  origin: () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}`,
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  onLogout: (msg) => {
    // CHAT-028: the server's message, else 'login expired'; then the token is reset (the
    // guard sends the page to /login). A password just changed is an expected end: information.
    const notice = logoutNotice(msg);
    void message[notice.kind](notice.text);
    useUser.getState().resetToken();
  },
  reload: () => window.location.reload(),
  showError: (msg) => void message.error(msg),
});

/** CHAT-024: one socket while the shell is shown for a signed-in, loaded session. */
export function useSessionSocket(): void {
  const token = useUser((s) => s.token);
  const loaded = useUser((s) => s.loaded);
  useEffect(() => {
    if (!token || !loaded) return;
    socket.connect(token);
    return () => socket.disconnect();
  }, [token, loaded]);
}

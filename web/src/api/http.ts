/**
 * The app's HTTP client: `createClient` wired to the browser — token from localStorage, antd
 * error toasts, and the end of a session (600/601/602) handled by whoever registered
 * `onSessionEnd` (the user store), falling back to a hard navigation to /login.
 */
import { message } from 'antd';
import i18n from '@/i18n';
import { getToken, removeToken } from '@/utils/storage';
import { createClient, type Request, type ToastKind } from './request';
import { requestTimeout } from '@/config';

let sessionEndHandler: (() => void) | null = null;

/** The user store registers how to reset the session (clear state, go to /login). */
export function onSessionEnd(handler: () => void): void {
  sessionEndHandler = handler;
}

type Toast = (text: string, seconds: number, kind?: ToastKind) => Promise<unknown> | unknown;
let toast: Toast = (text, seconds, kind = 'error') => message[kind](text, seconds);

/** The app root hands in antd's context-aware message API (so toasts follow the theme). */
export function setToast(fn: Toast): void {
  toast = fn;
}

export const request: Request = createClient({
  baseUrl: '',
  fetch: (input, init) => fetch(input, init),
  getToken,
  toast: (text, seconds, kind) => toast(text, seconds, kind),
  onSessionEnd: () => {
    if (sessionEndHandler) return sessionEndHandler();
    removeToken();
    if (window.location.pathname !== '/login') window.location.assign('/login');
  },
  timeout: requestTimeout(),
  now: () => Date.now(),
  defaultError: () => i18n.t('common.requestError'),
});

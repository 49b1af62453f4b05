/**
 * The HTTP client of spec 01 §7 / 02 §7.4 and jnpf-wire.md, as a factory so that its own
 * behaviour can be tested against a real HTTP server (`request.test.ts`); `http.ts` wires
 * the app's instance to the browser (token storage, antd toasts, the router).
 */

/** Every answer of the server. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** A page of a list (jnpf-wire.md "Lists"). */
export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  url: string;
  method?: Method;
  /**
   * GET: query parameters (HTTP-005); otherwise the JSON body, the form with `form`, or a
   * multipart body when it is a FormData (an upload: the browser writes its boundary).
   */
  data?: unknown;
  /** Send `data` as application/x-www-form-urlencoded (the login call). */
  form?: boolean;
  /** Milliseconds; defaults to the configured timeout, 100 s for the long calls (HTTP-007). */
  timeout?: number;
  /**
   * The caller shows the failure itself (no toast): the chunked upload retries a chunk up to
   * five times and must not toast each attempt. The session still ends on 600-602.
   */
  quiet?: boolean;
  /** Cancels the call (a paused upload stops its chunks in flight); rejects with code 0. */
  signal?: AbortSignal;
}

export interface ClientDeps {
  /** '' in the browser (base path '/', HTTP-001); an origin in tests. */
  baseUrl: string;
  fetch: typeof fetch;
  getToken(): string;
  /**
   * Shows a toast — an error, or `info` for a refusal that states an expected step (see
   * EXPECTED_STATES); resolves when it has closed.
   */
  toast(message: string, seconds: number, kind?: ToastKind): Promise<unknown> | unknown;
  /** Resets the token and goes to /login (HTTP-010). */
  onSessionEnd(): void;
  /** The configured timeout in ms (HTTP-006). */
  timeout: number;
  /** Epoch ms, for the `n` parameter. */
  now(): number;
  /** 'request error, please retry' in the current language. */
  defaultError(): string;
}

/** The spec's default request timeout (01 §7: 1000000 ms). */
export const DEFAULT_TIMEOUT = 1_000_000;
/** HTTP-007: calls that may take long. */
const LONG_CALLS = ['SynThirdInfo', 'extend/Email/Receive', 'Permission/Authority/Data', 'DataSync/Actions/Execute'];
const LONG_TIMEOUT = 100_000;
/** HTTP-012: data source test, online development config, portal auth — no error toast. */
const TOAST_EXEMPT = [
  /\/api\/system\/DataSource\/Actions\/Test/i,
  /\/api\/visualdev\/OnlineDev\/[^/?]+\/Config/i,
  /\/api\/visualdev\/Portal\/[^/?]+\/auth/i,
];
export type ToastKind = 'error' | 'info';

/**
 * Refusals that describe a step the user is expected to take, not a failure: while the initial
 * (or an overdue) password must be changed every business call answers 403 with the reason the
 * forced dialog already states, so it shows nothing; once the password is changed the ended
 * session's calls say 密码已修改，请重新登录, an information. (The server's messages:
 * server/src/access/refusal.rs and session.rs.)
 */
export const EXPECTED_STATES: Record<string, 'silent' | 'info'> = {
  请先修改初始密码: 'silent',
  '密码已过期，请修改密码': 'silent',
  '密码已修改，请重新登录': 'info',
};

/** HTTP-010: the session is over. */
export const SESSION_CODES = [600, 601, 602];
/** HTTP-011: calls whose 600-602 do not end the session (their caller handles them). */
const SESSION_EXEMPT = ['/api/oauth/Login', '/api/oauth/LockScreen'];
/** HTTP-009: the toast lasts 1.5 s. */
export const ERROR_TOAST_SECONDS = 1.5;

export function timeoutFor(url: string, configured: number): number {
  const lower = url.toLowerCase();
  return LONG_CALLS.some((p) => lower.includes(p.toLowerCase())) ? LONG_TIMEOUT : configured;
}

export function isToastExempt(url: string): boolean {
  return TOAST_EXEMPT.some((re) => re.test(url));
}

function endsSession(url: string, code: number): boolean {
  return SESSION_CODES.includes(code) && !SESSION_EXEMPT.some((p) => url.split('?')[0].startsWith(p));
}

/** Appends `params` to `url` as a query string, skipping null and undefined. */
export function withQuery(url: string, params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((item) => q.append(k, String(item)));
    else q.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = q.toString();
  return s ? `${url}${url.includes('?') ? '&' : '?'}${s}` : url;
}

export type Request = <T = unknown>(options: RequestOptions) => Promise<Envelope<T>>;

/**
 * A request function: resolves with the envelope when code is 200, otherwise toasts the
 * message and rejects with the response body (AUTH-007); a network failure rejects with
 * `{code: 0, msg}`.
 */
export function createClient(deps: ClientDeps): Request {
  const fail = (url: string, body: Envelope<unknown>, quiet = false) => {
    const expected = body.msg ? EXPECTED_STATES[body.msg] : undefined;
    if (!quiet && !isToastExempt(url) && expected !== 'silent') {
      const kind: ToastKind = expected === 'info' ? 'info' : 'error';
      const closed = Promise.resolve(deps.toast(body.msg || deps.defaultError(), ERROR_TOAST_SECONDS, kind));
      if (endsSession(url, body.code)) void closed.then(() => deps.onSessionEnd());
    } else if (endsSession(url, body.code)) {
      deps.onSessionEnd();
    }
    return Promise.reject(body);
  };

  return async function request<T>(options: RequestOptions): Promise<Envelope<T>> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { 'jnpf-origin': 'pc' };
    const token = deps.getToken();
    if (token) headers.Authorization = token;

    let url = options.url;
    let body: BodyInit | undefined;
    if (method === 'GET') {
      if (options.data && typeof options.data === 'object') url = withQuery(url, options.data as Record<string, unknown>);
      headers['Content-Type'] = 'application/json;charset=utf-8';
    } else if (typeof FormData !== 'undefined' && options.data instanceof FormData) {
      body = options.data; // no Content-Type: fetch sets multipart/form-data with its boundary
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=utf-8';
      body = withQuery('', (options.data ?? {}) as Record<string, unknown>).replace(/^\?/, '');
    } else {
      headers['Content-Type'] = 'application/json;charset=utf-8';
      body = options.data === undefined ? undefined : JSON.stringify(options.data);
    }
    // HTTP-004: a timestamp on every URL.
    url = withQuery(url, { n: Math.floor(deps.now() / 1000) });

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeout ?? timeoutFor(url, deps.timeout));
    const cancel = () => controller.abort();
    options.signal?.addEventListener('abort', cancel);
    if (options.signal?.aborted) controller.abort();
    let envelope: Envelope<T>;
    try {
      const response = await deps.fetch(deps.baseUrl + url, { method, headers, body, signal: controller.signal });
      envelope = (await response.json()) as Envelope<T>;
      if (!envelope || typeof envelope.code !== 'number') throw new Error('not an envelope');
    } catch {
      // HTTP-013: network failure, timeout, or an answer that is not ours.
      return fail(url, { code: 0, msg: deps.defaultError(), data: null }, options.quiet || options.signal?.aborted);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
    }
    if (envelope.code !== 200) return fail(url, envelope, options.quiet);
    return envelope;
  };
}

/** @jest-environment node */
// The HTTP client against a real HTTP server started here (spec 01 §7/§8, 02 §7.4). The
// toast and the session-end hook are the client's outputs to the UI, so they are recorded.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, DEFAULT_TIMEOUT, isToastExempt, timeoutFor, withQuery, type ClientDeps } from './request';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base = '';
const seen: Seen[] = [];
/** What the server answers next, by path. */
const answers = new Map<string, (res: ServerResponse) => void>();

const json = (body: unknown) => (res: ServerResponse) => {
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      (answers.get(path) ?? json({ code: 200, msg: 'Success', data: { ok: true } }))(res);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
});

beforeEach(() => {
  seen.length = 0;
  answers.clear();
});

function client(overrides: Partial<ClientDeps> = {}) {
  const toasts: { text: string; seconds: number; kind?: string }[] = [];
  let ended = 0;
  const request = createClient({
    baseUrl: base,
    fetch,
    getToken: () => 'Bearer abc',
    toast: (text, seconds, kind) => {
      toasts.push(kind && kind !== 'error' ? { text, seconds, kind } : { text, seconds });
      return Promise.resolve();
    },
    onSessionEnd: () => {
      ended += 1;
    },
    timeout: DEFAULT_TIMEOUT,
    now: () => 1_700_000_000_123,
    defaultError: () => '请求出错，请重试',
    ...overrides,
  });
  return { request, toasts, ended: () => ended };
}

const flush = () => new Promise((r) => setTimeout(r, 10));

test('HTTP-001..005: base path, origin header, token, n timestamp, GET payload as query', async () => {
  const { request } = client();
  const res = await request({ url: '/api/system/Thing', data: { keyword: '甲 乙', currentPage: 2, empty: undefined } });
  expect(res).toEqual({ code: 200, msg: 'Success', data: { ok: true } });
  const [hit] = seen;
  expect(hit.method).toBe('GET');
  expect(hit.headers['jnpf-origin']).toBe('pc');
  expect(hit.headers.authorization).toBe('Bearer abc');
  expect(hit.headers['content-type']).toBe('application/json;charset=utf-8');
  const url = new URL(hit.url, base);
  expect(url.pathname).toBe('/api/system/Thing');
  expect(url.searchParams.get('keyword')).toBe('甲 乙');
  expect(url.searchParams.get('currentPage')).toBe('2');
  expect(url.searchParams.has('empty')).toBe(false);
  expect(url.searchParams.get('n')).toBe('1700000000'); // unix seconds
  expect(hit.body).toBe('');
});

test('HTTP-003: no Authorization header without a token', async () => {
  const { request } = client({ getToken: () => '' });
  await request({ url: '/api/oauth/getLoginConfig' });
  expect(seen[0].headers.authorization).toBeUndefined();
});

test('POST sends JSON; the login call sends a form (AUTH-002)', async () => {
  const { request } = client();
  await request({ url: '/api/x', method: 'PUT', data: { theme: 'blend' } });
  expect(seen[0].method).toBe('PUT');
  expect(JSON.parse(seen[0].body)).toEqual({ theme: 'blend' });
  expect(new URL(seen[0].url, base).searchParams.get('n')).toBe('1700000000');

  await request({ url: '/api/oauth/Login', method: 'POST', form: true, data: { account: 'admin', password: 'e10a', code: '' } });
  expect(seen[1].headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
  expect(Object.fromEntries(new URLSearchParams(seen[1].body))).toEqual({ account: 'admin', password: 'e10a', code: '' });
});

test('an upload sends a FormData as multipart with its boundary, token and n (DICT-018)', async () => {
  const { request } = client();
  const data = new FormData();
  data.append('file', new Blob(['{"list":[]}'], { type: 'application/octet-stream' }), '字典.bdd');
  await request({ url: '/api/system/DictionaryData/Action/Import', method: 'POST', data });
  const [hit] = seen;
  expect(hit.method).toBe('POST');
  expect(hit.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(hit.headers.authorization).toBe('Bearer abc');
  expect(new URL(hit.url, base).searchParams.get('n')).toBe('1700000000');
  expect(hit.body).toContain('name="file"');
  expect(hit.body).toContain('{"list":[]}');
});

test('HTTP-008, HTTP-009, AUTH-007: a non-200 code toasts the msg for 1.5 s and rejects with the body', async () => {
  const body = { code: 400, msg: '账户或密码错误，请重新输入', data: null };
  answers.set('/api/oauth/Login', json(body));
  const { request, toasts, ended } = client();
  await expect(request({ url: '/api/oauth/Login', method: 'POST', form: true, data: {} })).rejects.toEqual(body);
  expect(toasts).toEqual([{ text: '账户或密码错误，请重新输入', seconds: 1.5 }]);
  expect(ended()).toBe(0);
});

test.each(['请先修改初始密码', '密码已过期，请修改密码'])('the forced password change: a refusal %s shows no error (the dialog says it) and still rejects', async (msg) => {
  answers.set('/api/system/Menu', json({ code: 403, msg, data: null }));
  const { request, toasts } = client();
  await expect(request({ url: '/api/system/Menu' })).rejects.toMatchObject({ code: 403, msg });
  expect(toasts).toEqual([]);
});

test('a session ended by the password change says so as information, not an error, and still ends it', async () => {
  answers.set('/api/oauth/CurrentUser', json({ code: 600, msg: '密码已修改，请重新登录', data: null }));
  const { request, toasts, ended } = client();
  await expect(request({ url: '/api/oauth/CurrentUser' })).rejects.toMatchObject({ code: 600 });
  await flush();
  expect(toasts).toEqual([{ text: '密码已修改，请重新登录', seconds: 1.5, kind: 'info' }]);
  expect(ended()).toBe(1);
});

test('HTTP-009: without a msg the toast says 请求出错，请重试', async () => {
  answers.set('/api/x', json({ code: 500, msg: '', data: null }));
  const { request, toasts } = client();
  await expect(request({ url: '/api/x' })).rejects.toMatchObject({ code: 500 });
  expect(toasts[0].text).toBe('请求出错，请重试');
});

test.each([600, 601, 602])('HTTP-010: code %i ends the session after the toast has closed', async (code) => {
  answers.set('/api/oauth/CurrentUser', json({ code, msg: '登录过期,请重新登录', data: null }));
  let closeToast: () => void = () => undefined;
  const ended: number[] = [];
  const { request } = client({
    toast: () => new Promise<void>((ok) => (closeToast = ok)),
    onSessionEnd: () => ended.push(code),
  });
  await expect(request({ url: '/api/oauth/CurrentUser' })).rejects.toMatchObject({ code });
  await flush();
  expect(ended).toEqual([]); // the toast is still open
  closeToast();
  await flush();
  expect(ended).toEqual([code]);
});

test.each(['/api/oauth/Login', '/api/oauth/LockScreen'])('HTTP-011: 600-602 on %s do not end the session', async (url) => {
  answers.set(url, json({ code: 601, msg: '解锁失败次数过多，请重新登录', data: null }));
  const { request, toasts, ended } = client();
  await expect(request({ url, method: 'POST', data: {} })).rejects.toMatchObject({ code: 601 });
  await flush();
  expect(toasts).toHaveLength(1);
  expect(ended()).toBe(0);
});

test('HTTP-012: data source test, online development config and portal auth calls show no toast', async () => {
  expect(isToastExempt('/api/system/DataSource/Actions/Test')).toBe(true);
  expect(isToastExempt('/api/visualdev/OnlineDev/123/Config?n=1')).toBe(true);
  expect(isToastExempt('/api/visualdev/Portal/9/auth?platform=Web')).toBe(true);
  expect(isToastExempt('/api/visualdev/OnlineDev/123/List')).toBe(false);

  answers.set('/api/visualdev/OnlineDev/1/Config', json({ code: 400, msg: '模型不存在', data: null }));
  const { request, toasts } = client();
  await expect(request({ url: '/api/visualdev/OnlineDev/1/Config' })).rejects.toMatchObject({ code: 400 });
  expect(toasts).toEqual([]);
});

test('HTTP-013: a network failure toasts 请求出错，请重试 and rejects', async () => {
  const { request, toasts } = client({ baseUrl: 'http://127.0.0.1:1' });
  await expect(request({ url: '/api/x' })).rejects.toEqual({ code: 0, msg: '请求出错，请重试', data: null });
  expect(toasts).toEqual([{ text: '请求出错，请重试', seconds: 1.5 }]);
});

test('HTTP-013: an answer that is not an envelope counts as a failure', async () => {
  answers.set('/api/html', (res) => {
    res.statusCode = 502;
    res.end('<html>Bad gateway</html>');
  });
  const { request, toasts } = client();
  await expect(request({ url: '/api/html' })).rejects.toMatchObject({ code: 0 });
  expect(toasts).toHaveLength(1);
});

test('HTTP-006: a request that outlives its timeout is abandoned with the failure toast', async () => {
  answers.set('/api/slow', () => undefined); // never answers
  const { request, toasts } = client();
  await expect(request({ url: '/api/slow', timeout: 50 })).rejects.toMatchObject({ code: 0 });
  expect(toasts).toHaveLength(1);
});

test('HTTP-006/007: the configured timeout, 100 s for the long calls', () => {
  expect(DEFAULT_TIMEOUT).toBe(1_000_000);
  expect(timeoutFor('/api/system/SynThirdInfo/getSynThirdTotal/1', DEFAULT_TIMEOUT)).toBe(100_000);
  expect(timeoutFor('/api/extend/Email/Receive', DEFAULT_TIMEOUT)).toBe(100_000);
  expect(timeoutFor('/api/permission/Authority/Data/1', DEFAULT_TIMEOUT)).toBe(100_000);
  expect(timeoutFor('/api/system/DataSync/Actions/Execute', DEFAULT_TIMEOUT)).toBe(100_000);
  expect(timeoutFor('/api/system/DictionaryType', DEFAULT_TIMEOUT)).toBe(DEFAULT_TIMEOUT);
});

test('withQuery appends to an existing query and repeats arrays', () => {
  expect(withQuery('/a?x=1', { y: 2, z: ['p', 'q'] })).toBe('/a?x=1&y=2&z=p&z=q');
  expect(withQuery('/a', {})).toBe('/a');
});

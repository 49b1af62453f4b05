// A fake server behind the real HTTP client (api/http.ts → request.ts): tests of widgets that
// the form engine will use replace only `fetch`, so the paths, query parameters and bodies the
// widgets send are the ones checked — not a mocked api module's arguments.
import type { Envelope } from '@/api/request';

export interface Call {
  method: string;
  /** The path without the query, e.g. /api/system/BillRule/Selector. */
  path: string;
  /** The query without the client's `n` timestamp. */
  query: Record<string, string>;
  /** The JSON body, parsed (undefined for GET and for no body). */
  body: unknown;
  /** The `{name}` parts of the route's pattern. */
  params: Record<string, string>;
}

/** What a route answers: data (wrapped as code 200) or a whole envelope made with `envelope()`. */
export type Handler = (call: Call) => unknown;

const ENVELOPE = Symbol('envelope');

/** A whole answer, e.g. a refusal: `envelope(400, '变量名已存在')`. */
export function envelope(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, msg, data, [ENVELOPE]: true } as Envelope<unknown>;
}

function matcher(pattern: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const re = new RegExp(
    `^${pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  return (path) => {
    const m = re.exec(path);
    return m ? Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) : null;
  };
}

/**
 * Installs a fake `fetch` answering `routes` ("GET /api/system/BillRule/Selector" →
 * handler; `{id}` matches one path segment, the most specific listed first wins). An unknown
 * route answers code 404, which the client shows as an error. Returns the calls made, in order.
 */
export function fakeFetch(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  const table = Object.entries(routes).map(([key, handler]) => {
    const [method, pattern] = key.split(' ');
    return { method, match: matcher(pattern), handler };
  });
  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://qiming.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const query = Object.fromEntries([...url.searchParams.entries()].filter(([k]) => k !== 'n'));
    const body = typeof init?.body === 'string' && init.body ? JSON.parse(init.body) : init?.body;
    let answer: Envelope<unknown> = { code: 404, msg: `no fake route ${method} ${url.pathname}`, data: null };
    for (const route of table) {
      const params = route.method === method ? route.match(url.pathname) : null;
      if (!params) continue;
      const call: Call = { method, path: url.pathname, query, body, params };
      calls.push(call);
      const data = await route.handler(call);
      answer = data && typeof data === 'object' && ENVELOPE in data ? (data as unknown as Envelope<unknown>) : { code: 200, msg: '', data };
      break;
    }
    return { json: async () => answer } as Response;
  };
  (globalThis as { fetch: typeof fetch }).fetch = jest.fn(fake) as unknown as typeof fetch;
  return calls;
}

/** A page of `rows` as list calls answer it (jnpf-wire.md "Lists"). */
export function page<T>(rows: T[], currentPage: number, pageSize: number) {
  const start = (currentPage - 1) * pageSize;
  return { list: rows.slice(start, start + pageSize), pagination: { currentPage, pageSize, total: rows.length } };
}

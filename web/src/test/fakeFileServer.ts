/**
 * A stand-in for the server's file area behind `fetch` (jnpf-wire-areas.md §3), for the upload
 * widgets' tests: the app's real HTTP client, the real WASM core, only the server faked. It
 * keeps chunks by identifier, answers the test with the chunks it holds, and merges only when
 * the MD5 of the chunks is the identifier (as the server does), so a wrong hash fails a test.
 */
import * as core from '@qiming/core';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The multipart fields (text only) or the JSON body. */
  fields: Record<string, string>;
  json?: unknown;
  /** The multipart `file` field. */
  file?: File;
  /** The Authorization header as sent. */
  authorization?: string;
}

type Answer = { code: number; msg: string; data: unknown };
/** A handler may answer, throw (a network failure) or hold the answer until it resolves. */
type Override = (call: Call) => Answer | Promise<Answer> | undefined;

export function readBytes(blob: Blob): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** MD5 hex through the core's hasher (`md5Hex` takes a byte array element by element: slow for megabytes). */
export function md5Of(data: Uint8Array): string {
  const hasher = new core.Md5Hasher();
  hasher.update(data);
  const hex = hasher.finishHex();
  hasher.free();
  return hex;
}

/** Bytes that are not all alike (a hashing mistake shows). */
export function bytes(n: number, seed = 1): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >> 16;
  }
  return out;
}

export class FakeFileServer {
  calls: Call[] = [];
  /** identifier → chunk number → bytes */
  chunks = new Map<string, Map<number, Uint8Array<ArrayBuffer>>>();
  override: Override | null = null;
  private stored = 0;

  install(): void {
    (globalThis as { fetch?: unknown }).fetch = (input: string, init: RequestInit = {}) => this.handle(input, init);
  }

  private ok(data: unknown): Answer {
    return { code: 200, msg: '', data };
  }

  private async handle(input: string, init: RequestInit) {
    const url = new URL(input, 'http://qiming.test');
    const fields: Record<string, string> = {};
    let file: File | undefined;
    let json: unknown;
    if (init.body instanceof FormData) {
      init.body.forEach((v, k) => {
        if (typeof v === 'string') fields[k] = v;
        else file = v as File;
      });
    } else if (typeof init.body === 'string') json = JSON.parse(init.body);
    const authorization = (init.headers as Record<string, string> | undefined)?.Authorization;
    const call: Call = { method: init.method ?? 'GET', path: url.pathname, query: url.searchParams, fields, json, file, authorization };
    this.calls.push(call);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const answer = (await this.override?.(call)) ?? (await this.answer(call));
    return { status: 200, json: async () => answer };
  }

  private held(identifier: string): Map<number, Uint8Array<ArrayBuffer>> {
    if (!this.chunks.has(identifier)) this.chunks.set(identifier, new Map());
    return this.chunks.get(identifier)!;
  }

  private state(identifier: string, total: number) {
    const numbers = [...this.held(identifier).keys()].sort((a, b) => a - b);
    return { uploaded: false, chunkNumbers: numbers, merge: numbers.length === total };
  }

  private async answer(call: Call): Promise<Answer> {
    const { method, path, query, fields, file } = call;
    if (path === '/api/file/chunk' && method === 'GET') {
      return this.ok(this.state(query.get('identifier')!, Number(query.get('totalChunks'))));
    }
    if (path === '/api/file/chunk' && method === 'POST') {
      this.held(fields.identifier).set(Number(fields.chunkNumber), await readBytes(file!));
      return this.ok(this.state(fields.identifier, Number(fields.totalChunks)));
    }
    if (path === '/api/file/merge') {
      const held = this.held(fields.identifier);
      const parts = [...held.keys()].sort((a, b) => a - b).map((n) => held.get(n)!);
      const whole = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
      let at = 0;
      for (const p of parts) {
        whole.set(p, at);
        at += p.length;
      }
      if (md5Of(whole) !== fields.identifier || whole.length !== Number(fields.fileSize)) {
        return { code: 400, msg: '文件校验失败：内容的MD5与identifier不一致，请重新上传', data: null };
      }
      const name = `stored${++this.stored}.${fields.extension}`;
      return this.ok({ name, url: `/api/file/Image/${fields.type}/${name}`, fileName: fields.fileName, fileSize: whole.length, fileExtension: fields.extension, fileVersionId: '' });
    }
    if (path === '/api/file/Uploader/Preview') return this.ok(`/api/file/Preview?key=${query.get('fileName')}`);
    const upload = path.match(/^\/api\/file\/Uploader\/(\w+)$/);
    if (upload) {
      const name = `img${++this.stored}.${core.fileExtension(file!.name)}`;
      return this.ok({ name, url: `/api/file/Image/${upload[1]}/${name}`, fileName: file!.name, fileSize: file!.size, fileExtension: core.fileExtension(file!.name), fileVersionId: '' });
    }
    const download = path.match(/^\/api\/file\/Download\/(\w+)\/(.+)$/);
    if (download) return this.ok({ url: `/api/file/Download?encryption=key-${download[2]}` });
    if (path.startsWith('/api/file/PackDownload/')) return this.ok({ downloadVo: { url: '/api/file/Download?encryption=pack' }, downloadName: '附件.zip' });
    return { code: 404, msg: `no fake for ${method} ${path}`, data: null };
  }

  /** The calls to `path` (and `method`). */
  to(path: string, method?: string): Call[] {
    return this.calls.filter((c) => c.path === path && (!method || c.method === method));
  }
}

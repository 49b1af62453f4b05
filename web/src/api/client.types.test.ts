/** @jest-environment node */
// Issue 23 §4: a URL, its query and its answer are checked by the compiler. The fixture below
// (`typedCalls`) is never run; each `@ts-expect-error` line must be an error, so `tsc --noEmit -p .`
// fails when the client stops checking it (an unused `@ts-expect-error` is itself an error), and
// the jest test compiles this file with the project's options to say the same under jest (whose
// ts-jest transform does not type-check). The last test fails when schema.d.ts leaves a request
// body or a JSON answer untyped.
import * as fs from 'fs';
import * as path from 'path';
import ts from 'typescript';
import type { api as Api } from './client';

export async function typedCalls(api: typeof Api) {
  // A documented path with its path parameter and query: compiles, and the answer is typed.
  const page = await api.GET('/api/permission/Group', { params: { query: { currentPage: 1, pageSize: 20, keyword: '' } } });
  const total: number = page.data.pagination.total;
  const group = await api.GET('/api/permission/Group/{id}', { params: { path: { id: 'g1' } } });
  const name: string = group.data.fullName;

  // @ts-expect-error a path the server does not have
  await api.GET('/api/permission/Groups');
  // @ts-expect-error a method the path does not take
  await api.PATCH('/api/permission/Group');
  // @ts-expect-error a query parameter the operation does not take
  await api.GET('/api/permission/Group', { params: { query: { keywords: '' } } });
  // @ts-expect-error a query parameter of the wrong type
  await api.GET('/api/permission/Group', { params: { query: { currentPage: '1' } } });
  // @ts-expect-error the path parameter is required
  await api.GET('/api/permission/Group/{id}');
  // @ts-expect-error a body that is not the operation's form
  await api.POST('/api/permission/Group', { body: { nope: 1 } });
  // @ts-expect-error an answer field the document does not have
  const wrong = group.data.fullNames;
  return { total, name, wrong };
}

const web = path.resolve(__dirname, '../..');

test('the compiler refuses a wrong path, method, query, body and answer field (and accepts the right ones)', () => {
  const tsconfig = ts.readConfigFile(path.join(web, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(tsconfig.config, ts.sys, web);
  const files = [__filename, ...parsed.fileNames.filter((f) => f.endsWith('.d.ts'))];
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true });
  const mine = program.getSourceFile(__filename);
  const errors = ts.getPreEmitDiagnostics(program, mine).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  // No error left: every `@ts-expect-error` above met its error, and the right calls compile.
  expect(errors).toEqual([]);
  // The expectations are there (a file without them would pass too).
  expect(fs.readFileSync(__filename, 'utf8').match(/^\s*\/\/ @ts-expect-error/gm)?.length).toBe(7);
}, 120_000);

test('the document leaves no request body and no JSON answer untyped', () => {
  const doc = JSON.parse(fs.readFileSync(path.join(__dirname, 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema?: unknown }> }; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  };
  const untyped: string[] = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
      for (const [media, c] of Object.entries(op.requestBody?.content ?? {})) if (!c.schema) untyped.push(`${method} ${p} body ${media}`);
      for (const [media, c] of Object.entries(op.responses?.['200']?.content ?? {})) if (media === 'application/json' && !c.schema) untyped.push(`${method} ${p} answer`);
    }
  }
  expect(untyped).toEqual([]);
  // schema.d.ts types open objects as unknown values (`--empty-objects-unknown`), never as `never`.
  expect(fs.readFileSync(path.join(__dirname, 'schema.d.ts'), 'utf8')).not.toMatch(/^\s+\w+\??: Record<string, never>/m);
});

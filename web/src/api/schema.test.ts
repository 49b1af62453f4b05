/** @jest-environment node */
// One source for the wire (issue 7): the server's OpenAPI document is generated from its
// handlers, web/src/api/openapi.json is its copy (cargo test fails when that copy is stale),
// and the web's API types are generated from it by openapi-typescript into schema.d.ts. This
// test fails when schema.d.ts is not what the generator makes of the copy, and when an API
// module declares a wire shape by hand instead of taking it from schema.d.ts.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const web = path.resolve(__dirname, '../..');
const api = path.join(web, 'src/api');

test('schema.d.ts is generated from openapi.json (run `make api` after changing the server)', () => {
  const out = path.join(os.tmpdir(), `qiming-schema-${process.pid}.d.ts`);
  const cli = path.join(web, 'node_modules/openapi-typescript/bin/cli.js');
  execFileSync(process.execPath, [cli, path.join(api, 'openapi.json'), '-o', out, '--empty-objects-unknown'], { cwd: web, stdio: 'pipe' });
  const fresh = fs.readFileSync(out, 'utf8');
  fs.rmSync(out);
  expect(fresh.length).toBeGreaterThan(10_000);
  expect(fs.readFileSync(path.join(api, 'schema.d.ts'), 'utf8') === fresh).toBe(true);
});

test('the API modules take their wire types from schema.d.ts, not from hand-written interfaces', () => {
  const modules = fs.readdirSync(api).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'));
  // request.ts and http.ts are the client itself: its envelope and paging wrappers are generic.
  const wire = modules.filter((f) => !['request.ts', 'http.ts'].includes(f));
  expect(wire.length).toBeGreaterThanOrEqual(3);
  for (const f of wire) {
    const text = fs.readFileSync(path.join(api, f), 'utf8');
    expect({ module: f, interfaces: [...text.matchAll(/^export interface (\w+)/gm)].map((m) => m[1]) }).toEqual({ module: f, interfaces: [] });
    expect({ module: f, usesSchema: text.includes("from './schema'") || !/export type/.test(text) }).toEqual({ module: f, usesSchema: true });
  }
});

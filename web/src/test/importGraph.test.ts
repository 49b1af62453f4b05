/**
 * The import-graph reader on made-up files, so the no-circle test of web/src
 * (src/imports.test.ts) cannot pass because the reader sees nothing.
 */
import { describeCycle, findCycles, graphOf, importSpecifiers, resolveSpecifier, type ImportGraph } from './importGraph';

describe('importSpecifiers', () => {
  it('reads every kind of static import and re-export, clauses over several lines included', () => {
    const source = [
      "import React from 'react';",
      "import { a,",
      "  b as c,",
      "} from './many';",
      "import type { T } from '../types';",
      "import * as all from '@/everything';",
      "import './styles.css';",
      "export { x } from './x';",
      "export * from './star';",
      "export type { Y } from './y';",
      "const later = 1; import Late from './late';",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual(['react', './many', '../types', '@/everything', './styles.css', './x', './star', './y', './late']);
  });

  it('leaves out comments, strings and dynamic imports', () => {
    const source = [
      "// import gone from './lineComment';",
      "/* import gone from './blockComment'; */",
      '/** files under core/src/*.rs */',
      "// fixtures/*.json, then a real import:",
      "import real from './real';",
      "const text = \"import fake from './inString'\";",
      "const url = 'http://example.com'; // not a comment start inside the string",
      "const Lazy = lazy(() => import('./dynamic'));",
      "export const value = 1;",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual(['./real']);
  });
});

describe('resolveSpecifier', () => {
  const files = new Set(['engine/a.ts', 'engine/b.tsx', 'engine/index.ts', 'widgets/pick/index.tsx', 'app/c.ts']);
  const exists = (file: string) => files.has(file);

  it('resolves relative and @/ specifiers to .ts, .tsx and folder index files', () => {
    expect(resolveSpecifier('engine/a.ts', './b', exists)).toBe('engine/b.tsx');
    expect(resolveSpecifier('engine/b.tsx', './a.ts', exists)).toBe('engine/a.ts');
    expect(resolveSpecifier('app/c.ts', '../engine', exists)).toBe('engine/index.ts');
    expect(resolveSpecifier('app/c.ts', '@/widgets/pick', exists)).toBe('widgets/pick/index.tsx');
    expect(resolveSpecifier('engine/a.ts', '@/app/c', exists)).toBe('app/c.ts');
  });

  it('leaves packages, styles and missing files out', () => {
    expect(resolveSpecifier('engine/a.ts', 'react', exists)).toBeUndefined();
    expect(resolveSpecifier('engine/a.ts', './engine.css', exists)).toBeUndefined();
    expect(resolveSpecifier('engine/a.ts', './missing', exists)).toBeUndefined();
  });
});

describe('findCycles', () => {
  it('finds each circle once, with its path, and not the files merely leading into one', () => {
    const graph: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'leaf.ts']],
      ['c.ts', ['a.ts']],
      ['into.ts', ['a.ts']],
      ['self.ts', ['self.ts']],
      ['leaf.ts', []],
      ['x.ts', ['y.ts']],
      ['y.ts', ['leaf.ts']],
    ]);
    expect(findCycles(graph)).toEqual([
      { files: ['a.ts', 'b.ts', 'c.ts'], path: ['a.ts', 'b.ts', 'c.ts', 'a.ts'] },
      { files: ['self.ts'], path: ['self.ts', 'self.ts'] },
    ]);
  });

  it('finds none in a graph without one', () => {
    expect(findCycles(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', []], ['d.ts', ['b.ts', 'c.ts']]]))).toEqual([]);
  });

  it('takes the shortest way round a group and names the rest of the group', () => {
    const graph: ImportGraph = new Map([
      ['a.ts', ['b.ts', 'd.ts']],
      ['b.ts', ['a.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', ['a.ts']],
    ]);
    const [cycle] = findCycles(graph);
    expect(cycle.path).toEqual(['a.ts', 'b.ts', 'a.ts']);
    expect(describeCycle(cycle)).toBe('a.ts → b.ts → a.ts (the group also holds d.ts, e.ts)');
  });

  it('finds a circle from source text, through a folder index and the @/ alias', () => {
    const sources = new Map([
      ['engine/index.ts', "export { Form } from './Form';"],
      ['engine/Form.tsx', "import { Pick } from '@/widgets/Pick';\nexport const Form = 1;"],
      ['widgets/Pick.tsx', "import type { Form } from '../engine';\nexport const Pick = 2;"],
      ['pages/Page.tsx', "import { Form } from '@/engine';"],
    ]);
    expect(findCycles(graphOf(sources)).map(describeCycle)).toEqual([
      'engine/Form.tsx → widgets/Pick.tsx → engine/index.ts → engine/Form.tsx',
    ]);
  });
});

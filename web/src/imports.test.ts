/**
 * No import circles between the files of web/src (issue 23 §3): a circle makes the load order
 * of its modules depend on which one is imported first, and lets every file of it reach every
 * other. The reader itself is tested on a made-up graph (src/test/importGraph.test.ts).
 */
import * as path from 'node:path';
import { describeCycle, findCycles, readImportGraph } from '@/test/importGraph';

describe('imports of web/src', () => {
  const graph = readImportGraph(path.resolve(__dirname));

  it('reads the real tree (a sanity check: the reader sees files and their imports)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('engine/index.ts')).toContain('engine/FormRenderer.tsx');
  });

  it('has no import circle', () => {
    expect(findCycles(graph).map(describeCycle)).toEqual([]);
  });
});

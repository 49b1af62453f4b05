/**
 * No import circles between the files of web/src (issue 23 §3): a circle makes the load order
 * of its modules depend on which one is imported first, and lets every file of it reach every
 * other. The reader itself is tested on a made-up graph (src/test/importGraph.test.ts).
 *
 * And the layers point one way: the building blocks (src/widgets, src/engine, src/components,
 * src/utils) never import the screens (src/pages) or the app (src/app); where a block needs a
 * screen, it names an interface the app fills (widgets/pickers/managers.ts). Tests are not
 * layers: a test may render a block with the app's registrations.
 */
import { readFileSync } from 'node:fs';
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

  it('has building blocks that never import pages or the app (issue 23 §3)', () => {
    const blocks = ['widgets/', 'engine/', 'components/', 'utils/'];
    const above = ['pages/', 'app/'];
    const isTest = (file: string) => /\.test\.tsx?$/.test(file);
    const offending = [...graph]
      .filter(([file]) => blocks.some((dir) => file.startsWith(dir)) && !isTest(file))
      .flatMap(([file, targets]) => targets.filter((to) => above.some((dir) => to.startsWith(dir))).map((to) => `${file} → ${to}`))
      .sort();
    expect(offending).toEqual([]);
  });

  it('takes date and time pickers from components/zonedPickers, never antd\'s own (their today is the browser\'s; issue 25)', () => {
    const antdPicker = /import\s*\{[^}]*\b(DatePicker|TimePicker)\b[^}]*\}\s*from\s*'antd'/;
    const offending = [...graph.keys()]
      .filter((file) => !/\.test\.tsx?$/.test(file) && file !== 'components/zonedPickers.tsx')
      .filter((file) => antdPicker.test(readFileSync(path.resolve(__dirname, file), 'utf8')))
      .sort();
    expect(offending).toEqual([]);
  });
});

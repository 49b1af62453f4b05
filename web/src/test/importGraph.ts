/**
 * A small reader of the import graph of web/src (issue 23 §3): which file imports which,
 * and the circles among them. Only static imports count (`import … from`, `import '…'`,
 * `export … from`, type-only ones included: a circle of types is still a circle of modules);
 * a dynamic `import('…')` loads later and does not tie the modules at load time.
 * Specifiers are resolved when relative (`./`, `../`) or through the `@/` alias of src, to a
 * `.ts`/`.tsx` file or a folder's `index.ts(x)`; packages, styles and JSON are not files of the
 * graph.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** File (posix path relative to the root) → the files it imports, in source order. */
export type ImportGraph = Map<string, string[]>;

const EXTENSIONS = ['.ts', '.tsx'];

/**
 * Comments out of the way, so an import in a comment does not count. One pass from the left:
 * a string (kept as it is) or a comment (blanked), whichever starts first, so `//` inside a
 * string and `/*` inside a line comment are read as what they are.
 */
function stripComments(source: string): string {
  const token = /("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
  return source.replace(token, (match, string?: string) => string ?? match.replace(/[^\n]/g, ' '));
}

/** The module specifiers of a file's static imports and re-exports, in source order. */
export function importSpecifiers(source: string): string[] {
  const text = stripComments(source);
  const found: string[] = [];
  // `import x from 'a'`, `import type { X } from 'a'`, `export { x } from 'a'`, `export * from 'a'`
  // (the clause may span lines), and the bare `import 'a'`.
  const pattern = /(?:^|[;\n}])\s*(?:import|export)\s+(?:type\s+)?(?:[\w*${},\s]+?\s+from\s+)?['"]([^'"\n]+)['"]/g;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) found.push(m[1]);
  return found;
}

/**
 * The file a specifier names, from the file `from` (both relative to the root), or undefined
 * when it is not a .ts/.tsx file of the graph. `exists` answers for paths relative to the root.
 */
export function resolveSpecifier(from: string, specifier: string, exists: (file: string) => boolean): string | undefined {
  let base: string;
  if (specifier.startsWith('./') || specifier.startsWith('../')) base = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = specifier.slice(2);
  else return undefined;
  const candidates = [
    ...(EXTENSIONS.some((ext) => base.endsWith(ext)) ? [base] : []),
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => `${base}/index${ext}`),
  ];
  return candidates.find(exists);
}

/** The graph of the given files (path relative to the root → source text). */
export function graphOf(files: Map<string, string>): ImportGraph {
  const exists = (file: string) => files.has(file);
  const graph: ImportGraph = new Map();
  for (const [file, source] of files) {
    const targets: string[] = [];
    for (const specifier of importSpecifiers(source)) {
      const target = resolveSpecifier(file, specifier, exists);
      if (target && !targets.includes(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every .ts/.tsx file under a folder (node_modules and .d.ts files aside), read. */
export function readSources(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) {
        files.set(path.relative(root, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8'));
      }
    }
  };
  walk(root);
  return files;
}

/** The import graph of the .ts/.tsx files under a folder. */
export function readImportGraph(root: string): ImportGraph {
  return graphOf(readSources(root));
}

/** A group of files that import each other, and the shortest path round it from its first file. */
export interface Cycle {
  /** Every file of the group, sorted. */
  files: string[];
  /** The path round, first file repeated at the end: ['a.ts', 'b.ts', 'a.ts']. */
  path: string[];
}

/**
 * The circles of a graph: one per strongly connected group of files that import each other
 * (a file importing itself counts). Sorted, so a report reads the same from run to run.
 */
export function findCycles(graph: ImportGraph): Cycle[] {
  // Tarjan's strongly connected components, iteratively (no deep recursion on a big graph).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  const nodes = [...graph.keys()].sort();
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++];
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        const selfLoop = group.length === 1 && (graph.get(group[0]) ?? []).includes(group[0]);
        if (group.length > 1 || selfLoop) groups.push(group);
      }
    }
  }
  return groups
    .map((group) => ({ files: [...group].sort(), path: circleThrough(graph, group) }))
    .sort((a, b) => a.files[0].localeCompare(b.files[0]));
}

/** The shortest path from the group's first file (by name) back to itself, inside the group. */
function circleThrough(graph: ImportGraph, group: string[]): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const circle = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)!) circle.splice(1, 0, at);
        return [...circle, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/** A circle as one line: a.ts → b.ts → a.ts, and the rest of its group when it is bigger. */
export function describeCycle(cycle: Cycle): string {
  const line = cycle.path.join(' → ');
  const others = cycle.files.filter((file) => !cycle.path.includes(file));
  return others.length ? `${line} (the group also holds ${others.join(', ')})` : line;
}

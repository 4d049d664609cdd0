// Lists the import cycles among the console's (src/) and the server's (server/) modules: `node scripts/importCycles.ts`
// prints each strongly connected group of modules with one cycle through it, and exits 1 when there is one.
// Every import counts, type-only and dynamic ones included: a cycle through types or through a lazy import is still
// two layers that each need the other (tests/unit/importCycles.test.ts keeps the list empty).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const IMPORT = /(?:^|[\s;}])(?:import|export)\s[^'"`;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP = /(\.d\.ts|\.gen\.ts)$/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') sourceFiles(path, out);
    } else if (SOURCE.test(entry.name) && !SKIP.test(entry.name)) out.push(path);
  }
  return out;
}

/** The file an import specifier names, as TypeScript's bundler resolution finds it; undefined for JSON, CSS … */
function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec.replace(/[?#].*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Comments out of the way, so an example in a comment is not an import. Strings are left as they are. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

export type ModuleGraph = Map<string, Set<string>>;

export function importGraph(dirs: string[]): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const dir of dirs) {
    for (const file of sourceFiles(resolve(dir))) {
      const edges = new Set<string>();
      for (const match of withoutComments(readFileSync(file, 'utf8')).matchAll(IMPORT)) {
        const target = resolveImport(file, match[1] ?? match[2] ?? match[3]);
        if (target) edges.add(target);
      }
      graph.set(file, edges);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one module, or of one that imports itself (Tarjan's algorithm). */
export function cycleGroups(graph: ModuleGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (start: string) => {
    // Iterative, so a long chain of imports cannot overflow the call stack.
    const work: { node: string; edges: string[]; next: number }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: [...(graph.get(node) ?? [])].filter((n) => graph.has(n)), next: 0 });
    };
    enter(start);
    while (work.length) {
      const frame = work[work.length - 1];
      if (frame.next < frame.edges.length) {
        const target = frame.edges[frame.next++];
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent) as number, low.get(frame.node) as number));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1 || graph.get(frame.node)?.has(frame.node)) groups.push(group.sort());
      }
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One shortest cycle through the group's first module (breadth-first inside the group). */
export function exampleCycle(graph: ModuleGraph, group: string[]): string[] {
  const members = new Set(group);
  const start = group[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift() as string;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = node; at && at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return group;
}

/** Each cycle group as text: its modules (relative to root) and one cycle through them. */
export function describeCycles(dirs: string[], root = process.cwd()): string[] {
  const graph = importGraph(dirs);
  return cycleGroups(graph).map((group) => {
    const rel = (file: string) => relative(root, file).replaceAll('\\', '/');
    return `${group.length} modules: ${exampleCycle(graph, group).map(rel).join(' → ')}${group.length > 2 ? ` (and ${group.map(rel).join(', ')})` : ''}`;
  });
}

if (import.meta.main) {
  const cycles = describeCycles(['src', 'server']);
  for (const cycle of cycles) console.log(cycle);
  console.log(cycles.length ? `${cycles.length} import cycle(s)` : 'no import cycles');
  process.exitCode = cycles.length ? 1 : 0;
}

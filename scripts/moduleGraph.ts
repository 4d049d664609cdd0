// The console's module graph as its source says it: which src modules a module imports, transitively (static
// imports, not type-only ones, and dynamic ones except the route table's and the router's, whose dynamic imports are other routes).
// Used to check each route's i18n namespaces (scripts/i18nUsage.ts) and to find the rsuite styles the sign-in page
// needs (scripts/vite/rsuiteCss.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const IMPORT = /(?:import|export)\s[^'"`;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|import\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const TYPE_ONLY = /^(?:import|export)\s+type\s/;
/** Modules whose dynamic imports are other routes (the route table, the router): only their static imports count. */
const ROUTE_LOADERS = /[\\/]src[\\/](routes\.ts|app[\\/]router\.tsx)$/;

const sourceCache = new Map<string, string>();
export function source(file: string): string {
  let text = sourceCache.get(file);
  if (text === undefined) {
    text = readFileSync(file, 'utf8');
    sourceCache.set(file, text);
  }
  return text;
}

/** The module and every src module it imports, transitively (absolute paths; JSON and CSS left out). */
export function moduleClosure(entry: string, seen = new Set<string>(), options: { dynamic?: boolean } = {}): Set<string> {
  const file = resolve(entry);
  if (seen.has(file) || !/\.tsx?$/.test(file) || !existsSync(file)) return seen;
  seen.add(file);
  const routeLoader = ROUTE_LOADERS.test(file);
  for (const match of source(file).matchAll(IMPORT)) {
    if (match[2] && (routeLoader || options.dynamic === false)) continue;
    if (TYPE_ONLY.test(match[0])) continue; // erased by the compiler: no code of that module comes with it
    const spec = match[1] ?? match[2] ?? match[3];
    moduleClosure(join(dirname(file), spec), seen, options);
  }
  return seen;
}

/** The given modules and the src modules they import without waiting (static imports only), transitively. */
export function staticModuleClosure(entries: Iterable<string>): Set<string> {
  const files = new Set<string>();
  for (const entry of entries) moduleClosure(entry, files, { dynamic: false });
  return files;
}

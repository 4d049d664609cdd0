// Which i18n namespaces a module uses, itself and through everything it imports (static and dynamic imports
// inside src/). The route table's namespace lists are checked against this (tests/unit/routeNamespaces.test.ts);
// run it to print each route's needs: node scripts/i18nUsage.ts
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const IMPORT = /(?:import|export)\s[^'"`;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|import\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const HOOK = /useTranslation\(\s*(?:'([\w-]+)'|\[([^\]]*)\])?\s*[,)]/g;
const NS_OPTION = /\bns:\s*'([\w-]+)'/g;
const DEFAULT_NAMESPACE = 'common';
/** Modules whose dynamic imports are other routes (the route table, the router): only their static imports count. */
const ROUTE_LOADERS = /[\\/]src[\\/](routes\.ts|app[\\/]router\.tsx)$/;

const sourceCache = new Map<string, string>();
function source(file: string): string {
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
    const spec = match[1] ?? match[2] ?? match[3];
    moduleClosure(join(dirname(file), spec), seen, options);
  }
  return seen;
}

/** The namespaces a set of modules names: useTranslation('x'), useTranslation(['x', 'y']), { ns: 'x' }. */
export function namespacesUsed(files: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const file of files) {
    const text = source(file);
    for (const m of text.matchAll(HOOK)) {
      if (m[1]) found.add(m[1]);
      else if (m[2]) for (const s of m[2].matchAll(/'([\w-]+)'/g)) found.add(s[1]);
      else found.add(DEFAULT_NAMESPACE);
    }
    for (const m of text.matchAll(NS_OPTION)) found.add(m[1]);
  }
  return found;
}

export function namespacesOfModule(entry: string): string[] {
  return [...namespacesUsed(moduleClosure(entry))].sort();
}

if (import.meta.main) {
  const routes = readFileSync('src/routes.ts', 'utf8');
  const files = new Set([...routes.matchAll(/import\('(\.\/screens\/[^']+)'\)/g)].map((m) => m[1]));
  for (const f of ['./app/ProtectedLayout.tsx', './app/layouts/MainLayout.tsx', './app/layouts/FlexLayout.tsx', './screens/shell/NotFoundScreen.tsx', ...files]) {
    console.log(relative('src', join('src', f)).padEnd(60), namespacesOfModule(join('src', f)).join(' '));
  }
}

// Which i18n namespaces a module uses, itself and through everything it imports (static and dynamic imports
// inside src/). The route table's namespace lists are checked against this (tests/unit/routeNamespaces.test.ts);
// run it to print each route's needs: node scripts/i18nUsage.ts
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { moduleClosure, source } from './moduleGraph.ts';

export { moduleClosure };

const HOOK = /useTranslation\(\s*(?:'([\w-]+)'|\[([^\]]*)\])?\s*[,)]/g;
const NS_OPTION = /\bns:\s*'([\w-]+)'/g;
const DEFAULT_NAMESPACE = 'common';

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

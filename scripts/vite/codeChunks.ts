// Not a plugin: the groups given to Rolldown's own codeSplitting.groups setting (vite.config.ts); this file only
// computes which modules each group captures, from the source's imports.
// Rolldown chunk groups for the code pages load together. Left to automatic splitting, the rsuite internals the
// signed-in shell uses came out as ~25 chunks of 0.5–12 kB each (getWidth, useUniqueId, Tooltip …) and a list
// screen's kit as ~35 more: a cold /historyEvent fetched 73 scripts over the six connections an HTTP/1.1 browser
// opens, and on Lighthouse's mobile profile those round trips held the screen's first text back.
// Three tiers, each one chunk, each captured from the src modules it hangs from (their static imports, as the
// source says them) and the rsuite components those import; Rolldown adds what those depend on (includeDependencies-
// Recursively), as far as it is in the bundle:
// - `boot`: what the boot and the sign-in screen import (every page loads it);
// - `signed-in`: the signed-in layouts' modules and components, the helpers most screens use and the rsuite parts
//   small controls share (SHELL_RSUITE_PARTS), less the boot's (every signed-in page);
// - `list-kit`: the list kit's (src/components/table) modules and components, less the above (most screens).
// Below the tiers, an area's small helpers that its screens import in different combinations are one chunk per
// area (AREA_HELPERS), with what they import that no tier holds.
// The boot's entry, the sign-in screen and the layouts stay chunks of their own (the page and the route pages name
// them; a module a group captures has no chunk of its own in the manifest).
import { join, resolve } from 'node:path';
import { source, staticModuleClosure } from '../moduleGraph.ts';
import { AREA_HELPERS, BOOT, LIST_KIT, LOGIN_SCREEN, SHELL, SHELL_HELPERS, SHELL_RSUITE_PARTS } from './entryModules.ts';

const RSUITE_IMPORT = /from\s*['"]rsuite\/([A-Za-z]+)['"]/g;
const RSUITE_COMPONENT = /[\\/]node_modules[\\/]rsuite[\\/]esm[\\/]([A-Za-z]+)[\\/]index\.js$/;
const RSUITE_MODULE = /[\\/]node_modules[\\/]rsuite[\\/]esm[\\/](.+)$/;

function rsuiteComponents(files: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const file of files) for (const m of source(file).matchAll(RSUITE_IMPORT)) found.add(m[1]);
  return found;
}

export interface ChunkTier {
  name: string;
  /** src modules (absolute paths). */
  modules: Set<string>;
  /** rsuite components by directory name (Button, Table …). */
  components: Set<string>;
  /** Other rsuite modules, by path under rsuite/esm with `/` (internals/CloseButton/index.js). */
  parts: Set<string>;
}

/** The three tiers, each without what an earlier one holds. */
export function codeChunkTiers(srcDir: string): ChunkTier[] {
  const at = (module: string) => join(srcDir, module);
  // The entry and the route modules stay chunks of their own (the page and the route pages name them).
  const own = new Set([BOOT, LOGIN_SCREEN, ...SHELL].map(at));
  const tiers: ChunkTier[] = [];
  const held = new Set<string>();
  const heldComponents = new Set<string>();
  for (const [name, entries] of [['boot', [BOOT, LOGIN_SCREEN]], ['signed-in', [...SHELL, ...SHELL_HELPERS]], ['list-kit', LIST_KIT]] as const) {
    const closure = staticModuleClosure(entries.map(at));
    const modules = new Set([...closure].filter((f) => !held.has(f) && !own.has(f)));
    const components = new Set([...rsuiteComponents(closure)].filter((c) => !heldComponents.has(c)));
    for (const f of closure) held.add(f);
    for (const c of components) heldComponents.add(c);
    const parts = new Set<string>(name === 'signed-in' ? SHELL_RSUITE_PARTS : []);
    tiers.push({ name, modules, components, parts });
  }
  return tiers;
}

const withoutQuery = (id: string) => id.replace(/[?#].*$/, '');

/** codeSplitting groups for the tiers, in priority order (an earlier tier captures first what a later one also uses), then the areas' helpers. */
export function codeChunkGroups(srcDir = resolve('src')) {
  const tiers = codeChunkTiers(srcDir);
  const groups = tiers.map((tier, index) => ({
    name: tier.name,
    priority: 30 - index * 10,
    test: (id: string) => {
      const file = withoutQuery(id);
      if (tier.modules.has(file)) return true;
      const component = RSUITE_COMPONENT.exec(file);
      if (component !== null && tier.components.has(component[1])) return true;
      const part = RSUITE_MODULE.exec(file);
      return part !== null && tier.parts.has(part[1].replaceAll('\\', '/'));
    },
  }));
  const helpers = Object.entries(AREA_HELPERS).map(([area, modules]) => {
    const files = new Set(modules.map((module) => join(srcDir, module)));
    return { name: `${area}-helpers`, priority: 0, test: (id: string) => files.has(withoutQuery(id)) };
  });
  return [...groups, ...helpers];
}

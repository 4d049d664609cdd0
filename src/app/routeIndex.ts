// The route table as the modules below it read it: src/routes.ts hands its table over when it loads (the router
// imports it at boot), and guards, layouts and screens ask here. They cannot import the table itself: it imports
// every screen (lazily), so each of them would be in an import cycle with it (scripts/importCycles.ts).
import type { ResolvedRoute, RouteEntry, Skin } from '../routeTypes.ts';

let table: readonly RouteEntry[] | null = null;

/** Called once by src/routes.ts with the table. */
export function provideRoutes(entries: readonly RouteEntry[]): void {
  table = entries;
}

/** Every route of §2, in its order (src/routes.ts). */
export function routeTable(): readonly RouteEntry[] {
  if (!table) throw new Error('the route table is not loaded yet: src/routes.ts hands it over when it loads');
  return table;
}

/** The table flattened (children after their parent). */
export function flattenRoutes(entries: readonly RouteEntry[] = routeTable()): RouteEntry[] {
  return entries.flatMap((entry) => [entry, ...flattenRoutes(entry.children ?? [])]);
}

/**
 * The router set of a skin: one route per URL. In the default set the first entry of a URL wins (the top-level
 * /secondIdentify precedes its white-layout twin); in the custom-skin set the showcase entries win and open in the
 * white layout. The white body style applies in the normal skin only.
 */
export function routerSet(skin: Skin): Map<string, ResolvedRoute> {
  const set = new Map<string, ResolvedRoute>();
  for (const entry of flattenRoutes()) {
    const showcaseWins = skin === 'custom' && entry.showcase === true;
    if (set.has(entry.path) && !showcaseWins) continue;
    set.set(entry.path, { entry, layout: entry.layout, whiteBody: skin === 'normal' && entry.whiteBody === true });
  }
  return set;
}

/** The route keys of the table that a permission can govern (the module numbers its routes carry). */
export function permissionKeys(): Set<string> {
  return new Set(flattenRoutes().flatMap((entry) => (entry.permission ? [entry.permission] : [])));
}

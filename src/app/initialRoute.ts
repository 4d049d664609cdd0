// The first screen starts loading with the boot: its module is requested at once (the router's lazy load of it
// later finds it under way) and its i18n namespaces join the boot's, so the chain before the first paint is
// page → boot → (config, catalogues, first screen) instead of page → boot → catalogues → first screen.
import type { Namespace } from '../i18n/languages.ts';
import { SHELL_NAMESPACES } from '../i18n/routeNamespaces.ts';
import type { RouteEntry } from '../routeTypes.ts';
import { flattenRoutes } from './routeIndex.ts';

/** The route entry that serves a path (following a table redirect such as / → /login), if one does. */
export function initialRouteEntry(pathname: string): RouteEntry | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1');
  const routes = flattenRoutes();
  const entry = routes.find((candidate) => candidate.path === path);
  if (entry?.redirect) return routes.find((candidate) => candidate.path === entry.redirect && candidate.screen) ?? entry;
  return entry;
}

/** Starts loading the screen of the path and answers the namespaces it needs (the shell's behind sign-in). */
export function prefetchInitialRoute(pathname: string): Namespace[] {
  const entry = initialRouteEntry(pathname);
  if (!entry?.screen) return [];
  // A failure here is the router's to report when it loads the same module.
  entry.screen().catch(() => undefined);
  return [...(entry.namespaces ?? []), ...(entry.public ? [] : SHELL_NAMESPACES)];
}

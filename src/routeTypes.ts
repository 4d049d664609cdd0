// The shapes of the route table (src/routes.ts) and the pure rules about them, in a module of their own: the
// layouts, guards and screens read these without importing the table, whose lazy imports of every screen would
// make each of them part of an import cycle (scripts/importCycles.ts).
import type { ComponentType } from 'react';
import type { Namespace } from './i18n/languages.ts';
import type shellCatalogue from './i18n/zh-CN/shell.json';

export type Layout = 'main' | 'white' | 'none';
export type Skin = 'normal' | 'custom';
export type RouteTitleKey = keyof (typeof shellCatalogue)['routes'];
/** The product area a screen belongs to; a screen a later issue delivers shows a page naming its area. */
export type Area = keyof (typeof shellCatalogue)['areas'];

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

export interface RouteEntry {
  /** Unique in the table ("layoutWhite/secondIdentify" for the white-layout twin of /secondIdentify). */
  id: string;
  /** The URL path (canonical; absolute). */
  path: string;
  titleKey: RouteTitleKey;
  /** The module number a user must hold (§6); absent on public routes, layouts and redirects. */
  permission?: string;
  /** Opens without a token (§2). */
  public?: boolean;
  layout: Layout;
  screen?: ScreenLoader;
  /**
   * The i18n namespaces the screen uses beyond the base ones (common, errors) and, behind sign-in, the shell's:
   * loaded together with the screen (tests/unit/routeNamespaces.test.ts checks the list against the code).
   */
  namespaces?: Namespace[];
  /** Screens later issues deliver: the page names this area. */
  area?: Area;
  /** §4: the cached page list (kept mounted while the user is elsewhere). */
  keepAlive?: boolean;
  /** §2: white body style when the skin is normal. */
  whiteBody?: boolean;
  /** The showcase routes (the /layoutWhite children), which the custom skin opens in the white layout. */
  showcase?: boolean;
  /** A route that only forwards (/ → /login, /alarmCenter → its first child). */
  redirect?: string;
  children?: RouteEntry[];
}

/** What each react-router route carries (its `handle`): the table path it serves. */
export interface RouteHandle {
  path: string;
}

/** A route as one router set serves it: the entry that owns the URL and the layout it opens in. */
export interface ResolvedRoute {
  entry: RouteEntry;
  layout: Layout;
  /** The body gets the white style on this route. */
  whiteBody: boolean;
}

/** The skin named by the system config; anything else is the default skin. */
export function skinOf(value: unknown): Skin {
  return value === 'custom' ? 'custom' : 'normal';
}

/** Aliases of §2's layout paths: /layout/<key> and /layoutWhite/<key> → /<key> (query and hash kept). */
export const LAYOUT_ALIASES = ['/layout', '/layoutWhite'] as const;

export function aliasTarget(pathname: string): string | null {
  for (const prefix of LAYOUT_ALIASES) {
    if (pathname === prefix || pathname === `${prefix}/`) return '/';
    if (pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length);
  }
  return null;
}

// Route guards as pure decisions (§2 navigation rules), so the rules are tested without a browser:
// without a session a protected path goes to /login; a signed-in user opening /login goes to the main page;
// a signed-in user opens a route when its permission flag allows it (mayOpen, below).
import type { MenuModule } from '../api/types.ts';
import { flattenRoutes, permissionKeys } from './routeIndex.ts';
import { findMenuItem, mainPageKey, menuHref } from './menu.ts';

export const LOGIN_PATH = '/login';
/** Where a user whose role has no menu lands (there is no main page to open). */
export const NO_MENU_PATH = '/welcome';

export type GuardDecision = { kind: 'wait' } | { kind: 'render' } | { kind: 'redirect'; to: string };

export type SessionStateName =
  | 'restoring'
  | 'anonymous'
  | 'authenticating'
  | 'bootstrapping'
  | 'authenticated'
  | 'switchingUser'
  | 'loggingOut'
  | 'expired';

export function mainPagePath(menu: readonly MenuModule[] | null | undefined): string {
  const key = mainPageKey(menu ?? []);
  const item = key ? findMenuItem(menu ?? [], key) : undefined;
  return item ? menuHref(item) : NO_MENU_PATH;
}

/**
 * A screen that needs the session. `loaded`: the menu and user (the bootstrap) are there; a stored session
 * that expires while being restored never had them, so it waits on the splash while the message shows.
 */
export function protectedRouteDecision(state: SessionStateName, loaded: boolean): GuardDecision {
  switch (state) {
    case 'restoring':
      return { kind: 'wait' };
    // Still signed in: stay while signing out, while a third-party link's code is being tried, and while the
    // expiry message shows (1.5 s).
    case 'authenticated':
    case 'switchingUser':
    case 'loggingOut':
      return { kind: 'render' };
    case 'expired':
      return loaded ? { kind: 'render' } : { kind: 'wait' };
    default:
      return { kind: 'redirect', to: LOGIN_PATH };
  }
}

/** The login screen. */
export function loginRouteDecision(state: SessionStateName, menu: readonly MenuModule[] | null | undefined): GuardDecision {
  switch (state) {
    case 'restoring':
      return { kind: 'wait' };
    case 'authenticated':
    case 'switchingUser':
      return { kind: 'redirect', to: mainPagePath(menu) };
    default:
      return { kind: 'render' }; // signing in shows the form with its button busy
  }
}

// ── Route access (§2, §6) ──────────────────────────────────────────────────────────────────────────────────────
//
// "Other routes need the stored token and the route's permission flag. A route not in the user's permitted list
// but present in the system route list is allowed." Read here as:
//   permitted list     the module numbers the user's role holds (buttonList of POST /user/nav);
//   system route list  the route keys of the route table that the server menu knows. The whole module list
//                      (listModules) is for administrators only, so the menu the server sent this user stands in
//                      for it: every route key in that tree — including parents shown only because the role holds
//                      one of their children (e.g. /algorithmProduction above /algorithmProduction/train).
// So a route is open when it is public, carries no flag, its flag is held, or the user's menu shows it; anything
// else (an operator typing /userConfig) is refused. The server checks every call again (§6).

/** Paths that open without a token (§2): the table's public routes (read at first use: see routeIndex.ts). */
let publicPaths: Set<string> | undefined;

export function isPublicPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  publicPaths ??= new Set(flattenRoutes().flatMap((entry) => (entry.public ? [entry.path] : [])));
  return publicPaths.has(trimmed);
}

/** The §2 system route list for a user: the table's route keys that appear in the menu the server sent. */
export function systemRouteList(menu: readonly MenuModule[], tableKeys: ReadonlySet<string> = permissionKeys()): Set<string> {
  const known = new Set<string>();
  const walk = (items: readonly MenuModule[]) => {
    for (const item of items) {
      if (tableKeys.has(item.moduleNumber)) known.add(item.moduleNumber);
      walk(item.children);
    }
  };
  walk(menu);
  return known;
}

export interface RouteAccessInput {
  public?: boolean;
  permission?: string;
}

/** Whether a signed-in user may open a route (the token is the caller's check: protectedRouteDecision). */
export function mayOpen(route: RouteAccessInput, held: readonly string[], systemRoutes: ReadonlySet<string>): boolean {
  if (route.public || !route.permission) return true;
  return held.includes(route.permission) || systemRoutes.has(route.permission);
}

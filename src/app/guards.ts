// Route guards as pure decisions (§2 navigation rules), so the rules are tested without a browser:
// without a session a protected path goes to /login; a signed-in user opening /login goes to the main page.
import type { MenuModule } from '../api/types.ts';
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
    // Still signed in: stay while signing out, and while the expiry message shows (1.5 s).
    case 'authenticated':
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
      return { kind: 'redirect', to: mainPagePath(menu) };
    default:
      return { kind: 'render' }; // signing in shows the form with its button busy
  }
}

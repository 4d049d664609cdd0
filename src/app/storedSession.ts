// The sign-in kept in the browser (spec §4: token, login code, user info and scene type stored locally),
// read back on reload and by the API middleware for the `token` header.
import type { SignedIn } from '../machines/session.machine.ts';

const SESSION_KEY = 'argus.session';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled by the browser: the session lasts as long as the page
  }
}

function isSignedIn(value: unknown): value is SignedIn {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    v.token.length > 0 &&
    typeof v.loginCode === 'string' &&
    typeof v.userinfo === 'object' &&
    v.userinfo !== null &&
    (v.sceneType === 1 || v.sceneType === 2)
  );
}

export function readStoredSession(storage: KeyValueStore | null = browserStorage()): SignedIn | null {
  const raw = storage?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSignedIn(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(session: SignedIn, storage: KeyValueStore | null = browserStorage()): void {
  storage?.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearStoredSession(storage: KeyValueStore | null = browserStorage()): void {
  storage?.removeItem(SESSION_KEY);
}

/** Empties the page's session storage (§8: cleared when the session ends). */
export function clearSessionStorage(storage: Pick<Storage, 'clear'> | null = pageSessionStorage()): void {
  storage?.clear();
}

function pageSessionStorage(): Pick<Storage, 'clear'> | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function storedToken(storage: KeyValueStore | null = browserStorage()): string | null {
  return readStoredSession(storage)?.token ?? null;
}

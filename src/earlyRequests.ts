// The page's first script: sends the session's first requests before the console's code has arrived.
//
// A signed-in page can show nothing before the menu, the system config, the alarm dialog position and the title
// are in (src/api/bootstrap.ts). The boot asks for them once its scripts have arrived and run: on a list screen
// that is ~240 kB of code first, and the four answers one more round trip after it. This script has no imports
// (a few hundred bytes, built as its own entry by scripts/vite/earlyRequests.ts and named first in every page): with
// a stored sign-in it reads config.json (the API's base address) and sends the four requests at once, as the API
// client will send them (same address, token and language), while the rest of the code is still on the wire. The
// client takes the answers over (src/api/earlyAnswers.ts); whatever does not match is sent by the client as usual.
// The storage keys and the languages are those of src/app/storedSession.ts and src/i18n/languages.ts: this file
// cannot import them without waiting for the boot's chunk (tests/unit/earlyRequests.test.ts holds them equal).

import type { EarlyRequests } from './api/earlyAnswers.ts';

/** The global the answers are handed over in. */
export const EARLY_HANDOFF = '__argusEarlyRequests';
/** The bootstrap's calls, as the contract names them (src/api/auth.ts fetchNav, src/api/config.ts). */
export const EARLY_CALLS: readonly (readonly [method: 'GET' | 'POST', path: string])[] = [
  ['POST', '/user/nav'],
  ['POST', '/config/selectAllConfigMap'],
  ['GET', '/CityConfig/getConfigByKey?key=alarmDialogPosition'],
  ['POST', '/config/getTitle'],
];
const SESSION_KEY = 'argus.session';
const LANGUAGE_KEY = 'argus.language';
const LANGUAGES = ['zh-CN', 'en'];
const CONFIG_URL = `${import.meta.env.BASE_URL}config.json`; // as runtimeConfig.ts loadRuntimeConfig reads it

export interface EarlyEnvironment {
  storage: Pick<Storage, 'getItem'> | null;
  origin: string;
  fetch: typeof fetch;
  now(): number;
}

/** The stored sign-in's token, if the boot will restore that sign-in (storedSession.ts isSignedIn). */
function storedToken(storage: Pick<Storage, 'getItem'>): string | null {
  const raw = storage.getItem(SESSION_KEY);
  if (!raw) return null;
  const v = JSON.parse(raw) as Record<string, unknown> | null;
  if (!v || typeof v !== 'object') return null;
  const restored =
    typeof v.token === 'string' &&
    v.token.length > 0 &&
    typeof v.loginCode === 'string' &&
    typeof v.userinfo === 'object' &&
    v.userinfo !== null &&
    (v.sceneType === 1 || v.sceneType === 2);
  return restored ? (v.token as string) : null;
}

/** The base address config.json gives (runtimeConfig.ts parseRuntimeConfig: "/api" unless a string is set). */
async function baseUrl(config: Promise<Response>): Promise<string> {
  try {
    const response = (await config).clone();
    const parsed: unknown = response.ok ? await response.json() : {};
    const value = parsed && typeof parsed === 'object' ? (parsed as { baseUrl?: unknown }).baseUrl : undefined;
    return typeof value === 'string' ? value.replace(/\/+$/, '') : '/api';
  } catch {
    return '/api';
  }
}

/** Sends the calls if a sign-in is stored; null (nothing sent) otherwise. */
export function startEarlyRequests(env: EarlyEnvironment): EarlyRequests | null {
  let token: string | null = null;
  let stored: string | null = null;
  try {
    token = env.storage ? storedToken(env.storage) : null;
    stored = env.storage?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    return null; // storage refused or a malformed session: the boot decides
  }
  if (!token) return null;
  const language = stored !== null && LANGUAGES.includes(stored) ? stored : LANGUAGES[0];
  const config = env.fetch(CONFIG_URL, { cache: 'no-cache' });
  const headers = { token, 'Accept-Language': language };
  const answers = baseUrl(config)
    .then((base) => {
      const sent = new Map<string, Promise<Response>>();
      for (const [method, path] of EARLY_CALLS) {
        const url = new URL(`${base}${path}`, env.origin).href;
        const answer = env.fetch(url, { method, headers, credentials: 'include' });
        answer.catch(() => {}); // an answer nobody takes must not show as an unhandled rejection
        sent.set(`${method} ${url}`, answer);
      }
      return sent;
    })
    .catch(() => new Map<string, Promise<Response>>()); // an address the browser refuses: the client sends them
  config.catch(() => {});
  return { token, language, startedAt: env.now(), config, answers };
}

// Run as the page's script (not when a test imports the functions above).
if (typeof window !== 'undefined' && !import.meta.env.VITEST) {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  const early = startEarlyRequests({ storage, origin: window.location.origin, fetch: window.fetch.bind(window), now: () => performance.now() });
  if (early) Object.assign(window, { [EARLY_HANDOFF]: early });
}

// Third-party sign-in (§2, §8): /thirdLogin?code={code}&moduleName={route key}&convertId={id}.
// The session signs in with the code (THIRD_LOGIN → POST /user/thirdLogin?code=…, then the usual bootstrap);
// on success the console opens /{moduleName} with convertId passed along — or the main menu page when no
// (usable) moduleName was given. On failure the server's message is shown as an error (§8); a user who was
// already signed in stays signed in and goes to the main page, anyone else goes to /login.
import type { ApiFailure } from '../api/failure.ts';
import type { ThirdPartyCode } from '../machines/session.machine.ts';

/** A route key as the menu's module numbers are written; anything else (e.g. "//host") is not followed. */
const ROUTE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/** The sign-in a /thirdLogin location asks for; null without a code. */
export function parseThirdLogin(search: string): ThirdPartyCode | null {
  const query = new URLSearchParams(search);
  const code = query.get('code')?.trim() ?? '';
  if (!code) return null;
  const request: ThirdPartyCode = { code };
  const moduleName = query.get('moduleName')?.trim();
  const convertId = query.get('convertId')?.trim();
  if (moduleName) request.moduleName = moduleName;
  if (convertId) request.convertId = convertId;
  return request;
}

/** Where a successful third-party sign-in goes (`mainPage` when the link names no usable route). */
export function thirdLoginDestination({ moduleName, convertId }: Omit<ThirdPartyCode, 'code'>, mainPage: string): string {
  if (!moduleName || !ROUTE_KEY.test(moduleName)) return mainPage;
  return convertId ? `/${moduleName}?${new URLSearchParams({ convertId })}` : `/${moduleName}`;
}

/**
 * Why a code was refused, for the user: the server's own message (§8 "third-party login failure: server message as
 * error"). The server says one thing for a code that is unknown, used, expired or not even shaped like a code, and
 * its own words for an account that is disabled or locked and for too many attempts; a failed connection is the
 * middleware's message.
 */
export function thirdLoginProblem(failure: Pick<ApiFailure, 'message'>): string {
  return failure.message;
}

export type ThirdLoginOutcome = { ok: true } | { ok: false; message: string; stillSignedIn: boolean };

export interface ThirdLoginEffects {
  /** Signs the session in with the code. */
  signIn(request: ThirdPartyCode): Promise<ThirdLoginOutcome>;
  /** The main menu page of the signed-in user. */
  mainPage(): string;
  open(path: string): void;
  toLogin(): void;
  /** Says that the link carries no code. */
  missingCode(): void;
  /** Says why the sign-in failed. */
  failed(message: string): void;
}

// A code works once: a second run for the same code (React StrictMode runs effects twice) joins the first.
const runs = new Map<string, Promise<void>>();

export function runThirdLogin(search: string, effects: ThirdLoginEffects): Promise<void> {
  const request = parseThirdLogin(search);
  if (!request) {
    effects.missingCode();
    effects.toLogin();
    return Promise.resolve();
  }
  const running = runs.get(request.code);
  if (running) return running;
  const run = effects.signIn(request).then(
    (outcome) => {
      if (outcome.ok) return effects.open(thirdLoginDestination(request, effects.mainPage()));
      if (outcome.message) effects.failed(outcome.message);
      // A user who was signed in before the link keeps working where the console starts.
      return outcome.stillSignedIn ? effects.open(effects.mainPage()) : effects.toLogin();
    },
    () => effects.toLogin(),
  );
  runs.set(request.code, run);
  return run;
}

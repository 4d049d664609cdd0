// Signing in for the specs that test something else than signing in. The login page itself is walked by
// login.spec.ts, shell.spec.ts and session.spec.ts; every other spec signs in through the API and stores the session
// the way the console does (src/app/storedSession.ts, src/api/auth.ts signedInFrom), then opens its screen directly:
// one page load instead of three (the login page, the home dashboard, then the screen).
import { expect, type Page } from '@playwright/test';

export interface Account {
  username: string;
  password: string;
}

export const ADMIN: Account = { username: 'admin', password: 'Argus@2026' };
export const OPERATOR: Account = { username: 'operator', password: 'Operator@2026' };

const SESSION_KEY = 'argus.session';
const LANGUAGE_KEY = 'argus.language';
const BLANK = '/__e2e-blank__';

interface LoginAnswer {
  code: number;
  msg?: string;
  token?: string;
  loginCode?: string;
  userinfo?: unknown;
  sceneType?: number;
}

/**
 * Leaves the page on a blank same-origin page, answered in the browser (no console boot, no request): the console's
 * storage can be written from it, and a console that was open is gone (its socket closed). The route stays for the
 * page's life: a late request for it (a history entry revisited) must not reach the server.
 */
export async function openBlank(page: Page): Promise<void> {
  await page.route(BLANK, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>-</title>' }));
  await page.goto(BLANK);
}

/**
 * Signs `account` in and leaves the page on `path` (the home page by default; `null`: on a blank page, for a test
 * whose own next step opens its screen), signed in, in `language` when given.
 * Returns the session token for API calls the test makes on the side.
 */
export async function signIn(
  page: Page,
  account: Account = ADMIN,
  options: { path?: string | null; language?: 'zh-CN' | 'en' } = {},
): Promise<string> {
  const answer = (await (await page.request.post('/api/user/login', { data: account })).json()) as LoginAnswer;
  expect(answer.code, `sign-in of ${account.username}: ${answer.msg ?? ''}`).toBe(0);
  const session = {
    token: answer.token,
    loginCode: answer.loginCode ?? '',
    userinfo: answer.userinfo,
    sceneType: answer.sceneType ?? 2,
  };
  await openBlank(page);
  await page.evaluate(
    ([sessionKey, value, languageKey, language]) => {
      localStorage.setItem(sessionKey, value);
      if (language) localStorage.setItem(languageKey, language);
    },
    [SESSION_KEY, JSON.stringify(session), LANGUAGE_KEY, options.language ?? ''] as const,
  );
  if (options.path !== null) {
    await page.goto(options.path ?? '/');
    await expect(page).not.toHaveURL(/\/login(\?|$)/);
  }
  return answer.token as string;
}

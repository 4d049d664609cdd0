// Sign-in, third-party sign-in, menu and sign-out calls (contract tag auth).
import type { Credentials, SignedIn } from '../machines/session.machine.ts';
import { ApiFailure, type ApiResult, api, orThrow } from './client.ts';
import type { LoginResult, NavData } from './types.ts';

/** The session fields of a login answer (§3 "Login result": code, loginCode, token, userinfo, sceneType). */
export function signedInFrom(body: LoginResult): ApiResult<SignedIn, LoginResult> {
  if (!body.token || !body.userinfo) return { ok: false, failure: new ApiFailure(500, body.msg || 'incomplete sign-in answer') };
  const signedIn: SignedIn = {
    token: body.token,
    loginCode: body.loginCode ?? '',
    userinfo: body.userinfo,
    sceneType: body.sceneType ?? 2,
  };
  return { ok: true, data: signedIn, body };
}

async function loginOutcome(pending: Promise<ApiResult<unknown, LoginResult>>): Promise<ApiResult<SignedIn, LoginResult>> {
  const result = await pending;
  return result.ok ? signedInFrom(result.body) : result;
}

/** Signs in with a password. A refusal comes back to the caller (the login form shows it; §8). */
export function login(credentials: Credentials): Promise<ApiResult<SignedIn, LoginResult>> {
  return loginOutcome(api.post('/user/login', { body: credentials }));
}

/**
 * Signs in with a one-time third-party code (§2 /thirdLogin). Quiet: the /thirdLogin screen shows the server's
 * message once, where it says what happens next (§8).
 */
export function thirdLogin(code: string, moduleName?: string, convertId?: string): Promise<ApiResult<SignedIn, LoginResult>> {
  const query = { code, ...(moduleName ? { moduleName } : {}), ...(convertId ? { convertId } : {}) };
  return loginOutcome(api.post('/user/thirdLogin', { params: { query }, quiet: true }));
}

/** For the session machine's actor: the sign-in, or the failure thrown. */
export const signIn = (credentials: Credentials) => orThrow(login(credentials));

export async function fetchNav(): Promise<NavData> {
  return orThrow(api.post('/user/nav', { loading: true }));
}

export async function signOut(): Promise<void> {
  await api.post('/user/logout');
}

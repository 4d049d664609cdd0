// Sign-in, menu and sign-out calls (contract tag auth).
import type { Credentials, SignedIn } from '../machines/session.machine.ts';
import { ApiFailure, api, succeeded } from './client.ts';
import type { NavData } from './types.ts';

export async function signIn(credentials: Credentials): Promise<SignedIn> {
  const result = succeeded(await api.POST('/user/login', { body: credentials }));
  if (!result.token || !result.userinfo) throw new ApiFailure(500, result.msg || 'incomplete sign-in answer');
  return {
    token: result.token,
    loginCode: result.loginCode ?? '',
    userinfo: result.userinfo,
    sceneType: result.sceneType ?? 2,
  };
}

export async function fetchNav(): Promise<NavData> {
  const result = succeeded(await api.POST('/user/nav'));
  if (!result.data) throw new ApiFailure(500, result.msg || 'empty menu answer');
  return result.data;
}

export async function signOut(): Promise<void> {
  await api.POST('/user/logout');
}

// What the login form requires before it asks the server (the server checks the credentials).
import type { Credentials } from '../../machines/session.machine.ts';

export interface LoginValues {
  username: string;
  password: string;
}

export type LoginProblem = 'usernameRequired' | 'passwordRequired';

export function validateLogin(values: LoginValues): Partial<Record<keyof LoginValues, LoginProblem>> {
  const problems: Partial<Record<keyof LoginValues, LoginProblem>> = {};
  if (!values.username.trim()) problems.username = 'usernameRequired';
  if (!values.password) problems.password = 'passwordRequired';
  return problems;
}

/** Surrounding spaces in a username are a typing slip; a password is sent exactly as typed. */
export function toCredentials(values: LoginValues): Credentials {
  return { username: values.username.trim(), password: values.password };
}

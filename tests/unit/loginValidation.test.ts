import { describe, expect, it } from 'vitest';
import { toCredentials, validateLogin } from '../../src/screens/auth/loginValidation.ts';

describe('login form rules', () => {
  it('require a username and a password', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({ username: 'usernameRequired', password: 'passwordRequired' });
    expect(validateLogin({ username: '   ', password: 'x' })).toEqual({ username: 'usernameRequired' });
    expect(validateLogin({ username: 'admin', password: '' })).toEqual({ password: 'passwordRequired' });
    expect(validateLogin({ username: 'admin', password: ' ' })).toEqual({});
  });

  it('trim the username but send the password exactly as typed', () => {
    expect(toCredentials({ username: ' admin ', password: ' pw ' })).toEqual({ username: 'admin', password: ' pw ' });
  });
});

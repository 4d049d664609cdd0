// The sign-in kept in browser storage: written on sign-in, read on reload, ignored when damaged.
import { describe, expect, it } from 'vitest';
import {
  clearSessionStorage,
  clearStoredSession,
  readStoredSession,
  storedToken,
  writeStoredSession,
} from '../../src/app/storedSession.ts';
import { signedIn } from '../machines/sessionHarness.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe('stored session', () => {
  it('round-trips a sign-in and gives its token', () => {
    const storage = memoryStorage();
    writeStoredSession(signedIn, storage);
    expect(readStoredSession(storage)).toEqual(signedIn);
    expect(storedToken(storage)).toBe(signedIn.token);
    clearStoredSession(storage);
    expect(readStoredSession(storage)).toBeNull();
    expect(storedToken(storage)).toBeNull();
  });

  it('ignores damaged or incomplete entries', () => {
    const storage = memoryStorage();
    for (const raw of ['{not json', '"text"', JSON.stringify({ ...signedIn, token: '' }), JSON.stringify({ ...signedIn, sceneType: 3 })]) {
      storage.values.set('argus.session', raw);
      expect(readStoredSession(storage), raw).toBeNull();
    }
  });

  it('works without storage (disabled by the browser)', () => {
    expect(readStoredSession(null)).toBeNull();
    expect(() => writeStoredSession(signedIn, null)).not.toThrow();
  });

  it('clears the page session storage when the session ends (§8)', () => {
    sessionStorage.setItem('argus.licenceReminderShown', '1');
    clearSessionStorage();
    expect(sessionStorage.length).toBe(0);
  });
});

// When the console shows the licence-expired dialog (§8): GET /licence/info answers status "expired". It is
// shown once per browser tab session — its single button only acknowledges, so repeating it on every page
// would block the console without telling anything new.
import type { Licence } from '../../api/schema.gen.ts';

export type { Licence };

const SEEN_KEY = 'argus.licenceExpiredSeen';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

function tabStorage(): SessionStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The expiry to announce, or null when there is nothing to say. */
export function expiredLicenceNotice(licence: Licence | null | undefined): { expireTime: string } | null {
  if (licence?.status !== 'expired') return null;
  return { expireTime: licence.expireTime ?? '' };
}

export function licenceNoticeSeen(storage: SessionStore | null = tabStorage()): boolean {
  return storage?.getItem(SEEN_KEY) === '1';
}

export function rememberLicenceNoticeSeen(storage: SessionStore | null = tabStorage()): void {
  storage?.setItem(SEEN_KEY, '1');
}

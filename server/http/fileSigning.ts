// Short-lived signed URLs for private files (training, evaluation and verification images, video frames): an <img>
// cannot send the token header, so an operation that checked the caller's token and permission answers each image's
// address as /files/private/<path>?exp=<unix seconds>&sig=<HMAC-SHA256 of path and expiry>. The signature binds the
// URL to that one file and that expiry; nothing else opens a private file. The key is FILE_URL_KEY (64 hex
// characters) when set, otherwise generated once and kept in site_settings, so every instance on the database
// shares it. Expiries are rounded up to a 5-minute step, so the same image keeps the same URL for a while and the
// browser's cache still works: a URL lives 10–15 minutes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { siteKey } from './siteKey.ts';

export const SIGNED_FILES_PREFIX = '/files/private/';
export const URL_LIFETIME_SECONDS = 600;
const STEP_SECONDS = 300;

const mac = (key: Buffer, relative: string, expires: number) => createHmac('sha256', key).update(`${relative}\n${expires}`).digest();

export interface FileSigner {
  /** The signed URL of a private file (its path relative to the private root: training/12/abc.png). */
  url(relative: string): string;
  /** True when sig is this server's signature of the path and the expiry, and the expiry has not passed. */
  verify(relative: string, expires: string | undefined, sig: string | undefined, nowMs?: number): boolean;
}

export async function fileSigner(db: Kysely<Database>, nowMs = Date.now()): Promise<FileSigner> {
  const key = await siteKey(db, 'files.urlSigningKey', 'FILE_URL_KEY');
  const expires = Math.ceil((nowMs / 1000 + URL_LIFETIME_SECONDS) / STEP_SECONDS) * STEP_SECONDS;
  return {
    url(relative) {
      const path = relative.split('/').map(encodeURIComponent).join('/');
      return `${SIGNED_FILES_PREFIX}${path}?exp=${expires}&sig=${mac(key, relative, expires).toString('base64url')}`;
    },
    verify(relative, exp, sig, now = Date.now()) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
      const at = Number(exp);
      // Never later than a URL this server issues: a far expiry is not one of ours.
      if (at * 1000 < now || at * 1000 > now + (URL_LIFETIME_SECONDS + STEP_SECONDS) * 1000) return false;
      return timingSafeEqual(mac(key, relative, at), Buffer.from(sig, 'base64url'));
    },
  };
}

// Credentials inside a stream URL (rtsp://user:password@host/…) are kept like the stream password: encrypted
// (AES-256-GCM, streamSecrets.ts) in rtsp_secret_enc, while rtsp_url keeps the address without them. Answers show
// `rtsp://***:***@host/…`; sending that masked form back keeps the stored credentials.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { decryptStreamPassword, encryptStreamPassword } from './streamSecrets.ts';

const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i;
export const MASKED_USERINFO = '***:***';

/** The URL without its user:password part, and that part (null when there is none). */
export function splitRtspUrl(url: string): { address: string; userinfo: string | null } {
  const match = USERINFO.exec(url);
  if (!match) return { address: url, userinfo: null };
  return { address: match[1] + url.slice(match[0].length), userinfo: match[2] };
}

/** What an answer shows: the address, with masked credentials when some are stored (or left in an old row). */
export function maskedRtspUrl(url: string | null, secretEnc: string | null | undefined): string | null {
  if (url === null) return null;
  const { address, userinfo } = splitRtspUrl(url);
  if (!secretEnc && !userinfo) return address;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(address);
  return scheme ? `${scheme[0]}${MASKED_USERINFO}@${address.slice(scheme[0].length)}` : address;
}

/**
 * The columns to store for a URL sent by a client: new credentials encrypted, none cleared, the masked form
 * keeping `current`'s. `undefined` url = not sent (nothing changes).
 */
export async function sealRtspUrl(
  db: Kysely<Database>,
  url: string | null | undefined,
  current: { rtspSecretEnc: string | null } | null = null,
): Promise<{ rtspUrl: string | null; rtspSecretEnc: string | null } | undefined> {
  if (url === undefined) return undefined;
  if (url === null || url === '') return { rtspUrl: null, rtspSecretEnc: null };
  const { address, userinfo } = splitRtspUrl(url);
  if (userinfo === null || userinfo === '') return { rtspUrl: address, rtspSecretEnc: null };
  if (userinfo === MASKED_USERINFO) return { rtspUrl: address, rtspSecretEnc: current?.rtspSecretEnc ?? null };
  return { rtspUrl: address, rtspSecretEnc: await encryptStreamPassword(db, userinfo) };
}

/** The full URL with its credentials, for the server's own use (relays, boxes) — never for an answer. */
export async function fullRtspUrl(db: Kysely<Database>, url: string | null, secretEnc: string | null): Promise<string | null> {
  if (!url || !secretEnc) return url;
  const { address } = splitRtspUrl(url);
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(address);
  if (!scheme) return address;
  return `${scheme[0]}${await decryptStreamPassword(db, secretEnc)}@${address.slice(scheme[0].length)}`;
}

/** Rows stored before credentials were split out (or written by hand) are sealed at start. */
export async function sealStoredRtspUrls(db: Kysely<Database>): Promise<number> {
  let sealed = 0;
  for (const table of ['devices', 'cameraEntries'] as const) {
    const rows = await db.selectFrom(table).select(['id', 'rtspUrl', 'rtspSecretEnc']).where('rtspUrl', 'like', '%://%@%').execute();
    for (const row of rows) {
      const { address, userinfo } = splitRtspUrl(row.rtspUrl ?? '');
      if (!userinfo) continue;
      const rtspSecretEnc = userinfo === MASKED_USERINFO ? row.rtspSecretEnc : await encryptStreamPassword(db, userinfo);
      await db.updateTable(table).set({ rtspUrl: address, rtspSecretEnc }).where('id', '=', row.id).execute();
      sealed++;
    }
  }
  return sealed;
}

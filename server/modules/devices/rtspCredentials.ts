// Credentials inside a stream URL (rtsp://user:password@host/…) are kept like the stream password: encrypted
// (AES-256-GCM, streamSecrets.ts) in rtsp_secret_enc, while rtsp_url keeps the address without them. Answers show
// `rtsp://***:***@host/…`; sending that masked form back keeps the stored credentials.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type OutboundPolicy, requireOutboundUrl } from '../../http/outbound.ts';
import { MASKED_USERINFO, splitUserinfo, withUserinfo } from '../../http/urlCredentials.ts';
import { outboundPolicy } from '../system/outboundPolicy.ts';
import { decryptStreamPassword, encryptStreamPassword } from './streamSecrets.ts';

export { MASKED_USERINFO };
export const splitRtspUrl = splitUserinfo;

/** What an answer shows: the address, with masked credentials when some are stored (or left in an old row). */
export function maskedRtspUrl(url: string | null, secretEnc: string | null | undefined): string | null {
  if (url === null) return null;
  const { address, userinfo } = splitRtspUrl(url);
  if (!secretEnc && !userinfo) return address;
  return withUserinfo(address, MASKED_USERINFO);
}

/**
 * A stream address a client sends passes the outbound allow-list (purpose camera: a named 400 for a scheme or host
 * the edge boxes must not pull); an address already stored (sent back as it was answered) is not checked again here
 * — the edge runtime checks every URL when it connects. `files` is the rule for file:// addresses
 * (streamFiles.ts): under the in-process box's media folder, or any absolute, normalised path for a box on another
 * machine; without either none passes.
 */
export async function checkStreamUrl(
  db: Kysely<Database>,
  url: string | null | undefined,
  stored: string | null = null,
  files: Pick<OutboundPolicy, 'mediaRoot' | 'remoteFiles'> = {},
): Promise<void> {
  if (!url) return;
  if (stored !== null && splitRtspUrl(url).address === stored) return;
  await requireOutboundUrl(url, 'camera', { ...(await outboundPolicy(db)), ...files }, 'rtspUrl');
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
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(address)) return address;
  return withUserinfo(address, await decryptStreamPassword(db, secretEnc));
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

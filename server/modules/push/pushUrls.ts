// What a push endpoint's address may be and how it is answered: http(s) through the outbound allow-list (purpose
// push); credentials inside it (https://user:password@host/…, sent as HTTP basic authentication) answered masked,
// the masked form sent back keeping the stored ones; a new address needs a new secret, so that pushes signed with the
// old one never go to a receiver it was not given to (a receiver could replay them to the old one).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { requireOutboundUrl } from '../../http/outbound.ts';
import { MASKED_USERINFO, maskUserinfo, splitUserinfo, withUserinfo } from '../../http/urlCredentials.ts';
import { outboundPolicy } from '../system/outboundPolicy.ts';

export const SECRET_MASK = '******';

export const maskedPushUrl = maskUserinfo;

/** The address to store for one a client sent: the masked credentials replaced by `stored`'s (400 when it has none). */
export function pushUrlToStore(sent: string, stored: string | null): string {
  const { address, userinfo } = splitUserinfo(sent);
  if (userinfo !== MASKED_USERINFO) return sent;
  const kept = stored === null ? null : splitUserinfo(stored).userinfo;
  if (kept === null) throw new ApiError(400, 'push.maskedCredentials');
  return withUserinfo(address, kept);
}

/** A secret as a client sends it: absent or the mask keeps the stored one (undefined). */
export function newSecret(sent: string | undefined): string | undefined {
  return sent === undefined || sent === SECRET_MASK ? undefined : sent;
}

/** The endpoint as it will be stored: http only, an http(s) URL the allow-list takes, and a secret to sign with. */
export async function checkEndpoint(db: Kysely<Database>, fields: { protocol: string; pushUrl: string; authToken: string }, urlChanged: boolean) {
  if (fields.protocol !== 'http') throw new ApiError(400, 'push.protocolUnsupported', { protocol: fields.protocol });
  if (!/^https?:\/\//i.test(fields.pushUrl)) throw new ApiError(400, 'push.badUrl');
  if (!fields.authToken) throw new ApiError(400, 'push.needsSecret');
  // An address already stored is checked again when it is used (the delivery loop), not at every edit of a remark.
  if (urlChanged) await requireOutboundUrl(fields.pushUrl, 'push', await outboundPolicy(db), 'pushUrl');
}

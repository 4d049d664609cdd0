// The allow-list's policy as the server's callers use it: the administrator's allowed hosts (system setting
// /system/outboundConfig), read once per call or per delivery batch so a change applies to the next one; the model
// service's own host added for that purpose (MODEL_SERVICE_URL is the operator's, trusted as configured).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { OutboundPolicy } from '../../http/outbound.ts';
import { readSetting } from './settingsHandlers.ts';

export async function outboundPolicy(db: Kysely<Database>): Promise<OutboundPolicy> {
  const { allowedHosts } = await readSetting(db, 'outbound');
  return { allowedHosts };
}

/** The policy for calls to the configured model service: its host is allowed whatever its address. */
export function modelServicePolicy(policy: OutboundPolicy, serviceUrl: string): OutboundPolicy {
  let host: string;
  try {
    host = new URL(serviceUrl).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return policy;
  }
  return { ...policy, allowedHosts: [...policy.allowedHosts, host] };
}

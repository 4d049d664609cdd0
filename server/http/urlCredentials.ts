// Credentials inside a URL (rtsp://user:password@host/…, https://user:password@host/…): split from the address,
// answered masked as `***:***`, and the masked form sent back keeps the stored ones. Camera streams
// (server/modules/devices/rtspCredentials.ts) and push endpoints (server/modules/push/pushUrls.ts) share these rules.

const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
export const MASKED_USERINFO = '***:***';

/** The URL without its user:password part, and that part (null when there is none). */
export function splitUserinfo(url: string): { address: string; userinfo: string | null } {
  const match = USERINFO.exec(url);
  if (!match) return { address: url, userinfo: null };
  return { address: match[1] + url.slice(match[0].length), userinfo: match[2] };
}

/** The address with `userinfo` put back after its scheme (unchanged when it has no scheme). */
export function withUserinfo(address: string, userinfo: string): string {
  const scheme = SCHEME.exec(address);
  return scheme ? `${scheme[0]}${userinfo}@${address.slice(scheme[0].length)}` : address;
}

/** The URL as an answer shows it: credentials, when there are any, masked. */
export function maskUserinfo(url: string): string {
  const { address, userinfo } = splitUserinfo(url);
  return userinfo === null ? url : withUserinfo(address, MASKED_USERINFO);
}

// Every call the server makes outward (webhooks, the model service, images it fetches, the labelling service,
// camera streams) goes through one allow-list of schemes and addresses, with rules per purpose:
// - push, image, labelStudio: http(s) only; no loopback, private, link-local (169.254/16 with the cloud metadata
//   address, fe80::/10), unique-local, CGNAT, unspecified, multicast, broadcast or reserved address;
// - modelService: the operator's MODEL_SERVICE_URL, trusted as configured (its host is allowed), http(s) only;
// - camera: rtsp, rtsps, http, https, and file under a media root the caller names; cameras live on private LANs,
//   so private ranges pass, but loopback, link-local, unspecified, multicast, broadcast and reserved do not.
// A host in the administrator's allowed hosts (system setting, names, IPs or ranges) passes whatever its class.
// The check runs twice: when a URL is saved (checkOutboundUrl: a named 400 that says why, names resolved) and when
// a socket connects (guardedLookup: a name that resolves to a refused address later is refused then too).
import { lookup as dnsLookup } from 'node:dns/promises';
import { existsSync, realpathSync } from 'node:fs';
import type { LookupFunction } from 'node:net';
import { isAbsolute, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AddressClass, type Cidr, cidrContains, classifyIp, formatIp, type IpAddress, parseCidr, parseIp } from './ipAddress.ts';
import { OutboundRefused } from './outboundRefused.ts';

export { describeStoredError, OutboundRefused, type RefusalDetail, type RefusalReason } from './outboundRefused.ts';

export type OutboundPurpose = 'push' | 'image' | 'labelStudio' | 'modelService' | 'camera';

interface PurposeRules {
  schemes: readonly string[];
  refused: ReadonlySet<AddressClass>;
}

const NOT_INTERNET: AddressClass[] = ['loopback', 'linkLocal', 'unspecified', 'multicast', 'broadcast', 'reserved'];
const INTERNAL = new Set<AddressClass>([...NOT_INTERNET, 'private', 'uniqueLocal', 'sharedAddress']);

export const OUTBOUND_RULES: Record<OutboundPurpose, PurposeRules> = {
  push: { schemes: ['http', 'https'], refused: INTERNAL },
  image: { schemes: ['http', 'https'], refused: INTERNAL },
  labelStudio: { schemes: ['http', 'https'], refused: INTERNAL },
  modelService: { schemes: ['http', 'https'], refused: INTERNAL },
  camera: { schemes: ['rtsp', 'rtsps', 'http', 'https', 'file'], refused: new Set(NOT_INTERNET) },
};

const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443, rtsp: 554, rtsps: 322 };

export interface OutboundPolicy {
  /** Host names, IPs and ranges (CIDR) called whatever their address class: the allowed hosts setting, plus the
   *  model service's own host for that purpose. */
  allowedHosts: readonly string[];
  /** camera: file: URLs must name a file under this folder; without it (and without remoteFiles) they are refused. */
  mediaRoot?: string;
  /** camera: the URL is for a box on another machine, whose media folder this server does not know. A file: URL
   *  then passes as an absolute, normalised path only (no `.` or `..` segment, no empty one, no query or fragment),
   *  and this server's own file system is not looked at; the box refuses what is not under its own media folder. */
  remoteFiles?: boolean;
}

/** A name that takes longer to resolve is taken as not resolving (a request waits no longer for it). */
const RESOLVE_TIMEOUT_MS = 5000;

/** How names are resolved: replaceable by tests (a name that resolves differently later). */
export const resolver = {
  lookup: async (host: string): Promise<string[]> => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address),
};

function lookupWithin(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`resolving ${host} took over ${RESOLVE_TIMEOUT_MS} ms`)), RESOLVE_TIMEOUT_MS);
  });
  return Promise.race([resolver.lookup(host), late]).finally(() => clearTimeout(timer));
}

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** A host name as compared: lower case, without the trailing dot of a fully qualified name. */
function normaliseName(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

/**
 * An allowed-hosts entry as stored: a canonical IP, a range `ip/prefix`, or a lower-case host name; null when it is
 * none of them.
 */
export function normaliseAllowedHost(entry: string): string | null {
  const text = entry.trim();
  if (text.includes('/')) {
    const cidr = parseCidr(text);
    return cidr ? `${formatIp(cidr)}/${cidr.prefix}` : null;
  }
  const ip = parseIp(text);
  if (ip) return formatIp(ip);
  const name = normaliseName(text);
  return HOSTNAME.test(name) ? name : null;
}

interface AllowList {
  names: Set<string>;
  ranges: Cidr[];
}
const allowLists = new WeakMap<readonly string[], AllowList>();

function allowListOf(policy: OutboundPolicy): AllowList {
  let list = allowLists.get(policy.allowedHosts);
  if (!list) {
    list = { names: new Set(), ranges: [] };
    for (const entry of policy.allowedHosts) {
      const cidr = entry.includes('/') || parseIp(entry) ? parseCidr(entry.trim()) : null;
      if (cidr) list.ranges.push(cidr);
      else list.names.add(normaliseName(entry.trim()));
    }
    allowLists.set(policy.allowedHosts, list);
  }
  return list;
}

function checkAddress(ip: IpAddress, purpose: OutboundPurpose, policy: OutboundPolicy, host: string): void {
  if (allowListOf(policy).ranges.some((range) => cidrContains(range, ip))) return;
  const addressClass = classifyIp(ip);
  if (OUTBOUND_RULES[purpose].refused.has(addressClass)) throw new OutboundRefused('address', { host, address: formatIp(ip), addressClass });
}

export interface OutboundTarget {
  url: URL;
  /** Without the colon, lower case. */
  scheme: string;
  /** As checked: a lower-case name, or the canonical text of an IP (brackets removed). */
  host: string;
  ip: IpAddress | null;
  port: number | null;
  /** Allowed by name: what it resolves to is not checked. */
  allowedByName: boolean;
  /** file: the file's absolute path. */
  path?: string;
}

function fileTarget(url: URL, policy: OutboundPolicy, raw: string): OutboundTarget {
  if (policy.remoteFiles) return remoteFileTarget(url, raw);
  if (!policy.mediaRoot) throw new OutboundRefused('noMediaRoot');
  if (url.hostname && url.hostname.toLowerCase() !== 'localhost') throw new OutboundRefused('badUrl');
  let path: string;
  try {
    path = fileURLToPath(url);
  } catch {
    throw new OutboundRefused('badUrl');
  }
  // Symbolic links are followed before the comparison, so a link inside the folder cannot point out of it.
  const real = (p: string) => (existsSync(p) ? realpathSync(p) : resolve(p));
  const root = real(resolve(policy.mediaRoot));
  const inside = relative(root, real(resolve(path)));
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) throw new OutboundRefused('fileOutsideRoot', { root: policy.mediaRoot });
  return { url, scheme: 'file', host: '', ip: null, port: null, allowedByName: false, path: real(resolve(path)) };
}

/**
 * A file on a box on another machine: judged from the URL's text alone. The URL parser resolves `..` and `.`
 * segments and empty ones silently, so the path is read from the text as written and must already be in its
 * normal form; a query, a fragment, a host, a backslash or a control character is refused.
 */
function remoteFileTarget(url: URL, raw: string): OutboundTarget {
  if (url.hostname && url.hostname.toLowerCase() !== 'localhost') throw new OutboundRefused('badUrl');
  const written = /^file:\/\/(?:localhost)?(\/[^?#]*)$/i.exec(raw)?.[1];
  if (written === undefined) throw new OutboundRefused('fileNotNormalised');
  let path: string;
  try {
    path = decodeURIComponent(written);
  } catch {
    throw new OutboundRefused('badUrl');
  }
  const normal = !/\s/.test(written) && !/[\\\p{Cc}]/u.test(path) && posix.normalize(path) === path && path.length > 1 && !path.endsWith('/');
  // What the box will open must be what was written (fileURLToPath refuses %2F, a slash inside a name).
  const parsed = (() => {
    try {
      return fileURLToPath(url);
    } catch {
      return null;
    }
  })();
  if (!normal || parsed !== path) throw new OutboundRefused('fileNotNormalised');
  return { url, scheme: 'file', host: '', ip: null, port: null, allowedByName: false, path };
}

/**
 * The checks that need no resolver: the scheme, the host's form, an IP literal's class (in every spelling), a file
 * path's folder. Used before each call; throws OutboundRefused.
 */
export function checkOutboundTarget(raw: string, purpose: OutboundPurpose, policy: OutboundPolicy): OutboundTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('badUrl');
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  const rules = OUTBOUND_RULES[purpose];
  if (!rules.schemes.includes(scheme)) throw new OutboundRefused('scheme', { scheme, allowed: rules.schemes.join(', ') });
  if (scheme === 'file') return fileTarget(url, policy, raw);
  // Hosts of non-special schemes (rtsp) are not parsed as IPv4 by the URL parser: every host is read here as a
  // resolver would read it.
  const written = url.hostname.toLowerCase();
  if (!written) throw new OutboundRefused('badUrl');
  const ip = parseIp(written);
  const host = ip ? formatIp(ip) : normaliseName(written);
  if (!ip && !HOSTNAME.test(host)) throw new OutboundRefused('badUrl');
  const port = url.port ? Number(url.port) : (DEFAULT_PORTS[scheme] ?? null);
  const allowedByName = !ip && allowListOf(policy).names.has(host);
  if (ip) checkAddress(ip, purpose, policy, written.replace(/^\[|\]$/g, ''));
  return { url, scheme, host, ip, port, allowedByName };
}

/** Every address a name resolves to, each checked; `unresolved` says how a name that does not resolve fails. */
async function resolveChecked(host: string, purpose: OutboundPurpose, policy: OutboundPolicy, unresolved: () => Error): Promise<IpAddress[]> {
  let texts: string[];
  try {
    texts = await lookupWithin(host);
  } catch {
    throw unresolved();
  }
  const ips = texts.map((t) => parseIp(t)).filter((ip): ip is IpAddress => ip !== null);
  if (ips.length === 0) throw unresolved();
  if (!allowListOf(policy).names.has(host)) for (const ip of ips) checkAddress(ip, purpose, policy, host);
  return ips;
}

/**
 * The whole check, as a save path runs it: checkOutboundTarget, then a name resolved and every address it resolves
 * to checked (a name allowed by the administrator is not resolved: it may be one only the edge box can resolve).
 */
export async function checkOutboundUrl(raw: string, purpose: OutboundPurpose, policy: OutboundPolicy): Promise<OutboundTarget & { addresses: IpAddress[] }> {
  const target = checkOutboundTarget(raw, purpose, policy);
  if (target.scheme === 'file' || target.allowedByName) return { ...target, addresses: [] };
  if (target.ip) return { ...target, addresses: [target.ip] };
  const addresses = await resolveChecked(target.host, purpose, policy, () => new OutboundRefused('unresolvable', { host: target.host }));
  return { ...target, addresses };
}

/** checkOutboundUrl answering the 400 a save path gives (naming the field) instead of OutboundRefused. */
export async function requireOutboundUrl(raw: string, purpose: OutboundPurpose, policy: OutboundPolicy, field: string) {
  try {
    return await checkOutboundUrl(raw, purpose, policy);
  } catch (error) {
    throw error instanceof OutboundRefused ? error.toApiError(field) : error;
  }
}

function notFound(host: string): Error {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host });
}

/**
 * The connect-time guard: a `lookup` for node's sockets (net, http, https, tls agents) that resolves the name and
 * refuses it (OutboundRefused, before any connection is made) when an address it resolves to is refused now.
 */
export function guardedLookup(purpose: OutboundPurpose, policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const family = typeof options === 'number' ? options : options?.family;
    const all = typeof options === 'object' && options?.all === true;
    const host = normaliseName(hostname);
    resolveChecked(host, purpose, policy, () => notFound(hostname)).then(
      (ips) => {
        const wanted = family === 4 || family === 6 ? ips.filter((ip) => ip.family === family) : ips;
        if (wanted.length === 0) return callback(notFound(hostname), '', 0);
        if (all) return callback(null, wanted.map((ip) => ({ address: formatIp(ip), family: ip.family })));
        callback(null, formatIp(wanted[0]), wanted[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * For a client that resolves names itself (ffmpeg for camera streams): the URL checked now, with its host replaced by
 * one of the addresses checked, so that what it connects to is what was checked. A file: URL comes back unchanged.
 * TLS schemes (rtsps, https) carry the name in the certificate: a client that verifies it must resolve through
 * guardedLookup instead.
 */
export async function pinOutboundUrl(raw: string, purpose: OutboundPurpose, policy: OutboundPolicy): Promise<{ url: string; host: string; address: string | null }> {
  const target = await checkOutboundUrl(raw, purpose, policy);
  if (target.scheme === 'file') return { url: raw, host: '', address: null };
  const ips = target.allowedByName ? (await lookupWithin(target.host).catch(() => [])).map((t) => parseIp(t)).filter((ip): ip is IpAddress => ip !== null) : target.addresses;
  if (ips.length === 0) throw new OutboundRefused('unresolvable', { host: target.host });
  const address = formatIp(ips[0]);
  const pinned = new URL(target.url.href);
  pinned.hostname = ips[0].family === 6 ? `[${address}]` : address;
  return { url: pinned.href, host: target.host, address };
}

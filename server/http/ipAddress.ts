// IP addresses as the outbound allow-list (outbound.ts) reads them. A host is read the way a resolver would read it,
// so that no spelling of an internal address slips through as a "name": IPv4 in every form inet_aton accepts
// (dotted, decimal 2130706433, hex 0x7f000001, octal 0177.0.0.1, short 127.1, one trailing dot) and IPv6 (compressed,
// bracketed, with a zone, with an IPv4 tail such as ::ffff:127.0.0.1). An IPv6 address that carries an IPv4 one
// (mapped, compatible, NAT64, 6to4) is classified by the IPv4 address it reaches.

export interface IpAddress {
  family: 4 | 6;
  /** 4 or 16 bytes, network order. */
  bytes: Uint8Array;
}

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'linkLocal'
  | 'uniqueLocal'
  | 'sharedAddress'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

export interface Cidr {
  family: 4 | 6;
  bytes: Uint8Array;
  prefix: number;
}

/** One IPv4 part as inet_aton reads it: 0x… hex, 0… octal, else decimal; null when it is none of them. */
function ipv4Part(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]*$/.test(part)) return Number.parseInt(part, 8);
  if (/^[1-9][0-9]*$/.test(part)) return Number(part);
  return null;
}

/** IPv4 in any form a resolver accepts (1 to 4 parts, the last filling the remaining bytes); null otherwise. */
export function parseIPv4(text: string): Uint8Array | null {
  const trimmed = text.endsWith('.') ? text.slice(0, -1) : text;
  if (trimmed === '' || trimmed.length > 64) return null;
  const parts = trimmed.split('.');
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = ipv4Part(part);
    if (n === null || !Number.isSafeInteger(n)) return null;
    numbers.push(n);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  const bytes = new Uint8Array(4);
  numbers.forEach((n, i) => {
    bytes[i] = n;
  });
  for (let i = 3, rest = last; i >= numbers.length; i--, rest = Math.floor(rest / 256)) bytes[i] = rest % 256;
  return bytes;
}

/** Strict dotted-quad (the IPv4 tail of an IPv6 address). */
function dottedQuad(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^(0|[1-9][0-9]{0,2})$/.test(p) || Number(p) > 255)) return null;
  return Uint8Array.from(parts.map(Number));
}

/** IPv6 (without brackets; a %zone is dropped); null when the text is not one. */
export function parseIPv6(text: string): Uint8Array | null {
  let s = text;
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (s.length > 45 || !/^[0-9a-f:.]+$/i.test(s) || !s.includes(':')) return null;
  let tail: Uint8Array | null = null;
  if (s.includes('.')) {
    const colon = s.lastIndexOf(':');
    tail = dottedQuad(s.slice(colon + 1));
    if (!tail) return null;
    s = `${s.slice(0, colon + 1)}0:0`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? Number.parseInt(g, 16) : Number.NaN)));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  if ([...head, ...rest].some(Number.isNaN)) return null;
  if (halves.length === 1 ? head.length !== 8 : head.length + rest.length > 7) return null;
  const all = [...head, ...new Array(8 - head.length - rest.length).fill(0), ...rest];
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  if (tail) bytes.set(tail, 12);
  return bytes;
}

/** A host as an IP address (IPv6 with or without brackets), or null when it is a name. */
export function parseIp(host: string): IpAddress | null {
  const h = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const v6 = parseIPv6(h);
  if (v6) return { family: 6, bytes: v6 };
  const v4 = parseIPv4(h);
  return v4 ? { family: 4, bytes: v4 } : null;
}

/** The canonical text: dotted quad, or RFC 5952 IPv6 (lower case, the longest zero run compressed). */
export function formatIp(ip: IpAddress): string {
  if (ip.family === 4) return Array.from(ip.bytes).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => (ip.bytes[2 * i] << 8) | ip.bytes[2 * i + 1]);
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length && j - i > 1) best = { at: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

function classifyIPv4([a, b, c, d]: Uint8Array): AddressClass {
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'linkLocal';
  if (a === 100 && b >= 64 && b <= 127) return 'sharedAddress';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a === 255 && b === 255 && c === 255 && d === 255) return 'broadcast';
  if (a >= 240 || (a === 192 && b === 0 && c === 0) || (a === 198 && (b === 18 || b === 19))) return 'reserved';
  return 'public';
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:0:0/96, compatible ::/96, NAT64 64:ff9b::/96 and
 *  64:ff9b:1::/48, 6to4 2002::/16); null when it carries none. */
export function embeddedIPv4(bytes: Uint8Array): Uint8Array | null {
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (zeros(0, 12)) return bytes.slice(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    if (zeros(4, 12)) return bytes.slice(12);
    if (bytes[4] === 0x00 && bytes[5] === 0x01) return bytes.slice(12);
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return null;
}

export function classifyIp(ip: IpAddress): AddressClass {
  if (ip.family === 4) return classifyIPv4(ip.bytes);
  const b = ip.bytes;
  if (b.every((x) => x === 0)) return 'unspecified';
  if (b.subarray(0, 15).every((x) => x === 0) && b[15] === 1) return 'loopback';
  const v4 = embeddedIPv4(b);
  if (v4) return classifyIPv4(v4);
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return 'linkLocal';
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) return 'private'; // fec0::/10, deprecated site-local
  if ((b[0] & 0xfe) === 0xfc) return 'uniqueLocal';
  if (b[0] === 0xff) return 'multicast';
  return 'public';
}

/** `10.0.0.0/8`, `fd00::/8`, or a bare address (a /32 or /128); null when it is neither. */
export function parseCidr(text: string): Cidr | null {
  const slash = text.indexOf('/');
  const ip = parseIp(slash < 0 ? text : text.slice(0, slash));
  if (!ip) return null;
  const max = ip.family === 4 ? 32 : 128;
  if (slash < 0) return { ...ip, prefix: max };
  const prefixText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null;
  return { ...ip, prefix: Number(prefixText) };
}

function prefixMatches(a: Uint8Array, b: Uint8Array, prefix: number): boolean {
  const whole = Math.floor(prefix / 8);
  for (let i = 0; i < whole; i++) if (a[i] !== b[i]) return false;
  const bits = prefix % 8;
  if (bits === 0) return true;
  const mask = (0xff << (8 - bits)) & 0xff;
  return (a[whole] & mask) === (b[whole] & mask);
}

/** Whether the range holds the address; an IPv4 range also holds the IPv6 forms that carry one of its addresses. */
export function cidrContains(cidr: Cidr, ip: IpAddress): boolean {
  if (cidr.family === ip.family) return prefixMatches(cidr.bytes, ip.bytes, cidr.prefix);
  if (cidr.family === 4) {
    const v4 = embeddedIPv4(ip.bytes);
    return v4 !== null && prefixMatches(cidr.bytes, v4, cidr.prefix);
  }
  return false;
}

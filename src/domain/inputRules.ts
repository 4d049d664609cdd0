// What the patterns of the shared schemas (schemas/*.schema.json) stand for, so that a refused value is explained
// in words — "an IPv4 address such as 192.168.1.10" — instead of by its regular expression. The console's form
// messages (src/forms/validationMessages.ts) and the server's (server/http/validationMessages.ts) both look a
// pattern up here; tests/unit/inputRules.test.ts checks that every pattern of the schema files has its rule.
// Pure (no JSON import, so the server can load it as it is).

export type PatternRule = 'ipv4' | 'host' | 'streamUrl' | 'deviceSerial' | 'boxSerial' | 'dateTime' | 'clockTime' | 'clockTimeHms';

/** The definitions' patterns, as written in the schema files. */
export const PATTERNS: Record<PatternRule, string> = {
  // Four numbers 0–255, or nothing (an optional address left empty).
  ipv4: '^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$|^$',
  // An address as a box or a recheck service sees it: IPv4, IPv6 or a host name.
  host: '^[0-9A-Za-z.:-]+$',
  // file://: a local video the box loops, which the server takes only under its media folder.
  streamUrl: '^(rtsp|rtsps|http|https|file)://',
  deviceSerial: '^[A-Za-z0-9_.:-]*$',
  boxSerial: '^[A-Za-z0-9_-]+$',
  // A time of day on a calendar day: month 01–12, day 01–31, hour 00–23 (2026-13-45 99:00:00 is refused).
  dateTime: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01]) ([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$',
  clockTime: '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$',
  clockTimeHms: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$',
};

const BY_PATTERN = new Map(Object.entries(PATTERNS).map(([rule, pattern]) => [pattern, rule as PatternRule]));

/** The rule a schema pattern stands for, or null for a pattern without one (a generic "wrong format"). */
export function patternRule(pattern: unknown): PatternRule | null {
  return typeof pattern === 'string' ? (BY_PATTERN.get(pattern) ?? null) : null;
}

// The validation rules of spec §5 as pure functions. Each answers a Problem (what is wrong, with its bound) or
// null; screens turn a Problem into a message in the user's language (system.json `validation.*`), so one rule
// reads the same everywhere and the rules are testable without a browser. The bounds are the contract's
// (openapi/console.yaml), so the console refuses exactly what the server would.

export type Problem =
  | { rule: 'required' }
  | { rule: 'maxLength'; max: number }
  | { rule: 'lengthBetween'; min: number; max: number }
  | { rule: 'passwordsDiffer' }
  | { rule: 'phone' }
  | { rule: 'idCard' }
  | { rule: 'email' }
  | { rule: 'integer' }
  | { rule: 'between'; min: number; max: number }
  | { rule: 'pattern'; what: 'username' | 'moduleNumber' | 'typeIds' }
  | { rule: 'startAfterEnd' }
  | { rule: 'laterThanNow' }
  | { rule: 'rangeTooLong'; hours: number }
  | { rule: 'badTime' }
  | { rule: 'fileTooLarge'; maxMb: number }
  | { rule: 'fileType'; allowed: string };

/** §5 text length limits: at most 13, 18, 32, 128 or 500 characters; passwords 6 to 20. */
export const LENGTH = { tiny: 13, phone: 18, idCard: 18, name: 32, email: 128, remark: 500 } as const;
export const PASSWORD_LENGTH = { min: 6, max: 20 } as const;

/** §5: avatar images at most 5 MB; the server accepts jpg, png, gif and webp (checked by content too). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** The contract's logo images: data URLs of png, jpeg or webp, at most 2,800,000 characters (~2 MB of file). */
export const LOGO_MAX_CHARS = 2_800_000;
export const LOGO_MAX_BYTES = Math.floor((LOGO_MAX_CHARS - 'data:image/webp;base64,'.length) / 4) * 3;
/** SVG is refused by the server (it can carry script); the logo is pixels. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Name, department and role are required (and any field the contract marks required). */
export function required(value: unknown): Problem | null {
  return isBlank(value) ? { rule: 'required' } : null;
}

export function maxLength(value: string | undefined, max: number): Problem | null {
  return (value ?? '').length > max ? { rule: 'maxLength', max } : null;
}

export function lengthBetween(value: string | undefined, min: number, max: number): Problem | null {
  const length = (value ?? '').length;
  return length < min || length > max ? { rule: 'lengthBetween', min, max } : null;
}

/** A password: 6 to 20 characters. */
export function password(value: string | undefined): Problem | null {
  return required(value) ?? lengthBetween(value, PASSWORD_LENGTH.min, PASSWORD_LENGTH.max);
}

/** Passwords must match. */
export function passwordsMatch(value: string | undefined, confirmation: string | undefined): Problem | null {
  return (value ?? '') === (confirmation ?? '') ? null : { rule: 'passwordsDiffer' };
}

/** Phone: digits and hyphen only (empty is "not set"). */
export function phone(value: string | undefined): Problem | null {
  return /^[0-9-]*$/.test(value ?? '') ? null : { rule: 'phone' };
}

/** ID card: digits and X only (the server stores x as X). */
export function idCard(value: string | undefined): Problem | null {
  return /^[0-9Xx]*$/.test(value ?? '') ? null : { rule: 'idCard' };
}

/** A plain address check (the server applies format: email); empty is "not set". */
export function email(value: string | undefined): Problem | null {
  const text = value ?? '';
  return text === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? null : { rule: 'email' };
}

/** Integers only where stated, within [min, max]. Accepts a number or its text. */
export function integerBetween(value: number | string | null | undefined, min: number, max: number): Problem | null {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (!/^-?\d+$/.test(text)) return { rule: 'integer' };
  const n = Number(text);
  return n < min || n > max ? { rule: 'between', min, max } : null;
}

/** A username as the contract allows it: letters, digits and _ . @ - */
export function username(value: string | undefined): Problem | null {
  return /^[A-Za-z0-9_.@-]*$/.test(value ?? '') ? null : { rule: 'pattern', what: 'username' };
}

/** A module number is a route key or permission key: letters, digits and _ / : - */
export function moduleNumber(value: string | undefined): Problem | null {
  return /^[A-Za-z0-9_/:-]*$/.test(value ?? '') ? null : { rule: 'pattern', what: 'moduleNumber' };
}

/** A module description holds comma-separated type ids (passed to the screen as typeIds). */
export function typeIds(value: string | undefined): Problem | null {
  return /^\s*(\d+\s*(,\s*\d+\s*)*)?,?\s*$/.test(value ?? '') ? null : { rule: 'pattern', what: 'typeIds' };
}

/** The first problem of a list of checks (each check runs only if the ones before it passed). */
export function first(...checks: Array<() => Problem | null>): Problem | null {
  for (const check of checks) {
    const problem = check();
    if (problem) return problem;
  }
  return null;
}

// ---- Times (the contract's DateTime: local time as "YYYY-MM-DD HH:mm:ss") ----

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The Date of a "YYYY-MM-DD HH:mm:ss" text, or null when it is not a real local time. */
export function parseDateTime(text: string | undefined | null): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number);
  const date = new Date(y, mo - 1, d, h, mi, s);
  // new Date rolls 2026-02-30 over to March; such a text is not a time.
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d && date.getHours() === h ? date : null;
}

/** A time must be well formed when given. */
export function dateTime(text: string | undefined): Problem | null {
  return !text || parseDateTime(text) ? null : { rule: 'badTime' };
}

/** Start time not after end time. */
export function startNotAfterEnd(start: Date | null, end: Date | null): Problem | null {
  return start && end && start.getTime() > end.getTime() ? { rule: 'startAfterEnd' } : null;
}

/** A time not later than now. */
export function notLaterThanNow(time: Date | null, now: Date = new Date()): Problem | null {
  return time && time.getTime() > now.getTime() ? { rule: 'laterThanNow' } : null;
}

/** §5: a time range at most 24 h, 12 h or 15 days long, depending on the screen. */
export const RANGE_LIMIT_HOURS = { day: 24, halfDay: 12, fifteenDays: 15 * 24 } as const;

export function rangeAtMost(start: Date | null, end: Date | null, hours: number): Problem | null {
  return start && end && end.getTime() - start.getTime() > hours * 3_600_000 ? { rule: 'rangeTooLong', hours } : null;
}

/** The §5 time rules of a filter range, in the order a user fixes them; `maxHours` only where a screen sets one. */
export function timeRange(start: string | undefined, end: string | undefined, now: Date = new Date(), maxHours?: number) {
  const startAt = parseDateTime(start);
  const endAt = parseDateTime(end);
  const problems: { start?: Problem; end?: Problem } = {};
  const startProblem = dateTime(start) ?? notLaterThanNow(startAt, now);
  const endProblem = dateTime(end) ?? notLaterThanNow(endAt, now) ?? startNotAfterEnd(startAt, endAt);
  const lengthProblem = maxHours === undefined ? null : rangeAtMost(startAt, endAt, maxHours);
  if (startProblem) problems.start = startProblem;
  if (endProblem ?? lengthProblem) problems.end = (endProblem ?? lengthProblem) as Problem;
  return problems;
}

// ---- Files ----

interface FileLike {
  size: number;
  type: string;
}

/** Avatar images: at most 5 MB, jpg/png/gif/webp. Checked before uploading. */
export function avatarFile(file: FileLike): Problem | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return { rule: 'fileType', allowed: 'JPG, PNG, GIF, WEBP' };
  return file.size > AVATAR_MAX_BYTES ? { rule: 'fileTooLarge', maxMb: 5 } : null;
}

/** Logo images: png, jpeg or webp, small enough that their data URL fits the contract's bound. */
export function logoFile(file: FileLike): Problem | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return { rule: 'fileType', allowed: 'PNG, JPEG, WebP' };
  return file.size > LOGO_MAX_BYTES ? { rule: 'fileTooLarge', maxMb: 2 } : null;
}

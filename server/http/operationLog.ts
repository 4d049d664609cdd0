// Writes one operation-log row per mutating call: who, what, when, the result — never secrets. The record must not
// be lost to its content: masking is iterative with a depth cap, text is made storable (no NUL, no lone surrogate),
// and when the full record still cannot be written a minimal one (who, what, result, no parameters) is.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { wellFormed } from './inputChecks.ts';

const SECRET_KEY = /pass|pwd|secret|token|code$|^code|base64|image|credential|authorization|cookie/i;
const MAX_PARAMS = 2000;
const MAX_STRING = 200;
/** Deeper values are summarised: the log keeps the shape near the top, not a whole deep body. */
const MAX_DEPTH = 8;
/** At most this many values are visited (a wide body is cut, not walked to the end). */
const MAX_NODES = 2000;
/** user:password@ in any URL (rtsp://, http://): the credentials are replaced, the address kept. */
export const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*(:[^\s/@]*)?@/gi;

export function maskText(value: string): string {
  const text = wellFormed(value).replace(URL_CREDENTIALS, '$1***@');
  return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}…` : text;
}

/** A copy safe to log: secret keys masked, credentials in URLs masked, strings cut, depth and size capped. */
export function maskSecrets(value: unknown): unknown {
  const wrap: { v: unknown } = { v: undefined };
  const stack: { source: unknown; set: (v: unknown) => void; depth: number }[] = [
    { source: value, set: (v) => (wrap.v = v), depth: 0 },
  ];
  let visited = 0;
  while (stack.length > 0) {
    const { source, set, depth } = stack.pop()!;
    if (++visited > MAX_NODES) {
      set('…');
      continue;
    }
    if (typeof source === 'string') set(maskText(source));
    else if (source === null || typeof source !== 'object') set(source);
    else if (depth >= MAX_DEPTH) set(Array.isArray(source) ? '[…]' : '{…}');
    else if (Array.isArray(source)) {
      const out: unknown[] = new Array(source.length);
      set(out);
      for (let i = source.length - 1; i >= 0; i--) stack.push({ source: source[i], set: (v) => (out[i] = v), depth: depth + 1 });
    } else {
      const out: Record<string, unknown> = {};
      set(out);
      const entries = Object.entries(source as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [rawKey, child] = entries[i];
        const key = wellFormed(rawKey);
        if (SECRET_KEY.test(key)) out[key] = '***';
        else stack.push({ source: child, set: (v) => (out[key] = v), depth: depth + 1 });
      }
    }
  }
  return wrap.v;
}

export interface LogEntry {
  userId: number | null;
  username: string | null;
  operationId: string;
  summary: string;
  method: string;
  path: string;
  params: unknown;
  code: number;
  msg: string;
  /** The message's key and parameters, so the log can be read in its reader's language. */
  msgKey?: string;
  msgParams?: Record<string, unknown>;
  ip: string;
  durationMs: number;
}

const text = (value: string | null | undefined, max: number) => (value == null ? null : wellFormed(value).slice(0, max));

const MAX_MESSAGE_PARAMS = 1000;

/**
 * The message's key and parameters as stored, the parameters masked like the call's. Both are dropped (the message
 * is kept as sent) when the parameters are too long to keep whole.
 */
function storedMessage(entry: LogEntry): { msgKey: string | null; msgParams: string | null } {
  const none = { msgKey: null, msgParams: null };
  if (!entry.msgKey || entry.msgKey.length > 64) return none;
  if (!entry.msgParams || Object.keys(entry.msgParams).length === 0) return { msgKey: entry.msgKey, msgParams: null };
  try {
    const json = JSON.stringify(maskSecrets(entry.msgParams));
    return json.length <= MAX_MESSAGE_PARAMS ? { msgKey: entry.msgKey, msgParams: json } : none;
  } catch {
    return none;
  }
}

export async function writeOperationLog(db: Kysely<Database>, entry: LogEntry): Promise<void> {
  const base = {
    userId: entry.userId,
    username: text(entry.username, 32),
    operationId: text(entry.operationId, 64) ?? '',
    summary: text(entry.summary, 128) ?? '',
    method: text(entry.method, 8) ?? '',
    path: text(entry.path, 256) ?? '',
    code: entry.code,
    msg: text(entry.msg, 256) ?? '',
    ...storedMessage(entry),
    ip: text(entry.ip, 64) ?? '',
    durationMs: Math.min(2_147_483_647, Math.max(0, Math.round(Number.isFinite(entry.durationMs) ? entry.durationMs : 0))),
  };
  let params: string | null = null;
  try {
    params = entry.params === undefined ? null : JSON.stringify(maskSecrets(entry.params)) ?? null;
    if (params && params.length > MAX_PARAMS) params = `${params.slice(0, MAX_PARAMS)}…`;
  } catch {
    params = '"(parameters could not be recorded)"';
  }
  try {
    await db
      .insertInto('operationLogs')
      .values({ ...base, params })
      .execute();
  } catch {
    // The minimal record: who did what with which result, without the parameters.
    await db
      .insertInto('operationLogs')
      .values({ ...base, params: '"(parameters could not be recorded)"' })
      .execute();
  }
}

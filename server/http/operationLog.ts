// Writes one operation-log row per mutating call: who, what, when, the result — never secrets.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

const SECRET_KEY = /pass|pwd|secret|token|code$|^code|base64|image/i;
const MAX_PARAMS = 2000;

export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '***' : maskSecrets(v)]),
    );
  }
  if (typeof value === 'string' && value.length > 200) return `${value.slice(0, 200)}…`;
  return value;
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
  ip: string;
  durationMs: number;
}

export async function writeOperationLog(db: Kysely<Database>, entry: LogEntry): Promise<void> {
  let params = entry.params === undefined ? null : JSON.stringify(maskSecrets(entry.params));
  if (params && params.length > MAX_PARAMS) params = `${params.slice(0, MAX_PARAMS)}…`;
  await db
    .insertInto('operationLogs')
    .values({
      userId: entry.userId,
      username: entry.username?.slice(0, 32) ?? null,
      operationId: entry.operationId.slice(0, 64),
      summary: entry.summary.slice(0, 128),
      method: entry.method,
      path: entry.path.slice(0, 256),
      params,
      code: entry.code,
      msg: entry.msg.slice(0, 256),
      ip: entry.ip.slice(0, 64),
      durationMs: Math.round(entry.durationMs),
    })
    .execute();
}

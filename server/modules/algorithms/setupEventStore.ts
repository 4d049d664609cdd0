// Setup events (custom algorithm drafts): rows as the API shows them, the param check, versions, and the queries
// the handlers share.
import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type OrchestrationParam, parseOrchestrationParam } from '../../../src/domain/orchestrationParam.ts';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { MessageKey } from '../../http/messages.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';

export type Db = Kysely<Database> | Transaction<Database>;
type SetupEventRow = Awaited<ReturnType<ReturnType<typeof setupEventQuery>['executeTakeFirstOrThrow']>>;

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Checks the param text (400 naming the key and the rule) and answers what it means; the text is stored verbatim. */
export function checkedParam(text: string): OrchestrationParam {
  const parsed = parseOrchestrationParam(text);
  if (!parsed.ok) {
    throw new ApiError(400, 'algorithms.badParam', { field: parsed.problem.field, rule: `algorithms.rule.${parsed.problem.rule}` as MessageKey });
  }
  return parsed.value;
}

export function setupEventQuery(db: Db) {
  return db.selectFrom('setupEvents').selectAll();
}

export function toSetupEvent(r: SetupEventRow): Schema<'SetupEvent'> {
  return {
    id: r.id,
    name: r.name,
    desc: r.description,
    param: r.param,
    sataus: r.sataus,
    customEventType: r.customEventType,
    eventName: r.eventName,
    eventId: r.eventId,
    version: r.version,
    remark: r.remark,
    info1: r.info1,
    buttonType: r.buttonType,
    userName: r.userName,
    validated: r.validatedParamSha256 === sha256(r.param),
    validateTime: r.validatedParamSha256 === sha256(r.param) ? formatTime(r.validatedAt) : null,
    publishedVersion: r.publishedVersion,
    createTime: formatTime(r.createdAt) as string,
    updateTime: formatTime(r.updatedAt) as string,
  };
}

export async function requireSetupEvent(db: Db, id: number, lock = false): Promise<SetupEventRow> {
  let q = setupEventQuery(db).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('algorithms.entity.setupEvent', id);
  return row;
}

export async function checkNameFree(db: Db, name: string, ownId: number): Promise<void> {
  const other = await db.selectFrom('setupEvents').select('id').where('name', '=', name).where('id', '!=', ownId).executeTakeFirst();
  if (other) throw new ApiError(409, 'conflict.duplicate', { field: 'algorithms.field.name', value: name });
}

/** Creation-time filter (spec §4): 1 last day, 2 last week, 3 last month. */
export function createdSince(range: 1 | 2 | 3 | undefined): Date | undefined {
  if (!range) return undefined;
  const days = { 1: 1, 2: 7, 3: 30 }[range];
  return new Date(Date.now() - days * 24 * 3600 * 1000);
}

/** Dot-separated versions: numeric parts compare as numbers, others as text; a longer version with the same start is greater. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d+$/.test(x) ? Number(x) : Number.NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : Number.NaN;
    const c = Number.isNaN(nx) || Number.isNaN(ny) ? x.localeCompare(y, 'en') : nx - ny;
    if (c !== 0) return Math.sign(c);
  }
  return 0;
}

/** The version with its last number raised: 1.0.0 → 1.0.1, v2 → v3; without a number, ".1" is added. */
export function nextVersion(version: string): string {
  const m = /^(.*?)(\d+)(\D*)$/.exec(version);
  if (!m) return `${version}.1`;
  return `${m[1]}${Number(m[2]) + 1}${m[3]}`;
}

/** Catalogue events a published draft's event id is configured on (cameras and scenes). */
export async function eventUseCount(db: Db, eventId: number): Promise<number> {
  const row = await sql<{ n: string }>`
    SELECT (SELECT count(*) FROM device_event_configs WHERE event_id = ${eventId})
         + (SELECT count(*) FROM scene_events WHERE event_id = ${eventId}) AS n`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

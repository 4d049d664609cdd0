// Alarms as the API shows them (WarnEvent), the urgent-type setting, and the handling history.
import type { Kysely, Selectable } from 'kysely';
import type { AlarmTable } from '../../db/alarmTables.ts';
import type { Database } from '../../db/types.ts';
import { formatTime } from '../../http/format.ts';
import type { Lang } from '../../http/messages.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { DEFAULT_URGENT_TYPES, isEventType, kindOf, typeKey, typeName } from './eventTypes.ts';

export type AlarmRow = Selectable<AlarmTable>;
export type WarnEvent = Schema<'WarnEvent'>;
export type WarnEventStatus = Schema<'WarnEventStatus'>;

export const STATUS = { new: 0, confirmed: 1, ignored: 2, dealt: 3, checked: 4 } as const;

export function toWarnEvent(row: AlarmRow, lang: Lang, urgent: ReadonlySet<number>): WarnEvent {
  return {
    id: row.id,
    seq: Number(row.seq),
    cameraId: row.cameraId,
    cameraName: row.cameraName,
    boxId: row.boxId,
    eventType: row.eventType,
    eventTypeKey: typeKey(row.eventType),
    eventTypeName: typeName(row.eventType, lang),
    eventKind: kindOf(row.eventType),
    alarmTime: formatTime(row.alarmTime) as string,
    confidence: Number(row.confidence),
    box: { x: row.boxX, y: row.boxY, w: row.boxW, h: row.boxH },
    imageWidth: row.imageWidth,
    imageHeight: row.imageHeight,
    imageUrl: `/warn/event/image/${row.id}`,
    attributes: row.attributes ?? {},
    status: row.status as WarnEventStatus,
    handleUser: row.handleUser,
    handleTime: formatTime(row.handleTime),
    handleRemark: row.handleRemark,
    dealResult: row.dealResult,
    dealUser: row.dealUser,
    dealTime: formatTime(row.dealTime),
    checkResult: row.checkResult as 1 | 2 | null,
    checkUser: row.checkUser,
    checkTime: formatTime(row.checkTime),
    againCount: row.againCount,
    dealImages: row.dealImages ?? [],
    urgent: urgent.has(row.eventType),
    errDetection: row.errDetection,
    simulated: row.simulated,
    sceneId: row.sceneId,
    sceneName: row.sceneName,
    createTime: formatTime(row.createdAt) as string,
  };
}

/** The system setting `urgentEventTypes` (comma-separated type ids), cached briefly: it is read per push. */
const urgentCache = new WeakMap<Kysely<Database>, { at: number; types: Set<number> }>();
const URGENT_CACHE_MS = 5000;

export async function urgentTypes(db: Kysely<Database>): Promise<Set<number>> {
  const cached = urgentCache.get(db);
  if (cached && Date.now() - cached.at < URGENT_CACHE_MS) return cached.types;
  const row = await db.selectFrom('systemConfig').select('value').where('key', '=', 'urgentEventTypes').executeTakeFirst();
  const parsed = (row?.value ?? '')
    .split(',')
    .map((v) => Number(v.trim()))
    .filter(isEventType);
  const types = new Set(parsed.length > 0 ? parsed : DEFAULT_URGENT_TYPES);
  urgentCache.set(db, { at: Date.now(), types });
  return types;
}

/** A not-deleted alarm by id, or undefined. */
export async function findLiveAlarm(db: Kysely<Database>, id: number): Promise<AlarmRow | undefined> {
  return db.selectFrom('alarms').selectAll().where('id', '=', id).where('deletedAt', 'is', null).executeTakeFirst();
}

export type HandleAction = Schema<'WarnEventHandleLog'>['action'];

export interface HistoryEntry {
  alarmId: number;
  action: HandleAction;
  fromStatus: number | null;
  toStatus: number | null;
  userName: string;
  remark?: string | null;
}

export async function writeHistory(db: Kysely<Database>, entries: HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('alarmHandleLogs')
    .values(entries.map((e) => ({ ...e, remark: e.remark ?? null })))
    .execute();
}

export async function readHistory(db: Kysely<Database>, alarmId: number): Promise<Schema<'WarnEventHandleLog'>[]> {
  // The display name as it is now (the history keeps the login name, which does not change).
  const rows = await db
    .selectFrom('alarmHandleLogs as l')
    .leftJoin('users as u', 'u.username', 'l.userName')
    .selectAll('l')
    .select('u.realName')
    .where('l.alarmId', '=', alarmId)
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({
    action: r.action as HandleAction,
    fromStatus: r.fromStatus as WarnEventStatus | null,
    toStatus: r.toStatus as WarnEventStatus | null,
    user: r.userName,
    userDisplayName: r.realName?.trim() || null,
    time: formatTime(r.createdAt) as string,
    remark: r.remark,
  }));
}

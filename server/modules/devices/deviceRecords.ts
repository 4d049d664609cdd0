// Devices as the API shows them: the row with its box, scene and catalogue link, its configured events, and the
// list filters of spec §4 (scene, start state, run state, creation time: last day / week / month).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { formatTime } from '../../http/format.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { containsPattern, notFound } from '../shared/records.ts';
import { maskedRtspUrl } from './rtspCredentials.ts';
import { streamStateOf } from './streamState.ts';

export type DeviceKind = 'normal' | 'image' | 'offline';

export interface DeviceFilter {
  kind?: DeviceKind | DeviceKind[];
  keyword?: string;
  sceneId?: number;
  startState?: number;
  runState?: number;
  createdWithin?: number;
  boxId?: number;
}

export function deviceQuery(db: Kysely<Database>) {
  return db
    .selectFrom('devices')
    .leftJoin('edgeBoxes', 'edgeBoxes.id', 'devices.boxId')
    .leftJoin('edgeBoxPlatformConfigs', 'edgeBoxPlatformConfigs.boxId', 'devices.boxId')
    .leftJoin('scenes', 'scenes.id', 'devices.sceneId')
    .leftJoin('cameraEntries', 'cameraEntries.deviceId', 'devices.id')
    .selectAll('devices')
    .select(['edgeBoxes.name as boxName', 'scenes.sceneName as sceneName', 'cameraEntries.id as cameraEntryId'])
    // What the stream state is judged by (streamState.ts).
    .select([
      'edgeBoxes.lastHeartbeatAt as boxLastHeartbeatAt',
      'edgeBoxPlatformConfigs.heartbeatSeconds as boxHeartbeatSeconds',
      'edgeBoxes.socketOpenedAt as boxSocketOpenedAt',
      'edgeBoxes.socketClosedAt as boxSocketClosedAt',
    ]);
}

export type DeviceRow = Awaited<ReturnType<ReturnType<typeof deviceQuery>['executeTakeFirstOrThrow']>>;

/** §4 creation-time filter: 1 the last day, 2 the last week, 3 the last month. */
export function createdSince(createdWithin: number, now = new Date()): Date {
  const since = new Date(now);
  if (createdWithin === 1) since.setDate(since.getDate() - 1);
  else if (createdWithin === 2) since.setDate(since.getDate() - 7);
  else since.setMonth(since.getMonth() - 1);
  return since;
}

export function filterDevices<Q extends ReturnType<typeof deviceQuery>>(query: Q, f: DeviceFilter, now = new Date()): Q {
  let q = query as ReturnType<typeof deviceQuery>;
  if (f.kind) q = Array.isArray(f.kind) ? q.where('devices.kind', 'in', f.kind) : q.where('devices.kind', '=', f.kind);
  const keyword = f.keyword?.trim();
  if (keyword) {
    const p = containsPattern(keyword);
    q = q.where((eb) => eb.or([eb('devices.name', 'ilike', p), eb('devices.serialnumber', 'ilike', p), eb('devices.ip', 'ilike', p), eb('devices.brand', 'ilike', p)]));
  }
  if (f.sceneId !== undefined) q = q.where('devices.sceneId', '=', f.sceneId);
  if (f.startState !== undefined) q = q.where('devices.startState', '=', f.startState);
  if (f.runState !== undefined) q = q.where('devices.runState', '=', f.runState);
  if (f.boxId !== undefined) q = q.where('devices.boxId', '=', f.boxId);
  if (f.createdWithin !== undefined) q = q.where('devices.createdAt', '>=', createdSince(f.createdWithin, now));
  return q as Q;
}

/**
 * An offline video is analysed at real-time speed: once its duration has passed since it was started, it is
 * finished (runState 2). Applied before offline devices are read, so lists and filters see the current state.
 */
export async function settleOfflineRuns(db: Kysely<Database>, now = new Date()) {
  await db
    .updateTable('devices')
    .set({ runState: 2 })
    .where('kind', '=', 'offline')
    .where('startState', '=', 1)
    .where('runState', '=', 1)
    .where('duration', 'is not', null)
    .where(sql<boolean>`started_at + duration * interval '1 second' <= ${now}`)
    .execute();
}

export async function findDevice(db: Kysely<Database>, id: number): Promise<DeviceRow> {
  const row = await deviceQuery(db).where('devices.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('entity.device', id);
  return row;
}

export async function eventBriefs(db: Kysely<Database>, deviceIds: number[]): Promise<Map<number, Schema<'DeviceEventBrief'>[]>> {
  const out = new Map<number, Schema<'DeviceEventBrief'>[]>();
  if (deviceIds.length === 0) return out;
  const rows = await db
    .selectFrom('deviceEventConfigs')
    .select(['id', 'deviceId', 'eventId', 'typeId', 'appName', 'eventName', 'status'])
    .where('deviceId', 'in', deviceIds)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.deviceId) ?? [];
    list.push({ configId: r.id, eventId: r.eventId, typeId: r.typeId, appName: r.appName, eventName: r.eventName ?? '', status: r.status as 0 | 1 | 2 });
    out.set(r.deviceId, list);
  }
  return out;
}

export const fileUrl = (path: string | null) => (path ? `/files/${path}` : null);

export function toDevice(r: DeviceRow, events: Schema<'DeviceEventBrief'>[] = [], now = new Date()): Schema<'Device'> {
  const offline = r.kind === 'offline';
  let progress: number | null = null;
  if (offline) {
    if (r.runState === 2) progress = 100;
    else if (r.startState === 1 && r.runState === 1 && r.startedAt && r.duration) {
      progress = Math.min(100, Math.round(((now.getTime() - r.startedAt.getTime()) / 1000 / r.duration) * 1000) / 10);
    } else progress = 0;
  }
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    serialnumber: r.serialnumber,
    ip: r.ip,
    port: r.port,
    rtspUrl: maskedRtspUrl(r.rtspUrl, r.rtspSecretEnc),
    username: r.username,
    brand: r.brand,
    boxId: r.boxId,
    boxName: r.boxName,
    sceneId: r.sceneId,
    sceneName: r.sceneName,
    cameraEntryId: r.cameraEntryId,
    startState: r.startState as 1 | 2,
    runState: r.runState as 0 | 1 | 2 | 3,
    runMessage: r.runMessage,
    online: offline ? null : r.simulated ? true : r.online,
    simulated: r.simulated,
    fps: r.fps,
    streamTransport: r.streamTransport,
    recording: { continuous: r.recordContinuous, segmentSeconds: r.recordSegmentSeconds, preSeconds: r.recordPreSeconds, postSeconds: r.recordPostSeconds },
    stream: streamStateOf(r, now),
    width: r.width,
    height: r.height,
    longitude: r.longitude,
    latitude: r.latitude,
    address: r.address,
    snapshotUrl: fileUrl(r.snapshotPath),
    videoUrl: offline ? fileUrl(r.videoPath) : null,
    duration: offline ? r.duration : null,
    fileSize: offline && r.fileSize !== null ? Number(r.fileSize) : null,
    progress,
    events,
    remark: r.remark,
    createTime: formatTime(r.createdAt)!,
    updateTime: formatTime(r.updatedAt),
  };
}

/** Checks that every id names a device (of the given kinds); 404 naming the first that does not. */
export async function requireDevices(db: Kysely<Database>, ids: number[], kinds?: DeviceKind[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  let q = db.selectFrom('devices').select('id').where('id', 'in', unique);
  if (kinds) q = q.where('kind', 'in', kinds);
  const found = new Set((await q.execute()).map((r) => r.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound('entity.device', missing);
}

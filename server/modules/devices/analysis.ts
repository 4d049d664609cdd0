// Starting and stopping the analysis of a device (spec §4 run states: 0 not running, 1 running, 2 finished,
// 3 abnormal; start state 1 started, 2 not started). The reference platform's engine confirms a start at once, so
// a started device is running; an edge box must be online to take it; the licence caps how many cameras are
// analysed at the same time (the "video-card capacity" of the contract).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import type { Lang } from '../../http/messages.ts';
import { translate } from '../../http/messages.ts';
import { boxOnlineMap } from '../edgeBox/boxStatus.ts';
import { notFound } from '../shared/records.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Cameras being analysed now: a started device, detection task or algorithm run counts the camera once. */
export async function camerasInAnalysis(db: Db): Promise<Set<number>> {
  const devices = await db.selectFrom('devices').select('id').where('startState', '=', 1).execute();
  const tasks = await db.selectFrom('detectionTasks').select('deviceId').where('startState', '=', 1).execute();
  const runs = await db.selectFrom('algorithmRuns').select('deviceId').where('startState', '=', 1).execute();
  return new Set([...devices.map((d) => d.id), ...tasks.map((t) => t.deviceId), ...runs.map((r) => r.deviceId)]);
}

/** 409 when starting this camera would analyse more cameras than the licence allows. */
export async function checkCapacity(db: Db, deviceId: number): Promise<void> {
  // Locking the licence row serialises concurrent starts, so two of them cannot both take the last place.
  const licence = await db.selectFrom('licence').select('maxCameras').forUpdate().executeTakeFirst();
  if (!licence) return;
  const busy = await camerasInAnalysis(db);
  if (!busy.has(deviceId) && busy.size >= licence.maxCameras) throw new ApiError(409, 'devices.noCapacity', { max: licence.maxCameras });
}

/** 409 when the device is analysed by an edge box that is offline. */
export async function checkBoxOnline(db: Db, boxId: number | null, now = new Date()): Promise<void> {
  if (boxId === null) return;
  const online = await boxOnlineMap(db as Kysely<Database>, [boxId], now);
  if (!online.get(boxId)) throw new ApiError(409, 'devices.boxOffline', { boxId });
}

export async function startDevice(db: Kysely<Database>, deviceId: number, eventId?: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const device = await trx.selectFrom('devices').select(['id', 'boxId', 'startState', 'runState']).where('id', '=', deviceId).forUpdate().executeTakeFirst();
    if (!device) throw notFound('entity.device', deviceId);
    let configs = trx.selectFrom('deviceEventConfigs').select(['id', 'status']).where('deviceId', '=', deviceId);
    if (eventId !== undefined) configs = configs.where('eventId', '=', eventId);
    const rows = await configs.execute();
    if (eventId !== undefined && rows.length === 0) throw new ApiError(404, 'devices.noSuchEventConfig', { eventId });
    if (rows.length === 0) throw new ApiError(409, 'devices.noEvents');
    await checkBoxOnline(trx, device.boxId, now);
    await checkCapacity(trx, deviceId);
    // Starting all events leaves disabled ones (status 2) alone; naming an event starts it whatever its state.
    const toRun = rows.filter((r) => eventId !== undefined || r.status !== 2).map((r) => r.id);
    if (toRun.length > 0) await trx.updateTable('deviceEventConfigs').set({ status: 1, updatedAt: now }).where('id', 'in', toRun).execute();
    const running = device.startState === 1 && device.runState === 1;
    if (!running) {
      await trx.updateTable('devices').set({ startState: 1, runState: 1, runMessage: null, startedAt: now, updatedAt: now }).where('id', '=', deviceId).execute();
    }
  });
}

export async function stopDevice(db: Kysely<Database>, deviceId: number, eventId?: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const device = await trx.selectFrom('devices').select('id').where('id', '=', deviceId).forUpdate().executeTakeFirst();
    if (!device) throw notFound('entity.device', deviceId);
    if (eventId !== undefined) {
      const rows = await trx.selectFrom('deviceEventConfigs').select('id').where('deviceId', '=', deviceId).where('eventId', '=', eventId).execute();
      if (rows.length === 0) throw new ApiError(404, 'devices.noSuchEventConfig', { eventId });
      await trx.updateTable('deviceEventConfigs').set({ status: 0, updatedAt: now }).where('id', 'in', rows.map((r) => r.id)).where('status', '=', 1).execute();
      const stillRunning = await trx.selectFrom('deviceEventConfigs').select('id').where('deviceId', '=', deviceId).where('status', '=', 1).executeTakeFirst();
      // The device stays started while other events run.
      if (stillRunning) return;
    } else {
      await trx.updateTable('deviceEventConfigs').set({ status: 0, updatedAt: now }).where('deviceId', '=', deviceId).where('status', '=', 1).execute();
    }
    await trx.updateTable('devices').set({ startState: 2, runState: 0, runMessage: null, startedAt: null, updatedAt: now }).where('id', '=', deviceId).execute();
  });
}

export interface BatchOutcome {
  succeeded: number[];
  failed: { cameraId: number; code: number; msg: string }[];
}

/** Each device on its own: one failure does not stop the others (batch start/stop and planned tasks). */
export async function runBatch(db: Kysely<Database>, action: 'start' | 'stop', cameraIds: number[], lang: Lang, now = new Date()): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { succeeded: [], failed: [] };
  for (const cameraId of [...new Set(cameraIds)]) {
    try {
      if (action === 'start') await startDevice(db, cameraId, undefined, now);
      else await stopDevice(db, cameraId, undefined, now);
      outcome.succeeded.push(cameraId);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcome.failed.push({ cameraId, code: error.code, msg: translate(lang, error.key, error.params) });
    }
  }
  return outcome;
}

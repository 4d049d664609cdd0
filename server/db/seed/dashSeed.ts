// The demo site's history (issue 12): N days of what its simulated edge boxes would have produced, marked
// simulated, so every chart and dashboard has something true to show on the first sign-in. Generated with the
// live simulator's own parts — its type mix and pick (parseTypes/pickType), its snapshots and boxes
// (snapshotFor), the ingest writer (insertAlarm) and the snapshot store, the box figures of the daily pattern
// through the heartbeat's sample store, the flow counters' counts through the flow ingest's store — plus
// handling by the demo users and the detector's call log.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { writeImageFile } from '../../modules/alarms/alarmStore.ts';
import { insertAlarm, type NewAlarm } from '../../modules/alarms/alarmWriter.ts';
import { type FlowRow, storeFlowCounts } from '../../modules/stats/flowIngest.ts';
import { logModelCall } from '../../modules/stats/modelCalls.ts';
import { AVERAGE_SECONDS } from '../../modules/stats/resourceRetention.ts';
import { boxNodeId, storeBoxSample } from '../../modules/stats/resourceStore.ts';
import { parseTypes, pickType, snapshotFor } from '../../simulator/edgeBox.ts';
import { simulatedObject } from '../../simulator/objectAttributes.ts';
import { demoFlowCounters, flowRecordsFor } from '../../simulator/flowCounter.ts';
import { boxLoad, hourWeight, poisson, seededRandom } from '../../simulator/sitePatterns.ts';
import type { Database } from '../types.ts';

/** The demo boxes' mix (server/simulator/demoBox.ts): everyday violations, some road events, rarely urgent ones. */
export const HISTORY_TYPES = '16:6,8:4,13:4,10:3,5:3,6:2,24:2,1003:1,1004:1,1005:1,1016:1,1009:0.3,1020:0.5';
const HOUR_MS = 3600_000;
const CHUNK = 200;

export interface HistoryOptions {
  days: number;
  dataDir: string;
  /** Snapshot files written durably (PostgreSQL deployments), as ingest does. */
  durable: boolean;
  alarmsPerDay?: number;
  now?: Date;
  seed?: number;
  /** Tests: the daily and weekly rhythm is that of the hours before this moment, whatever the day the site is
   *  seeded on, so the counts a test sees do not change with the calendar day (the times still end at now). */
  patternAt?: Date;
}

/** The moment whose hour and weekday set the rhythm of the history's moment t (itself, unless anchored). */
type PatternOf = (t: number) => Date;

export interface HistorySummary {
  alarms: number;
  boxSamples: number;
  modelCalls: number;
  flowCounts: number;
}

export async function seedSimulatedHistory(db: Kysely<Database>, options: HistoryOptions): Promise<HistorySummary> {
  const now = options.now ?? new Date();
  const random = seededRandom(options.seed ?? 20261121);
  const shift = options.patternAt ? options.patternAt.getTime() - now.getTime() : 0;
  const patternOf: PatternOf = (t) => new Date(t + shift);
  await placeBoxesAtTheirCameras(db);
  const alarms = await seedAlarms(db, options, now, random, patternOf);
  const boxSamples = await seedBoxResources(db, options.days, now, random, patternOf);
  const modelCalls = await seedModelCalls(db, options.days, now, random, patternOf);
  const flowCounts = await seedFlow(db, Math.min(options.days, FLOW_DAYS), now, random, patternOf);
  // Everything this site holds so far is simulated: its statistics count simulated records until switched.
  await db.insertInto('systemConfig').values({ key: 'statsIncludeSimulated', value: 'true', updatedAt: now }).onConflict((oc) => oc.column('key').doNothing()).execute();
  return { alarms, boxSamples, modelCalls, flowCounts };
}

/** The demo boxes stand where their cameras are (the seed left them all at one default point). */
async function placeBoxesAtTheirCameras(db: Kysely<Database>): Promise<void> {
  await sql`
    UPDATE edge_boxes b SET longitude = c.lng, latitude = c.lat
      FROM (SELECT box_id, avg(longitude) AS lng, avg(latitude) AS lat FROM devices
             WHERE box_id IS NOT NULL AND longitude IS NOT NULL AND latitude IS NOT NULL GROUP BY box_id) c
     WHERE c.box_id = b.id`.execute(db);
}

/** Flow counts are kept for the statistics window (15 days): older ones would never be shown. */
const FLOW_DAYS = 15;

/** Every minute of the last days, from the live counters' own generator, stored as ingest stores them. */
async function seedFlow(db: Kysely<Database>, days: number, now: Date, random: () => number, patternOf: PatternOf): Promise<number> {
  // The simulated boxes' cameras only: the demo's real edge box (this server's) gets no made-up history.
  const devices = await db
    .selectFrom('devices')
    .innerJoin('edgeBoxes', 'edgeBoxes.id', 'devices.boxId')
    .select(['devices.id', 'devices.boxId'])
    .where('edgeBoxes.simulated', '=', true)
    .where('devices.kind', '=', 'normal')
    .orderBy('devices.id')
    .execute();
  const boxIds = [...new Set(devices.map((d) => d.boxId as number))].sort((a, b) => a - b);
  const counters = demoFlowCounters(boxIds.map((boxId) => ({ boxId, secret: '', cameraIds: devices.filter((d) => d.boxId === boxId).map((d) => d.id) })));
  const end = new Date(now);
  end.setSeconds(0, 0);
  let rows: FlowRow[] = [];
  let count = 0;
  for (let t = end.getTime() - days * 24 * HOUR_MS; t < end.getTime(); t += 60_000) {
    for (const r of flowRecordsFor(patternOf(t), counters, random)) {
      // A quiet minute at night is posted as 0 by a box; the seed leaves zeros out (they add nothing to a sum).
      if (r.count === 0) continue;
      rows.push({ ...r, minute: new Date(t), direction: r.direction === 'in' ? 1 : 2, simulated: true });
    }
    if (rows.length >= 2000) {
      count += await storeFlowCounts(db, rows);
      rows = [];
    }
  }
  return count + (await storeFlowCounts(db, rows));
}

async function seedAlarms(db: Kysely<Database>, options: HistoryOptions, now: Date, random: () => number, patternOf: PatternOf): Promise<number> {
  const cameras = await db
    .selectFrom('devices')
    .innerJoin('edgeBoxes', 'edgeBoxes.id', 'devices.boxId')
    .leftJoin('scenes', 'scenes.id', 'devices.sceneId')
    .select(['devices.id', 'devices.name', 'devices.boxId', 'devices.sceneId', 'scenes.sceneName'])
    .where('devices.kind', '=', 'normal')
    .where('edgeBoxes.simulated', '=', true)
    .orderBy('devices.id')
    .execute();
  if (cameras.length === 0) return 0;
  const types = parseTypes(HISTORY_TYPES);
  // Per camera and ordinary hour, so that a day brings about alarmsPerDay over the site.
  const rate = (options.alarmsPerDay ?? 150) / (cameras.length * 21);
  const start = new Date(now.getTime() - options.days * 24 * HOUR_MS);
  start.setMinutes(0, 0, 0);
  const pending: Promise<{ id: number; alarmTime: Date }>[] = [];
  let n = 0;
  for (let hour = start.getTime(); hour < now.getTime(); hour += HOUR_MS) {
    for (const camera of cameras) {
      const count = poisson(rate * hourWeight(patternOf(hour)), random);
      for (let i = 0; i < count; i++) {
        const alarmTime = new Date(hour + Math.floor(random() * HOUR_MS));
        if (alarmTime > now) continue;
        n += 1;
        const eventType = pickType(types);
        const shot = snapshotFor(eventType, n % 8);
        pending.push(
          writeImageFile(options.dataDir, 'alarms', shot.png, 'png', options.durable).then(async (imagePath) => {
            const alarm: NewAlarm = {
              cameraId: camera.id,
              cameraName: camera.name,
              boxId: camera.boxId,
              boxEventId: `history-${camera.boxId}-${alarmTime.getTime()}-${n}`,
              eventType,
              alarmTime,
              confidence: Math.round((0.6 + random() * 0.39) * 1000) / 1000,
              boxX: shot.box.x,
              boxY: shot.box.y,
              boxW: shot.box.w,
              boxH: shot.box.h,
              imageWidth: shot.width,
              imageHeight: shot.height,
              imagePath,
              attributes: JSON.stringify({ source: 'simulator', ...simulatedObject() }),
              simulated: true,
              sceneId: camera.sceneId,
              sceneName: camera.sceneName,
            };
            const stored = await insertAlarm(db, alarm, null);
            return { id: stored.id, alarmTime };
          }),
        );
        // The writer batches what is queued together: a chunk at a time keeps memory flat.
        if (pending.length >= CHUNK) await handle(db, await Promise.all(pending.splice(0)), now, random);
      }
    }
  }
  await handle(db, await Promise.all(pending.splice(0)), now, random);
  return n;
}

const USERS = ['operator', 'admin'];

/** Older alarms are mostly handled (confirmed, ignored, dealt, checked); recent ones partly; today's few. */
async function handle(db: Kysely<Database>, stored: { id: number; alarmTime: Date }[], now: Date, random: () => number): Promise<void> {
  const rows: { id: number; status: number; user: string; handled: Date }[] = [];
  for (const a of stored) {
    const ageHours = (now.getTime() - a.alarmTime.getTime()) / HOUR_MS;
    const handledShare = ageHours > 48 ? 0.92 : ageHours > 6 ? 0.7 : 0.3;
    if (random() > handledShare) continue;
    const r = random();
    const status = r < 0.35 ? 1 : r < 0.55 ? 2 : r < 0.85 ? 3 : 4;
    const handled = new Date(Math.min(now.getTime(), a.alarmTime.getTime() + (5 + random() * 120) * 60_000));
    rows.push({ id: a.id, status, user: USERS[Math.floor(random() * USERS.length)], handled });
  }
  if (rows.length === 0) return;
  const values = sql.join(rows.map((r) => sql`(${r.id}::int, ${r.status}::smallint, ${r.user}::text, ${r.handled}::timestamptz)`));
  await sql`
    UPDATE alarms SET status = v.status, handle_user = v.user_name, handle_time = v.handled,
      deal_result = CASE WHEN v.status >= 3 THEN '已现场处置（模拟）' END,
      deal_user = CASE WHEN v.status >= 3 THEN v.user_name END,
      deal_time = CASE WHEN v.status >= 3 THEN v.handled END,
      check_result = CASE WHEN v.status = 4 THEN 1 END,
      check_user = CASE WHEN v.status = 4 THEN 'admin' END,
      check_time = CASE WHEN v.status = 4 THEN v.handled + interval '30 minutes' END
    FROM (VALUES ${values}) AS v (id, status, user_name, handled)
    WHERE alarms.id = v.id`.execute(db);
  const actions: Record<number, string> = { 1: 'confirm', 2: 'ignore', 3: 'deal', 4: 'check' };
  await db
    .insertInto('alarmHandleLogs')
    .values(
      rows.flatMap((r) => {
        const first = r.status === 2 ? 'ignore' : 'confirm';
        const log = [{ alarmId: r.id, action: first, fromStatus: 0, toStatus: r.status === 2 ? 2 : 1, userName: r.user, remark: null, createdAt: r.handled }];
        if (r.status >= 3) log.push({ alarmId: r.id, action: 'deal', fromStatus: 1, toStatus: 3, userName: r.user, remark: null, createdAt: r.handled });
        if (r.status === 4) log.push({ alarmId: r.id, action: actions[4], fromStatus: 3, toStatus: 4, userName: 'admin', remark: null, createdAt: r.handled });
        return log;
      }),
    )
    .execute();
}

/** Box figures: every 2 minutes over the last 48 hours, 10-minute averages before (as retention keeps them). */
async function seedBoxResources(db: Kysely<Database>, days: number, now: Date, random: () => number, patternOf: PatternOf): Promise<number> {
  const boxes = await db.selectFrom('edgeBoxes').select('id').where('simulated', '=', true).orderBy('id').execute();
  let count = 0;
  for (const [index, box] of boxes.entries()) {
    // The node row first (its latest figures), as a heartbeat would leave it.
    const latest = boxLoad(patternOf(now.getTime()), index, random);
    await storeBoxSample(db, box.id, { ...sampleReport(latest), simulated: true }, new Date(now.getTime() - 60_000));
    const nodeId = boxNodeId(box.id);
    const rows = [];
    const rawFrom = now.getTime() - 48 * HOUR_MS;
    const avgFrom = Math.floor((now.getTime() - days * 24 * HOUR_MS) / (AVERAGE_SECONDS * 1000)) * AVERAGE_SECONDS * 1000;
    for (let t = avgFrom; t < rawFrom - AVERAGE_SECONDS * 1000; t += AVERAGE_SECONDS * 1000) {
      rows.push(sampleRow(nodeId, new Date(t), AVERAGE_SECONDS, boxLoad(patternOf(t), index, random, (now.getTime() - t) / (24 * HOUR_MS))));
    }
    for (let t = rawFrom; t < now.getTime() - 120_000; t += 120_000) rows.push(sampleRow(nodeId, new Date(t), 0, boxLoad(patternOf(t), index, random)));
    for (let i = 0; i < rows.length; i += 1000) {
      await db.insertInto('resourceSamples').values(rows.slice(i, i + 1000)).onConflict((oc) => oc.doNothing()).execute();
    }
    count += rows.length + 1;
  }
  return count;
}

const NPU_MEMORY = 4 * 1024 ** 3;

function sampleReport(load: ReturnType<typeof boxLoad>) {
  return {
    cpuUsage: load.cpuUsage,
    memoryUsage: load.memoryUsage,
    diskUsage: load.diskUsage,
    cpuCores: 8,
    memoryTotal: 8 * 1024 ** 3,
    diskTotal: 256 * 1024 ** 3,
    rxBytesPerSec: load.rxBytesPerSec,
    txBytesPerSec: load.txBytesPerSec,
    gpus: [{ index: 0, name: 'NPU (simulated)', usage: load.acceleratorUsage, memoryTotal: NPU_MEMORY, memoryUsed: Math.round(NPU_MEMORY * (0.2 + load.acceleratorUsage / 200)) }],
  };
}

function sampleRow(nodeId: string, at: Date, resolution: number, load: ReturnType<typeof boxLoad>) {
  return {
    nodeId,
    at,
    resolution,
    cpu: load.cpuUsage,
    memory: load.memoryUsage,
    disk: load.diskUsage,
    gpu: load.acceleratorUsage,
    videoMemory: Math.round((20 + load.acceleratorUsage / 2) * 10) / 10,
    rxBytesPerSec: load.rxBytesPerSec,
    txBytesPerSec: load.txBytesPerSec,
    simulated: true,
  };
}

/** The detector's calls from orchestration validations: a few a working day, a few per cent refused images. */
async function seedModelCalls(db: Kysely<Database>, days: number, now: Date, random: () => number, patternOf: PatternOf): Promise<number> {
  // Working days and hours are those of the pattern's clock, then moved back onto the real one.
  const patternNow = patternOf(now.getTime());
  const shift = patternNow.getTime() - now.getTime();
  let count = 0;
  for (let d = days; d >= 0; d--) {
    const day = new Date(patternNow.getFullYear(), patternNow.getMonth(), patternNow.getDate() - d);
    const weekend = day.getDay() === 0 || day.getDay() === 6;
    const calls = poisson(weekend ? 2 : 9, random);
    for (let i = 0; i < calls; i++) {
      const calledAt = new Date(day.getTime() + (9 + random() * 9) * HOUR_MS - shift);
      if (calledAt > now) continue;
      const failed = random() < 0.04;
      // Latency near 60 ms with a long tail (a cold detector, large images).
      const latencyMs = failed ? 3 + random() * 5 : 35 + -Math.log(1 - random()) * 30;
      await logModelCall(db, { model: 'NanoDet-g', operation: 'validateSetupEvent', latencyMs, errorCode: failed ? 415 : null, userName: 'admin', calledAt, simulated: true });
      count += 1;
    }
  }
  return count;
}

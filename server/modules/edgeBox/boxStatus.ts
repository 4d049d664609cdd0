// Whether an edge box is online, and what a heartbeat from a box records. The box reports through the ingest side
// (a box that posts is alive): recordBoxHeartbeat is what that side calls, and what hands the box its queued
// commands, the trained versions synced to it and what its cameras run (cameraWork.ts), keeps its stream reports
// (streamReports.ts), and marks its current assignment delivered.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { EdgeCamera } from '../../edge/types.ts';
import { type BoxResourceReport, storeBoxSample } from '../stats/resourceStore.ts';
import { acknowledgeModelSyncs, deliverModelSyncs, type ModelSync, type ModelSyncAck } from '../training/versionSyncStore.ts';
import { boxCameras } from './cameraWork.ts';
import { DEFAULT_HEARTBEAT_SECONDS, isBoxOnline } from './boxOnline.ts';
import { type StreamReport, storeStreamReports } from './streamReports.ts';

export { DEFAULT_HEARTBEAT_SECONDS, isBoxOnline };

/** The online state of boxes by id (boxes without a platform configuration use the default interval). */
export async function boxOnlineMap(db: Kysely<Database>, boxIds: number[], now = new Date()): Promise<Map<number, boolean>> {
  const out = new Map<number, boolean>();
  if (boxIds.length === 0) return out;
  const rows = await db
    .selectFrom('edgeBoxes')
    .leftJoin('edgeBoxPlatformConfigs', 'edgeBoxPlatformConfigs.boxId', 'edgeBoxes.id')
    .select(['edgeBoxes.id', 'edgeBoxes.lastHeartbeatAt', 'edgeBoxPlatformConfigs.heartbeatSeconds'])
    .where('edgeBoxes.id', 'in', boxIds)
    .execute();
  for (const r of rows) out.set(r.id, isBoxOnline(r.lastHeartbeatAt, r.heartbeatSeconds, now));
  return out;
}

export interface HeartbeatReport extends BoxResourceReport {
  ip?: string;
  version?: string;
  cpuUsage?: number;
  memoryUsage?: number;
  diskUsage?: number;
  /** Installed algorithm apps and the topics they publish, when the box reports them. */
  sdcApps?: unknown[];
  sdcTopics?: unknown[];
  /** Run state per camera the box runs (0 not running, 1 running, 3 abnormal). */
  runStates?: { cameraId: number; runState: 0 | 1 | 3 }[];
  /** The box is a simulation (the demo site's boxes). */
  simulated?: boolean;
  /** What the box did with the trained versions it was handed. */
  modelSyncAcks?: ModelSyncAck[];
  /** The state of each camera stream it pulls. */
  streams?: StreamReport[];
}

export interface HeartbeatAnswer {
  commands: { id: number; command: string; payload: unknown }[];
  cameras: EdgeCamera[];
  heartbeatSeconds: number;
  modelSyncs: ModelSync[];
}

/** Records a heartbeat: status figures, reported apps, and hands over the commands queued for the box. */
export async function recordBoxHeartbeat(db: Kysely<Database>, boxId: number, report: HeartbeatReport = {}, now = new Date()): Promise<HeartbeatAnswer> {
  const answer = await db.transaction().execute(async (trx) => {
    const set: Record<string, unknown> = { lastHeartbeatAt: now, taskDeliveredAt: now };
    for (const key of ['ip', 'version', 'cpuUsage', 'memoryUsage', 'diskUsage'] as const) {
      if (report[key] !== undefined) set[key] = report[key];
    }
    if (report.sdcApps) set.sdcApps = JSON.stringify(report.sdcApps);
    if (report.sdcTopics) set.sdcTopics = JSON.stringify(report.sdcTopics);
    if (report.simulated !== undefined) set.simulated = report.simulated;
    await trx.updateTable('edgeBoxes').set(set).where('id', '=', boxId).execute();
    // Resource analysis keeps the reported figures as the box's history.
    await storeBoxSample(trx, boxId, report, now);
    await storeStreamReports(trx, boxId, report.streams ?? [], now);
    for (const r of report.runStates ?? []) {
      await trx.updateTable('edgeBoxAssignments').set({ runState: r.runState }).where('boxId', '=', boxId).where('deviceId', '=', r.cameraId).execute();
    }
    const commands = await trx
      .updateTable('edgeBoxCommands')
      .set({ deliveredAt: now })
      .where('boxId', '=', boxId)
      .where('deliveredAt', 'is', null)
      .returning(['id', 'command', 'payload'])
      .execute();
    // Acknowledgements first: a sync delivered by the last answer can be applied by this one.
    await acknowledgeModelSyncs(trx, boxId, report.modelSyncAcks ?? [], now);
    const modelSyncs = await deliverModelSyncs(trx, boxId, now);
    const platform = await trx.selectFrom('edgeBoxPlatformConfigs').select('heartbeatSeconds').where('boxId', '=', boxId).executeTakeFirst();
    return {
      commands: commands.sort((a, b) => a.id - b.id),
      heartbeatSeconds: platform?.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS,
      modelSyncs,
    };
  });
  // What the cameras run is read after the commit (a read, and at least as new as the commands handed over).
  return { ...answer, cameras: await boxCameras(db, boxId) };
}

/** Queues a command for the box's next heartbeat answer. */
export async function queueBoxCommand(db: Kysely<Database>, boxId: number, command: string, payload: Record<string, unknown> = {}) {
  await db.insertInto('edgeBoxCommands').values({ boxId, command, payload: JSON.stringify(payload) }).execute();
}

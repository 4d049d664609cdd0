// Where resource samples go: a node row (its latest figures, as the list answers them) and a raw sample row for
// the history. The host's samples come from hostMetrics.ts; a box's from its heartbeat.
import type { Kysely } from 'kysely';
import type { StoredGpu } from '../../db/dashTables.ts';
import type { Database } from '../../db/types.ts';
import { type HostSample, round1 } from './hostMetrics.ts';

/** What a box's heartbeat may say about its resources (percentages; a box may add totals and GPUs). */
export interface BoxResourceReport {
  cpuUsage?: number;
  memoryUsage?: number;
  diskUsage?: number;
  cpuCores?: number;
  memoryTotal?: number;
  diskTotal?: number;
  gpus?: StoredGpu[];
  rxBytesPerSec?: number;
  txBytesPerSec?: number;
  simulated?: boolean;
}

/** Average GPU use and video-memory use over a node's GPUs (null without GPUs or figures). */
export function gpuFigures(gpus: StoredGpu[]): { gpu: number | null; videoMemory: number | null; memoryTotal: number; memoryUsed: number } {
  const usages = gpus.map((g) => g.usage).filter((u): u is number => typeof u === 'number');
  const withMemory = gpus.filter((g) => typeof g.memoryTotal === 'number' && typeof g.memoryUsed === 'number' && g.memoryTotal > 0);
  const memoryTotal = withMemory.reduce((s, g) => s + (g.memoryTotal ?? 0), 0);
  const memoryUsed = withMemory.reduce((s, g) => s + (g.memoryUsed ?? 0), 0);
  return {
    gpu: usages.length ? round1(usages.reduce((s, u) => s + u, 0) / usages.length) : null,
    videoMemory: memoryTotal > 0 ? round1((memoryUsed / memoryTotal) * 100) : null,
    memoryTotal,
    memoryUsed,
  };
}

export async function storeHostSample(db: Kysely<Database>, sample: HostSample, at = new Date()): Promise<void> {
  const figures = gpuFigures(sample.gpus);
  const latest = { cpu: sample.cpu, memory: sample.memory, disk: sample.disk, network: sample.network };
  await db.transaction().execute(async (trx) => {
    const node = {
      nodeName: sample.hostname,
      ip: sample.ip,
      role: 'master' as const,
      simulated: false,
      cpuCores: sample.cores,
      gpuDetected: sample.gpuDetected,
      gpus: JSON.stringify(sample.gpus),
      latest: JSON.stringify(latest),
      lastSampleAt: at,
    };
    await trx
      .insertInto('resourceNodes')
      .values({ nodeId: sample.nodeId, ...node })
      .onConflict((oc) => oc.column('nodeId').doUpdateSet(node))
      .execute();
    await trx
      .insertInto('resourceSamples')
      .values({
        nodeId: sample.nodeId,
        at,
        cpu: sample.cpu,
        memory: sample.memory.usage ?? 0,
        disk: sample.disk.usage,
        gpu: figures.gpu,
        videoMemory: figures.videoMemory,
        rxBytesPerSec: sample.network?.rxBytesPerSec ?? null,
        txBytesPerSec: sample.network?.txBytesPerSec ?? null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}

export const boxNodeId = (boxId: number) => `box:${boxId}`;

const amount = (usage: number | undefined, total: number | undefined) => ({
  total: total ?? null,
  used: total !== undefined && usage !== undefined ? Math.round((total * usage) / 100) : null,
  usage: usage ?? null,
});

/** Records a box's reported figures (called with its heartbeat); a report without CPU and memory use is skipped. */
export async function storeBoxSample(db: Kysely<Database>, boxId: number, report: BoxResourceReport, at = new Date()): Promise<boolean> {
  if (typeof report.cpuUsage !== 'number' || typeof report.memoryUsage !== 'number') return false;
  const box = await db.selectFrom('edgeBoxes').select(['name', 'ip']).where('id', '=', boxId).executeTakeFirst();
  if (!box) return false;
  const gpus = report.gpus ?? [];
  const figures = gpuFigures(gpus);
  const network = typeof report.rxBytesPerSec === 'number' && typeof report.txBytesPerSec === 'number' ? { rxBytesPerSec: report.rxBytesPerSec, txBytesPerSec: report.txBytesPerSec } : null;
  const latest = { cpu: report.cpuUsage, memory: amount(report.memoryUsage, report.memoryTotal), disk: amount(report.diskUsage, report.diskTotal), network };
  const nodeId = boxNodeId(boxId);
  const node = {
    nodeName: box.name,
    ip: box.ip ?? '',
    role: 'box' as const,
    boxId,
    simulated: report.simulated === true,
    cpuCores: report.cpuCores ?? null,
    gpuDetected: report.gpus ? gpus.length > 0 : null,
    gpus: JSON.stringify(gpus),
    latest: JSON.stringify(latest),
    lastSampleAt: at,
  };
  await db
    .insertInto('resourceNodes')
    .values({ nodeId, ...node })
    .onConflict((oc) => oc.column('nodeId').doUpdateSet(node))
    .execute();
  await db
    .insertInto('resourceSamples')
    .values({
      nodeId,
      at,
      cpu: report.cpuUsage,
      memory: report.memoryUsage,
      disk: report.diskUsage ?? null,
      gpu: figures.gpu,
      videoMemory: figures.videoMemory,
      rxBytesPerSec: network?.rxBytesPerSec ?? null,
      txBytesPerSec: network?.txBytesPerSec ?? null,
      simulated: report.simulated === true,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

// Resource analysis: the latest figures of every node (this server's host, measured; edge boxes, from their
// heartbeats) and one node's history, averaged into at most `points` buckets.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf, parseTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { boxOnlineMap } from '../edgeBox/boxStatus.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { hostNodeId } from './hostMetrics.ts';
import { AVERAGE_SECONDS, AVERAGED_KEEP_MS, RAW_KEEP_MS } from './resourceRetention.ts';
import { gpuFigures } from './resourceStore.ts';

type Node = Schema<'SystemResourceNode'>;
const DAY_MS = 86400_000;
export const HISTORY_MAX_DAYS = AVERAGED_KEEP_MS / DAY_MS;

/** A host is online while its samples keep coming (three intervals, at least a minute). */
function hostOnline(lastSampleAt: Date | null, sampleSeconds: number, now: Date): boolean {
  return Boolean(lastSampleAt) && now.getTime() - (lastSampleAt as Date).getTime() <= Math.max(60, 3 * sampleSeconds) * 1000;
}

/** Every node with its latest figures: hosts first, then boxes by name. Boxes deleted since are left out. */
export async function resourceNodes(db: Kysely<Database>, sampleSeconds: number, now = new Date()): Promise<Node[]> {
  const rows = await db
    .selectFrom('resourceNodes')
    .leftJoin('edgeBoxes', 'edgeBoxes.id', 'resourceNodes.boxId')
    .selectAll('resourceNodes')
    .select('edgeBoxes.id as liveBoxId')
    .where((eb) => eb.or([eb('resourceNodes.boxId', 'is', null), eb('edgeBoxes.id', 'is not', null)]))
    .execute();
  const boxIds = rows.flatMap((r) => (r.boxId ? [r.boxId] : []));
  const online = await boxOnlineMap(db, boxIds, now);
  const nodes = rows.map((r): Node => {
    const latest = r.latest ?? {};
    const gpus = r.gpus ?? [];
    const figures = gpuFigures(gpus);
    const empty = { total: null, used: null, usage: null };
    return {
      nodeId: r.nodeId,
      nodeName: r.nodeName,
      ip: r.ip,
      role: r.role,
      online: r.boxId ? (online.get(r.boxId) ?? false) : hostOnline(r.lastSampleAt, sampleSeconds, now),
      simulated: r.simulated,
      cpu: { cores: r.cpuCores, usage: latest.cpu ?? 0 },
      memory: latest.memory ?? empty,
      disk: latest.disk ?? empty,
      network: latest.network ?? null,
      gpuDetected: r.gpuDetected,
      gpus,
      videoMemory: figures.memoryTotal > 0 ? { total: figures.memoryTotal, used: figures.memoryUsed, usage: figures.videoMemory } : null,
      updateTime: formatTime(r.lastSampleAt) ?? formatTime(now)!,
    };
  });
  const rank = (n: Node) => (n.role === 'box' ? 1 : 0);
  return nodes.sort((a, b) => rank(a) - rank(b) || a.nodeName.localeCompare(b.nodeName, 'zh') || a.nodeId.localeCompare(b.nodeId));
}

export const resourceHandlers: HandlerMap = {
  async listSystemResources({ db, body, services }: Ctx<'listSystemResources'>) {
    const seconds = services.config.resourceSampleSeconds;
    // A server that has just started may not have measured its host yet: measure it now.
    const host = await db.selectFrom('resourceNodes').select('lastSampleAt').where('nodeId', '=', hostNodeId()).executeTakeFirst();
    if (seconds > 0 && !host?.lastSampleAt) await services.resourceSampler?.sampleNow();
    let nodes = await resourceNodes(db, seconds);
    const needle = body.nodeName?.trim().toLowerCase();
    if (needle) nodes = nodes.filter((n) => n.nodeName.toLowerCase().includes(needle) || n.ip.includes(needle));
    if (body.role) nodes = nodes.filter((n) => n.role === body.role);
    if (body.online !== undefined) nodes = nodes.filter((n) => n.online === body.online);
    const { pageNo, pageSize, offset } = pageOf(body);
    return { total: nodes.length, pageNo, pageSize, list: nodes.slice(offset, offset + pageSize) };
  },

  async getResourceHistory({ db, body }: Ctx<'getResourceHistory'>) {
    const start = parseTime(body.startTime);
    const end = parseTime(body.endTime);
    if (start.getTime() > end.getTime()) throw new ApiError(400, 'stats.timeOrder');
    if (end.getTime() - start.getTime() > HISTORY_MAX_DAYS * DAY_MS) throw new ApiError(400, 'stats.windowTooLong', { max: HISTORY_MAX_DAYS });
    const node = await db.selectFrom('resourceNodes').select('nodeId').where('nodeId', '=', body.nodeId).executeTakeFirst();
    if (!node) throw new ApiError(404, 'stats.resource.noNode', { nodeId: body.nodeId });
    const raw = start.getTime() >= Date.now() - RAW_KEEP_MS;
    const resolution = raw ? 0 : AVERAGE_SECONDS;
    const points = body.points ?? 240;
    const span = Math.max(1, Math.ceil((end.getTime() - start.getTime() + 1000) / 1000 / points));
    const bucketSeconds = raw ? span : Math.ceil(span / AVERAGE_SECONDS) * AVERAGE_SECONDS;
    const bucket = sql<Date>`date_bin(make_interval(secs => ${bucketSeconds}), at, ${start}::timestamptz)`;
    const rows = await db
      .selectFrom('resourceSamples')
      .select([
        bucket.as('time'),
        sql<number>`avg(cpu)`.as('cpu'),
        sql<number>`avg(memory)`.as('memory'),
        sql<number | null>`avg(disk)`.as('disk'),
        sql<number | null>`avg(gpu)`.as('gpu'),
        sql<number | null>`avg(video_memory)`.as('videoMemory'),
        sql<number | null>`avg(rx_bytes_per_sec)`.as('rx'),
        sql<number | null>`avg(tx_bytes_per_sec)`.as('tx'),
      ])
      .where('nodeId', '=', body.nodeId)
      .where('resolution', '=', resolution)
      .where('at', '>=', start)
      .where('at', '<=', end)
      // By position: the bucket expression carries parameters, which would not match a repeated expression.
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .limit(500)
      .execute();
    const num = (v: number | string | null, digits = 1) => (v === null ? null : Math.round(Number(v) * 10 ** digits) / 10 ** digits);
    return {
      nodeId: body.nodeId,
      bucketSeconds,
      source: raw ? 'raw' : 'averaged',
      points: rows.map((r) => ({
        time: formatTime(new Date(r.time))!,
        cpu: num(r.cpu) ?? 0,
        memory: num(r.memory) ?? 0,
        disk: num(r.disk),
        gpu: num(r.gpu),
        videoMemory: num(r.videoMemory),
        rxBytesPerSec: num(r.rx, 0),
        txBytesPerSec: num(r.tx, 0),
      })),
    };
  },
};

// The algorithm dashboard of spec §1 (getAlgorithmHomeSummary): counts from the orchestration tables, compute, GPU
// and video-memory use over the online nodes (resource analysis: this host measured, boxes from their heartbeats),
// the most downloaded published algorithms and the versions published per day (orchestrated versions and trained
// versions alike). Training counts are the training jobs ever started and those queued or running now.
import { sql } from 'kysely';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { round1 } from '../stats/hostMetrics.ts';
import { resourceNodes } from '../stats/resourceHandlers.ts';
import { addDays, dateText, notInFuture, parseDate, startOfToday, TIME_ZONE } from '../stats/statsQueries.ts';

export const homeSummaryHandlers: HandlerMap = {
  async getAlgorithmHomeSummary({ db, body, services }: Ctx<'getAlgorithmHomeSummary'>) {
    const end = body?.endDate ? parseDate(body.endDate) : startOfToday();
    notInFuture('endDate', end);
    const start = addDays(end, -6);
    const publishedDay = sql<string>`to_char(published_at AT TIME ZONE ${sql.lit(TIME_ZONE)}, 'YYYY-MM-DD')`;
    const trainedDay = sql<string>`to_char(published_at AT TIME ZONE ${sql.lit(TIME_ZONE)}, 'YYYY-MM-DD')`;
    const [counts, training, validations, top, perDay, trainedPerDay, nodes] = await Promise.all([
      db
        .selectFrom('setupEvents')
        .select([sql<string>`count(*)`.as('all'), sql<string>`count(*) FILTER (WHERE sataus <> 0)`.as('published')])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('trainJobs')
        .select([sql<string>`count(*)`.as('all'), sql<string>`count(*) FILTER (WHERE state IN (0, 1))`.as('running')])
        .executeTakeFirstOrThrow(),
      db.selectFrom('setupEventValidations').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      db
        .selectFrom('setupEvents')
        .select(['id', 'name', 'publishedVersion', 'downloads'])
        .where('sataus', '<>', 0)
        .orderBy('downloads', 'desc')
        .orderBy('publishedAt', 'desc')
        .orderBy('id')
        .limit(5)
        .execute(),
      db
        .selectFrom('setupEventVersions')
        .select([publishedDay.as('day'), sql<string>`count(*)`.as('n')])
        .where('publishedAt', '>=', start)
        .where('publishedAt', '<', addDays(end, 1))
        .groupBy(publishedDay)
        .execute(),
      db
        .selectFrom('trainVersions')
        .select([trainedDay.as('day'), sql<string>`count(*)`.as('n')])
        .where('publishedAt', '>=', start)
        .where('publishedAt', '<', addDays(end, 1))
        .groupBy(trainedDay)
        .execute(),
      resourceNodes(db, services.config.resourceSampleSeconds),
    ]);
    const online = nodes.filter((n) => n.online);
    const avg = (values: number[]) => (values.length ? round1(values.reduce((s, v) => s + v, 0) / values.length) : 0);
    const gpus = online.flatMap((n) => n.gpus);
    const gpuUsages = gpus.map((g) => g.usage).filter((u): u is number => typeof u === 'number');
    const vram = online.flatMap((n) => (n.videoMemory ? [n.videoMemory] : []));
    const vramTotal = vram.reduce((s, v) => s + (v.total ?? 0), 0);
    const vramUsed = vram.reduce((s, v) => s + (v.used ?? 0), 0);
    const dayCounts = new Map<string, number>();
    for (const r of [...perDay, ...trainedPerDay]) dayCounts.set(r.day, (dayCounts.get(r.day) ?? 0) + Number(r.n));
    return {
      trainCount: Number(training.all),
      trainRunning: Number(training.running),
      orchestrationCount: Number(counts.all),
      publishedCount: Number(counts.published),
      validationCount: Number(validations.n),
      compute: {
        nodes: online.length,
        cpuCores: online.reduce((s, n) => s + (n.cpu.cores ?? 0), 0),
        cpuUsage: avg(online.map((n) => n.cpu.usage)),
        memoryTotal: online.reduce((s, n) => s + (n.memory.total ?? 0), 0),
        memoryUsed: online.reduce((s, n) => s + (n.memory.used ?? 0), 0),
        memoryUsage: avg(online.flatMap((n) => (typeof n.memory.usage === 'number' ? [n.memory.usage] : []))),
      },
      gpu: { count: gpus.length, usage: gpuUsages.length ? avg(gpuUsages) : null },
      videoMemory: { total: vramTotal, used: vramUsed, usage: vramTotal > 0 ? round1((vramUsed / vramTotal) * 100) : null },
      topDownloads: top.map((r) => ({ id: r.id, name: r.name, version: r.publishedVersion ?? '', downloads: r.downloads })),
      weeklyOutput: Array.from({ length: 7 }, (_, i) => {
        const date = dateText(addDays(start, i));
        return { date, count: dayCounts.get(date) ?? 0 };
      }),
      updateTime: formatTime(new Date())!,
    };
  },
};

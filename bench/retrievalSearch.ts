// Target retrieval by image over 1,000 alarms (MAX_CANDIDATES), in-process on the embedded database: the search
// time when nothing is embedded yet — without the index loop (the search embeds every candidate itself, as before
// issue 12's fix) and with it (the search embeds at most searchEmbedLimit and reports the rest as still being
// indexed) — then how fast the loop indexes the backlog, and the search time once everything is indexed.
// Run alone: node bench/retrievalSearch.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { formatTime } from '../server/http/format.ts';
import { closeFeatures } from '../server/ml/features.ts';
import { writeImageFile } from '../server/modules/alarms/alarmStore.ts';
import { insertAlarm } from '../server/modules/alarms/alarmWriter.ts';
import { backlogSize, indexBatch } from '../server/modules/retrieval/indexLoop.ts';
import { drawSnapshot } from '../server/simulator/snapshot.ts';
import { percentile } from './stats.ts';

export interface RetrievalSearchFigures {
  alarms: number;
  /** Nothing embedded, no index loop: the search embeds all candidates (the first search before the fix). */
  coldNoIndexMs: number;
  /** Nothing embedded, index loop on: the search embeds at most searchEmbedLimit, the rest still being indexed. */
  coldWithIndexMs: number;
  coldWithIndex: { compared: number; indexing: number; embedded: number };
  /** The loop indexing the whole backlog alone (its pauses included). */
  indexing: { alarms: number; seconds: number; alarmsPerSecond: number };
  /** Everything indexed: p50/p95 of 5 searches (the query image itself is cached after the first). */
  indexedMs: { p50: number; p95: number };
}

const DISTINCT_SNAPSHOTS = 100;

export async function measureRetrievalSearch(alarms = 1000): Promise<RetrievalSearchFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-retrieval-'));
  const limit = 50;
  // The loop is "on" (searches apply its limit) but never polls: the bench drives it with indexBatch.
  const built = await buildApp({
    ...configFromEnv({}),
    dataDir,
    inMemoryDatabase: true,
    databaseUrl: undefined,
    staticDir: undefined,
    logLevel: 'silent',
    historyDays: 0,
    resourceSampleSeconds: 0,
    retrievalIndex: { enabled: true, pollMs: 3_600_000, searchEmbedLimit: limit },
  });
  try {
    const db = built.database.db;
    const camera = await db.selectFrom('devices').select(['id', 'name', 'boxId']).orderBy('id').executeTakeFirstOrThrow();
    const shots = Array.from({ length: DISTINCT_SNAPSHOTS }, (_, i) => drawSnapshot(i % 2 === 0 ? 16 : 1009, i));
    const now = Date.now();
    for (let i = 0; i < alarms; i++) {
      const shot = shots[i % shots.length];
      const imagePath = await writeImageFile(dataDir, 'alarms', shot.png, 'png', false);
      await insertAlarm(
        db,
        {
          cameraId: camera.id,
          cameraName: camera.name,
          boxId: camera.boxId,
          eventType: 16,
          alarmTime: new Date(now - (alarms - i) * 1000),
          confidence: 0.9,
          boxX: shot.box.x,
          boxY: shot.box.y,
          boxW: shot.box.w,
          boxH: shot.box.h,
          imageWidth: shot.width,
          imageHeight: shot.height,
          imagePath,
          attributes: JSON.stringify({ objType: 2, vehicleColor: 4 }),
          simulated: true,
        },
        null,
      );
    }
    const login = await built.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: 'Argus@2026' } });
    const token = (JSON.parse(login.body) as { token: string }).token;
    const query = `data:image/png;base64,${drawSnapshot(16, 4242).png.toString('base64')}`;
    const search = async () => {
      const started = performance.now();
      const res = await built.app.inject({
        method: 'POST',
        url: '/api/targetRetrieval/list',
        headers: { token },
        payload: { objType: 2, startTime: formatTime(new Date(now - 2 * 86400_000)), endTime: formatTime(new Date()), images: [query], pageSize: 24 },
      });
      const body = JSON.parse(res.body) as { code: number; msg: string; data: { imageSearch: RetrievalSearchFigures['coldWithIndex'] } };
      if (body.code !== 0) throw new Error(`search failed: ${body.code} ${body.msg}`);
      return { ms: performance.now() - started, summary: body.data.imageSearch };
    };

    // Warm the feature worker (model load) on the query image alone, so the figures below are searches, not start-up.
    await search();
    await db.deleteFrom('imageEmbeddings').execute();
    const coldWithIndex = await search();

    await db.deleteFrom('imageEmbeddings').execute();
    const services = built.services;
    const index = services.retrievalIndex;
    services.retrievalIndex = undefined;
    const coldNoIndex = await search();
    services.retrievalIndex = index;

    await db.deleteFrom('imageEmbeddings').execute();
    const backlog = await backlogSize(db);
    const started = performance.now();
    let claimed = 1;
    while (claimed > 0) claimed = await indexBatch(db, dataDir);
    const seconds = (performance.now() - started) / 1000;

    const indexed: number[] = [];
    for (let i = 0; i < 5; i++) indexed.push((await search()).ms);
    return {
      alarms,
      coldNoIndexMs: Math.round(coldNoIndex.ms),
      coldWithIndexMs: Math.round(coldWithIndex.ms),
      coldWithIndex: { compared: coldWithIndex.summary.compared, indexing: coldWithIndex.summary.indexing, embedded: coldWithIndex.summary.embedded },
      indexing: { alarms: backlog, seconds: Math.round(seconds * 10) / 10, alarmsPerSecond: Math.round((backlog / seconds) * 10) / 10 },
      indexedMs: { p50: percentile(indexed, 50), p95: percentile(indexed, 95) },
    };
  } finally {
    await built.close();
    await closeFeatures();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(JSON.stringify(await measureRetrievalSearch(Number(process.env.BENCH_RETRIEVAL_ALARMS ?? 1000)), null, 2));

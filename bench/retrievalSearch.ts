// Target retrieval on objects (issue 36), in-process on the embedded database: 200 alarms whose snapshots are real
// photos' objects (tests/support/retrievalObjects.ts) indexed by the index loop (detector + object crops), among
// the simulator's road-scene alarms up to 10,000 indexed crops. For each of the 200: a search by its own object
// (the crop of its box) must rank it first; a lightly altered copy (5 % shift, 75 % size, JPEG 70) must be a hit at
// the default similarity. Times, apart: a query image's embedding (detector and extractor on it), the search itself
// over the 10,000 indexed crops with the query's objects known (cached by content, as when paging), a whole search
// with a new query image; and a restart: the stored vectors read back in the background (as a server start does;
// its time and the longest the event loop waited meanwhile), the first search after that, and a search that comes
// the moment the process starts (it waits for the read, at most RETRIEVAL_LOAD_WAIT_MS).
// Run alone: node bench/retrievalSearch.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { formatTime } from '../server/http/format.ts';
import { closeDetector } from '../server/ml/detector.ts';
import { closeFeatures } from '../server/ml/features.ts';
import { writeImageFile } from '../server/modules/alarms/alarmStore.ts';
import { insertAlarm } from '../server/modules/alarms/alarmWriter.ts';
import { cropIndexFor } from '../server/modules/retrieval/cropIndex.ts';
import { indexBatch } from '../server/modules/retrieval/indexLoop.ts';
import { alarmObjects, storeAlarmObjects } from '../server/modules/retrieval/objectCrops.ts';
import { queryImageObjects } from '../server/modules/retrieval/retrievalImages.ts';
import { drawSnapshot } from '../server/simulator/snapshot.ts';
import { DEFAULT_SIMILARITY } from '../src/domain/retrievalThreshold.ts';
import { alteredCopy, REAL_OBJECTS, snapshotOf } from '../tests/support/retrievalObjects.ts';
import { percentile } from './stats.ts';

export interface RetrievalSearchFigures {
  realAlarms: number;
  /** Alarms and object crops the searches ran over. */
  indexedAlarms: number;
  indexedCrops: number;
  /** The loop indexing the 200 real alarms (detector + crops, its pauses included). */
  indexing: { alarms: number; seconds: number; alarmsPerSecond: number; cropsPerAlarm: number };
  /** Searches by each alarm's own object: how many ranked it first. */
  ownFirst: { found: number; of: number; percent: number };
  /** Searches by a lightly altered copy at the default similarity: hits, and hits ranked first. */
  alteredCopy: { hits: number; first: number; of: number; threshold: number; otherHitsPerSearch: number };
  /** A whole search with a new query image each time (its objects detected and embedded, then the search). */
  newQueryMs: { p50: number; p95: number };
  /** A query image's objects detected and embedded (the altered copies, each new), without the search. */
  queryEmbeddingMs: { p50: number; p95: number };
  /** The search itself over all indexed crops, its query's objects already embedded: 200 different queries. */
  searchMs: { p50: number; p95: number };
  /** A restart: every stored crop read back into memory in the background (newest first, in compact batches). */
  startupRead: { crops: number; ms: number; maxEventLoopDelayMs: number };
  /** The first search of a process once the start-up read is done. */
  firstSearchMs: number;
  /** A search the moment the process starts (it starts the read and waits for it); candidates it could not compare. */
  searchAtStart: { ms: number; loading: number };
}

const DISTINCT_SCENES = 100;
const TARGET_CROPS = 10_000;

export async function measureRetrievalSearch(): Promise<RetrievalSearchFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-retrieval-'));
  // The loop is "on" (searches leave its backlog to it) but never polls: the bench drives it with indexBatch.
  const built = await buildApp({
    ...configFromEnv({}),
    dataDir,
    inMemoryDatabase: true,
    databaseUrl: undefined,
    staticDir: undefined,
    logLevel: 'silent',
    historyDays: 0,
    resourceSampleSeconds: 0,
    retrievalIndex: { enabled: true, pollMs: 3_600_000, searchEmbedLimit: 0 },
  });
  try {
    const db = built.database.db;
    const camera = await db.selectFrom('devices').select(['id', 'name', 'boxId']).orderBy('id').executeTakeFirstOrThrow();
    const now = Date.now();
    const store = async (png: Buffer, ext: string, box: { x: number; y: number; w: number; h: number }, width: number, height: number, at: number) =>
      insertAlarm(
        db,
        {
          cameraId: camera.id,
          cameraName: camera.name,
          boxId: camera.boxId,
          eventType: 16,
          alarmTime: new Date(at),
          confidence: 0.9,
          boxX: box.x,
          boxY: box.y,
          boxW: box.w,
          boxH: box.h,
          imageWidth: width,
          imageHeight: height,
          imagePath: await writeImageFile(dataDir, 'alarms', png, ext, false),
          attributes: JSON.stringify({ objType: 1 }),
          simulated: true,
        },
        null,
      );

    // The 200 real alarms, indexed by the loop.
    const real: { id: number; ownCrop: Buffer }[] = [];
    for (const [i, object] of REAL_OBJECTS.entries()) {
      const shot = await snapshotOf(object);
      const { id } = await store(shot.jpeg, 'jpg', shot.box, shot.width, shot.height, now - 3600_000 + i * 1000);
      const ownCrop = await sharp(shot.jpeg).extract({ left: shot.box.x, top: shot.box.y, width: shot.box.w, height: shot.box.h }).png().toBuffer();
      real.push({ id, ownCrop });
    }
    const started = performance.now();
    let claimed = 1;
    while (claimed > 0) claimed = await indexBatch(db, dataDir);
    const seconds = (performance.now() - started) / 1000;
    const realCrops = Number((await db.selectFrom('retrievalCrops').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

    // The simulator's road scenes up to TARGET_CROPS: each distinct snapshot indexed once by the same code, its rows
    // stored for every alarm that shows it (what the loop would store for them), the backlog emptied.
    const scenes = await Promise.all(
      Array.from({ length: DISTINCT_SCENES }, async (_, i) => {
        const shot = drawSnapshot(i % 2 === 0 ? 16 : 1009, i);
        const objects = await alarmObjects(shot.png, { id: 0, imagePath: 'x', boxX: shot.box.x, boxY: shot.box.y, boxW: shot.box.w, boxH: shot.box.h, imageWidth: shot.width, imageHeight: shot.height });
        return { shot, objects };
      }),
    );
    let crops = realCrops;
    let filler = 0;
    while (crops < TARGET_CROPS) {
      const { shot, objects } = scenes[filler % scenes.length];
      const { id } = await store(shot.png, 'png', shot.box, shot.width, shot.height, now - 7200_000 - filler * 100);
      await storeAlarmObjects(db, id, objects);
      crops += objects.length;
      filler += 1;
    }
    await db.deleteFrom('embeddingBacklog').execute();

    const login = await built.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: 'Argus@2026' } });
    const token = (JSON.parse(login.body) as { token: string }).token;
    const search = async (image: Buffer, similarity?: number) => {
      const t0 = performance.now();
      const res = await built.app.inject({
        method: 'POST',
        url: '/api/targetRetrieval/list',
        headers: { token },
        payload: {
          objType: 1,
          startTime: formatTime(new Date(now - 2 * 86400_000)),
          endTime: formatTime(new Date()),
          images: [`data:image/png;base64,${image.toString('base64')}`],
          pageSize: 24,
          ...(similarity === undefined ? {} : { similarity }),
        },
      });
      const body = JSON.parse(res.body) as { code: number; msg: string; data: { total: number; list: { id: number }[]; imageSearch: { compared: number; crops: number; loading: number } } };
      if (body.code !== 0) throw new Error(`search failed: ${body.code} ${body.msg}`);
      return { ms: performance.now() - t0, data: body.data };
    };

    // A restart: empty memory, the stored vectors read back as buildApp starts it (in the background), then the
    // process's first search.
    const index = cropIndexFor(db);
    index.clear();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const readStarted = performance.now();
    await index.load(db);
    const readMs = performance.now() - readStarted;
    delay.disable();
    const startupRead = { crops: index.size.crops, ms: Math.round(readMs), maxEventLoopDelayMs: Math.round(delay.max / 1e5) / 10 };
    const first = await search(real[0].ownCrop, 0);
    const indexedAlarms = first.data.imageSearch.compared;
    const indexedCrops = first.data.imageSearch.crops;
    // A search the moment the process starts: it starts the read itself and waits for it.
    index.clear();
    const atStart = await search(real[0].ownCrop, 0);
    const searchAtStart = { ms: Math.round(atStart.ms), loading: atStart.data.imageSearch.loading };

    const newQuery: number[] = [];
    let ownFirst = 0;
    for (const { id, ownCrop } of real) {
      const { ms, data } = await search(ownCrop, 0);
      newQuery.push(ms);
      if (data.list[0]?.id === id) ownFirst += 1;
    }
    let hits = 0;
    let firstHits = 0;
    let others = 0;
    const embedding: number[] = [];
    const searching: number[] = [];
    for (const [i, { id }] of real.entries()) {
      const copy = await alteredCopy(REAL_OBJECTS[i], 'light', i);
      const t0 = performance.now();
      await queryImageObjects([`data:image/png;base64,${copy.toString('base64')}`], dataDir);
      embedding.push(performance.now() - t0);
      const { ms, data } = await search(copy);
      searching.push(ms);
      if (data.list.some((h) => h.id === id)) hits += 1;
      if (data.list[0]?.id === id) firstHits += 1;
      others += data.total - (data.list.some((h) => h.id === id) ? 1 : 0);
    }

    return {
      realAlarms: real.length,
      indexedAlarms,
      indexedCrops,
      indexing: { alarms: real.length, seconds: Math.round(seconds * 10) / 10, alarmsPerSecond: Math.round((real.length / seconds) * 100) / 100, cropsPerAlarm: Math.round((realCrops / real.length) * 100) / 100 },
      ownFirst: { found: ownFirst, of: real.length, percent: Math.round((ownFirst / real.length) * 1000) / 10 },
      alteredCopy: { hits, first: firstHits, of: real.length, threshold: DEFAULT_SIMILARITY, otherHitsPerSearch: Math.round((others / real.length) * 10) / 10 },
      newQueryMs: { p50: percentile(newQuery, 50), p95: percentile(newQuery, 95) },
      queryEmbeddingMs: { p50: percentile(embedding, 50), p95: percentile(embedding, 95) },
      searchMs: { p50: percentile(searching, 50), p95: percentile(searching, 95) },
      startupRead,
      firstSearchMs: Math.round(first.ms),
      searchAtStart,
    };
  } finally {
    await built.close();
    await closeFeatures();
    await closeDetector();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(JSON.stringify(await measureRetrievalSearch(), null, 2));

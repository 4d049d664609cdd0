// Target retrieval after a start (cropIndex.ts, cropRows.ts): the stored crops are read back in compact batches —
// each batch one statement, the vectors as one piece — exactly as they were stored, alarms whole across batch
// boundaries; and a search that comes while that read is still running waits for it at most the configured bound,
// then compares what is read and says how many candidates it could not compare yet (`loading`).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { closeDetector } from '../../server/ml/detector.ts';
import { closeFeatures } from '../../server/ml/features.ts';
import { insertAlarm } from '../../server/modules/alarms/alarmWriter.ts';
import { CropIndex, cropIndexFor, LOAD_CHUNK } from '../../server/modules/retrieval/cropIndex.ts';
import type { CropBatch } from '../../server/modules/retrieval/cropMatrix.ts';
import { readCropsOf, readNewestCrops } from '../../server/modules/retrieval/cropRows.ts';
import { EXTRACTOR_KEY } from '../../server/modules/training/embeddingCache.ts';
import { seededRandom } from '../../server/ml/seededRandom.ts';
import { drawSnapshot } from '../../server/simulator/snapshot.ts';
import { call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
const DIM = 1152;
/** 1–3 crops each: batches of LOAD_CHUNK rows end inside an alarm. */
const ALARMS = 800;
const stored = new Map<number, { objectNo: number; label: string | null; box: number[]; vector: Float32Array }[]>();
const db = () => server.database.db;

function unitVector(next: () => number): Float32Array {
  const v = Float32Array.from({ length: DIM }, () => next() - 0.5);
  let n = 0;
  for (const x of v) n += x * x;
  return v.map((x) => x / Math.sqrt(n));
}

beforeAll(async () => {
  server = await startTestServer({ retrievalIndex: { enabled: false, pollMs: 2000, searchEmbedLimit: 0, loadWaitMs: 50 } });
  token = await login(server.app);
  const camera = await db().selectFrom('devices').select(['id', 'name', 'boxId']).orderBy('id').executeTakeFirstOrThrow();
  const now = Date.now();
  const alarms = await Promise.all(
    Array.from({ length: ALARMS }, (_, i) =>
      insertAlarm(
        db(),
        {
          cameraId: camera.id,
          cameraName: camera.name,
          boxId: camera.boxId,
          eventType: 16,
          alarmTime: new Date(now - 600_000 + i * 100),
          confidence: 0.9,
          boxX: 10,
          boxY: 10,
          boxW: 40,
          boxH: 40,
          imageWidth: 640,
          imageHeight: 360,
          imagePath: `alarms/startup-read-${i}.jpg`,
          attributes: JSON.stringify({ objType: 1 }),
          simulated: true,
        },
        null,
      ),
    ),
  );
  const next = seededRandom(36);
  const rows = alarms.flatMap(({ id }, i) =>
    Array.from({ length: 1 + (i % 3) }, (_, objectNo) => {
      const crop = { objectNo, label: objectNo === 0 ? null : 'person', box: [0.125 * objectNo, 0.1, 0.3 + next() / 2, 0.7], vector: unitVector(next) };
      stored.set(id, [...(stored.get(id) ?? []), crop]);
      const [x1, y1, x2, y2] = crop.box;
      return { alarmId: id, objectNo, label: crop.label, score: 0.5, x1, y1, x2, y2, extractor: EXTRACTOR_KEY, vector: Buffer.from(crop.vector.buffer) };
    }),
  );
  for (let i = 0; i < rows.length; i += 500) await db().insertInto('retrievalCrops').values(rows.slice(i, i + 500)).execute();
  // Indexed already: nothing for a search to embed.
  await db().deleteFrom('embeddingBacklog').execute();
}, 180_000);
afterAll(async () => {
  await closeFeatures();
  await closeDetector();
  await server?.close();
});

/** Every row of a batch, as stored. */
function rowsOf(batch: CropBatch) {
  return Array.from({ length: batch.count }, (_, r) => ({
    alarmId: batch.alarmIds[r],
    objectNo: batch.objectNos[r],
    label: batch.labels[r],
    box: [...batch.boxes.subarray(r * 4, r * 4 + 4)],
    vector: batch.vectors.subarray(batch.offsets[r], batch.offsets[r + 1]),
  }));
}

function expectStored(rows: ReturnType<typeof rowsOf>) {
  for (const row of rows) {
    const crop = stored.get(row.alarmId)?.[row.objectNo];
    expect(crop).toBeDefined();
    expect(row.label).toBe(crop?.label);
    expect(row.box).toEqual([...Float32Array.from(crop?.box ?? [])]);
    expect(row.vector).toEqual(crop?.vector);
  }
}

async function search() {
  const shot = drawSnapshot(16, 3);
  const res = await call(server.app, 'POST', '/targetRetrieval/list', {
    token,
    body: {
      objType: 1,
      startTime: formatTime(new Date(Date.now() - 3600_000)),
      endTime: formatTime(new Date(Date.now() + 5_000)),
      images: [`data:image/png;base64,${shot.png.toString('base64')}`],
      similarity: 0,
      pageSize: 10,
    },
  });
  expect(res.json.code).toBe(0);
  return res.json.data as { total: number; list: { id: number }[]; imageSearch: { candidates: number; compared: number; indexing: number; loading: number; crops: number } };
}

describe('the crop index after a start', () => {
  it('reads the stored crops back in compact batches, exactly, newest alarms first, each alarm whole', async () => {
    const newest = await readNewestCrops(db(), 2 ** 31 - 1, LOAD_CHUNK);
    expect(newest.count).toBe(LOAD_CHUNK);
    const rows = rowsOf(newest);
    expectStored(rows);
    // Alarms newest first, each alarm's objects in order.
    for (let r = 1; r < rows.length; r++) {
      const [a, b] = [rows[r - 1], rows[r]];
      expect(a.alarmId > b.alarmId || (a.alarmId === b.alarmId && a.objectNo + 1 === b.objectNo)).toBe(true);
    }
    const some = [...stored.keys()].slice(0, 7);
    const of = rowsOf(await readCropsOf(db(), some));
    expect(new Set(of.map((r) => r.alarmId))).toEqual(new Set(some));
    expect(of).toHaveLength(some.reduce((n, id) => n + (stored.get(id)?.length ?? 0), 0));
    expectStored(of);
    expect((await readCropsOf(db(), [2 ** 31 - 2])).count).toBe(0);

    // The whole read: every alarm with all its crops, though batches end inside alarms.
    const index = new CropIndex();
    await index.load(db());
    const total = [...stored.values()].reduce((n, crops) => n + crops.length, 0);
    expect(total).toBeGreaterThan(LOAD_CHUNK);
    expect(index.size).toEqual({ alarms: ALARMS, crops: total });
    for (const [id, crops] of stored) {
      expect(index.cropsOf(id)).toBe(crops.length);
      const last = crops[crops.length - 1];
      const [hit] = index.search([last.vector], new Map([[id, 0]]), 0.999);
      expect(index.matchOf(hit)).toMatchObject({ objectNo: last.objectNo, label: last.label, box: [...Float32Array.from(last.box)] });
    }
  }, 120_000);

  it('answers a search during the read from what is read, counting the rest as loading; then compares all', async () => {
    const index = cropIndexFor(db());
    index.clear();
    // The read holds after its first batch (the newest alarms), as a slow start-up read would.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    type ReadBatch = (...args: unknown[]) => Promise<CropBatch>;
    const readBatch = (CropIndex.prototype as unknown as { readBatch: ReadBatch }).readBatch;
    let batches = 0;
    const spy = vi.spyOn(index as unknown as { readBatch: ReadBatch }, 'readBatch').mockImplementation(async (...args) => {
      batches += 1;
      if (batches === 2) await held;
      return readBatch.apply(index, args);
    });
    // What the first batch holds: the newest alarms whose rows end before its last row (that alarm may be cut).
    const newestFirst = [...stored.keys()].sort((a, b) => b - a);
    const read: number[] = [];
    let rows = 0;
    for (const id of newestFirst) {
      rows += stored.get(id)?.length ?? 0;
      if (rows >= LOAD_CHUNK) break;
      read.push(id);
    }
    try {
      // As at a start: the read begins in the background; the search comes once it holds at its second batch.
      const reading = index.load(db());
      await vi.waitFor(() => expect(batches).toBe(2), { timeout: 60_000 });
      const during = await search();
      expect(during.imageSearch).toMatchObject({
        candidates: ALARMS,
        compared: read.length,
        loading: ALARMS - read.length,
        indexing: 0,
        crops: read.reduce((n, id) => n + (stored.get(id)?.length ?? 0), 0),
      });
      for (const hit of during.list) expect(read).toContain(hit.id);
      release();
      await reading;
      const after = await search();
      expect(after.imageSearch).toMatchObject({ candidates: ALARMS, compared: ALARMS, loading: 0, indexing: 0, crops: [...stored.values()].reduce((n, c) => n + c.length, 0) });
    } finally {
      release();
      spy.mockRestore();
    }
  }, 120_000);
});

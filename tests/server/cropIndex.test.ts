// The in-memory crop matrix of target retrieval (cropMatrix.ts, cropIndex.ts): best pair per candidate alarm,
// removal and the compaction that follows it, replacement, the cap that drops the oldest alarms, and the start-up
// read (bounded waiting, which alarms it has passed).
import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/types.ts';
import { CropIndex, type IndexedCrop } from '../../server/modules/retrieval/cropIndex.ts';
import type { CropBatch } from '../../server/modules/retrieval/cropMatrix.ts';

const DIM = 8;
/** A unit vector along axis `a` (and a little along `b`), so dot products are known exactly. */
function unit(a: number, b = a, mix = 0): Float32Array {
  const v = new Float32Array(DIM);
  v[a] += Math.sqrt(1 - mix * mix);
  v[b] += mix;
  return v;
}
const crop = (objectNo: number, vector: Float32Array): IndexedCrop => ({ objectNo, label: objectNo === 0 ? null : 'person', box: [0.1 * objectNo, 0, 0.5, 0.5], vector });
const everyone = (ids: number[]) => new Map(ids.map((id, place) => [id, place]));
/** The hits of a search by alarm, each with the object it matched. */
const byAlarm = (index: CropIndex, queries: Float32Array[], ids: number[], threshold: number) =>
  new Map(index.search(queries, everyone(ids), threshold).map((h) => [h.alarmId, index.matchOf(h)]));

describe('CropIndex', () => {
  it('scores each candidate by its best pair of query object and crop, at the threshold or above', () => {
    const index = new CropIndex();
    index.put(1, [crop(0, unit(0)), crop(1, unit(1))]);
    index.put(2, [crop(0, unit(2))]);
    index.put(3, [crop(0, unit(1, 3, 0.6))]);
    const hits = index.search([unit(3), unit(1)], everyone([1, 2, 3]), 0.5);
    // The most similar first.
    expect(hits.map((h) => h.alarmId)).toEqual([1, 3]);
    const found = byAlarm(index, [unit(3), unit(1)], [1, 2, 3], 0.5);
    expect([...found.keys()].sort()).toEqual([1, 3]);
    expect(found.get(1)).toMatchObject({ objectNo: 1, label: 'person', query: 1 });
    expect(found.get(1)?.similarity).toBeCloseTo(1, 6);
    expect(found.get(1)?.box[0]).toBeCloseTo(0.1, 6);
    // 0.8 along the second query object beats 0.6 along the first.
    expect(found.get(3)).toMatchObject({ objectNo: 0, query: 1 });
    expect(found.get(3)?.similarity).toBeCloseTo(0.8, 6);
    // Only the candidates named are compared.
    expect([...byAlarm(index, [unit(1)], [3], 0).keys()]).toEqual([3]);
  });

  it('forgets removed alarms and keeps every other row right after compacting', () => {
    const index = new CropIndex();
    for (let id = 1; id <= 3000; id++) index.put(id, [crop(0, unit(id % DIM)), crop(1, unit((id + 1) % DIM))]);
    index.forget(Array.from({ length: 2000 }, (_, i) => i + 1));
    expect(index.size).toEqual({ alarms: 1000, crops: 2000 });
    const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
    const found = byAlarm(index, [unit(5)], ids, 0.99);
    expect(found.size).toBe(250);
    for (const [id, m] of found) {
      expect(id).toBeGreaterThan(2000);
      expect(m.objectNo).toBe(id % DIM === 5 ? 0 : 1);
    }
  });

  it('replaces an alarm put again and drops the oldest alarms past its cap', () => {
    const index = new CropIndex(100);
    index.put(7, [crop(0, unit(0))]);
    index.put(7, [crop(0, unit(1))]);
    expect(index.size.crops).toBe(1);
    expect(index.search([unit(0)], everyone([7]), 0.5)).toHaveLength(0);
    for (let id = 10; id < 200; id++) index.put(id, [crop(0, unit(2))]);
    expect(index.size.crops).toBeLessThanOrEqual(100);
    expect(index.has(199)).toBe(true);
    expect(index.has(7)).toBe(false);
    expect(index.has(10)).toBe(false);
  });
});

/** A batch as cropRows.ts reads it: each alarm's crops together, newest alarm first. */
function batchOf(alarms: [number, Float32Array[]][]): CropBatch {
  const rows = alarms.flatMap(([alarmId, vectors]) => vectors.map((vector, objectNo) => ({ alarmId, objectNo, vector })));
  const vectors = new Float32Array(rows.length * DIM);
  for (const [i, r] of rows.entries()) vectors.set(r.vector, i * DIM);
  return {
    count: rows.length,
    alarmIds: Int32Array.from(rows, (r) => r.alarmId),
    objectNos: Int16Array.from(rows, (r) => r.objectNo),
    labels: rows.map((r) => (r.objectNo === 0 ? null : 'person')),
    boxes: Float32Array.from(rows.flatMap((r) => [0.1 * r.objectNo, 0, 0.5, 0.5])),
    offsets: Int32Array.from({ length: rows.length + 1 }, (_, i) => i * DIM),
    vectors,
  };
}

/** An index whose start-up read answers these batches in turn, the second only once `release` is called. */
class HeldIndex extends CropIndex {
  readonly asked: number[] = [];
  release: () => void = () => undefined;
  private readonly held = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  private readonly batches: CropBatch[];
  constructor(batches: CropBatch[]) {
    super();
    this.batches = batches;
  }
  protected override async readBatch(_db: unknown, below: number): Promise<CropBatch> {
    this.asked.push(below);
    const turn = this.asked.length - 1;
    if (turn === 1) await this.held;
    return this.batches[turn] ?? batchOf([]);
  }
}
const noDb = {} as Kysely<Database>;

/** Starts the read and waits until it holds at its second batch (the read's promise in a box: not awaited here). */
async function heldAtSecond(index: HeldIndex): Promise<{ read: Promise<void> }> {
  const read = index.load(noDb);
  await vi.waitFor(() => expect(index.asked).toHaveLength(2), { timeout: 30_000 });
  return { read };
}

describe('CropIndex start-up read', () => {
  it('answers whether it is done within a bound, and which alarms it has passed, newest first', async () => {
    const index = new HeldIndex([batchOf([[30, [unit(0), unit(1)]], [29, [unit(2)]]]), batchOf([[12, [unit(3)]]])]);
    await heldAtSecond(index);
    expect(await index.ready(noDb, 0)).toBe(false);
    // The first batch is in memory; the read is past alarm 29, not yet at 12.
    expect(index.size).toEqual({ alarms: 2, crops: 3 });
    expect([index.reached(30), index.reached(29), index.reached(12)]).toEqual([true, true, false]);
    expect(index.asked).toEqual([2 ** 31 - 1, 29]);
    // Stored by this process meanwhile: known, and not replaced by the read.
    index.put(12, [crop(0, unit(5))]);
    expect(index.reached(12)).toBe(true);
    index.release();
    expect(await index.ready(noDb, 60_000)).toBe(true);
    expect(index.reached(1)).toBe(true);
    expect(byAlarm(index, [unit(5)], [12], 0.99).get(12)?.similarity).toBeCloseTo(1, 6);
    expect(byAlarm(index, [unit(1)], [30], 0.99).get(30)).toMatchObject({ objectNo: 1, label: 'person' });
    expect(index.asked).toEqual([2 ** 31 - 1, 29, 12]);
  });

  it('stops a read that a clear() overtook, leaving the cleared memory alone', async () => {
    const index = new HeldIndex([batchOf([[30, [unit(0)]]]), batchOf([[12, [unit(3)]]])]);
    const { read } = await heldAtSecond(index);
    index.clear();
    index.release();
    await read;
    expect(index.size).toEqual({ alarms: 0, crops: 0 });
    expect(index.reached(30)).toBe(false);
  });
});

// The in-memory crop matrix of target retrieval (cropIndex.ts): best pair per candidate alarm, removal and the
// compaction that follows it, replacement, and the cap that drops the oldest alarms.
import { describe, expect, it } from 'vitest';
import { CropIndex, type IndexedCrop } from '../../server/modules/retrieval/cropIndex.ts';

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

// The alarms' object vectors in memory, per process: loaded lazily from retrieval_crops for the candidates a search
// names (one query per 1,000 alarms), kept in one float32 block per alarm, least recently used dropped past
// MAX_CACHED_CROPS. Stored crops never change (an alarm is indexed once; a purge deletes its rows), so a cached
// alarm is never stale; an alarm with no rows yet is not cached (the index loop may not have reached it).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { EXTRACTOR_KEY } from '../training/embeddingCache.ts';

/** About 90 MB of vectors (1,152 float32 each, objectVectors.ts). */
export const MAX_CACHED_CROPS = 20_000;
const LOAD_CHUNK = 1000;

export interface AlarmCrops {
  /** n × dim, each row L2-normalised. */
  vectors: Float32Array;
  dim: number;
  /** n × 4: x1, y1, x2, y2 relative to the snapshot. */
  boxes: Float32Array;
  labels: (string | null)[];
  objectNos: number[];
}

export interface BestMatch {
  similarity: number;
  /** Row of the alarm's crops that matched, and the query object it matched. */
  crop: number;
  query: number;
}

export class CropIndex {
  private readonly cache = new Map<number, AlarmCrops>();
  private cachedCrops = 0;
  private readonly maxCrops: number;

  constructor(maxCrops = MAX_CACHED_CROPS) {
    this.maxCrops = maxCrops;
  }

  get size(): { alarms: number; crops: number } {
    return { alarms: this.cache.size, crops: this.cachedCrops };
  }

  /** The crops of these alarms (those that have any), from memory or loaded in a few queries. */
  async crops(db: Kysely<Database>, alarmIds: readonly number[]): Promise<Map<number, AlarmCrops>> {
    const out = new Map<number, AlarmCrops>();
    const missing: number[] = [];
    for (const id of alarmIds) {
      const hit = this.cache.get(id);
      if (!hit) {
        missing.push(id);
        continue;
      }
      // Most recently used last.
      this.cache.delete(id);
      this.cache.set(id, hit);
      out.set(id, hit);
    }
    for (let i = 0; i < missing.length; i += LOAD_CHUNK) {
      const rows = await db
        .selectFrom('retrievalCrops')
        .select(['alarmId', 'objectNo', 'label', 'x1', 'y1', 'x2', 'y2', 'vector'])
        .where('alarmId', 'in', missing.slice(i, i + LOAD_CHUNK))
        .where('extractor', '=', EXTRACTOR_KEY)
        .orderBy('alarmId')
        .orderBy('objectNo')
        .execute();
      let start = 0;
      while (start < rows.length) {
        let end = start;
        while (end < rows.length && rows[end].alarmId === rows[start].alarmId) end++;
        const group = rows.slice(start, end);
        const dim = group[0].vector.byteLength / 4;
        const entry: AlarmCrops = { vectors: new Float32Array(group.length * dim), dim, boxes: new Float32Array(group.length * 4), labels: [], objectNos: [] };
        for (const [k, r] of group.entries()) {
          const bytes = Uint8Array.from(r.vector);
          entry.vectors.set(new Float32Array(bytes.buffer, 0, dim), k * dim);
          entry.boxes.set([r.x1, r.y1, r.x2, r.y2], k * 4);
          entry.labels.push(r.label);
          entry.objectNos.push(r.objectNo);
        }
        this.put(group[0].alarmId, entry);
        out.set(group[0].alarmId, entry);
        start = end;
      }
    }
    return out;
  }

  /** Drops alarms from memory (their rows were deleted in this process). */
  forget(alarmIds: readonly number[]): void {
    for (const id of alarmIds) {
      const hit = this.cache.get(id);
      if (!hit) continue;
      this.cachedCrops -= hit.labels.length;
      this.cache.delete(id);
    }
  }

  /** Empties the memory (what a restarted process starts with). */
  clear(): void {
    this.cache.clear();
    this.cachedCrops = 0;
  }

  private put(id: number, entry: AlarmCrops) {
    this.forget([id]);
    this.cache.set(id, entry);
    this.cachedCrops += entry.labels.length;
    for (const [oldest, crops] of this.cache) {
      if (this.cachedCrops <= this.maxCrops) break;
      this.cache.delete(oldest);
      this.cachedCrops -= crops.labels.length;
    }
  }
}

/** The best cosine (dot product of normalised vectors) of any query object to any of the alarm's crops. */
export function bestMatch(queries: readonly Float32Array[], crops: AlarmCrops): BestMatch {
  let best: BestMatch = { similarity: -1, crop: 0, query: 0 };
  const { vectors, dim } = crops;
  const n = crops.labels.length;
  for (const [q, query] of queries.entries()) {
    if (query.length !== dim) continue;
    for (let c = 0; c < n; c++) {
      let dot = 0;
      const base = c * dim;
      for (let i = 0; i < dim; i++) dot += query[i] * vectors[base + i];
      if (dot > best.similarity) best = { similarity: dot, crop: c, query: q };
    }
  }
  return best;
}

/** One per process: every search and purge of this server uses it. */
export const cropIndex = new CropIndex();

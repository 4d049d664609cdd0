// The alarms' object vectors in memory, one index per database handle: every crop of retrieval_crops in one matrix
// (cropMatrix.ts), read at start in the background — newest alarms first, in batches of LOAD_CHUNK read in a compact
// form (cropRows.ts), the event loop free between batches — and then kept current by this process:
// storeAlarmObjects appends an alarm's rows, a purge removes them. Rows another instance stored are read when a
// search names their alarm (missing()). A search that comes while the start-up read runs waits for it at most a
// bound (ready()); past it, the search compares what is read and counts the rest (reached() says which alarms the
// read has passed: it goes down the alarm ids).
// Past MAX_CACHED_CROPS the alarms with the lowest ids (the oldest) leave memory; a search naming them reads them again.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type CropBatch, CropMatrix } from './cropMatrix.ts';
import { headOf, readCropsOf, readNewestCrops } from './cropRows.ts';

export type { BestMatch, IndexedCrop, SearchHit } from './cropMatrix.ts';

/** About 92 MB of vectors (1,152 float32 each, objectVectors.ts). */
export const MAX_CACHED_CROPS = 20_000;
/**
 * Crops read per statement: about 2.3 MB of vectors. On PGlite a statement holds the event loop while it runs: one of
 * 1,000 crops took 20–90 ms of CPU here, one of 250 about 6 ms (in a 10,000-crop read that was 1.3–1.6 s of CPU in
 * all, against 9.4–10.6 s row by row).
 */
export const LOAD_CHUNK = 500;

/** Alarms the warm-up search compares (a few hundred rows are enough for V8 to optimise the scan). */
const WARM_ALARMS = 200;

const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

export class CropIndex extends CropMatrix {
  private loading: Promise<void> | null = null;
  private loaded = false;
  /** Alarms with ids at or above this were read by the start-up read (or stored since). */
  private cursor = Number.POSITIVE_INFINITY;
  /** Counts clear()s: a read that a clear() overtook stops (and leaves the state alone). */
  private generation = 0;

  constructor(maxCrops = MAX_CACHED_CROPS) {
    super(maxCrops);
  }

  /** Reads the stored crops once (newest alarms first, up to the cap); later calls wait for the same read. */
  load(db: Kysely<Database>): Promise<void> {
    this.loading ??= this.readAll(db).catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /** Starts the read if it has not started, and waits for it at most `waitMs`: whether it is done. */
  async ready(db: Kysely<Database>, waitMs: number): Promise<boolean> {
    const read = this.load(db);
    if (this.loaded) return true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), waitMs);
    });
    try {
      return await Promise.race([read.then(() => true as const), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Whether this alarm's crops are known: the start-up read is done or has passed it, or this process stored them. */
  reached(alarmId: number): boolean {
    return this.loaded || alarmId >= this.cursor || this.byAlarm.has(alarmId);
  }

  /** Reads the crops of these alarms that are not in memory (stored by another instance, or dropped past the cap). */
  async missing(db: Kysely<Database>, alarmIds: readonly number[]): Promise<void> {
    const ids = alarmIds.filter((id) => !this.byAlarm.has(id));
    for (let i = 0; i < ids.length; i += LOAD_CHUNK) {
      const batch = await readCropsOf(db, ids.slice(i, i + LOAD_CHUNK));
      // Stored by this process meanwhile: already current.
      this.putBatch(batch, (id) => this.byAlarm.has(id));
    }
  }

  /** Empties the memory (what a restarted process starts with). */
  override clear(): void {
    super.clear();
    this.loading = null;
    this.loaded = false;
    this.cursor = Number.POSITIVE_INFINITY;
    this.generation += 1;
  }

  /** One batch of the start-up read: up to `limit` crops of the alarms below `below`, newest first. */
  protected readBatch(db: Kysely<Database>, below: number, limit: number): Promise<CropBatch> {
    return readNewestCrops(db, below, limit);
  }

  private async readAll(db: Kysely<Database>): Promise<void> {
    const generation = this.generation;
    let below = 2 ** 31 - 1;
    while (!this.full) {
      const batch = await this.readBatch(db, below, LOAD_CHUNK);
      if (generation !== this.generation) return;
      if (batch.count === 0) break;
      // The last alarm of a full batch may be cut: it is read whole with the next batch.
      const last = batch.alarmIds[batch.count - 1];
      let count = batch.count;
      if (count === LOAD_CHUNK && batch.alarmIds[0] !== last) while (batch.alarmIds[count - 1] === last) count--;
      // Alarms stored by this process meanwhile are already in memory (and current).
      this.putBatch(headOf(batch, count), (id) => this.byAlarm.has(id));
      below = batch.alarmIds[count - 1];
      this.cursor = below;
      // Requests go between batches (on PGlite each statement runs on this thread).
      await yieldToEventLoop();
      if (generation !== this.generation) return;
    }
    this.loaded = true;
    this.warm();
  }

  /**
   * One search over some of the matrix, so the first operator's search runs optimised code: the first pass over
   * 10,000 crops took ~150 ms more than the next (V8 compiles the scan while it runs).
   */
  private warm() {
    const some = new Map<number, number>();
    for (const id of this.byAlarm.keys()) {
      if (some.size === WARM_ALARMS) break;
      some.set(id, some.size);
    }
    const query = this.firstVector();
    if (query) this.search([query], some, Number.POSITIVE_INFINITY);
  }
}

const indexes = new WeakMap<Kysely<Database>, CropIndex>();

/** The index of this database handle (each server of a process has its own). */
export function cropIndexFor(db: Kysely<Database>): CropIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new CropIndex();
    indexes.set(db, index);
  }
  return index;
}

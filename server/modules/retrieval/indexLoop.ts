// Target retrieval's index loop: runs the detector on every stored alarm's snapshot and embeds its objects — its own
// box and each object found (objectCrops.ts) — into retrieval_crops in the background, so an image search finds
// its candidates already embedded. The backlog is embedding_backlog (migration 072: a trigger
// queues each alarm in the statement that stores it), taken newest first in bounded batches; claims are leases
// (FOR UPDATE SKIP LOCKED), so several instances share it and a crashed one's alarms are taken over; a restart
// simply continues. Low priority: one image at a time, a pause as long as the image took (at most half a core),
// and nothing is sent to the feature worker while a search or a training waits on it. Ingest never waits for this.
import { type Kysely, sql } from 'kysely';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { type PollingLoop, startPollingLoop } from '../../jobs/pollingLoop.ts';
import { DetectorInputError } from '../../ml/detector.ts';
import { FeatureInputError, featureRequestsWaiting } from '../../ml/features.ts';
import { readImage } from '../alarms/alarmStore.ts';
import type { Candidate } from './candidateKeys.ts';
import { alarmObjects, storeAlarmObjects } from './objectCrops.ts';

/** Alarms claimed at once (a crashed loop's claims wait LEASE_SECONDS). */
export const INDEX_BATCH = 8;
const LEASE_SECONDS = 120;
/** An alarm whose embedding failed this often (not a missing snapshot: that is simply nothing to embed) is dropped;
 *  after a failure the loop waits its poll interval, so a broken worker does not run through the backlog. */
const MAX_ATTEMPTS = 3;
const MIN_PAUSE_MS = 5;
const BUSY_PAUSE_MS = 50;

/** `wake()`: look at the backlog now. */
export type RetrievalIndex = PollingLoop;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function claim(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .updateTable('embeddingBacklog')
    .set({ claimedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where('alarmId', 'in', (eb) =>
      eb
        .selectFrom('embeddingBacklog')
        .select('alarmId')
        .where((w) => w.or([w('claimedUntil', 'is', null), w('claimedUntil', '<', sql<Date>`now()`)]))
        .orderBy('alarmId', 'desc')
        .limit(INDEX_BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returning('alarmId')
    .execute();
  return rows.map((r) => r.alarmId).sort((a, b) => b - a);
}

/**
 * Detects and embeds one alarm's objects and stores them (replacing any stored before). A snapshot that is gone or
 * cannot be decoded leaves nothing to embed: the alarm is unsearchable by image, which is not an error.
 */
export async function indexAlarm(db: Kysely<Database>, alarm: Candidate, dataDir: string): Promise<number> {
  if (!alarm.imagePath) return 0;
  let image: Buffer;
  try {
    image = await readImage(dataDir, alarm.imagePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  try {
    const objects = await alarmObjects(image, alarm);
    await storeAlarmObjects(db, alarm.id, objects);
    return objects.length;
  } catch (error) {
    if (error instanceof FeatureInputError || error instanceof DetectorInputError) return 0;
    throw error;
  }
}

/** How many alarms wait to be embedded (for the figures; the search counts its own candidates). */
export async function backlogSize(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('embeddingBacklog').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Embeds one claimed batch; answers how many alarms were claimed. `stopped` is asked between images: claims not
 * reached are released for the next run (or another instance).
 */
export async function indexBatch(db: Kysely<Database>, dataDir: string, stopped: () => boolean = () => false): Promise<number> {
  const ids = await claim(db);
  if (ids.length === 0) return 0;
  const rows = (await db
    .selectFrom('alarms')
    .select(['id', 'imagePath', 'boxX', 'boxY', 'boxW', 'boxH', 'imageWidth', 'imageHeight'])
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute()) as Candidate[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const release = (rest: number[]) => db.updateTable('embeddingBacklog').set({ claimedUntil: null }).where('alarmId', 'in', rest).execute();
  for (const [i, id] of ids.entries()) {
    // Searches and trainings go first: wait while one has the feature worker.
    while (featureRequestsWaiting() > 0 && !stopped()) await sleep(BUSY_PAUSE_MS);
    if (stopped()) {
      await release(ids.slice(i));
      break;
    }
    const row = byId.get(id);
    const started = performance.now();
    try {
      // A deleted alarm, or one whose snapshot is gone, has nothing to embed.
      if (row) await indexAlarm(db, row, dataDir);
      await db.deleteFrom('embeddingBacklog').where('alarmId', '=', id).execute();
    } catch (error) {
      // The worker or the database failed: this alarm is retried after its lease (dropped after MAX_ATTEMPTS), the
      // rest of the batch is released, and the loop reports the error and waits its poll interval.
      await db
        .updateTable('embeddingBacklog')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), claimedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` }))
        .where('alarmId', '=', id)
        .execute();
      await db.deleteFrom('embeddingBacklog').where('alarmId', '=', id).where('attempts', '>=', MAX_ATTEMPTS).execute();
      if (i + 1 < ids.length) await release(ids.slice(i + 1));
      throw error;
    }
    // Yield as long as the image took: at most about half a core goes to indexing.
    await sleep(Math.max(MIN_PAUSE_MS, performance.now() - started));
  }
  return ids.length;
}

export function startRetrievalIndex(db: Kysely<Database>, dataDir: string, config: ServerConfig['retrievalIndex'], log: (error: unknown) => void): RetrievalIndex {
  return startPollingLoop({
    pollMs: config.pollMs,
    onError: log,
    // A full batch means more is waiting: keep going (each image already yields).
    async drain(stopped) {
      let claimed = INDEX_BATCH;
      while (!stopped() && claimed === INDEX_BATCH) claimed = await indexBatch(db, dataDir, stopped);
    },
  });
}

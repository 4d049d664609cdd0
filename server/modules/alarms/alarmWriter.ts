// Alarm inserts with group commit: while one insert statement runs, the alarms that arrive queue up and go into
// the next statement together. Each statement is its own transaction and takes the insert lock first.
//
// Why one statement, not BEGIN … COMMIT: the advisory lock is taken (the materialised CTE runs before any row
// is projected) before nextval and held until commit, so no transaction can commit a smaller seq after a
// larger one became visible — the guarantee listWarnEventsSince and the websocket resume rely on. And every
// statement has a fixed cost (~0.4 ms on embedded PGlite; a round trip and a commit on PostgreSQL), which a
// batch pays once: ingest runs at hundreds of alarms a second.
import { type Insertable, type Kysely, sql } from 'kysely';
import type { AlarmTable } from '../../db/alarmTables.ts';
import type { Database } from '../../db/types.ts';
import { ALARM_CHANNEL } from '../../realtime/types.ts';

/** pg_advisory_xact_lock key serialising alarm inserts (ASCII "ARGS"). */
export const ALARM_INSERT_LOCK = 0x41524753;
const MAX_BATCH = 200;

/** An alarm to store; its snapshot file is written first and its path identifies the row in a batch. */
export type NewAlarm = Omit<Insertable<AlarmTable>, 'seq' | 'id' | 'imagePath'> & { imagePath: string };

export interface StoredAlarm {
  id: number;
  seq: number;
  /** A repeat of an already stored boxEventId: nothing was written. */
  duplicate: boolean;
}

interface Pending {
  alarm: NewAlarm;
  notify: boolean;
  resolve(stored: StoredAlarm): void;
  reject(error: unknown): void;
}

class AlarmWriter {
  #db: Kysely<Database>;
  #queue: Pending[] = [];
  #writing = false;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  insert(alarm: NewAlarm, notify: boolean): Promise<StoredAlarm> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ alarm, notify, resolve, reject });
      if (this.#writing) return;
      this.#writing = true;
      // One turn of the event loop first: embedded PGlite runs queries on this thread, so requests only reach
      // this point between statements — the pause lets those already under way join the batch.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, MAX_BATCH);
        try {
          await this.#write(batch);
        } catch (error) {
          if (batch.length === 1) batch[0].reject(error);
          // One bad row must not fail the others: write them one by one.
          else for (const p of batch) await this.#write([p]).catch(p.reject);
        }
      }
    } finally {
      this.#writing = false;
    }
  }

  /** One statement for the batch; rows are matched back by their image path (random per alarm). */
  async #write(batch: Pending[]): Promise<void> {
    const notify = batch.some((p) => p.notify);
    const values = batch.map(({ alarm: a }) => {
      return sql`(${a.cameraId}::int, ${a.cameraName}::text, ${a.boxId ?? null}::int, ${a.boxEventId ?? null}::text,
        ${a.eventType}::smallint, ${a.alarmTime}::timestamptz, ${a.confidence}::real, ${a.boxX}::int, ${a.boxY}::int,
        ${a.boxW}::int, ${a.boxH}::int, ${a.imageWidth}::int, ${a.imageHeight}::int, ${a.imagePath}::text,
        ${a.attributes ?? '{}'}::jsonb, ${a.simulated ?? false}::boolean, ${a.sceneId ?? null}::int, ${a.sceneName ?? null}::text)`;
    });
    const { rows } = await sql<{ id: number; seq: string | number; imagePath: string }>`
      WITH lock AS MATERIALIZED (SELECT pg_advisory_xact_lock(${ALARM_INSERT_LOCK}) AS locked),
      stored AS (
        INSERT INTO alarms (seq, camera_id, camera_name, box_id, box_event_id, event_type, alarm_time, confidence,
          box_x, box_y, box_w, box_h, image_width, image_height, image_path, attributes, simulated, scene_id, scene_name)
        SELECT nextval('alarm_push_seq'), v.* FROM lock, (VALUES ${sql.join(values)}) AS v
        ON CONFLICT (box_id, box_event_id) WHERE box_event_id IS NOT NULL DO NOTHING
        RETURNING id, seq, image_path
      )
      SELECT id, seq, image_path${notify ? sql`, pg_notify(${ALARM_CHANNEL}, '')` : sql``} FROM stored`.execute(this.#db);
    const byKey = new Map(rows.map((r) => [r.imagePath, r]));
    for (const p of batch) {
      const row = byKey.get(p.alarm.imagePath);
      if (row) {
        p.resolve({ id: row.id, seq: Number(row.seq), duplicate: false });
        continue;
      }
      // Not inserted: a repeat of a stored boxEventId (possibly one earlier in this very batch).
      const existing = p.alarm.boxId && p.alarm.boxEventId ? await findByBoxEvent(this.#db, p.alarm.boxId, p.alarm.boxEventId) : undefined;
      if (existing) p.resolve(existing);
      else p.reject(new Error('alarm insert stored nothing'));
    }
  }
}

const writers = new WeakMap<Kysely<Database>, AlarmWriter>();

/**
 * Stores one alarm (in a batch with those arriving meanwhile) and answers its id and seq. With `notify`, other
 * server instances hear of it when it commits. A repeated boxEventId inserts nothing and answers the first alarm.
 */
export function insertAlarm(db: Kysely<Database>, alarm: NewAlarm, notify: boolean): Promise<StoredAlarm> {
  let writer = writers.get(db);
  if (!writer) {
    writer = new AlarmWriter(db);
    writers.set(db, writer);
  }
  return writer.insert(alarm, notify);
}

export async function findByBoxEvent(db: Kysely<Database>, boxId: number, boxEventId: string): Promise<StoredAlarm | undefined> {
  const row = await db
    .selectFrom('alarms')
    .select(['id', 'seq'])
    .where('boxId', '=', boxId)
    .where('boxEventId', '=', boxEventId)
    .executeTakeFirst();
  return row ? { id: row.id, seq: Number(row.seq), duplicate: true } : undefined;
}

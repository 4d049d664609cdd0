// Alarm inserts with group commit: while one insert statement runs, the alarms that arrive queue up and go into
// the next statement together. Each statement is its own transaction and takes the insert lock first.
//
// Why one statement, not BEGIN … COMMIT: insert_alarms (migration 073) takes the advisory lock before nextval
// and it is held until the statement commits, so no transaction can commit a smaller seq after a larger one
// became visible — the guarantee listWarnEventsSince and the websocket resume rely on. And every statement has a
// fixed cost (~0.6 ms on embedded PGlite; a round trip and a commit on PostgreSQL), which a batch pays once:
// ingest runs at hundreds of alarms a second. The batch is one jsonb argument, so the function's INSERT keeps
// one plan whatever the batch size.
import { type Insertable, type Kysely, sql } from 'kysely';
import type { AlarmTable } from '../../db/alarmTables.ts';
import type { Database } from '../../db/types.ts';
import { ALARM_CHANNEL } from '../../realtime/types.ts';
import type { AlarmRow } from './alarmRecords.ts';

/** pg_advisory_xact_lock key serialising alarm inserts (ASCII "ARGS"). */
export const ALARM_INSERT_LOCK = 0x41524753;
const MAX_BATCH = 200;
/**
 * The least time between the starts of two insert statements. A statement's cost is mostly fixed (three triggers,
 * the commit: 0.6 ms for one alarm, 0.9 ms for five on embedded PGlite), so at 500 alarms/s statements started
 * as soon as the last one ended carried 1.6 alarms each; 8 ms apart they carry 4.5 (the ingest bench: 9,421 →
 * 3,346 statements for 15,000 alarms), and an alarm waits at most 8 ms more. After a quiet moment one goes at once.
 */
const MIN_STATEMENT_GAP_MS = 8;

/** An alarm to store; its snapshot file is written first and its path identifies the row in a batch. */
export type NewAlarm = Omit<Insertable<AlarmTable>, 'seq' | 'id' | 'imagePath'> & { imagePath: string };

export interface StoredAlarm {
  id: number;
  seq: number;
  /** A repeat of an already stored boxEventId: nothing was written. */
  duplicate: boolean;
  /** The row as stored (not for a duplicate): what the websocket hub pushes. */
  row?: AlarmRow;
}

interface Pending {
  alarm: NewAlarm;
  notify: string | null;
  resolve(stored: StoredAlarm): void;
  reject(error: unknown): void;
}

class AlarmWriter {
  #db: Kysely<Database>;
  #queue: Pending[] = [];
  #writing = false;
  #lastStart = Number.NEGATIVE_INFINITY;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  insert(alarm: NewAlarm, notify: string | null): Promise<StoredAlarm> {
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
        // Statements start at most every MIN_STATEMENT_GAP_MS: under load the alarms of that time go together.
        const wait = this.#lastStart + MIN_STATEMENT_GAP_MS - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        this.#lastStart = performance.now();
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

  /** One statement for the batch (insert_alarms, migration 073); rows are matched back by their image path. */
  async #write(batch: Pending[]): Promise<void> {
    const notify = batch.find((p) => p.notify !== null)?.notify;
    const records = JSON.stringify(batch.map(({ alarm }) => batchRecord(alarm)));
    const { rows } = await sql<InsertedRow>`
      SELECT stored_id, stored_seq, stored_image_path, stored_alarm_time, stored_confidence, stored_created_at
        ${notify ? sql`, pg_notify(${ALARM_CHANNEL}, ${notify})` : sql``}
      FROM insert_alarms(${records}::jsonb, ${ALARM_INSERT_LOCK})`.execute(this.#db);
    const byKey = new Map(rows.map((r) => [r.storedImagePath, r]));
    for (const p of batch) {
      const row = byKey.get(p.alarm.imagePath);
      if (row) {
        p.resolve({ id: row.storedId, seq: Number(row.storedSeq), duplicate: false, row: storedRow(p.alarm, row) });
        continue;
      }
      // Not inserted: a repeat of a stored boxEventId (possibly one earlier in this very batch).
      const existing = p.alarm.boxId && p.alarm.boxEventId ? await findByBoxEvent(this.#db, p.alarm.boxId, p.alarm.boxEventId) : undefined;
      if (existing) p.resolve(existing);
      else p.reject(new Error('alarm insert stored nothing'));
    }
  }
}

/** What insert_alarms answers per stored row: what the database assigned or normalised. */
interface InsertedRow {
  storedId: number;
  storedSeq: string | number;
  storedImagePath: string;
  storedAlarmTime: Date;
  storedConfidence: number;
  storedCreatedAt: Date;
}

/** The alarm with its optional columns as insert_alarms stores them when absent. */
function filled(a: NewAlarm) {
  return {
    ...a,
    boxId: a.boxId ?? null,
    boxEventId: a.boxEventId ?? null,
    attributes: a.attributes ?? '{}',
    simulated: a.simulated ?? false,
    sceneId: a.sceneId ?? null,
    sceneName: a.sceneName ?? null,
  };
}

/** An alarm as one element of insert_alarms' jsonb batch: its record definition names the columns in snake case. */
function batchRecord(a: NewAlarm): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filled(a)).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]));
}

/** The columns insert_alarms leaves to their defaults (003_alarms.sql), as `SELECT *` reads them. */
const UNSET_COLUMNS = {
  status: 0,
  handleUser: null,
  handleTime: null,
  handleRemark: null,
  dealResult: null,
  dealUser: null,
  dealTime: null,
  checkResult: null,
  checkUser: null,
  checkTime: null,
  againCount: 0,
  dealImages: [],
  errDetection: false,
  deletedAt: null,
  deletedBy: null,
} as const;

/**
 * The stored row as `SELECT *` reads it, without reading it: the alarm as sent, the columns' defaults, and what the
 * database assigned (id, seq, created_at) or normalised (alarm_time, a real's confidence). The hub pushes it as is.
 * tests/server/alarmWriter.test.ts compares it with the row read back, on both databases.
 */
function storedRow(a: NewAlarm, r: InsertedRow): AlarmRow {
  const alarm = filled(a);
  return {
    ...alarm,
    ...UNSET_COLUMNS,
    dealImages: [], // each row its own array, not the shared constant's
    attributes: JSON.parse(alarm.attributes),
    id: r.storedId,
    seq: r.storedSeq as AlarmRow['seq'],
    alarmTime: r.storedAlarmTime,
    confidence: r.storedConfidence,
    createdAt: r.storedCreatedAt,
  };
}

const writers = new WeakMap<Kysely<Database>, AlarmWriter>();

/**
 * Stores one alarm (in a batch with those arriving meanwhile) and answers its id and seq. With `notify` (this
 * instance's origin), the other server instances hear of it when it commits. A repeated boxEventId inserts nothing
 * and answers the first alarm.
 */
export function insertAlarm(db: Kysely<Database>, alarm: NewAlarm, notify: string | null): Promise<StoredAlarm> {
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

// Storing alarms: the snapshot file first, then the row in a transaction that assigns the push seq in commit
// order. A crash between the two leaves at most an unreferenced file, never a row without its image.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { AlarmTable } from '../../db/alarmTables.ts';
import type { Database } from '../../db/types.ts';
import { ALARM_CHANNEL } from '../../realtime/types.ts';

/** pg_advisory_xact_lock key serialising alarm inserts (ASCII "ARGS"). */
export const ALARM_INSERT_LOCK = 0x41524753;

export type NewAlarm = Omit<Insertable<AlarmTable>, 'seq' | 'id'>;

export interface StoredAlarm {
  id: number;
  seq: number;
  /** A repeat of an already stored boxEventId: nothing was written. */
  duplicate: boolean;
}

/**
 * Inserts one alarm in one statement (its own transaction): the advisory lock is taken (the materialised CTE
 * runs before any row is projected) before nextval, and held until commit, so no transaction can commit a
 * smaller seq after a larger one became visible — the guarantee listWarnEventsSince and the websocket resume
 * rely on. With `notify`, other server instances hear of it when it commits. A repeated boxEventId inserts
 * nothing (the unique index) and answers the first alarm. One statement, not BEGIN … COMMIT: on embedded
 * PGlite every statement costs ~0.4 ms, and ingest runs at hundreds of alarms a second.
 */
export async function insertAlarm(db: Kysely<Database>, a: NewAlarm, notify: boolean): Promise<StoredAlarm> {
  const { rows } = await sql<{ id: number; seq: string | number }>`
    WITH lock AS MATERIALIZED (SELECT pg_advisory_xact_lock(${ALARM_INSERT_LOCK}) AS locked),
    stored AS (
      INSERT INTO alarms (seq, camera_id, camera_name, box_id, box_event_id, event_type, alarm_time, confidence,
        box_x, box_y, box_w, box_h, image_width, image_height, image_path, attributes, simulated, scene_id, scene_name)
      SELECT nextval('alarm_push_seq'), ${a.cameraId}, ${a.cameraName}, ${a.boxId ?? null}, ${a.boxEventId ?? null},
        ${a.eventType}, ${a.alarmTime}, ${a.confidence}, ${a.boxX}, ${a.boxY}, ${a.boxW}, ${a.boxH}, ${a.imageWidth},
        ${a.imageHeight}, ${a.imagePath ?? null}, ${a.attributes ?? '{}'}::jsonb, ${a.simulated ?? false}, ${a.sceneId ?? null},
        ${a.sceneName ?? null}
      FROM lock
      ON CONFLICT (box_id, box_event_id) WHERE box_event_id IS NOT NULL DO NOTHING
      RETURNING id, seq
    )
    SELECT id, seq${notify ? sql`, pg_notify(${ALARM_CHANNEL}, seq::text)` : sql``} FROM stored`.execute(db);
  if (rows.length === 1) return { id: rows[0].id, seq: Number(rows[0].seq), duplicate: false };
  const existing = a.boxId && a.boxEventId ? await findByBoxEvent(db, a.boxId, a.boxEventId) : undefined;
  if (!existing) throw new Error('alarm insert stored nothing');
  return existing;
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

/** The highest seq committed so far (deleted alarms included: their seq was assigned). */
export async function latestSeq(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('alarms').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** Day directories already created (one mkdir per day, not per image). */
const knownDirs = new Set<string>();

/**
 * Writes an image under <dataDir>/files/<area>/YYYYMMDD/<random>.<ext> and answers its path relative to
 * <dataDir>/files. The name is random (128 bits): files under /files are served without a token.
 */
export async function writeImageFile(dataDir: string, area: 'alarms' | 'alarm', bytes: Buffer, extension: string): Promise<string> {
  const now = new Date();
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  const relative = `${area}/${day}/${randomBytes(16).toString('hex')}.${extension}`;
  const absolute = join(dataDir, 'files', relative);
  const dir = dirname(absolute);
  if (!knownDirs.has(dir)) {
    await mkdir(dir, { recursive: true });
    knownDirs.add(dir);
  }
  const file = await open(absolute, 'wx').catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    // The directory went away (cleaned up by hand): create it again.
    await mkdir(dir, { recursive: true });
    return open(absolute, 'wx');
  });
  try {
    await file.writeFile(bytes);
    // Acknowledged alarms must keep their image across a crash, like their row.
    await file.datasync();
  } finally {
    await file.close();
  }
  return relative;
}

export async function removeImageFile(dataDir: string, relative: string | null | undefined): Promise<void> {
  if (!relative) return;
  await rm(join(dataDir, 'files', relative), { force: true });
}

export function imageFilePath(dataDir: string, relative: string): string {
  return join(dataDir, 'files', relative);
}

/** Removes the snapshot files of alarms deleted more than `olderThanMs` ago (the "later cleanup" of deletes). */
export async function purgeDeletedImages(db: Kysely<Database>, dataDir: string, olderThanMs: number): Promise<number> {
  const rows = await db
    .selectFrom('alarms')
    .select(['id', 'imagePath'])
    .where('deletedAt', '<', new Date(Date.now() - olderThanMs))
    .where('imagePath', 'is not', null)
    .limit(1000)
    .execute();
  for (const row of rows) {
    await removeImageFile(dataDir, row.imagePath);
    await db.updateTable('alarms').set({ imagePath: null }).where('id', '=', row.id).execute();
  }
  return rows.length;
}

// Retention of continuous recordings (issue 35): the oldest segments go first — those older than the settings' days;
// then, while the segments take more than their share of the data directory's disk, or the disk's free space is
// under the floor (the larger of minFreeGiB and minFreePercent of the disk), the oldest of what is left. The floor
// also refuses uploads (507, recordingIngest.ts), so a full disk stops recording before it stops the database.
// Alarm clips stay with their alarms. The loop has the shape of server/jobs/pollingLoop.ts: woken after each
// upload and each settings change, and every minute.
import { rm, statfs } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { startPollingLoop, type PollingLoop } from '../../jobs/pollingLoop.ts';
import type { Database } from '../../db/types.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { recordingPath } from './recordingStore.ts';

export type RecordingConfig = Schema<'RecordingConfig'>;

export const RECORDING_DEFAULTS: RecordingConfig = { retentionDays: 7, maxDiskSharePercent: 50, minFreeGiB: 2, minFreePercent: 5 };
export const RECORDING_SETTING_KEY = 'system.recordingConfig';
const GIB = 1024 ** 3;
/** Segments deleted per statement, and at most per drain (the next drain goes on). */
const BATCH = 50;
const MAX_PER_DRAIN = 2000;
const POLL_MS = 60_000;

export interface DiskSpace {
  total: number;
  free: number;
}

/** The disk of a directory, as df counts what an unprivileged process may still write (available blocks). */
export type DiskUsage = (dir: string) => Promise<DiskSpace>;

export const statfsUsage: DiskUsage = async (dir) => {
  const fs = await statfs(dir);
  return { total: fs.blocks * fs.bsize, free: fs.bavail * fs.bsize };
};

export function floorBytes(config: RecordingConfig, disk: DiskSpace): number {
  return Math.max(config.minFreeGiB * GIB, (config.minFreePercent / 100) * disk.total);
}

export async function readRecordingConfig(db: Kysely<Database>): Promise<RecordingConfig> {
  const row = await db.selectFrom('siteSettings').select('value').where('key', '=', RECORDING_SETTING_KEY).executeTakeFirst();
  if (!row) return { ...RECORDING_DEFAULTS };
  try {
    return { ...RECORDING_DEFAULTS, ...(JSON.parse(row.value) as Partial<RecordingConfig>) };
  } catch {
    return { ...RECORDING_DEFAULTS };
  }
}

export async function writeRecordingConfig(db: Kysely<Database>, config: RecordingConfig): Promise<void> {
  const now = new Date();
  const value = JSON.stringify(config);
  await db
    .insertInto('siteSettings')
    .values({ key: RECORDING_SETTING_KEY, value, updatedAt: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now }))
    .execute();
}

/** Bytes, count and oldest start of the stored continuous segments. */
export async function continuousTotals(db: Kysely<Database>): Promise<{ bytes: number; segments: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('videoRecords')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<string>('size'), eb.lit(0)).as('bytes'), eb.fn.countAll<string>().as('n'), eb.fn.min('startTime').as('oldest')])
    .where('kind', '=', 'continuous')
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), segments: Number(row.n), oldest: (row.oldest as Date | null) ?? null };
}

export type RetentionReason = 'days' | 'share' | 'floor';

export interface RetentionResult {
  /** Ids deleted, oldest first, with why. */
  deleted: { id: number; reason: RetentionReason }[];
}

/** Deletes these continuous segments, rows first, then their files (a segment is never listed without its file). */
async function deleteSegments(db: Kysely<Database>, dataDir: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.deleteFrom('videoRecords').where('kind', '=', 'continuous').where('id', 'in', ids).returning(['id', 'filePath']).execute();
  for (const row of rows) if (row.filePath) await rm(recordingPath(dataDir, row.filePath), { force: true });
  const gone = new Set(rows.map((r) => r.id));
  return ids.filter((id) => gone.has(id));
}

/** The oldest continuous segments (ending before `before` when given), oldest first. */
function oldest(db: Kysely<Database>, limit: number, before?: Date) {
  let q = db.selectFrom('videoRecords').select(['id', 'size']).where('kind', '=', 'continuous');
  if (before) q = q.where('endTime', '<', before);
  return q.orderBy('startTime').orderBy('id').limit(limit).execute();
}

/** One pass of the rules, oldest first; `stopped` ends it early (the loop is stopping). */
export async function applyRetention(
  db: Kysely<Database>,
  dataDir: string,
  diskUsage: DiskUsage,
  now = new Date(),
  stopped: () => boolean = () => false,
): Promise<RetentionResult> {
  const config = await readRecordingConfig(db);
  const deleted: RetentionResult['deleted'] = [];
  const cutoff = new Date(now.getTime() - config.retentionDays * 86_400_000);
  while (deleted.length < MAX_PER_DRAIN && !stopped()) {
    const batch = await oldest(db, BATCH, cutoff);
    for (const id of await deleteSegments(db, dataDir, batch.map((r) => r.id))) deleted.push({ id, reason: 'days' });
    if (batch.length < BATCH) break;
  }
  while (deleted.length < MAX_PER_DRAIN && !stopped()) {
    const disk = await diskUsage(dataDir);
    const { bytes } = await continuousTotals(db);
    const overShare = bytes - (config.maxDiskSharePercent / 100) * disk.total;
    const underFloor = floorBytes(config, disk) - disk.free;
    if (overShare <= 0 && underFloor <= 0) break;
    // The oldest segments whose sizes make up what is missing (at least one), then measured again.
    const need = Math.max(overShare, underFloor);
    const candidates = await oldest(db, BATCH);
    if (candidates.length === 0) break;
    const ids: number[] = [];
    let freed = 0;
    for (const c of candidates) {
      ids.push(c.id);
      freed += Number(c.size ?? 0);
      if (freed >= need) break;
    }
    const reason: RetentionReason = overShare > 0 ? 'share' : 'floor';
    for (const id of await deleteSegments(db, dataDir, ids)) deleted.push({ id, reason });
  }
  return { deleted };
}

export function startRecordingRetention(db: Kysely<Database>, dataDir: string, diskUsage: DiskUsage, onError: (error: unknown) => void): PollingLoop {
  return startPollingLoop({
    pollMs: POLL_MS,
    startNow: true,
    onError,
    drain: async (stopped) => {
      await applyRetention(db, dataDir, diskUsage, new Date(), stopped);
    },
  });
}

// Resource history, downsampled: raw samples are kept 48 hours; older ones are folded into 10-minute averages
// (resolution 600), which are kept 30 days. Folding is idempotent (a bucket already averaged is left as it is).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

export const RAW_KEEP_MS = 48 * 3600_000;
export const AVERAGED_KEEP_MS = 30 * 86400_000;
export const AVERAGE_SECONDS = 600;

/** Folds raw samples older than 48 h into 10-minute averages and drops what is past keeping. */
export async function compactResourceSamples(db: Kysely<Database>, now = new Date()): Promise<{ folded: number; dropped: number }> {
  // Whole buckets only: the cut is on a bucket boundary.
  const cut = new Date(Math.floor((now.getTime() - RAW_KEEP_MS) / (AVERAGE_SECONDS * 1000)) * AVERAGE_SECONDS * 1000);
  return db.transaction().execute(async (trx) => {
    const folded = await sql`
      INSERT INTO resource_samples (node_id, at, resolution, cpu, memory, disk, gpu, video_memory, rx_bytes_per_sec, tx_bytes_per_sec, simulated)
      SELECT node_id, date_bin('10 minutes', at, timestamptz '2000-01-01 00:00:00+00'), ${AVERAGE_SECONDS}, avg(cpu), avg(memory), avg(disk),
             avg(gpu), avg(video_memory), avg(rx_bytes_per_sec), avg(tx_bytes_per_sec), bool_or(simulated)
        FROM resource_samples
       WHERE resolution = 0 AND at < ${cut}
       GROUP BY 1, 2
      ON CONFLICT (node_id, resolution, at) DO NOTHING`.execute(trx);
    await trx.deleteFrom('resourceSamples').where('resolution', '=', 0).where('at', '<', cut).execute();
    const dropped = await trx
      .deleteFrom('resourceSamples')
      .where('resolution', '=', AVERAGE_SECONDS)
      .where('at', '<', new Date(now.getTime() - AVERAGED_KEEP_MS))
      .executeTakeFirst();
    return { folded: Number(folded.numAffectedRows ?? 0), dropped: Number(dropped.numDeletedRows ?? 0) };
  });
}

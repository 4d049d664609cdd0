// The edge-box side of syncing a trained version (contract: ingestHeartbeat's modelSyncs / modelSyncAcks). A
// heartbeat first takes the box's acknowledgements (delivered → applied / failed, one conditional UPDATE each, so an
// ack of another box's sync or of one not delivered changes nothing), then hands over its pending syncs: marked
// delivered in the same UPDATE … RETURNING that selects them, so two heartbeats in parallel never both receive one.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Schema } from '../shared/contractTypes.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** At most this many versions per heartbeat answer (each classifier is a few tens of kB); the rest come next time. */
export const SYNCS_PER_ANSWER = 10;

export type ModelSyncAck = NonNullable<Schema<'EdgeBoxHeartbeat'>['modelSyncAcks']>[number];
export type ModelSync = Schema<'EdgeBoxModelSync'>;

export async function acknowledgeModelSyncs(db: Db, boxId: number, acks: ModelSyncAck[], now: Date): Promise<number> {
  let changed = 0;
  for (const ack of acks) {
    const done = await db
      .updateTable('trainVersionSyncs')
      .set({ status: ack.applied ? 'applied' : 'failed', reason: ack.applied ? '' : (ack.reason ?? '').slice(0, 200), finishedAt: now })
      .where('id', '=', ack.syncId)
      .where('boxId', '=', boxId)
      .where('status', '=', 'delivered')
      .returning('id')
      .executeTakeFirst();
    if (done) changed += 1;
  }
  return changed;
}

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.filter((n): n is number => typeof n === 'number') : []);

/** Hands over the box's pending syncs of published versions, oldest first, marking them delivered. */
export async function deliverModelSyncs(db: Db, boxId: number, now: Date): Promise<ModelSync[]> {
  const rows = await db
    .updateTable('trainVersionSyncs as s')
    .from(['trainVersions as v', 'setupEvents as e'])
    .set({ status: 'delivered', deliveredAt: now })
    .whereRef('v.id', '=', 's.versionId')
    .whereRef('e.id', '=', 'v.algorithmId')
    .where('s.boxId', '=', boxId)
    .where('s.status', '=', 'pending')
    // A version withdrawn after it was synced is not handed over (it stays pending until published again).
    .where('v.publishedAt', 'is not', null)
    .where('s.id', 'in', (eb) =>
      eb.selectFrom('trainVersionSyncs').select('id').where('boxId', '=', boxId).where('status', '=', 'pending').orderBy('id').limit(SYNCS_PER_ANSWER),
    )
    .returning(['s.id', 'v.id as versionId', 'v.algorithmId', 'e.name as algorithmName', 'v.version', 'v.threshold', 'v.extractor', 'v.extractorHash', 'v.classifier'])
    .execute();
  return rows
    .sort((a, b) => a.id - b.id)
    .map((r) => {
      const c = (r.classifier ?? {}) as Record<string, unknown>;
      return {
        syncId: r.id,
        versionId: r.versionId,
        algorithmId: r.algorithmId,
        algorithmName: r.algorithmName,
        version: r.version,
        threshold: Math.min(1, Math.max(0, Number(r.threshold))),
        extractor: r.extractor,
        extractorHash: r.extractorHash.trim(),
        classifier: { mean: numbers(c.mean), std: numbers(c.std), weights: numbers(c.weights), bias: Number(c.bias) || 0 },
      };
    });
}

/**
 * Queues the version for the boxes in one statement: nothing is written unless the version is published at that
 * moment (answers false then). A pair that exists stays as it is, except a failed one, which is queued again.
 */
export async function queueModelSyncs(db: Db, versionId: number, boxIds: number[], userName: string): Promise<boolean> {
  const result = await sql<{ published: number }>`
    WITH v AS (SELECT id FROM train_versions WHERE id = ${versionId} AND published_at IS NOT NULL),
    queued AS (
      INSERT INTO train_version_syncs (version_id, box_id, user_name)
      SELECT v.id, b.id, ${userName} FROM v CROSS JOIN edge_boxes b WHERE b.id IN (${sql.join(boxIds)})
      ON CONFLICT (version_id, box_id) DO UPDATE
        SET status = 'pending', reason = '', user_name = EXCLUDED.user_name, created_at = now(), delivered_at = NULL, finished_at = NULL
        WHERE train_version_syncs.status = 'failed'
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM v)::int AS published`.execute(db);
  return Number(result.rows[0]?.published ?? 0) > 0;
}

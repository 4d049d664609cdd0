// The training queue: a durable job table (train_jobs). Any server instance claims the oldest queued job with
// FOR UPDATE SKIP LOCKED (two instances never take the same one; works on PostgreSQL and the embedded database),
// keeps a heartbeat while it runs it, and every write of a running job is conditioned on still holding it — a
// cancelled job (state 3 set by cancelTraining) or a job reclaimed from this instance is simply dropped. A job
// whose heartbeat is older than STALE_MS lost its instance (killed, restarted): it is queued again, or failed
// visibly after MAX_ATTEMPTS.
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { startPollingLoop } from '../../jobs/pollingLoop.ts';
import { failStaleEvaluations } from './evaluationHandlers.ts';
import { runTrainJob } from './trainRun.ts';

export const STALE_MS = 60_000;
export const MAX_ATTEMPTS = 2;

export interface ClaimedJob {
  id: number;
  algorithmId: number;
  epochs: number;
  userName: string;
  attempts: number;
  /** Augmentation settings (migration 054). */
  augmentCopies: number;
  augmentFlip: boolean;
}

export interface TrainRunner {
  /** Looks for work now (after a job is queued) instead of at the next poll. */
  kick(): void;
  /** Stops taking jobs; a job being run is left running for another instance (or this one's restart) to reclaim. */
  stop(): Promise<void>;
  readonly instance: string;
}

export interface RunnerOptions {
  pollMs?: number;
  staleMs?: number;
  onError?(err: unknown): void;
}

/** Queues again (or fails after MAX_ATTEMPTS) the running jobs whose instance stopped reporting. */
export async function reclaimStaleJobs(db: Kysely<Database>, staleMs = STALE_MS): Promise<number> {
  const failed = JSON.stringify({ key: 'training.restartFailed', params: { attempts: MAX_ATTEMPTS } });
  const result = await sql`
    UPDATE train_jobs SET
      state = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 3 ELSE 0 END,
      message = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN ${failed} ELSE message END,
      ended_at = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN now() ELSE NULL END,
      claimed_by = NULL
    WHERE id IN (
      SELECT id FROM train_jobs
      WHERE state = 1 AND heartbeat_at < now() - make_interval(secs => ${staleMs / 1000})
      FOR UPDATE SKIP LOCKED
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Takes the oldest queued job for this instance (one statement: no two instances get the same job). */
export async function claimJob(db: Kysely<Database>, instance: string): Promise<ClaimedJob | undefined> {
  const { rows } = await sql<ClaimedJob>`
    UPDATE train_jobs SET state = 1, claimed_by = ${instance}, heartbeat_at = now(), attempts = attempts + 1, progress = 0, epoch = 0
    WHERE id = (SELECT id FROM train_jobs WHERE state = 0 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, algorithm_id AS "algorithmId", epochs, user_name AS "userName", attempts,
      augment_copies AS "augmentCopies", augment_flip AS "augmentFlip"`.execute(db);
  return rows[0];
}

export function startTrainRunner(db: Kysely<Database>, dataDir: string, options: RunnerOptions = {}): TrainRunner {
  const instance = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const onError = options.onError ?? (() => undefined);
  const loop = startPollingLoop({
    pollMs: options.pollMs ?? 2_000,
    startNow: true,
    onError,
    async drain(stopped) {
      await reclaimStaleJobs(db, options.staleMs);
      await failStaleEvaluations(db, options.staleMs);
      for (let job = await claimJob(db, instance); job && !stopped(); job = await claimJob(db, instance)) {
        await runTrainJob(db, dataDir, instance, job, stopped).catch(onError);
      }
    },
  });
  return { instance, kick: loop.wake, stop: loop.stop };
}

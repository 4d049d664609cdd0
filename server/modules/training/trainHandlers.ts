// training (contract tag uploads): start a training (the §5 rules: at least 4 positive and 4 negative, none
// unclassified, one at a time per algorithm), poll it (with the report when done), cancel it. The queue and the
// run: trainQueue.ts, trainRun.ts.
import { sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { type Lang, type MessageKey, translate } from '../../http/messages.ts';
import type { Database } from '../../db/types.ts';
import type { Kysely, Selectable } from 'kysely';
import type { TrainJobTable } from '../../db/trainingTables.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { isUniqueViolation, notFound } from '../shared/records.ts';
import { DEFAULT_AUGMENTATION } from '../../ml/features/augment.ts';
import { MIN_PER_CLASS } from './sampleRules.ts';
import { refuseWhileTraining, requireAlgorithm, sampleCounts } from './sampleStore.ts';

/** A stored message is a key with its parameters, translated into the reader's language when read. */
export function storedMessage(lang: Lang, stored: string): string {
  if (!stored) return '';
  try {
    const { key, params } = JSON.parse(stored) as { key: MessageKey; params?: Record<string, unknown> };
    return translate(lang, key, params ?? {}).slice(0, 500);
  } catch {
    return stored.slice(0, 500);
  }
}

async function toTask(db: Kysely<Database>, lang: Lang, r: Selectable<TrainJobTable>): Promise<Schema<'TrainTask'>> {
  let trainReport: Schema<'TrainReport'> | null = null;
  if (r.state === 2) {
    const v = await db.selectFrom('trainVersions').select('report').where('jobId', '=', r.id).executeTakeFirst();
    trainReport = (v?.report as Schema<'TrainReport'>) ?? null;
  }
  const finite = (n: number | null) => (n === null || !Number.isFinite(n) ? null : n);
  return {
    taskId: r.id,
    algorithmId: r.algorithmId,
    state: r.state,
    progress: r.progress,
    epoch: r.epoch,
    totalEpochs: r.epochs,
    loss: finite(r.loss),
    accuracy: finite(r.accuracy),
    positiveCount: r.positiveCount,
    negativeCount: r.negativeCount,
    startTime: formatTime(r.startedAt) as string,
    endTime: formatTime(r.endedAt),
    message: storedMessage(lang, r.message),
    modelId: r.modelId,
    version: r.version,
    report: trainReport,
  };
}

async function requireJob(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('trainJobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('training.entity.task', id);
  return row;
}

export const trainHandlers: HandlerMap = {
  async startTraining({ db, body, user, services }: Ctx<'startTraining'>) {
    let row: Selectable<TrainJobTable>;
    try {
      row = await db.transaction().execute(async (trx) => {
        await requireAlgorithm(trx, body.algorithmId, true);
        await refuseWhileTraining(trx, body.algorithmId);
        const counts = await sampleCounts(trx, body.algorithmId);
        if (counts.unclassified > 0) throw new ApiError(409, 'training.unclassifiedLeft', { count: counts.unclassified });
        if (counts.positive < MIN_PER_CLASS || counts.negative < MIN_PER_CLASS) {
          throw new ApiError(409, 'training.notEnoughSamples', { min: MIN_PER_CLASS, positive: counts.positive, negative: counts.negative });
        }
        return trx
          .insertInto('trainJobs')
          .values({
            algorithmId: body.algorithmId,
            epochs: body.epochs ?? 50,
            positiveCount: counts.positive,
            negativeCount: counts.negative,
            remark: body.remark ?? '',
            userName: user?.username ?? '',
            augmentCopies: body.augmentation?.copies ?? DEFAULT_AUGMENTATION.copies,
            augmentFlip: body.augmentation?.flip ?? DEFAULT_AUGMENTATION.flip,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (error) {
      // The partial unique index is the last word when two starts race.
      if (isUniqueViolation(error)) throw new ApiError(409, 'training.busy');
      throw error;
    }
    services.trainRunner?.kick();
    return { taskId: row.id };
  },

  async getTrainingProgress({ db, params, lang }: Ctx<'getTrainingProgress'>) {
    return toTask(db, lang, await requireJob(db, Number(params.id)));
  },

  async cancelTraining({ db, params, lang }: Ctx<'cancelTraining'>) {
    const id = Number(params.id);
    const message = JSON.stringify({ key: 'training.cancelled' });
    // One statement: a job that ends meanwhile is not cancelled (its state is no longer 0 or 1).
    const row = await db
      .updateTable('trainJobs')
      .set({ state: 3, message, endedAt: sql`now()` })
      .where('id', '=', id)
      .where('state', 'in', [0, 1])
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      await requireJob(db, id);
      throw new ApiError(409, 'training.taskEnded');
    }
    return toTask(db, lang, row);
  },
};

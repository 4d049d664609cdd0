// evaluation: evaluate a trained model (by modelId, or the latest trained model of the algorithm that serves
// eventId) on a labelled evaluation dataset — every figure computed on the dataset's own images at the model's
// threshold. The task runs at once in this server (embedding off the event loop in the ML worker); a task whose
// server stopped is failed visibly when its heartbeat goes stale (failStaleEvaluations, run by the training queue).
import { type Kysely, type Selectable, sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Database } from '../../db/types.ts';
import type { EvalTaskTable } from '../../db/trainingTables.ts';
import { readFileSync } from 'node:fs';
import { figures, type Scored } from '../../ml/classifier/metrics.ts';
import { storedFilePath } from '../devices/storedFiles.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { isUniqueViolation, notFound } from '../shared/records.ts';
import { storedMessage } from './trainHandlers.ts';
import { requireTrainedModel, scoreImage, type TrainedModel } from './trainedModels.ts';
import { STALE_MS } from './trainQueue.ts';

type Db = Kysely<Database>;

export async function failStaleEvaluations(db: Db, staleMs = STALE_MS): Promise<void> {
  await db
    .updateTable('evalTasks')
    .set({ state: 3, message: JSON.stringify({ key: 'training.evalInterrupted' }), endedAt: sql`now()` })
    .where('state', 'in', [0, 1])
    .where('heartbeatAt', '<', sql<Date>`now() - make_interval(secs => ${staleMs / 1000})`)
    .execute();
}

function toMetrics(f: ReturnType<typeof figures>): Schema<'EvalMetrics'> {
  return {
    accuracy: f.accuracy,
    mAP: null,
    loss: f.logLoss,
    precision: f.macroAvg.precision,
    recall: f.macroAvg.recall,
    'f1-score': f.macroAvg['f1-score'],
    support: f.macroAvg.support,
    perClass: f.perClass.map((c) => ({ ...c, ap: c.label === 'positive' ? f.averagePrecision : null })),
  };
}

async function runEvaluation(db: Db, dataDir: string, taskId: number, model: TrainedModel, datasetId: number) {
  try {
    const images = await db.selectFrom('evalImages').select(['id', 'filePath', 'sha256', 'label']).where('datasetId', '=', datasetId).orderBy('id').execute();
    const scored: Scored[] = [];
    for (const [i, image] of images.entries()) {
      const bytes = readFileSync(storedFilePath(dataDir, image.filePath));
      scored.push({ id: image.id, label: image.label === 'positive' ? 1 : 0, score: await scoreImage(db, model, bytes, image.sha256) });
      const r = await db
        .updateTable('evalTasks')
        .set({ progress: Math.floor(((i + 1) / images.length) * 99), heartbeatAt: sql`now()` })
        .where('id', '=', taskId)
        .where('state', '=', 1)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return;
    }
    const metrics = toMetrics(figures(scored, model.threshold));
    await db.updateTable('evalTasks').set({ state: 2, progress: 100, metrics: JSON.stringify(metrics), endedAt: sql`now()` }).where('id', '=', taskId).where('state', '=', 1).execute();
  } catch (error) {
    const reason = String(error instanceof Error ? error.message : error).slice(0, 300);
    await db.updateTable('evalTasks').set({ state: 3, message: JSON.stringify({ key: 'training.failed', params: { reason } }), endedAt: sql`now()` }).where('id', '=', taskId).execute();
  }
}

function toTask(lang: Parameters<typeof storedMessage>[0], r: Selectable<EvalTaskTable>): Schema<'EvalTask'> {
  return {
    taskId: r.id,
    state: r.state,
    progress: r.progress,
    evalType: r.evalType,
    modelId: r.modelId,
    eventId: r.eventId,
    datasetId: r.datasetId,
    startTime: formatTime(r.startedAt) as string,
    endTime: formatTime(r.endedAt),
    message: storedMessage(lang, r.message),
    metrics: (r.metrics as Schema<'EvalMetrics'> | null) ?? null,
  };
}

export const evaluationHandlers: HandlerMap = {
  async startEvaluation({ db, body, services, user }: Ctx<'startEvaluation'>) {
    if ((body.modelId === undefined) === (body.eventId === undefined)) throw new ApiError(400, 'training.modelOrEvent');
    let modelId = body.modelId;
    if (body.eventId !== undefined) {
      const latest = await db
        .selectFrom('trainVersions as v')
        .innerJoin('setupEvents as e', 'e.id', 'v.algorithmId')
        .select('v.modelId')
        .where('e.eventId', '=', body.eventId)
        .where('v.modelId', 'is not', null)
        .orderBy('v.id', 'desc')
        .executeTakeFirst();
      if (!latest?.modelId) throw new ApiError(409, 'training.eventNotTrained', { eventId: body.eventId });
      modelId = latest.modelId;
    }
    const model = await requireTrainedModel(db, modelId as number);
    const dataset = await db.selectFrom('evalDatasets').select('id').where('id', '=', body.datasetId).executeTakeFirst();
    if (!dataset) throw notFound('training.entity.dataset', body.datasetId);
    // The platform's trained models are classifiers: a detection (mAP) evaluation does not apply to them.
    if (body.evalType === 2) throw new ApiError(409, 'training.mapNotForClassifier');
    const counts = await db
      .selectFrom('evalImages')
      .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.count<string>('label').as('labelled')])
      .where('datasetId', '=', body.datasetId)
      .executeTakeFirstOrThrow();
    if (Number(counts.n) === 0) throw new ApiError(409, 'training.datasetEmpty');
    if (Number(counts.labelled) < Number(counts.n)) throw new ApiError(409, 'training.datasetUnlabelled', { count: Number(counts.n) - Number(counts.labelled) });
    let task: { id: number };
    try {
      task = await db
        .insertInto('evalTasks')
        .values({ modelId: model.modelId, eventId: body.eventId ?? null, datasetId: body.datasetId, evalType: body.evalType, userName: user?.username ?? '' })
        .returning('id')
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, 'training.evalBusy');
      throw error;
    }
    await db.updateTable('evalTasks').set({ state: 1 }).where('id', '=', task.id).execute();
    void runEvaluation(db, services.config.dataDir, task.id, model, body.datasetId);
    return { taskId: task.id };
  },

  async getEvaluationProgress({ db, params, lang }: Ctx<'getEvaluationProgress'>) {
    const row = await db.selectFrom('evalTasks').selectAll().where('id', '=', Number(params.id)).executeTakeFirst();
    if (!row) throw notFound('training.entity.evalTask', Number(params.id));
    return toTask(lang, row);
  },
};

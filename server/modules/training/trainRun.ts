// Runs one claimed training: embeds the samples (cached by image hash), cross-validates and fits the classifier in
// the ML worker thread, then stores the model version (classifier, threshold, extractor, dataset snapshot, report)
// and a model row, and finishes the job — all in one transaction that first checks the job is still this
// instance's (not cancelled, not reclaimed). Progress: embedding 0–60 %, training 60–99 %.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { TrainOutput } from '../../ml/classifier/trainClassifier.ts';
import { embed, FEATURE_INFO, train } from '../../ml/features.ts';
import { filesRoot, removeStoredFile } from '../devices/storedFiles.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { cachedEmbeddings, storeEmbedding } from './embeddingCache.ts';
import type { ClaimedJob } from './trainQueue.ts';
import { storeVersion } from './versionStore.ts';

/** The job was cancelled, reclaimed, or the server is stopping: drop it without writing. */
class JobLost extends Error {}

type Db = Kysely<Database>;

/** Writes progress if the job is still ours; throws JobLost otherwise (also when the server stops). */
async function report(db: Db, instance: string, jobId: number, isStopped: () => boolean, values: { progress: number; epoch?: number; loss?: number | null; accuracy?: number | null }) {
  if (isStopped()) throw new JobLost();
  const result = await db
    .updateTable('trainJobs')
    .set({ ...values, heartbeatAt: sql`now()` })
    .where('id', '=', jobId)
    .where('state', '=', 1)
    .where('claimedBy', '=', instance)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new JobLost();
}

export function buildReport(out: TrainOutput, trainMs: number, featureDim: number): Schema<'TrainReport'> {
  const f = out.figures;
  return {
    method: out.method,
    folds: out.folds,
    threshold: f.threshold,
    accuracy: f.accuracy,
    logLoss: f.logLoss,
    averagePrecision: f.averagePrecision,
    perClass: f.perClass,
    macroAvg: f.macroAvg,
    weightedAvg: f.weightedAvg,
    confusion: f.confusion,
    prCurve: f.prCurve,
    scores: out.scores.map((s) => ({ id: s.id, label: s.label === 1 ? 'positive' : 'negative', score: s.score })),
    extractor: FEATURE_INFO.name,
    extractorHash: FEATURE_INFO.hash,
    featureDim,
    trainMs: Math.round(trainMs),
  };
}

export async function runTrainJob(db: Db, dataDir: string, instance: string, job: ClaimedJob, isStopped: () => boolean): Promise<void> {
  const started = performance.now();
  const step = (values: Parameters<typeof report>[4]) => report(db, instance, job.id, isStopped, values);
  try {
    const samples = await db
      .selectFrom('trainSamples')
      .select(['id', 'label', 'sha256', 'filePath', 'fileName'])
      .where('algorithmId', '=', job.algorithmId)
      .where('label', 'in', ['positive', 'negative'])
      .orderBy('id')
      .execute();
    const cache = await cachedEmbeddings(db, samples.map((s) => s.sha256));
    const features: Float32Array[] = [];
    for (const [i, s] of samples.entries()) {
      let vector = cache.get(s.sha256);
      if (!vector) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(join(filesRoot(dataDir), s.filePath));
        } catch {
          throw new Error(JSON.stringify({ key: 'training.sampleMissing', params: { file: s.fileName } }));
        }
        vector = (await embed(bytes)).vector;
        await storeEmbedding(db, s.sha256, vector);
        cache.set(s.sha256, vector);
      }
      features.push(vector);
      await step({ progress: Math.floor(((i + 1) / samples.length) * 60) });
    }
    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    let lost: unknown = null;
    const output = await train(
      { ids: samples.map((s) => s.id), labels: samples.map((s) => (s.label === 'positive' ? 1 : 0)), features, iterations: job.epochs, seed: job.id },
      (fraction, iteration, loss) => {
        // At most a few writes a second: the worker reports every iteration.
        const now = performance.now();
        if (now - lastWrite < 250 && fraction < 1) return;
        lastWrite = now;
        writing = writing
          .then(() => step({ progress: 60 + Math.floor(fraction * 39), epoch: iteration, loss: Number.isFinite(loss) ? loss : null }))
          .catch((err) => {
            lost = err;
          });
      },
    );
    await writing;
    if (lost) throw lost;
    await finish(db, dataDir, instance, job, output, buildReport(output, performance.now() - started, features[0]?.length ?? 0), samples);
  } catch (error) {
    if (error instanceof JobLost) return;
    const message = error instanceof Error && error.message.startsWith('{"key"') ? error.message : JSON.stringify({ key: 'training.failed', params: { reason: String(error instanceof Error ? error.message : error).slice(0, 300) } });
    await db
      .updateTable('trainJobs')
      .set({ state: 3, message, endedAt: sql`now()` })
      .where('id', '=', job.id)
      .where('state', '=', 1)
      .where('claimedBy', '=', instance)
      .execute();
  }
}

async function finish(
  db: Db,
  dataDir: string,
  instance: string,
  job: ClaimedJob,
  output: TrainOutput,
  trainReport: Schema<'TrainReport'>,
  samples: { id: number; label: string }[],
) {
  const written: { path: string | null } = { path: null };
  try {
    await db.transaction().execute(async (trx) => {
      const mine = await trx.selectFrom('trainJobs').select('id').where('id', '=', job.id).where('state', '=', 1).where('claimedBy', '=', instance).forUpdate().executeTakeFirst();
      if (!mine) throw new JobLost();
      const algorithm = await trx.selectFrom('setupEvents').select(['id', 'name', 'eventId']).where('id', '=', job.algorithmId).forUpdate().executeTakeFirstOrThrow();
      const classifier = { ...output.model, threshold: trainReport.threshold, extractor: FEATURE_INFO.name, extractorHash: FEATURE_INFO.hash };
      const { version, modelId } = await storeVersion(
        trx,
        dataDir,
        {
          algorithm,
          jobId: job.id,
          source: 'train',
          classifier,
          threshold: trainReport.threshold,
          extractor: FEATURE_INFO.name,
          extractorHash: FEATURE_INFO.hash,
          report: trainReport,
          samples,
          positiveCount: samples.filter((s) => s.label === 'positive').length,
          negativeCount: samples.filter((s) => s.label !== 'positive').length,
          userName: job.userName,
        },
        written,
      );
      await trx
        .updateTable('trainJobs')
        .set({ state: 2, progress: 100, epoch: job.epochs, loss: output.finalLoss, accuracy: trainReport.accuracy, modelId, version, endedAt: sql`now()` })
        .where('id', '=', job.id)
        .execute();
    });
  } catch (error) {
    removeStoredFile(dataDir, written.path);
    throw error;
  }
}

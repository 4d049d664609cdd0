// Runs one claimed training: gathers the samples' vectors, their augmented copies' and their robustness variants'
// (trainFeatures.ts: cached by content, the missing ones embedded in the ML worker), cross-validates and fits the
// classifier in the worker, then stores the model version (classifier, threshold, extractor, dataset snapshot,
// report) and a model row, and finishes the job — all in one transaction that first checks the job is still this
// instance's (not cancelled, not reclaimed). Progress: embedding 0–60 %, training 60–99 %.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { TrainOutput } from '../../ml/classifier/trainClassifier.ts';
import { FEATURE_INFO, train } from '../../ml/features.ts';
import { removeStoredFile } from '../devices/storedFiles.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { gatherFeatures, type TrainSettings } from './trainFeatures.ts';
import type { ClaimedJob } from './trainQueue.ts';
import { buildReport } from './trainReport.ts';
import { storeVersion } from './versionStore.ts';

export { buildReport } from './trainReport.ts';

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
    const settings: TrainSettings = { epochs: job.epochs, copies: job.augmentCopies, flip: job.augmentFlip };
    let written = -1;
    const gathered = await gatherFeatures(db, dataDir, samples, settings, async (done, total) => {
      const progress = Math.floor((done / total) * 60);
      // A write when the figure moves (at most 60), which is also the heartbeat and the cancel check.
      if (progress === written) return;
      written = progress;
      await step({ progress });
    });
    const features = gathered.input.features;
    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    let lost: unknown = null;
    const output = await train(
      { ...gathered.input, iterations: job.epochs },
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
    const trainReport = buildReport(output, performance.now() - started, features[0]?.length ?? 0, { ...settings, seed: gathered.input.seed });
    await finish(db, dataDir, instance, job, output, trainReport, samples);
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

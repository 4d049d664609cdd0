// What the warehouse list shows of each algorithm's training: its sample counts, the state and id of its last
// training, whether a training has made a model of it (source train), its versions and the newest published one.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export interface TrainingSummary {
  sampleCount: number;
  positiveCount: number;
  negativeCount: number;
  unclassifiedCount: number;
  trainState: 0 | 1 | 2 | 3 | null;
  lastTrainTaskId: number | null;
  trained: boolean;
  versionCount: number;
  publishedTrainVersion: string | null;
  /** The last training's version and figures, when it finished and made one. */
  lastReport: { version: string; modelId: number | null; accuracy: number; averagePrecision: number; folds: number } | null;
}

export async function trainingSummaries(db: Kysely<Database>, algorithmIds: number[]): Promise<Map<number, TrainingSummary>> {
  const out = new Map<number, TrainingSummary>();
  for (const id of algorithmIds) {
    out.set(id, { sampleCount: 0, positiveCount: 0, negativeCount: 0, unclassifiedCount: 0, trainState: null, lastTrainTaskId: null, trained: false, versionCount: 0, publishedTrainVersion: null, lastReport: null });
  }
  if (algorithmIds.length === 0) return out;
  const counts = await db
    .selectFrom('trainSamples')
    .select(['algorithmId', 'label', (eb) => eb.fn.countAll<string>().as('n')])
    .where('algorithmId', 'in', algorithmIds)
    .groupBy(['algorithmId', 'label'])
    .execute();
  for (const c of counts) {
    const s = out.get(c.algorithmId) as TrainingSummary;
    const n = Number(c.n);
    s.sampleCount += n;
    if (c.label === 'positive') s.positiveCount = n;
    else if (c.label === 'negative') s.negativeCount = n;
    else s.unclassifiedCount = n;
  }
  const jobs = await db
    .selectFrom('trainJobs')
    .select(['algorithmId', 'id', 'state'])
    .where('algorithmId', 'in', algorithmIds)
    .orderBy('id', 'desc')
    .execute();
  for (const j of jobs) {
    const s = out.get(j.algorithmId) as TrainingSummary;
    if (s.lastTrainTaskId === null) {
      s.lastTrainTaskId = j.id;
      s.trainState = j.state;
    }
    if (j.state === 2) s.trained = true;
  }
  const versions = await db.selectFrom('trainVersions').select(['algorithmId', 'version', 'publishedAt']).where('algorithmId', 'in', algorithmIds).orderBy('id', 'desc').execute();
  for (const v of versions) {
    const s = out.get(v.algorithmId) as TrainingSummary;
    s.versionCount++;
    if (v.publishedAt !== null && s.publishedTrainVersion === null) s.publishedTrainVersion = v.version;
  }
  // The last training's report, from the version it made (one query for the page, not one per row).
  const finished = [...out.values()].filter((s) => s.trainState === 2 && s.lastTrainTaskId !== null).map((s) => s.lastTrainTaskId as number);
  if (finished.length > 0) {
    const made = await db.selectFrom('trainVersions').select(['algorithmId', 'version', 'modelId', 'report']).where('jobId', 'in', finished).execute();
    for (const v of made) {
      const report = v.report as { accuracy?: unknown; averagePrecision?: unknown; folds?: unknown } | null;
      const s = out.get(v.algorithmId);
      if (!s || !report || typeof report.accuracy !== 'number' || typeof report.averagePrecision !== 'number' || typeof report.folds !== 'number') continue;
      s.lastReport = { version: v.version, modelId: v.modelId, accuracy: report.accuracy, averagePrecision: report.averagePrecision, folds: report.folds };
    }
  }
  return out;
}

// Model versions of a warehouse algorithm (contract tag uploads): the list with "ready to retrain" (classified
// images the newest version was not trained on), one version with its saved report, and publishing/withdrawing a
// version — each a single conditional UPDATE, so two publishes of the same version cannot both succeed.
import { type Kysely, sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Database } from '../../db/types.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { requireAlgorithm } from './sampleStore.ts';

type Db = Kysely<Database>;

const clamp01 = (n: unknown) => Math.min(1, Math.max(0, Number.isFinite(Number(n)) ? Number(n) : 0));

/** The version rows as the contract shows them (figures read from the report without loading all of it). */
function versionQuery(db: Db) {
  return db
    .selectFrom('trainVersions as v')
    .innerJoin('setupEvents as e', 'e.id', 'v.algorithmId')
    .select([
      'v.id',
      'v.algorithmId',
      'e.name as algorithmName',
      'v.version',
      'v.source',
      'v.modelId',
      'v.jobId',
      'v.threshold',
      'v.extractor',
      'v.positiveCount',
      'v.negativeCount',
      'v.publishedAt',
      'v.publishedBy',
      'v.createdAt',
      sql<string>`v.report ->> 'accuracy'`.as('accuracy'),
      sql<string>`v.report ->> 'averagePrecision'`.as('averagePrecision'),
      // The lower robust accuracy, and the warning (null and false for a report without robustness figures).
      sql<string | null>`least((v.report -> 'robustness' -> 'jpeg60' ->> 'accuracy')::float8, (v.report -> 'robustness' -> 'resize320' ->> 'accuracy')::float8)`.as('robustAccuracy'),
      sql<boolean | null>`(v.report -> 'robustness' ->> 'warning')::boolean`.as('robustWarning'),
    ]);
}

type VersionRow = Awaited<ReturnType<ReturnType<typeof versionQuery>['executeTakeFirstOrThrow']>>;

export function toVersion(r: VersionRow): Schema<'TrainVersion'> {
  return {
    id: r.id,
    algorithmId: r.algorithmId,
    algorithmName: r.algorithmName,
    version: r.version,
    source: r.source,
    modelId: r.modelId,
    taskId: r.jobId,
    threshold: clamp01(r.threshold),
    accuracy: clamp01(r.accuracy),
    averagePrecision: clamp01(r.averagePrecision),
    robustAccuracy: r.robustAccuracy === null ? null : clamp01(r.robustAccuracy),
    robustWarning: r.robustWarning === true,
    positiveCount: r.positiveCount,
    negativeCount: r.negativeCount,
    extractor: r.extractor,
    published: r.publishedAt !== null,
    publishedAt: formatTime(r.publishedAt),
    publishedBy: r.publishedBy,
    createTime: formatTime(r.createdAt) as string,
  };
}

export async function readVersion(db: Db, id: number): Promise<Schema<'TrainVersion'>> {
  const row = await versionQuery(db).where('v.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('training.entity.version', id);
  return toVersion(row);
}

/** Classified images of the algorithm that the newest version was not trained on (new, or relabelled since). */
export async function newSamplesSince(db: Db, algorithmId: number): Promise<{ count: number; latest: string | null }> {
  const latest = await db.selectFrom('trainVersions').select(['version', 'samples']).where('algorithmId', '=', algorithmId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  const current = await db.selectFrom('trainSamples').select(['id', 'label']).where('algorithmId', '=', algorithmId).where('label', 'in', ['positive', 'negative']).execute();
  const trained = new Map((latest?.samples ?? []).map((s) => [s.id, s.label]));
  return { count: current.filter((s) => trained.get(s.id) !== s.label).length, latest: latest?.version ?? null };
}

export const versionHandlers: HandlerMap = {
  async listTrainVersions({ db, body }: Ctx<'listTrainVersions'>) {
    await requireAlgorithm(db, body.algorithmId);
    const rows = await versionQuery(db).where('v.algorithmId', '=', body.algorithmId).orderBy('v.id', 'desc').limit(1000).execute();
    const since = await newSamplesSince(db, body.algorithmId);
    return { algorithmId: body.algorithmId, newSamples: Math.min(1000, since.count), latestVersion: since.latest, list: rows.map(toVersion) };
  },

  async getTrainVersion({ db, params }: Ctx<'getTrainVersion'>) {
    const id = Number(params.id);
    const version = await readVersion(db, id);
    const { report } = await db.selectFrom('trainVersions').select('report').where('id', '=', id).executeTakeFirstOrThrow();
    return { ...version, report: report as Schema<'TrainReport'> };
  },

  async publishTrainVersion({ db, params, user }: Ctx<'publishTrainVersion'>) {
    const id = Number(params.id);
    // One statement: of two publishes racing, only the one that finds it unpublished changes it.
    const done = await db
      .updateTable('trainVersions')
      .set({ publishedAt: sql`now()`, publishedBy: user?.username ?? '' })
      .where('id', '=', id)
      .where('publishedAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    const version = await readVersion(db, id);
    if (!done) throw new ApiError(409, 'training.versionPublished', { version: `${version.algorithmName} ${version.version}` });
    return version;
  },

  async setTrainVersionThreshold({ db, body }: Ctx<'setTrainVersionThreshold'>) {
    // One statement: the column the validations read and the classifier the exports and boxes read change
    // together, and only while the version is unpublished (a publish racing it wins or waits).
    const done = await db
      .updateTable('trainVersions')
      .set({
        threshold: body.threshold,
        classifier: sql`jsonb_set(classifier::jsonb, '{threshold}', to_jsonb(${body.threshold}::float8))`,
      })
      .where('id', '=', body.id)
      .where('publishedAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    const version = await readVersion(db, body.id);
    if (!done) throw new ApiError(409, 'training.versionPublishedThreshold', { version: `${version.algorithmName} ${version.version}` });
    return version;
  },

  async withdrawTrainVersion({ db, params }: Ctx<'withdrawTrainVersion'>) {
    const id = Number(params.id);
    const done = await db
      .updateTable('trainVersions')
      .set({ publishedAt: null, publishedBy: null })
      .where('id', '=', id)
      .where('publishedAt', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    const version = await readVersion(db, id);
    if (!done) throw new ApiError(409, 'training.versionNotPublished', { version: `${version.algorithmName} ${version.version}` });
    return version;
  },
};

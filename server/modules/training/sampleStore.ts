// Training samples in the database and under <dataDir>/private/training/<algorithm id>/ (served only by signed
// URLs, server/http/fileSigning.ts). Every change to an
// algorithm's samples locks the algorithm's row first, so the 1000-image bound and "not while training" hold under
// concurrent calls (check and write in one transaction on the locked row).
import type { Kysely, Selectable, Transaction } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { Database } from '../../db/types.ts';
import { type FileSigner, fileSigner } from '../../http/fileSigning.ts';
import type { SampleLabel, TrainSampleTable } from '../../db/trainingTables.ts';
import { removeStoredFile, storeFile } from '../devices/storedFiles.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { type CheckedImage, MAX_PER_ALGORITHM } from './sampleRules.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface AlgorithmRow {
  id: number;
  name: string;
  eventId: number | null;
}

/** A published warehouse algorithm (setup event in the warehouse); `lock` takes its row lock (in a transaction). */
export async function requireAlgorithm(db: Db, id: number, lock = false): Promise<AlgorithmRow> {
  let q = db.selectFrom('setupEvents').select(['id', 'name', 'eventId']).where('id', '=', id).where('sataus', 'in', [1, 2]);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('training.entity.algorithm', id);
  return row;
}

export async function sampleCounts(db: Db, algorithmId: number): Promise<Schema<'TrainSampleCounts'>> {
  const rows = await db
    .selectFrom('trainSamples')
    .select(['label', (eb) => eb.fn.countAll<string>().as('n')])
    .where('algorithmId', '=', algorithmId)
    .groupBy('label')
    .execute();
  const counts = { total: 0, positive: 0, negative: 0, unclassified: 0 };
  for (const r of rows) {
    counts[r.label] = Number(r.n);
    counts.total += Number(r.n);
  }
  return counts;
}

/** 409 while a training of the algorithm is queued or running. */
export async function refuseWhileTraining(db: Db, algorithmId: number): Promise<void> {
  const active = await db.selectFrom('trainJobs').select('id').where('algorithmId', '=', algorithmId).where('state', 'in', [0, 1]).executeTakeFirst();
  if (active) throw new ApiError(409, 'training.busy');
}

type SampleRow = Selectable<TrainSampleTable>;

/** A sample as the contract shows it; its image and thumbnail by short-lived signed URLs. */
export function toSample(r: SampleRow, signer: FileSigner): Schema<'TrainSample'> {
  return {
    id: r.id,
    algorithmId: r.algorithmId,
    fileName: r.fileName,
    url: signer.url(r.filePath),
    thumbUrl: signer.url(r.thumbPath),
    size: r.size,
    width: r.width,
    height: r.height,
    label: r.label,
    createTime: formatTime(r.createdAt) as string,
  };
}

/** Stores checked images (all or nothing): files first, rows in one transaction; files are removed if it fails. */
export async function storeSamples(
  db: Kysely<Database>,
  dataDir: string,
  algorithmId: number,
  images: (CheckedImage & { label: SampleLabel })[],
): Promise<Schema<'TrainSampleUploadResult'>> {
  const written: string[] = [];
  const signer = await fileSigner(db);
  try {
    return await db.transaction().execute(async (trx) => {
      await requireAlgorithm(trx, algorithmId, true);
      await refuseWhileTraining(trx, algorithmId);
      const before = await sampleCounts(trx, algorithmId);
      if (before.total + images.length > MAX_PER_ALGORITHM) {
        throw new ApiError(409, 'training.algorithmFull', { max: MAX_PER_ALGORITHM, count: before.total, adding: images.length });
      }
      const rows = images.map((image) => {
        const filePath = storeFile(dataDir, `training/${algorithmId}`, image.extension, image.buffer);
        written.push(filePath);
        const thumbPath = storeFile(dataDir, `training/${algorithmId}/thumbs`, 'jpg', image.thumbnail);
        written.push(thumbPath);
        return {
          algorithmId,
          fileName: image.fileName,
          filePath,
          thumbPath,
          sha256: image.sha256,
          dhash: image.dhash,
          size: image.buffer.length,
          width: image.width,
          height: image.height,
          label: image.label,
        };
      });
      const stored = await trx.insertInto('trainSamples').values(rows).returningAll().execute();
      return { algorithmId, uploaded: stored.length, counts: await sampleCounts(trx, algorithmId), list: stored.map((r) => toSample(r, signer)) };
    });
  } catch (error) {
    for (const path of written) removeStoredFile(dataDir, path);
    throw error;
  }
}

/** The samples of `ids`, all of one algorithm (404 an unknown id, 400 several algorithms). */
export async function requireSamples(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db.selectFrom('trainSamples').selectAll().where('id', 'in', unique).execute();
  const missing = unique.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw notFound('training.entity.sample', missing);
  const algorithms = new Set(rows.map((r) => r.algorithmId));
  if (algorithms.size > 1) throw new ApiError(400, 'training.mixedAlgorithms');
  return { rows, algorithmId: rows[0]?.algorithmId as number };
}

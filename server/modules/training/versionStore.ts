// Storing a model version of a warehouse algorithm — made by a training (trainRun.ts) or read from an exported
// package (versionPackage.ts): the classifier file under the algorithm's folder, a catalogue model row (type
// classification) pointing at it, and the version row. Runs inside the caller's transaction, which has locked the
// algorithm's row (the version name counts the versions before it).
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { storeFile } from '../devices/storedFiles.ts';
import type { Schema } from '../shared/contractTypes.ts';

export interface NewVersion {
  algorithm: { id: number; name: string; eventId: number | null };
  jobId: number | null;
  source: 'train' | 'import';
  /** Standardisation, weights and bias, with the threshold and the extractor it reads. */
  classifier: Record<string, unknown>;
  threshold: number;
  extractor: string;
  extractorHash: string;
  report: Schema<'TrainReport'>;
  samples: { id: number; label: string }[];
  positiveCount: number;
  negativeCount: number;
  userName: string;
}

export interface StoredVersion {
  id: number;
  version: string;
  modelId: number;
}

/**
 * Writes the version. `written` receives the stored file's path as soon as it exists, so that the caller removes
 * it when the transaction fails.
 */
export async function storeVersion(trx: Transaction<Database>, dataDir: string, v: NewVersion, written: { path: string | null }): Promise<StoredVersion> {
  const { n } = await trx.selectFrom('trainVersions').select((eb) => eb.fn.countAll<string>().as('n')).where('algorithmId', '=', v.algorithm.id).executeTakeFirstOrThrow();
  const version = `train-${Number(n) + 1}`;
  const file = Buffer.from(JSON.stringify({ algorithm: v.algorithm.name, version, classifier: v.classifier, report: v.report }));
  written.path = storeFile(dataDir, `training/${v.algorithm.id}/models`, 'json', file);
  const type = await trx.selectFrom('modelTypes').select('id').where('typeCode', '=', 'classification').executeTakeFirstOrThrow();
  const model = await trx
    .insertInto('models')
    .values({
      name: v.algorithm.name,
      version,
      modelTypeId: type.id,
      modelSceneId: null,
      fileName: `${v.algorithm.name}-${version}.json`,
      filePath: written.path,
      size: file.length,
      checksum: createHash('sha256').update(file).digest('hex'),
      eventIds: JSON.stringify(v.algorithm.eventId ? [v.algorithm.eventId] : []),
      userName: v.userName,
      setupEventId: v.algorithm.id,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('trainVersions')
    .values({
      algorithmId: v.algorithm.id,
      jobId: v.jobId,
      version,
      source: v.source,
      modelId: model.id,
      classifier: JSON.stringify(v.classifier),
      threshold: v.threshold,
      extractor: v.extractor,
      extractorHash: v.extractorHash,
      samples: JSON.stringify(v.samples),
      positiveCount: v.positiveCount,
      negativeCount: v.negativeCount,
      report: JSON.stringify(v.report),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, version, modelId: model.id };
}

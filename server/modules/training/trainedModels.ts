// A trained model (a model row made by a training) as a scorer: its version's classifier and threshold, applied to
// an image's embedding (cached by the image's hash, as in training).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { LogisticModel } from '../../ml/classifier/logistic.ts';
import { predictLogistic } from '../../ml/classifier/logistic.ts';
import { embed } from '../../ml/features.ts';
import { notFound } from '../shared/records.ts';
import { cachedEmbeddings, storeEmbedding } from './embeddingCache.ts';

export interface TrainedModel {
  modelId: number;
  algorithmId: number;
  version: string;
  threshold: number;
  classifier: LogisticModel;
}

export async function requireTrainedModel(db: Kysely<Database>, modelId: number): Promise<TrainedModel> {
  const row = await db.selectFrom('trainVersions').select(['modelId', 'algorithmId', 'version', 'threshold', 'classifier']).where('modelId', '=', modelId).executeTakeFirst();
  if (!row) throw notFound('training.entity.model', modelId);
  return { modelId, algorithmId: row.algorithmId, version: row.version, threshold: row.threshold, classifier: row.classifier as LogisticModel };
}

/** Probability of positive for an encoded image. */
export async function scoreImage(db: Kysely<Database>, model: TrainedModel, bytes: Buffer, sha256: string): Promise<number> {
  let vector = (await cachedEmbeddings(db, [sha256])).get(sha256);
  if (!vector) {
    vector = (await embed(bytes)).vector;
    await storeEmbedding(db, sha256, vector);
  }
  return predictLogistic(model.classifier, vector);
}

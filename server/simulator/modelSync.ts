// What a simulated edge box does with a trained version the platform syncs to it (ingestHeartbeat's modelSyncs):
// it checks the classifier is whole (standardisation, weights and bias of one length, finite numbers, a threshold in
// 0–1, an extractor named with its weights' hash), keeps it as the box's model for that algorithm, and answers
// applied — or failed with the reason — on its next heartbeat (modelSyncAcks).

import type { Schema } from '../modules/shared/contractTypes.ts';

/** A trained version offered in the heartbeat's answer, and the box's answer on a later heartbeat (the contract's). */
export type ModelSyncOffer = Schema<'EdgeBoxModelSync'>;
export type ModelSyncAck = NonNullable<Schema<'EdgeBoxHeartbeat'>['modelSyncAcks']>[number];

/** The model a box runs for an algorithm. */
export interface HeldModel {
  versionId: number;
  version: string;
  threshold: number;
  extractorHash: string;
  classifier: ModelSyncOffer['classifier'];
}

const finite = (list: unknown, length: number) => Array.isArray(list) && list.length === length && list.every((n) => typeof n === 'number' && Number.isFinite(n));

/** Why the box cannot run the offered version; null when it can. */
export function modelProblem(offer: ModelSyncOffer): string | null {
  const c = offer.classifier;
  const dim = Array.isArray(c?.weights) ? c.weights.length : 0;
  if (dim === 0) return 'classifier has no weights';
  if (!finite(c.mean, dim) || !finite(c.std, dim) || !finite(c.weights, dim)) return `classifier mean, std and weights must be ${dim} finite numbers`;
  if (!Number.isFinite(c.bias)) return 'classifier bias is not a number';
  if (!(offer.threshold >= 0 && offer.threshold <= 1)) return 'threshold is outside 0–1';
  if (!offer.extractor || !/^[0-9a-f]{64}$/.test(offer.extractorHash)) return 'the feature extractor is not named with its weights hash';
  return null;
}

/** Applies the offers to the box's models; answers the acknowledgements for its next heartbeat. */
export function applyModelSyncs(models: Map<number, HeldModel>, offers: ModelSyncOffer[]): ModelSyncAck[] {
  return offers.map((offer) => {
    const problem = modelProblem(offer);
    if (problem) return { syncId: offer.syncId, applied: false, reason: problem };
    models.set(offer.algorithmId, {
      versionId: offer.versionId,
      version: offer.version,
      threshold: offer.threshold,
      extractorHash: offer.extractorHash,
      classifier: offer.classifier,
    });
    return { syncId: offer.syncId, applied: true };
  });
}

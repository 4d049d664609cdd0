// Second identification: a rule with `recheck` sends each hit's crop through the trained version of that algorithm
// synced to the box (the heartbeat answer's modelSyncs). The runtime cuts the crop (cropRect), gets its feature
// vector from server/ml/features.ts (the extractor the version was trained on), and keeps the hit only when the
// classifier's probability is at or above the version's threshold. Pure: no model files, no images.
import { predictLogistic } from '../../ml/classifier/logistic.ts';
import type { RelBox } from '../types.ts';

/** What of a synced version (EdgeBoxModelSync in the contract) scoring needs. */
export interface SyncedClassifier {
  algorithmId: number;
  versionId: number;
  threshold: number;
  extractorHash: string;
  classifier: { mean: number[]; std: number[]; weights: number[]; bias: number };
}

export interface RecheckResult {
  probability: number;
  positive: boolean;
  threshold: number;
  versionId: number;
}

/** The classifier's probability for the crop's features and whether it reaches the version's threshold. */
export function recheck(model: SyncedClassifier, features: Float32Array): RecheckResult {
  const { mean, std, weights } = model.classifier;
  if (weights.length === 0 || mean.length !== weights.length || std.length !== weights.length) {
    throw new RangeError(`version ${model.versionId}: mean, std and weights differ in length`);
  }
  if (features.length !== weights.length) {
    throw new RangeError(`version ${model.versionId} reads ${weights.length} features, the crop has ${features.length}`);
  }
  const probability = predictLogistic(model.classifier, features);
  return { probability, positive: probability >= model.threshold, threshold: model.threshold, versionId: model.versionId };
}

/** The version that rechecks a rule: the newest synced one of its algorithm (highest versionId), or null. */
export function versionFor(algorithmId: number, synced: Iterable<SyncedClassifier>): SyncedClassifier | null {
  let best: SyncedClassifier | null = null;
  for (const m of synced) if (m.algorithmId === algorithmId && (!best || m.versionId > best.versionId)) best = m;
  return best;
}

export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The crop of a box on a frame of width × height pixels: the box grown by `pad` of its own size on each side (the
 * classifier was trained on pictures with some context), clamped to the frame, whole pixels, at least 1×1.
 */
export function cropRect(box: RelBox, width: number, height: number, pad = 0.1): PixelRect {
  if (!(width >= 1 && height >= 1)) throw new RangeError(`frame of ${width}×${height}`);
  const x1 = Math.min(box.x1, box.x2);
  const x2 = Math.max(box.x1, box.x2);
  const y1 = Math.min(box.y1, box.y2);
  const y2 = Math.max(box.y1, box.y2);
  const px = (x2 - x1) * pad;
  const py = (y2 - y1) * pad;
  const clampX = (v: number) => Math.min(width, Math.max(0, v));
  const clampY = (v: number) => Math.min(height, Math.max(0, v));
  let left = Math.floor(clampX((x1 - px) * width));
  let top = Math.floor(clampY((y1 - py) * height));
  const right = Math.ceil(clampX((x2 + px) * width));
  const bottom = Math.ceil(clampY((y2 + py) * height));
  // A box on (or beyond) the edge still gives a pixel.
  left = Math.min(left, width - 1);
  top = Math.min(top, height - 1);
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

// Second identification on the box (server/edge/detect/secondIdentification.ts): a classifier trained the way the
// platform trains one (fitLogistic), shipped as a synced version (mean, std, weights, bias, threshold), scores
// feature vectors as the platform does, and only crops at or above the version's threshold pass; the crop of a box
// is padded and clamped to the frame.
import { describe, expect, it } from 'vitest';
import { cropRect, recheck, type SyncedClassifier, versionFor } from '../../server/edge/detect/secondIdentification.ts';
import { fitLogistic, predictLogistic } from '../../server/ml/classifier/logistic.ts';

/** Two clusters of 8-d features: positives around +1 on the first 4 dimensions, negatives around -1. */
function samples(n: number, seed: number) {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31 - 0.5;
  };
  const rows: Float32Array[] = [];
  const labels: number[] = [];
  for (let i = 0; i < n; i++) {
    const positive = i % 2 === 0;
    rows.push(Float32Array.from({ length: 8 }, (_, j) => (j < 4 ? (positive ? 1 : -1) : 0) + rnd()));
    labels.push(positive ? 1 : 0);
  }
  return { rows, labels };
}

describe('recheck', () => {
  const train = samples(60, 7);
  const classifier = fitLogistic(train.rows, train.labels, { iterations: 60 });
  const version: SyncedClassifier = { algorithmId: 3, versionId: 11, threshold: 0.5, extractorHash: 'a'.repeat(64), classifier };

  it('scores a crop exactly as the platform’s classifier does, and decides by the version’s threshold', () => {
    const test = samples(40, 99);
    test.rows.forEach((row, i) => {
      const result = recheck(version, row);
      expect(result.probability).toBe(predictLogistic(classifier, row));
      expect(result.positive).toBe(test.labels[i] === 1);
      expect(result).toMatchObject({ threshold: 0.5, versionId: 11 });
    });
  });

  it('only a crop at or above the threshold passes', () => {
    const row = samples(1, 5).rows[0];
    const p = recheck(version, row).probability;
    expect(recheck({ ...version, threshold: p }, row).positive).toBe(true);
    expect(recheck({ ...version, threshold: Math.min(1, p + 1e-9) }, row).positive).toBe(false);
  });

  it('refuses features of another length or a malformed classifier', () => {
    expect(() => recheck(version, new Float32Array(7))).toThrow(/reads 8 features, the crop has 7/);
    expect(() => recheck({ ...version, classifier: { ...classifier, std: [1] } }, new Float32Array(8))).toThrow(RangeError);
  });

  it('takes the newest synced version of the rule’s algorithm', () => {
    const synced = [version, { ...version, versionId: 14 }, { ...version, algorithmId: 4, versionId: 20 }];
    expect(versionFor(3, synced)?.versionId).toBe(14);
    expect(versionFor(5, synced)).toBeNull();
  });
});

describe('cropRect', () => {
  it('pads the box by a tenth of its size and gives whole pixels', () => {
    // 0.2–0.4 × 0.5–0.9 on 640×360: 128–256 × 180–324 px, padded by 12.8 and 14.4 px.
    expect(cropRect({ x1: 0.2, y1: 0.5, x2: 0.4, y2: 0.9 }, 640, 360)).toEqual({ left: 115, top: 165, width: 154, height: 174 });
  });

  it('clamps to the frame, and a box on the edge still gives a pixel', () => {
    expect(cropRect({ x1: -0.1, y1: 0.8, x2: 0.1, y2: 1.2 }, 100, 100, 0)).toEqual({ left: 0, top: 80, width: 10, height: 20 });
    expect(cropRect({ x1: 1, y1: 1, x2: 1, y2: 1 }, 100, 50)).toEqual({ left: 99, top: 49, width: 1, height: 1 });
    expect(cropRect({ x1: 0.6, y1: 0.6, x2: 0.4, y2: 0.4 }, 10, 10, 0)).toEqual({ left: 4, top: 4, width: 2, height: 2 });
    expect(() => cropRect({ x1: 0, y1: 0, x2: 1, y2: 1 }, 0, 10)).toThrow(RangeError);
  });
});

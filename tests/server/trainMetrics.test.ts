// The report's arithmetic on a small case worked by hand (the same as scikit-learn's average_precision_score
// example), the threshold choice, the stratified folds and the logistic regression — pure functions, no server.
import { describe, expect, it } from 'vitest';
import { fitLogistic, predictLogistic } from '../../server/ml/classifier/logistic.ts';
import { bestThreshold, figures, type Scored } from '../../server/ml/classifier/metrics.ts';
import { stratifiedFolds, trainClassifier } from '../../server/ml/classifier/trainClassifier.ts';
import { seededRandom } from '../../server/ml/seededRandom.ts';

const scored: Scored[] = [
  { id: 1, label: 0, score: 0.1 },
  { id: 2, label: 0, score: 0.4 },
  { id: 3, label: 1, score: 0.35 },
  { id: 4, label: 1, score: 0.8 },
];

describe('report figures', () => {
  it('match the hand-worked values at threshold 0.5', () => {
    const f = figures(scored, 0.5);
    expect(f.averagePrecision).toBeCloseTo(5 / 6, 10);
    expect(f.accuracy).toBe(0.75);
    expect(f.logLoss).toBeCloseTo(-(Math.log(0.9) + Math.log(0.6) + Math.log(0.35) + Math.log(0.8)) / 4, 10);
    const [pos, neg] = f.perClass;
    expect(pos).toMatchObject({ label: 'positive', precision: 1, recall: 0.5, support: 2 });
    expect(pos?.['f1-score']).toBeCloseTo(2 / 3, 10);
    expect(neg).toMatchObject({ label: 'negative', recall: 1, support: 2 });
    expect(neg?.precision).toBeCloseTo(2 / 3, 10);
    expect(f.macroAvg.precision).toBeCloseTo(5 / 6, 10);
    expect(f.weightedAvg.recall).toBeCloseTo(0.75, 10);
    expect(f.confusion).toEqual([
      { actual: 'positive', predicted: 'positive', count: 1, sampleIds: [4] },
      { actual: 'positive', predicted: 'negative', count: 1, sampleIds: [3] },
      { actual: 'negative', predicted: 'positive', count: 0, sampleIds: [] },
      { actual: 'negative', predicted: 'negative', count: 2, sampleIds: [1, 2] },
    ]);
    expect(f.prCurve.map((p) => [p.threshold, p.precision, p.recall])).toEqual([
      [0.8, 1, 0.5],
      [0.4, 0.5, 0.5],
      [0.35, 2 / 3, 1],
      [0.1, 0.5, 1],
    ]);
  });

  it('recommends the best-F1 threshold, midway to the next lower score', () => {
    expect(bestThreshold(scored)).toBeCloseTo((0.35 + 0.1) / 2, 10);
  });
});

describe('stratified folds and the classifier', () => {
  it('keeps the class ratio in every fold, the same for the same seed', () => {
    const labels = [1, 1, 1, 1, 1, 1, 0, 0, 0, 0] as (0 | 1)[];
    const folds = stratifiedFolds(labels, 2, 7);
    for (const f of [0, 1]) {
      const members = labels.filter((_, i) => folds[i] === f);
      expect(members.filter((l) => l === 1)).toHaveLength(3);
      expect(members.filter((l) => l === 0)).toHaveLength(2);
    }
    expect(stratifiedFolds(labels, 2, 7)).toEqual(folds);
  });

  it('separates a learnable one-feature set and lowers its loss', () => {
    const rows = [-3, -2, -1.5, -1, 1, 1.5, 2, 3].map((x) => Float32Array.of(x, 0.5));
    const labels = rows.map((r) => ((r[0] as number) > 0 ? 1 : 0));
    const losses: number[] = [];
    const model = fitLogistic(rows, labels, { iterations: 50, onIteration: (_, loss) => losses.push(loss) });
    expect(losses.at(-1)).toBeLessThan(losses[0] as number);
    expect(losses.at(-1)).toBeLessThan(Math.log(2));
    for (const [i, r] of rows.entries()) expect(predictLogistic(model, r) >= 0.5).toBe(labels[i] === 1);
  });
});

describe('augmented copies in cross-validation', () => {
  // Random vectors with random labels: nothing to learn. Each sample's copies are near-duplicates of it, as an
  // augmented copy is of its original; a copy trained on while its original is held out would give that original's
  // label away (the model memorises 40 points in 384 dimensions), and the out-of-fold accuracy would leave chance.
  const next = seededRandom(4242);
  const n = 40;
  const dim = 384;
  const noise = () => Float32Array.from({ length: dim }, () => next() - 0.5);
  const features = Array.from({ length: n }, noise);
  const labels = Array.from({ length: n }, (_, i) => (i < n / 2 ? 1 : 0)).sort(() => next() - 0.5) as (0 | 1)[];
  const copiesOf = (originOf: (i: number) => number) => {
    const copies = { origin: [] as number[], features: [] as Float32Array[] };
    for (let i = 0; i < n; i++)
      for (let k = 0; k < 4; k++) {
        copies.origin.push(originOf(i));
        copies.features.push(Float32Array.from(features[i] as Float32Array, (v) => v + (next() - 0.5) * 0.01));
      }
    return copies;
  };
  const run = (copies: ReturnType<typeof copiesOf>) =>
    trainClassifier({ ids: features.map((_, i) => i + 1), labels, features, copies, iterations: 30, seed: 7 }, () => undefined);

  it('go only where their original goes: held-out accuracy stays at chance', () => {
    const out = run(copiesOf((i) => i));
    expect(out.method).toBe('kfold');
    expect(out.trainedRows).toBe(n * 5);
    expect(out.figures.accuracy).toBeLessThanOrEqual(0.7);
  });

  it('would be caught: copies filed under another sample of the same class train while their original is held out', () => {
    // The check above can fail: each sample's copies filed under the next sample of its class (the same label, another
    // fold) are in the training data when their original is held out, and give its label away.
    const sameClassNext = (i: number) => {
      for (let j = 1; j < n; j++) if (labels[(i + j) % n] === labels[i]) return (i + j) % n;
      return i;
    };
    const out = run(copiesOf(sameClassNext));
    expect(out.figures.accuracy).toBeGreaterThanOrEqual(0.8);
  });
});

// The report's arithmetic on a small case worked by hand (the same as scikit-learn's average_precision_score
// example), the threshold choice, the stratified folds and the logistic regression — pure functions, no server.
import { describe, expect, it } from 'vitest';
import { fitLogistic, predictLogistic } from '../../server/ml/classifier/logistic.ts';
import { bestThreshold, figures, type Scored } from '../../server/ml/classifier/metrics.ts';
import { stratifiedFolds } from '../../server/ml/classifier/trainClassifier.ts';

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

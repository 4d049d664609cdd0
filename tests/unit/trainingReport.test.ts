// The report's figures recomputed at a threshold from out-of-fold scores (the threshold slider).
import { describe, expect, it } from 'vitest';
import { figuresAt, robustnessAt, type ScoredSample } from '../../src/domain/trainingReport.ts';

const scores: ScoredSample[] = [
  { id: 1, label: 'positive', score: 0.9 },
  { id: 2, label: 'positive', score: 0.7 },
  { id: 3, label: 'positive', score: 0.4 },
  { id: 4, label: 'negative', score: 0.6 },
  { id: 5, label: 'negative', score: 0.2 },
  { id: 6, label: 'negative', score: 0.1 },
];

describe('report figures at a threshold', () => {
  it('counts the confusion cells with their samples, and the per-class figures', () => {
    const at = figuresAt(scores, 0.5);
    expect(at.confusion).toEqual([
      { actual: 'positive', predicted: 'positive', ids: [1, 2] },
      { actual: 'positive', predicted: 'negative', ids: [3] },
      { actual: 'negative', predicted: 'positive', ids: [4] },
      { actual: 'negative', predicted: 'negative', ids: [5, 6] },
    ]);
    expect(at.accuracy).toBeCloseTo(4 / 6);
    const [positive, negative] = at.perClass;
    expect(positive).toMatchObject({ precision: 2 / 3, recall: 2 / 3, support: 3 });
    expect(positive.f1).toBeCloseTo(2 / 3);
    expect(negative).toMatchObject({ precision: 2 / 3, recall: 2 / 3, support: 3 });
    expect(at.macro.precision).toBeCloseTo(2 / 3);
    expect(at.weighted.support).toBe(6);
  });

  it('moves every figure with the threshold (a score equal to it counts as positive)', () => {
    const low = figuresAt(scores, 0.4);
    expect(low.perClass[0].recall).toBe(1);
    expect(low.perClass[0].precision).toBeCloseTo(3 / 4);
    const high = figuresAt(scores, 0.95);
    expect(high.perClass[0]).toMatchObject({ precision: 0, recall: 0, f1: 0 });
    expect(high.accuracy).toBeCloseTo(3 / 6);
  });

  it('weights the weighted average by support', () => {
    const skewed: ScoredSample[] = [...scores, { id: 7, label: 'negative', score: 0.05 }, { id: 8, label: 'negative', score: 0.05 }];
    const at = figuresAt(skewed, 0.5);
    const [p, n] = at.perClass;
    expect(at.weighted.recall).toBeCloseTo((p.recall * 3 + n.recall * 5) / 8);
    expect(at.macro.recall).toBeCloseTo((p.recall + n.recall) / 2);
  });
});

describe('robustness at a threshold', () => {
  // Each sample's out-of-fold score, and its fold model's scores of the picture saved as JPEG q60 and resized to 320 px.
  const robust = [
    { id: 1, label: 'positive' as const, score: 0.9, jpeg60: 0.8, resize320: 0.9 },
    { id: 2, label: 'positive' as const, score: 0.7, jpeg60: 0.3, resize320: 0.7 },
    { id: 3, label: 'negative' as const, score: 0.2, jpeg60: 0.6, resize320: 0.2 },
    { id: 4, label: 'negative' as const, score: 0.1, jpeg60: 0.1, resize320: 0.55 },
  ];

  it('recomputes the accuracy of each change and warns past a drop of 10 points', () => {
    expect(robustnessAt(robust, 0.5)).toEqual({ clean: 1, jpeg60: 0.5, resize320: 0.75, drop: 0.5, warning: true });
    // Another threshold, other figures: the re-saved positive 2 is still missed.
    expect(robustnessAt(robust, 0.65)).toEqual({ clean: 1, jpeg60: 0.75, resize320: 1, drop: 0.25, warning: true });
    expect(robustnessAt(robust.map((s) => ({ ...s, jpeg60: s.score })), 0.6)).toEqual({ clean: 1, jpeg60: 1, resize320: 1, drop: 0, warning: false });
  });

  it('exactly 10 points is not a warning; a report without robust scores has none', () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, label: 'negative' as const, score: 0.1, jpeg60: i === 0 ? 0.9 : 0.1, resize320: 0.1 }));
    expect(robustnessAt(ten, 0.5)).toMatchObject({ clean: 1, jpeg60: 0.9, drop: 0.1, warning: false });
    expect(robustnessAt(scores, 0.5)).toEqual({ clean: 4 / 6, jpeg60: null, resize320: null, drop: null, warning: false });
  });
});

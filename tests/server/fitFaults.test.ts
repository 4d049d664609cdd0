// The classifier's fit facing a wrong figure. Seen once in a loaded run of trainingRobustness: the first fold of a
// training rejected all 40 step sizes of its first iteration (one of that iteration's two figures, the loss or the
// squared gradient, had come out wrong), learnt nothing, scored its eight samples 0.5 and moved the report's
// threshold, in a report that looked plausible. Replays of the same input were identical every time, so the fault
// is the machine's; the fit now computes the figures again and goes on as it would have, or says it cannot.
import { describe, expect, it } from 'vitest';
import { FitFailure, type FitFault, fitLogistic, lossAndGradient } from '../../server/ml/classifier/logistic.ts';
import { trainClassifier, type TrainInput } from '../../server/ml/classifier/trainClassifier.ts';
import { seededRandom } from '../../server/ml/seededRandom.ts';
import { trainingMessages } from '../../server/modules/training/messages.ts';

const next = seededRandom(77);
const dim = 24;
// Two classes a little apart in 24 dimensions: learnable, as a training's features are.
const rows = Array.from({ length: 60 }, (_, i) => Float32Array.from({ length: dim }, (_, j) => next() - 0.5 + (i % 2 === 0 && j < 4 ? 0.4 : 0)));
const labels = rows.map((_, i) => (i % 2 === 0 ? 1 : 0));

/** The loss and gradient, with the loss of the `wrongCalls`-th calls that compute a gradient made too low by `by`. */
function faultyEvaluate(wrongCalls: number[], by: (call: number) => number): typeof lossAndGradient {
  let call = 0;
  return (x, y, w, b, lambda, grad) => {
    const result = lossAndGradient(x, y, w, b, lambda, grad);
    if (!grad) return result;
    call += 1;
    return wrongCalls.includes(call) ? { ...result, loss: result.loss - by(call) } : result;
  };
}

describe('the fit facing a wrong figure', () => {
  const healthy = fitLogistic(rows, labels, { iterations: 50 });

  it('computes a figure that rejected every step again, and ends exactly where a fit without the fault ends', () => {
    const faults: FitFault[] = [];
    // The first iteration's loss is wrong, as in the failing run: every step is rejected against it.
    const model = fitLogistic(rows, labels, { iterations: 50, evaluate: faultyEvaluate([1], () => 1), onFault: (f) => faults.push(f) });
    expect(model).toEqual(healthy);
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({ iteration: 1 });
    expect(faults[0]?.again.loss).toBeCloseTo(Math.log(2), 12);
    expect(faults[0]?.loss).toBeCloseTo(Math.log(2) - 1, 12);
    // The healthy fit learns: its first fold was not the one the fault left at 0.5.
    expect(healthy.weights.some((w) => Math.abs(w) > 0.01)).toBe(true);
  });

  it('also heals a fault later in the fit, from the step that iteration started with', () => {
    const model = fitLogistic(rows, labels, { iterations: 50, evaluate: faultyEvaluate([17], () => 5) });
    expect(model).toEqual(healthy);
  });

  it('computes a loss that is not a number again, and says it cannot go on when it stays so', () => {
    const nanOnce: typeof lossAndGradient = (() => {
      let call = 0;
      return (x, y, w, b, lambda, grad) => {
        const result = lossAndGradient(x, y, w, b, lambda, grad);
        if (grad) call += 1;
        return grad && call === 9 ? { ...result, loss: Number.NaN } : result;
      };
    })();
    expect(fitLogistic(rows, labels, { iterations: 50, evaluate: nanOnce })).toEqual(healthy);
    const nanAlways: typeof lossAndGradient = (x, y, w, b, lambda, grad) => ({ ...lossAndGradient(x, y, w, b, lambda, grad), loss: grad ? Number.NaN : 0 });
    expect(() => fitLogistic(rows, labels, { iterations: 50, evaluate: nanAlways })).toThrow('the loss is not a number at iteration 1');
  });

  it('says it cannot go on when the figures come out wrong twice, differently', () => {
    const fit = () => fitLogistic(rows, labels, { iterations: 50, evaluate: faultyEvaluate([3, 4], (call) => call) });
    expect(fit).toThrow(FitFailure);
    expect(fit).toThrow('no step lowers the loss at iteration 3, computed twice differently');
  });

  it('refuses a feature vector that is not all numbers, naming it, instead of fitting NaN weights', () => {
    const broken = rows.map((r, i) => (i === 7 ? Float32Array.from(r, (v, j) => (j === 5 ? Number.NaN : v)) : r));
    expect(() => fitLogistic(broken, labels, { iterations: 5 })).toThrow(`feature vector 7 is not ${dim} finite numbers`);
    const short = rows.map((r, i) => (i === 9 ? r.slice(1) : r));
    expect(() => fitLogistic(short, labels, { iterations: 5 })).toThrow(`feature vector 9 is not ${dim} finite numbers`);
  });
});

describe('a training facing a vector that is not numbers', () => {
  const withNaN = (v: Float32Array) => Float32Array.from(v, (x, j) => (j === 2 ? Number.NaN : x));
  const input = (change: (input: TrainInput) => TrainInput): TrainInput =>
    change({ ids: rows.map((_, i) => 100 + i), labels: labels as (0 | 1)[], features: rows, iterations: 5, seed: 1 });
  const refusal = (sample: number) => JSON.stringify({ key: 'training.featuresNotNumbers', params: { sample } });

  it("names the sample, whether the vector is its own, an augmented copy's or a robustness variant's", () => {
    const train = (change: (input: TrainInput) => TrainInput) => () => trainClassifier(input(change), () => {});
    expect(train((i) => ({ ...i, features: i.features.map((v, k) => (k === 4 ? withNaN(v) : v)) }))).toThrow(refusal(104));
    expect(train((i) => ({ ...i, copies: { origin: [3, 11], features: [rows[3] as Float32Array, withNaN(rows[11] as Float32Array)] } }))).toThrow(refusal(111));
    expect(train((i) => ({ ...i, robust: { jpeg60: i.features.map((v, k) => (k === 20 ? withNaN(v) : v)) } }))).toThrow(refusal(120));
    expect(trainClassifier(input((i) => i), () => {}).faults).toEqual([]);
  });

  it('has the words for both failures in both languages', () => {
    for (const key of ['training.featuresNotNumbers', 'training.fitFailed']) {
      expect(trainingMessages[key as keyof typeof trainingMessages]).toMatchObject({ zh: expect.any(String), en: expect.any(String) });
    }
  });
});


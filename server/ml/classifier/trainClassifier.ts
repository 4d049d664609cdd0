// One training: stratified k-fold cross-validation (leave-one-out under 20 samples) gives every sample an
// out-of-fold score; the recommended threshold and every figure of the report come from those scores. The final
// classifier is then fitted on all samples. Runs in the ML worker thread (server/ml/features/worker.ts).
import { fitLogistic, type LogisticModel, predictLogistic } from './logistic.ts';
import { bestThreshold, type Figures, figures, type Scored } from './metrics.ts';

export const LEAVE_ONE_OUT_BELOW = 20;
export const K_FOLDS = 5;

export interface TrainInput {
  ids: number[];
  labels: (0 | 1)[];
  features: Float32Array[];
  iterations: number;
  /** Seeds the fold shuffle, so a training can be repeated exactly. */
  seed: number;
}

export interface TrainOutput {
  model: LogisticModel;
  method: 'kfold' | 'leaveOneOut';
  folds: number;
  figures: Figures;
  scores: Scored[];
  finalLoss: number;
}

/** mulberry32: a small deterministic generator for the fold shuffle. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fold index of each sample: each class is shuffled and dealt round-robin, so every fold keeps the class ratio. */
export function stratifiedFolds(labels: (0 | 1)[], k: number, seed: number): number[] {
  const next = random(seed);
  const fold = new Array<number>(labels.length).fill(0);
  let dealt = 0;
  for (const cls of [1, 0]) {
    const members = labels.flatMap((l, i) => (l === cls ? [i] : []));
    for (let i = members.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [members[i], members[j]] = [members[j] as number, members[i] as number];
    }
    for (const i of members) fold[i] = dealt++ % k;
  }
  return fold;
}

export function trainClassifier(input: TrainInput, onProgress: (fraction: number, iteration: number, loss: number) => void): TrainOutput {
  const n = input.ids.length;
  const leaveOneOut = n < LEAVE_ONE_OUT_BELOW;
  const k = leaveOneOut ? n : K_FOLDS;
  const fold = leaveOneOut ? input.ids.map((_, i) => i) : stratifiedFolds(input.labels, k, input.seed);
  const steps = k + 1;
  const scores: Scored[] = [];
  for (let f = 0; f < k; f++) {
    const train = fold.flatMap((g, i) => (g === f ? [] : [i]));
    const held = fold.flatMap((g, i) => (g === f ? [i] : []));
    const model = fitLogistic(
      train.map((i) => input.features[i] as Float32Array),
      train.map((i) => input.labels[i] as number),
      { iterations: input.iterations },
    );
    for (const i of held) scores.push({ id: input.ids[i] as number, label: input.labels[i] as 0 | 1, score: predictLogistic(model, input.features[i] as Float32Array) });
    onProgress((f + 1) / steps, 0, Number.NaN);
  }
  let finalLoss = Number.NaN;
  const model = fitLogistic(input.features, input.labels, {
    iterations: input.iterations,
    onIteration(iteration, loss) {
      finalLoss = loss;
      onProgress((k + iteration / input.iterations) / steps, iteration, loss);
    },
  });
  scores.sort((a, b) => a.id - b.id);
  const threshold = bestThreshold(scores);
  return { model, method: leaveOneOut ? 'leaveOneOut' : 'kfold', folds: k, figures: figures(scores, threshold), scores, finalLoss };
}

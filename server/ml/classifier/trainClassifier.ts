// One training: stratified k-fold cross-validation (leave-one-out under 20 samples) gives every sample an
// out-of-fold score; the recommended threshold and every figure of the report come from those scores. Augmented
// copies of a sample go only where the sample goes (into the training data of the folds it is not held out from,
// never into its own), so a copy is never trained on while its original is scored. Each fold's model also scores
// the robustness variants of the samples it holds out (the same picture saved again as JPEG, resized). The final
// classifier is then fitted on all samples and their copies. Runs in the ML worker thread (server/ml/features/worker.ts).
import type { RobustName } from '../features/augment.ts';
import { seededRandom } from '../seededRandom.ts';
import { FitFailure, type FitFault, type FitOptions, fitLogistic, type LogisticModel, predictLogistic } from './logistic.ts';
import { bestThreshold, type Figures, figures, type Scored } from './metrics.ts';

export const LEAVE_ONE_OUT_BELOW = 20;
export const K_FOLDS = 5;

export interface TrainInput {
  ids: number[];
  labels: (0 | 1)[];
  /** One vector per sample, in the order folds are dealt (the caller orders samples by content, not by upload). */
  features: Float32Array[];
  /** Augmented copies, each with the index (into features) of the sample it was made from. */
  copies?: { origin: number[]; features: Float32Array[] };
  /** Robustness variants of each sample, aligned with features. */
  robust?: Partial<Record<RobustName, Float32Array[]>>;
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
  /** Out-of-fold scores of each robustness variant (sorted by id like scores). */
  robust: Partial<Record<RobustName, Scored[]>>;
  /** Rows the final classifier was fitted on (samples and copies). */
  trainedRows: number;
  finalLoss: number;
  /** Iterations whose figures had to be computed again (a fault of the machine, healed): logged by the worker. */
  faults: (FitFault & { fit: string })[];
}

/** Fold index of each sample: each class is shuffled and dealt round-robin, so every fold keeps the class ratio. */
export function stratifiedFolds(labels: (0 | 1)[], k: number, seed: number): number[] {
  const next = seededRandom(seed);
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

/** The rows of the samples `keep` accepts, followed by the copies of those samples. */
function rowsOf(input: TrainInput, keep: (sample: number) => boolean) {
  const rows: Float32Array[] = [];
  const labels: number[] = [];
  for (let i = 0; i < input.features.length; i++) {
    if (!keep(i)) continue;
    rows.push(input.features[i] as Float32Array);
    labels.push(input.labels[i] as number);
  }
  const copies = input.copies;
  if (copies) {
    for (let c = 0; c < copies.features.length; c++) {
      const origin = copies.origin[c] as number;
      if (!keep(origin)) continue;
      rows.push(copies.features[c] as Float32Array);
      labels.push(input.labels[origin] as number);
    }
  }
  return { rows, labels };
}

// A failure the training's reader is told in their language (server/modules/training/messages.ts, trainRun.ts).
const keyed = (key: string, params: Record<string, number>) => new Error(JSON.stringify({ key, params }));

/** The id of a sample whose vector (its own, a copy's or a robustness variant's) is not all finite numbers. */
function sampleWithBrokenVector(input: TrainInput): number | null {
  const broken = (vector: Float32Array | undefined) => vector !== undefined && !vector.every(Number.isFinite);
  let index = input.features.findIndex(broken);
  const copy = input.copies?.features.findIndex(broken) ?? -1;
  if (index < 0 && copy >= 0) index = input.copies?.origin[copy] ?? -1;
  for (const vectors of Object.values(input.robust ?? {})) if (index < 0) index = vectors.findIndex(broken);
  return index >= 0 ? (input.ids[index] as number) : null;
}

function fitKeyed(rows: Float32Array[], labels: number[], options: FitOptions): LogisticModel {
  try {
    return fitLogistic(rows, labels, options);
  } catch (error) {
    if (error instanceof FitFailure && error.iteration !== undefined) throw keyed('training.fitFailed', { iteration: error.iteration });
    throw error;
  }
}

export function trainClassifier(input: TrainInput, onProgress: (fraction: number, iteration: number, loss: number) => void): TrainOutput {
  const n = input.ids.length;
  const leaveOneOut = n < LEAVE_ONE_OUT_BELOW;
  const k = leaveOneOut ? n : K_FOLDS;
  const fold = leaveOneOut ? input.ids.map((_, i) => i) : stratifiedFolds(input.labels, k, input.seed);
  const steps = k + 1;
  const scores: Scored[] = [];
  const robustNames = Object.keys(input.robust ?? {}) as RobustName[];
  const robust: Partial<Record<RobustName, Scored[]>> = Object.fromEntries(robustNames.map((name) => [name, [] as Scored[]]));
  const broken = sampleWithBrokenVector(input);
  if (broken !== null) throw keyed('training.featuresNotNumbers', { sample: broken });
  const faults: TrainOutput['faults'] = [];
  for (let f = 0; f < k; f++) {
    const train = rowsOf(input, (i) => fold[i] !== f);
    const model = fitKeyed(train.rows, train.labels, { iterations: input.iterations, onFault: (fault) => faults.push({ fit: `fold ${f + 1} of ${k}`, ...fault }) });
    for (let i = 0; i < n; i++) {
      if (fold[i] !== f) continue;
      const id = input.ids[i] as number;
      const label = input.labels[i] as 0 | 1;
      scores.push({ id, label, score: predictLogistic(model, input.features[i] as Float32Array) });
      for (const name of robustNames) {
        const vector = input.robust?.[name]?.[i];
        if (vector) robust[name]?.push({ id, label, score: predictLogistic(model, vector) });
      }
    }
    onProgress((f + 1) / steps, 0, Number.NaN);
  }
  let finalLoss = Number.NaN;
  const all = rowsOf(input, () => true);
  const model = fitKeyed(all.rows, all.labels, {
    iterations: input.iterations,
    onFault: (fault) => faults.push({ fit: 'final', ...fault }),
    onIteration(iteration, loss) {
      finalLoss = loss;
      onProgress((k + iteration / input.iterations) / steps, iteration, loss);
    },
  });
  // The figures first, from the scores in the order they were made (decided by content and seed, not by ids): sums
  // in another order differ in the last bit. Then by id, as the report lists them.
  const threshold = bestThreshold(scores);
  const at = figures(scores, threshold);
  const byId = (a: Scored, b: Scored) => a.id - b.id;
  scores.sort(byId);
  for (const name of robustNames) robust[name]?.sort(byId);
  return { model, method: leaveOneOut ? 'leaveOneOut' : 'kfold', folds: k, figures: at, scores, robust, trainedRows: all.rows.length, finalLoss, faults };
}

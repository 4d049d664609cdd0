// The report a training stores with its version: the cross-validated figures at the recommended threshold, the
// out-of-fold scores (each with its robustness variants' scores, so the console recomputes every figure at any
// threshold), the robustness figures and their warning, the augmentation used and the seed.
import type { TrainOutput } from '../../ml/classifier/trainClassifier.ts';
import { figures } from '../../ml/classifier/metrics.ts';
import { FEATURE_INFO } from '../../ml/features.ts';
import { ROBUST_NAMES } from '../../ml/features/augment.ts';
import type { Schema } from '../shared/contractTypes.ts';
import type { TrainSettings } from './trainFeatures.ts';

/** A version whose robust accuracy falls more than this below its clean accuracy says so (report and publishing). */
export const MAX_ROBUST_DROP = 0.1;

/** The robustness figures at the threshold, and whether the drop warrants the warning. */
export function robustnessOf(out: TrainOutput): Schema<'TrainRobustness'> | undefined {
  const threshold = out.figures.threshold;
  const at = Object.fromEntries(
    ROBUST_NAMES.map((name) => {
      const scored = out.robust[name] ?? [];
      const f = figures(scored, threshold);
      return [name, { accuracy: f.accuracy, averagePrecision: f.averagePrecision, count: scored.length }];
    }),
  );
  if (ROBUST_NAMES.some((name) => at[name]?.count !== out.scores.length)) return undefined;
  const worst = Math.min(...ROBUST_NAMES.map((name) => at[name]?.accuracy as number));
  // Rounded like the console shows it, so "more than 10 points" is not decided by a rounding error.
  const drop = Math.round((out.figures.accuracy - worst) * 1e9) / 1e9;
  return {
    jpeg60: { accuracy: at.jpeg60?.accuracy as number, averagePrecision: at.jpeg60?.averagePrecision as number },
    resize320: { accuracy: at.resize320?.accuracy as number, averagePrecision: at.resize320?.averagePrecision as number },
    accuracyDrop: drop,
    maxDrop: MAX_ROBUST_DROP,
    warning: drop > MAX_ROBUST_DROP,
  };
}

export function buildReport(out: TrainOutput, trainMs: number, featureDim: number, settings?: TrainSettings & { seed: number }): Schema<'TrainReport'> {
  const f = out.figures;
  const robustById = Object.fromEntries(ROBUST_NAMES.map((name) => [name, new Map((out.robust[name] ?? []).map((s) => [s.id, s.score]))]));
  const robustness = robustnessOf(out);
  return {
    method: out.method,
    folds: out.folds,
    threshold: f.threshold,
    accuracy: f.accuracy,
    logLoss: f.logLoss,
    averagePrecision: f.averagePrecision,
    perClass: f.perClass,
    macroAvg: f.macroAvg,
    weightedAvg: f.weightedAvg,
    confusion: f.confusion,
    prCurve: f.prCurve,
    scores: out.scores.map((s) => {
      const scored: Schema<'TrainScoredSample'> = { id: s.id, label: s.label === 1 ? 'positive' : 'negative', score: s.score };
      for (const name of ROBUST_NAMES) {
        const robust = robustById[name]?.get(s.id);
        if (robust !== undefined) scored[name] = robust;
      }
      return scored;
    }),
    extractor: FEATURE_INFO.name,
    extractorHash: FEATURE_INFO.hash,
    featureDim,
    trainMs: Math.round(trainMs),
    ...(settings ? { seed: settings.seed, augmentation: { copies: settings.copies, flip: settings.flip, images: out.trainedRows - out.scores.length } } : {}),
    ...(robustness ? { robustness } : {}),
  };
}

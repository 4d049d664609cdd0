// The report's figures at any threshold, recomputed from the out-of-fold scores the server sends (TrainReport.scores),
// so the threshold slider moves every figure live: the confusion matrix (with the samples in each cell), per-class
// precision, recall, f1-score and support, accuracy, and the macro and weighted averages. Positive is "the target".

export interface ScoredSample {
  id: number;
  label: 'positive' | 'negative';
  score: number;
}

export interface ClassFigures {
  label: 'positive' | 'negative';
  precision: number;
  recall: number;
  f1: number;
  support: number;
}

export interface AverageFigures {
  precision: number;
  recall: number;
  f1: number;
  support: number;
}

export interface ConfusionCell {
  actual: 'positive' | 'negative';
  predicted: 'positive' | 'negative';
  ids: number[];
}

export interface FiguresAt {
  threshold: number;
  accuracy: number;
  perClass: [ClassFigures, ClassFigures];
  macro: AverageFigures;
  weighted: AverageFigures;
  confusion: ConfusionCell[];
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

/** A sample is predicted positive when its score is at least the threshold. */
export function figuresAt(scores: ScoredSample[], threshold: number): FiguresAt {
  const cells: Record<string, number[]> = { 'positive/positive': [], 'positive/negative': [], 'negative/positive': [], 'negative/negative': [] };
  for (const s of scores) cells[`${s.label}/${s.score >= threshold ? 'positive' : 'negative'}`]!.push(s.id);
  const tp = cells['positive/positive']!.length;
  const fn = cells['positive/negative']!.length;
  const fp = cells['negative/positive']!.length;
  const tn = cells['negative/negative']!.length;
  const classFigures = (label: 'positive' | 'negative', hit: number, missed: number, wrong: number): ClassFigures => {
    const precision = ratio(hit, hit + wrong);
    const recall = ratio(hit, hit + missed);
    return { label, precision, recall, f1: f1(precision, recall), support: hit + missed };
  };
  const positive = classFigures('positive', tp, fn, fp);
  const negative = classFigures('negative', tn, fp, fn);
  const total = scores.length;
  const average = (weight: (c: ClassFigures) => number): AverageFigures => {
    const sum = weight(positive) + weight(negative);
    const of = (pick: (c: ClassFigures) => number) => ratio(pick(positive) * weight(positive) + pick(negative) * weight(negative), sum);
    return { precision: of((c) => c.precision), recall: of((c) => c.recall), f1: of((c) => c.f1), support: total };
  };
  return {
    threshold,
    accuracy: ratio(tp + tn, total),
    perClass: [positive, negative],
    macro: average(() => 1),
    weighted: average((c) => c.support),
    confusion: Object.entries(cells).map(([key, ids]) => {
      const [actual, predicted] = key.split('/') as ['positive' | 'negative', 'positive' | 'negative'];
      return { actual, predicted, ids };
    }),
  };
}

/** The report's robustness rule: a robust accuracy more than this below the clean one is a warning. */
export const MAX_ROBUST_DROP = 0.1;

export type RobustChange = 'jpeg60' | 'resize320';
export const ROBUST_CHANGES: RobustChange[] = ['jpeg60', 'resize320'];

export interface RobustnessAt {
  clean: number;
  /** Accuracy of each change at the threshold; null when the report has no such scores (an older version). */
  jpeg60: number | null;
  resize320: number | null;
  /** Clean minus the lower robust accuracy; null without robust scores. */
  drop: number | null;
  warning: boolean;
}

/**
 * Accuracy after what cameras do to pictures (saved again as JPEG q60, resized to 320 px), recomputed from each
 * sample's out-of-fold scores of the changed picture, beside the clean accuracy, at any threshold.
 */
export function robustnessAt(scores: (ScoredSample & Partial<Record<RobustChange, number>>)[], threshold: number): RobustnessAt {
  const clean = figuresAt(scores, threshold).accuracy;
  const accuracyOf = (change: RobustChange): number | null => {
    if (scores.length === 0 || scores.some((s) => typeof s[change] !== 'number')) return null;
    const right = scores.filter((s) => ((s[change] as number) >= threshold) === (s.label === 'positive')).length;
    return right / scores.length;
  };
  const jpeg60 = accuracyOf('jpeg60');
  const resize320 = accuracyOf('resize320');
  const worst = jpeg60 === null || resize320 === null ? null : Math.min(jpeg60, resize320);
  // Rounded as the server rounds it, so "more than 10 points" is not decided by the last bit of a sum.
  const drop = worst === null ? null : Math.round((clean - worst) * 1e9) / 1e9;
  return { clean, jpeg60, resize320, drop, warning: drop !== null && drop > MAX_ROBUST_DROP };
}

// The evaluation report's figures from scored samples (label 1 positive, 0 negative) at a threshold: per-class
// precision, recall, f1 and support, accuracy, macro and weighted averages, log-loss, the confusion matrix with the
// samples in each cell, the PR curve and average precision (sklearn's definition: Σ (R_k − R_k−1) · P_k).

export interface Scored {
  id: number;
  label: 0 | 1;
  score: number;
}

export type ClassName = 'positive' | 'negative';

export interface ClassFigures {
  label: ClassName;
  precision: number;
  recall: number;
  'f1-score': number;
  support: number;
}

export interface Average {
  precision: number;
  recall: number;
  'f1-score': number;
  support: number;
}

export interface ConfusionCell {
  actual: ClassName;
  predicted: ClassName;
  count: number;
  sampleIds: number[];
}

export interface PrPoint {
  threshold: number;
  precision: number;
  recall: number;
}

export interface Figures {
  threshold: number;
  accuracy: number;
  logLoss: number;
  averagePrecision: number;
  perClass: ClassFigures[];
  macroAvg: Average;
  weightedAvg: Average;
  confusion: ConfusionCell[];
  prCurve: PrPoint[];
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));
const name = (label: 0 | 1): ClassName => (label === 1 ? 'positive' : 'negative');

/** A sample is predicted positive when its score is at least the threshold. */
export function confusion(scored: Scored[], threshold: number): ConfusionCell[] {
  const cells = new Map<string, ConfusionCell>();
  for (const actual of [1, 0] as const)
    for (const predicted of [1, 0] as const) {
      cells.set(`${actual}${predicted}`, { actual: name(actual), predicted: name(predicted), count: 0, sampleIds: [] });
    }
  for (const s of scored) {
    const cell = cells.get(`${s.label}${s.score >= threshold ? 1 : 0}`) as ConfusionCell;
    cell.count++;
    cell.sampleIds.push(s.id);
  }
  return [...cells.values()];
}

/** Precision and recall at each distinct score (highest first), and the average precision. */
export function prCurve(scored: Scored[]): { points: PrPoint[]; averagePrecision: number } {
  const positives = scored.filter((s) => s.label === 1).length;
  const sorted = [...scored].sort((a, b) => b.score - a.score);
  const points: PrPoint[] = [];
  let tp = 0;
  let fp = 0;
  let ap = 0;
  let lastRecall = 0;
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i] as Scored;
    if (s.label === 1) tp++;
    else fp++;
    // Ties: one point after all samples of the same score.
    if (i + 1 < sorted.length && (sorted[i + 1] as Scored).score === s.score) continue;
    const precision = ratio(tp, tp + fp);
    const recall = ratio(tp, positives);
    ap += (recall - lastRecall) * precision;
    lastRecall = recall;
    points.push({ threshold: s.score, precision, recall });
  }
  return { points, averagePrecision: ap };
}

/** The threshold with the best F1 of the positive class (midway to the next lower score, so it generalises). */
export function bestThreshold(scored: Scored[]): number {
  const scores = [...new Set(scored.map((s) => s.score))].sort((a, b) => b - a);
  let best = 0.5;
  let bestF1 = -1;
  for (let i = 0; i < scores.length; i++) {
    const t = scores[i] as number;
    const cells = confusion(scored, t);
    const tp = cells[0]?.count ?? 0;
    const fn = cells[1]?.count ?? 0;
    const fp = cells[2]?.count ?? 0;
    const value = f1(ratio(tp, tp + fp), ratio(tp, tp + fn));
    if (value > bestF1) {
      bestF1 = value;
      const next = scores[i + 1];
      best = next === undefined ? t : (t + next) / 2;
    }
  }
  return best;
}

export function figures(scored: Scored[], threshold: number): Figures {
  const cells = confusion(scored, threshold);
  const [tp, fn, fp, tn] = cells.map((c) => c.count) as [number, number, number, number];
  const total = scored.length;
  const pos: ClassFigures = { label: 'positive', precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn), 'f1-score': 0, support: tp + fn };
  const neg: ClassFigures = { label: 'negative', precision: ratio(tn, tn + fn), recall: ratio(tn, tn + fp), 'f1-score': 0, support: tn + fp };
  for (const c of [pos, neg]) c['f1-score'] = f1(c.precision, c.recall);
  const average = (weight: (c: ClassFigures) => number): Average => {
    const w = [pos, neg].map(weight);
    const sum = (w[0] as number) + (w[1] as number);
    const mix = (key: 'precision' | 'recall' | 'f1-score') => ratio((w[0] as number) * pos[key] + (w[1] as number) * neg[key], sum);
    return { precision: mix('precision'), recall: mix('recall'), 'f1-score': mix('f1-score'), support: total };
  };
  let logLoss = 0;
  for (const s of scored) {
    const p = Math.min(1 - 1e-15, Math.max(1e-15, s.score));
    logLoss -= s.label === 1 ? Math.log(p) : Math.log(1 - p);
  }
  const curve = prCurve(scored);
  return {
    threshold,
    accuracy: ratio(tp + tn, total),
    logLoss: ratio(logLoss, total),
    averagePrecision: curve.averagePrecision,
    perClass: [pos, neg],
    macroAvg: average(() => 1),
    weightedAvg: average((c) => c.support),
    confusion: cells,
    prCurve: curve.points,
  };
}

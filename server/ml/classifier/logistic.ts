// L2-regularised logistic regression on standardised features: minimises mean log-loss + (λ/2)·‖w‖² (bias not
// penalised) by Nesterov-accelerated gradient descent with a backtracking line search. Small enough for a linear
// probe on ≤ 1000 × 1280 features (one iteration is two passes over the data).

export interface LogisticModel {
  /** Per-feature mean and standard deviation of the training data (features are standardised with them). */
  mean: number[];
  std: number[];
  weights: number[];
  bias: number;
}

export interface FitOptions {
  lambda?: number;
  iterations?: number;
  /** Called after each iteration with its index (1-based) and the regularised loss. */
  onIteration?(iteration: number, loss: number): void;
  /** Called when an iteration's loss and gradient had to be computed again (see FitFault), with what was seen. */
  onFault?(fault: FitFault): void;
  /** Tests only: the loss and gradient function, to make one computation wrong as a faulty machine would. */
  evaluate?: typeof lossAndGradient;
}

/**
 * An iteration whose step search found no step: with a convex loss and its exact gradient some step always lowers
 * the loss, so one of the iteration's two figures was wrong. Seen once in a loaded test run: the first fit of a
 * training rejected every step, learnt nothing, and its eight samples scored 0.5 in a report that looked plausible.
 */
export interface FitFault {
  iteration: number;
  loss: number;
  squaredGradient: number;
  /** The same figures computed again. */
  again: { loss: number; squaredGradient: number };
}

/** The fit cannot go on: its input or its loss is not a number, or its figures stay wrong when recomputed. */
export class FitFailure extends Error {
  /** The iteration, when the fit itself failed (not its input). */
  readonly iteration: number | undefined;
  constructor(message: string, iteration?: number) {
    super(message);
    this.iteration = iteration;
  }
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));
/** log(1 + e^z) without overflow. */
const softplus = (z: number) => (z > 30 ? z : z < -30 ? Math.exp(z) : Math.log1p(Math.exp(z)));

function standardiser(rows: Float32Array[], dim: number) {
  const mean = new Float64Array(dim);
  const std = new Float64Array(dim);
  for (const r of rows) for (let j = 0; j < dim; j++) mean[j] = (mean[j] as number) + (r[j] as number);
  for (let j = 0; j < dim; j++) mean[j] = (mean[j] as number) / rows.length;
  for (const r of rows)
    for (let j = 0; j < dim; j++) {
      const d = (r[j] as number) - (mean[j] as number);
      std[j] = (std[j] as number) + d * d;
    }
  // A constant feature (a dead channel) gets std 1, so it stays 0 after standardising.
  for (let j = 0; j < dim; j++) std[j] = Math.sqrt((std[j] as number) / rows.length) || 1;
  return { mean, std };
}

/** Loss and gradient at (w, b) over the standardised rows. */
export function lossAndGradient(x: Float64Array[], y: number[], w: Float64Array, b: number, lambda: number, grad: Float64Array | null) {
  const dim = w.length;
  let loss = 0;
  let gb = 0;
  if (grad) grad.fill(0);
  for (let i = 0; i < x.length; i++) {
    const row = x[i] as Float64Array;
    let z = b;
    for (let j = 0; j < dim; j++) z += (w[j] as number) * (row[j] as number);
    const yi = y[i] as number;
    // −[y log σ(z) + (1−y) log(1−σ(z))] = softplus(z) − y·z
    loss += softplus(z) - yi * z;
    if (grad) {
      const r = sigmoid(z) - yi;
      gb += r;
      for (let j = 0; j < dim; j++) grad[j] = (grad[j] as number) + r * (row[j] as number);
    }
  }
  const n = x.length;
  let norm = 0;
  for (let j = 0; j < dim; j++) norm += (w[j] as number) ** 2;
  if (grad) for (let j = 0; j < dim; j++) grad[j] = (grad[j] as number) / n + lambda * (w[j] as number);
  return { loss: loss / n + (lambda / 2) * norm, gb: gb / n };
}

const squaredNorm = (gb: number, grad: Float64Array) => {
  let sum = gb * gb;
  for (let j = 0; j < grad.length; j++) sum += (grad[j] as number) ** 2;
  return sum;
};

export function fitLogistic(rows: Float32Array[], labels: number[], options: FitOptions = {}): LogisticModel {
  if (rows.length === 0 || rows.length !== labels.length) throw new Error('fitLogistic: rows and labels differ');
  const dim = (rows[0] as Float32Array).length;
  rows.forEach((row, i) => {
    if (row.length !== dim || !row.every(Number.isFinite)) throw new FitFailure(`fitLogistic: feature vector ${i} is not ${dim} finite numbers`);
  });
  const evaluate = options.evaluate ?? lossAndGradient;
  const lambda = options.lambda ?? 0.01;
  const iterations = options.iterations ?? 100;
  const { mean, std } = standardiser(rows, dim);
  const x = rows.map((r) => {
    const s = new Float64Array(dim);
    for (let j = 0; j < dim; j++) s[j] = ((r[j] as number) - (mean[j] as number)) / (std[j] as number);
    return s;
  });
  let w = new Float64Array(dim);
  let b = 0;
  let prevW = new Float64Array(dim);
  let prevB = 0;
  let step = 1;
  const grad = new Float64Array(dim);
  const trial = new Float64Array(dim);
  for (let it = 1; it <= iterations; it++) {
    // Nesterov look-ahead point v = w + μ(w − w_prev).
    const mu = (it - 1) / (it + 2);
    const v = new Float64Array(dim);
    for (let j = 0; j < dim; j++) v[j] = (w[j] as number) + mu * ((w[j] as number) - (prevW[j] as number));
    const vb = b + mu * (b - prevB);
    let at = evaluate(x, labels, v, vb, lambda, grad);
    let gnorm = squaredNorm(at.gb, grad);
    // Backtracking: halve the step until the sufficient-decrease condition holds (the last step tried otherwise).
    const startStep = step;
    let tb = vb;
    const search = () => {
      for (let tries = 0; tries < 40; tries++) {
        for (let j = 0; j < dim; j++) trial[j] = (v[j] as number) - step * (grad[j] as number);
        tb = vb - step * at.gb;
        if (evaluate(x, labels, trial, tb, lambda, null).loss <= at.loss - (step / 2) * gnorm) return true;
        step /= 2;
      }
      return false;
    };
    // The input is finite, so a loss or gradient that is not a number is a fault too.
    const finite = Number.isFinite(at.loss) && Number.isFinite(gnorm);
    if (!finite || !search()) {
      // No step lowered the loss: compute the iteration's figures again. Different figures mean the first were a
      // fault of the machine: the search runs again on the new ones, from the same step, as it would have. The same
      // figures (only at a minimum, where rounding hides any decrease) keep the last step tried, as before.
      const again = evaluate(x, labels, v, vb, lambda, grad);
      const againNorm = squaredNorm(again.gb, grad);
      if (!Number.isFinite(again.loss) || !Number.isFinite(againNorm)) throw new FitFailure(`fitLogistic: the loss is not a number at iteration ${it}`, it);
      if (!finite || again.loss !== at.loss || againNorm !== gnorm) {
        options.onFault?.({ iteration: it, loss: at.loss, squaredGradient: gnorm, again: { loss: again.loss, squaredGradient: againNorm } });
        at = again;
        gnorm = againNorm;
        step = startStep;
        if (!search()) throw new FitFailure(`fitLogistic: no step lowers the loss at iteration ${it}, computed twice differently`, it);
      }
    }
    prevW = w;
    prevB = b;
    w = Float64Array.from(trial);
    b = tb;
    // Let the step grow again a little, so one bad region does not slow every later iteration.
    step *= 1.25;
    options.onIteration?.(it, evaluate(x, labels, w, b, lambda, null).loss);
  }
  return { mean: Array.from(mean), std: Array.from(std), weights: Array.from(w), bias: b };
}

/** Probability of the positive class. */
export function predictLogistic(model: LogisticModel, row: Float32Array): number {
  let z = model.bias;
  for (let j = 0; j < model.weights.length; j++) {
    z += (model.weights[j] as number) * (((row[j] as number) - (model.mean[j] as number)) / (model.std[j] as number));
  }
  return sigmoid(z);
}

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
function lossAndGradient(x: Float64Array[], y: number[], w: Float64Array, b: number, lambda: number, grad: Float64Array | null) {
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

export function fitLogistic(rows: Float32Array[], labels: number[], options: FitOptions = {}): LogisticModel {
  if (rows.length === 0 || rows.length !== labels.length) throw new Error('fitLogistic: rows and labels differ');
  const dim = (rows[0] as Float32Array).length;
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
    const at = lossAndGradient(x, labels, v, vb, lambda, grad);
    let gnorm = at.gb * at.gb;
    for (let j = 0; j < dim; j++) gnorm += (grad[j] as number) ** 2;
    // Backtracking: halve the step until the sufficient-decrease condition holds.
    let tb = vb;
    for (let tries = 0; tries < 40; tries++) {
      for (let j = 0; j < dim; j++) trial[j] = (v[j] as number) - step * (grad[j] as number);
      tb = vb - step * at.gb;
      if (lossAndGradient(x, labels, trial, tb, lambda, null).loss <= at.loss - (step / 2) * gnorm) break;
      step /= 2;
    }
    prevW = w;
    prevB = b;
    w = Float64Array.from(trial);
    b = tb;
    // Let the step grow again a little, so one bad region does not slow every later iteration.
    step *= 1.25;
    options.onIteration?.(it, lossAndGradient(x, labels, w, b, lambda, null).loss);
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

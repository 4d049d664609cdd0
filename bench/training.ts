// Few-shot training (server/ml/features.ts, server/modules/training/trainFeatures.ts): N images trained through the
// job's own code — each image's vector, its augmented copies and its two robustness variants rendered and embedded
// in the feature workers, then 5-fold cross-validation and the final fit — with the time of each part, peak memory,
// and the cross-validated and robust accuracy on the generated set (figures, not pass/fail). Budgets
// (ARCHITECTURE.md): 1000 images embedded + trained + 5-fold evaluated in ≤ 60 s on 2 cores, with augmentation ×4 too.
import { spawnSync } from 'node:child_process';

export interface TrainingFigures {
  images: number;
  copies: number;
  embeddings: number;
  /** Every feature worker started and its model loaded (one image each, at once), apart from the figures below. */
  coldFirstImageMs: number;
  embedMs: number;
  embedMsPerEmbedding: number;
  /** CPU time of all the process's threads per embedding (rendering and network). */
  embedCpuMsPerEmbedding: number;
  embeddingsPerSecond: number;
  /** Feature worker threads the embeddings were spread over (one per core for a large training, server/ml/features.ts). */
  featureWorkers: number;
  /** Wall time of rendering one image's variants in a worker (sharp), and of the network per embedding. */
  renderMsPerImage: number;
  networkMsPerEmbedding: number;
  trainedRows: number;
  trainAndEvaluateMs: number;
  totalMs: number;
  /** CPU time of all the process's threads for the whole training. */
  totalCpuMs: number;
  method: string;
  folds: number;
  crossValidatedAccuracy: number;
  averagePrecision: number;
  robustAccuracy: { jpeg60: number; resize320: number };
  peakRssMb: number;
}

export function measureTraining(count = 1000, copies = 4): TrainingFigures {
  const run = spawnSync(process.execPath, ['bench/trainingRun.ts', String(count), String(copies)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`training bench failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as TrainingFigures;
}

if (import.meta.main) console.log(JSON.stringify(measureTraining(Number(process.argv[2] ?? 1000), Number(process.argv[3] ?? 4)), null, 2));

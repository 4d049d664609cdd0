// Few-shot training (server/ml/features.ts): embedding ms per image (decode + network, and the network alone),
// images/s, and the time of a 5-fold cross-validated training of N images, with peak memory and the
// cross-validated accuracy on the generated set (a figure, not pass/fail). Budget (ARCHITECTURE.md): 1000 images
// embedded + trained + 5-fold evaluated in ≤ 60 s on 2 cores.
import { spawnSync } from 'node:child_process';

export interface TrainingFigures {
  images: number;
  coldFirstImageMs: number;
  embedMsPerImage: number;
  networkMsPerImage: { p50: number; p95: number };
  imagesPerSecond: number;
  trainAndEvaluateMs: number;
  method: string;
  folds: number;
  crossValidatedAccuracy: number;
  averagePrecision: number;
  peakRssMb: number;
}

export function measureTraining(count = 1000): TrainingFigures {
  const run = spawnSync(process.execPath, ['bench/trainingRun.ts', String(count)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`training bench failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as TrainingFigures;
}

if (import.meta.main) console.log(JSON.stringify(measureTraining(Number(process.argv[2] ?? 1000)), null, 2));

// The object detector (server/ml/detector.ts): cold start, ms per frame (network alone, and from the call with
// image decoding), memory of the process, and how many boxes each score threshold keeps on real photos.
import { spawnSync } from 'node:child_process';

export interface DetectorFigures {
  frames: number;
  coldFirstMs: number;
  inferenceMs: { p50: number; p95: number; min: number };
  totalMs: { p50: number; p95: number };
  memoryMb: { beforeLoad: number; afterLoad: number; peak: number };
  perImage: { name: string; boxesAtOrAbove: Record<string, number>; labels: Record<string, number> }[];
}

export function measureDetector(): DetectorFigures {
  const run = spawnSync(process.execPath, ['bench/detectorRun.ts'], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`detector bench failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as DetectorFigures;
}

if (import.meta.main) console.log(JSON.stringify(measureDetector(), null, 2));

// Run by bench/detector.ts in a process of its own, so its memory figures are the detector's: prints one JSON line.
import { readFileSync } from 'node:fs';
import { encodePng } from '../server/media/pngEncoder.ts';
import { renderRoadScene } from '../server/media/roadScene.ts';
import { closeDetector, detect } from '../server/ml/detector.ts';
import { REAL_PHOTOS, readRealPhoto } from '../tests/support/realPhotos.ts';
import { percentile } from './stats.ts';

const FRAMES = Number(process.env.BENCH_DETECTOR_FRAMES ?? 30);
const THRESHOLDS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
const memory = () => {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
};

const images = [
  ...Object.keys(REAL_PHOTOS).map((name) => ({ name, bytes: readRealPhoto(name as keyof typeof REAL_PHOTOS) })),
  ...[1, 2, 3].map((seed) => ({ name: `road scene ${seed} (1280×720, generated)`, bytes: encodePng(renderRoadScene({ width: 1280, height: 720, seed })) })),
];
const before = memory();
const coldStarted = performance.now();
await detect(images[0]!.bytes);
const coldFirstMs = Math.round(performance.now() - coldStarted);
const afterLoad = memory();

const inference: number[] = [];
const total: number[] = [];
const perImage: { name: string; boxesAtOrAbove: Record<string, number>; labels: Record<string, number> }[] = [];
for (let i = 0; i < FRAMES; i++) {
  const image = images[i % images.length]!;
  const r = await detect(image.bytes, { minScore: 0.1 });
  inference.push(r.inferenceMs);
  total.push(r.totalMs);
  if (i < images.length) {
    const labels: Record<string, number> = {};
    for (const d of r.detections.filter((d) => d.score >= 0.3)) labels[d.label] = (labels[d.label] ?? 0) + 1;
    perImage.push({
      name: image.name,
      boxesAtOrAbove: Object.fromEntries(THRESHOLDS.map((t) => [t.toFixed(1), r.detections.filter((d) => d.score >= t).length])),
      labels,
    });
  }
}
await closeDetector();
const end = memory();
console.log(
  JSON.stringify({
    frames: FRAMES,
    coldFirstMs,
    inferenceMs: { p50: percentile(inference, 50), p95: percentile(inference, 95), min: percentile(inference, 0) },
    totalMs: { p50: percentile(total, 50), p95: percentile(total, 95) },
    memoryMb: { beforeLoad: before.rssMb, afterLoad: afterLoad.rssMb, peak: end.peakMb },
    perImage,
  }),
);

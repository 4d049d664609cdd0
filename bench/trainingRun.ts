// Child process of bench/training.ts: embeds N generated images (red square or not) with the platform's feature
// extractor and trains + cross-validates the classifier on them, printing the figures as one JSON line.
import { performance } from 'node:perf_hooks';
import { closeFeatures, embed, train } from '../server/ml/features.ts';
import { drawSample } from '../tests/server/support/trainImages.ts';

const count = Number(process.argv[2] ?? 1000);
let peakRss = process.memoryUsage().rss;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
const images: Buffer[] = [];
const labels: (0 | 1)[] = [];
for (let i = 0; i < count; i++) {
  images.push(await drawSample({ positive: i % 2 === 0, seed: 50_000 + i, format: i % 3 === 0 ? 'jpeg' : 'png' }));
  labels.push(i % 2 === 0 ? 1 : 0);
}
const coldStarted = performance.now();
const first = await embed(images[0] as Buffer);
const coldMs = performance.now() - coldStarted;
const features: Float32Array[] = [first.vector];
const network: number[] = [first.inferenceMs];
const embedStarted = performance.now();
for (let i = 1; i < count; i++) {
  const out = await embed(images[i] as Buffer);
  features.push(out.vector);
  network.push(out.inferenceMs);
  if (i % 50 === 0) sample();
}
const embedMs = performance.now() - embedStarted;
const trainStarted = performance.now();
const output = await train({ ids: labels.map((_, i) => i + 1), labels, features, iterations: 50, seed: 1 }, sample);
const trainMs = performance.now() - trainStarted;
sample();
await closeFeatures();
const sorted = [...network].sort((a, b) => a - b);
const round = (n: number) => Math.round(n * 10) / 10;
console.log(
  JSON.stringify({
    images: count,
    coldFirstImageMs: round(coldMs),
    embedMsPerImage: round(embedMs / (count - 1)),
    networkMsPerImage: { p50: round(sorted[Math.floor(sorted.length / 2)] ?? 0), p95: round(sorted[Math.floor(sorted.length * 0.95)] ?? 0) },
    imagesPerSecond: round((count - 1) / (embedMs / 1000)),
    trainAndEvaluateMs: Math.round(trainMs),
    method: output.method,
    folds: output.folds,
    crossValidatedAccuracy: round(output.figures.accuracy * 1000) / 1000,
    averagePrecision: round(output.figures.averagePrecision * 1000) / 1000,
    peakRssMb: Math.round(peakRss / 1024 / 1024),
  }),
);

// Child process of bench/training.ts: a training of N generated images (red square or not) through the code a
// training job runs (server/modules/training/trainFeatures.ts, minus the database): every image's vector, its
// `copies` augmented copies and its two robustness variants rendered and embedded in the feature worker (two
// images in flight), then cross-validation and the final fit in the worker. Prints the figures as one JSON line.
// Usage: node bench/trainingRun.ts <images> <copies>
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { closeFeatures, embed, train } from '../server/ml/features.ts';
import { assembleInput, embedMissing, planVariants } from '../server/modules/training/trainFeatures.ts';
import { drawSample } from '../tests/server/support/trainImages.ts';

const count = Number(process.argv[2] ?? 1000);
const copies = Number(process.argv[3] ?? 4);
let peakRss = process.memoryUsage().rss;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
const images = new Map<number, Buffer>();
const samples: { id: number; sha256: string; label: string }[] = [];
for (let i = 0; i < count; i++) {
  const bytes = await drawSample({ positive: i % 2 === 0, seed: 50_000 + i, format: i % 3 === 0 ? 'jpeg' : 'png' });
  images.set(i + 1, bytes);
  samples.push({ id: i + 1, sha256: createHash('sha256').update(bytes).digest('hex'), label: i % 2 === 0 ? 'positive' : 'negative' });
}
// The worker's start and the model's load, apart (a server pays it once, at its first image).
const coldStarted = performance.now();
await embed(images.get(1) as Buffer);
const coldMs = performance.now() - coldStarted;

const settings = { epochs: 50, copies, flip: true };
const started = performance.now();
// CPU time of every thread of this process (the worker's network, sharp's threads, this loop): on a shared machine
// the wall time says how busy the others were, this says what the training itself costs.
const cpuStarted = process.cpuUsage();
const plans = planVariants(samples, settings);
const known = new Map<string, Float32Array>();
const embedded = await embedMissing(plans, {
  known,
  read: async (s) => images.get(s.id) as Buffer,
  async onSample(done) {
    if (done % 50 === 0) sample();
  },
});
const embedMs = performance.now() - started;
const embedCpu = process.cpuUsage(cpuStarted);
const trainStarted = performance.now();
const output = await train({ ...assembleInput(plans, known, settings), iterations: settings.epochs }, sample);
const trainMs = performance.now() - trainStarted;
const totalMs = performance.now() - started;
const totalCpu = process.cpuUsage(cpuStarted);
const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
sample();
await closeFeatures();
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const accuracyOf = (name: 'jpeg60' | 'resize320') => {
  const scored = output.robust[name] ?? [];
  return round(scored.filter((s) => (s.score >= output.figures.threshold) === (s.label === 1)).length / Math.max(1, scored.length), 3);
};
console.log(
  JSON.stringify({
    images: count,
    copies,
    embeddings: embedded,
    coldFirstImageMs: round(coldMs),
    embedMs: Math.round(embedMs),
    embedMsPerEmbedding: round(embedMs / embedded, 2),
    embedCpuMsPerEmbedding: round(cpuMs(embedCpu) / embedded, 2),
    embeddingsPerSecond: round(embedded / (embedMs / 1000)),
    trainedRows: output.trainedRows,
    trainAndEvaluateMs: Math.round(trainMs),
    totalMs: Math.round(totalMs),
    totalCpuMs: Math.round(cpuMs(totalCpu)),
    method: output.method,
    folds: output.folds,
    crossValidatedAccuracy: round(output.figures.accuracy, 3),
    averagePrecision: round(output.figures.averagePrecision, 3),
    robustAccuracy: { jpeg60: accuracyOf('jpeg60'), resize320: accuracyOf('resize320') },
    peakRssMb: Math.round(peakRss / 1024 / 1024),
  }),
);

// Child process of bench/training.ts: a training of N generated images (red square or not) through the code a
// training job runs (server/modules/training/trainFeatures.ts, minus the database): every image's vector, its
// `copies` augmented copies and its two robustness variants rendered and embedded in the feature workers (one per
// core, two images in flight each), then cross-validation and the final fit in a worker. Prints the figures as one
// JSON line, with the workers' own split of their time (rendering with sharp, the network).
// Usage: node bench/trainingRun.ts <images> <copies>
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { closeFeatures, embed, featureRequestsInFlight, featureWorkersRunning, train } from '../server/ml/features.ts';
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
// The workers' start and the model's load, apart (a server pays it once per worker, at its first images): as many
// images at once as the training keeps in flight, so every worker it uses is started.
const coldStarted = performance.now();
await Promise.all(Array.from({ length: featureRequestsInFlight(count) }, () => embed(images.get(1) as Buffer)));
const coldMs = performance.now() - coldStarted;

const settings = { epochs: 50, copies, flip: true };
const started = performance.now();
// CPU time of every thread of this process (the worker's network, sharp's threads, this loop): on a shared machine
// the wall time says how busy the others were, this says what the training itself costs.
const cpuStarted = process.cpuUsage();
const plans = planVariants(samples, settings);
const known = new Map<string, Float32Array>();
const times = { renderMs: 0, inferenceMs: 0 };
const embedded = await embedMissing(plans, {
  known,
  times,
  read: async (s) => images.get(s.id) as Buffer,
  async onSample(done) {
    if (done % 50 === 0) sample();
  },
});
const embedMs = performance.now() - started;
const workersUsed = featureWorkersRunning();
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
    featureWorkers: workersUsed,
    // Summed over the workers' requests: an image's variants rendered (sharp, several at once), then the network.
    renderMsPerImage: round(times.renderMs / count, 2),
    networkMsPerEmbedding: round(times.inferenceMs / embedded, 2),
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

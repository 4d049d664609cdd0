// The platform's image feature extractor and classifier trainer: embed(image) → a feature vector (MobileNetV2 of
// nsfwjs 4.4.0, converted to ONNX, run by onnxruntime-node), embedVariants(image, variants) → the vectors of a
// training's augmented copies and robustness variants, train(samples) → a logistic-regression classifier with its
// cross-validated report, exportOnnx(classifier) → the portable graph. They run in feature worker threads, one per
// core (featureWorkerCount), each with the network on one onnxruntime thread: a request goes to a running worker
// while it has room (one request in its network, the next being rendered), else to the next worker, started then —
// so a training's images keep every core busy while lone scoring calls keep to one worker; each ends after an idle
// while. One thread per network gives
// the same vector for an image whichever worker ran it. An image to score is decoded and resized here with sharp
// (itself off the event loop). Source and measurements: server/ml/models/mobilenetv2/SOURCE.md.
import { availableParallelism } from 'node:os';
import type { TrainInput, TrainOutput } from './classifier/trainClassifier.ts';
import type { Variant } from './features/augment.ts';
import { FEATURE_EXTRACTOR, FEATURE_INPUT_SIZE, featureModelHash } from './features/model.ts';
import type { ExportInput } from './features/portableExport.ts';
import { networkInput } from './features/preprocess.ts';
import type { WorkerReply, WorkerRequest } from './features/protocol.ts';
import { WorkerClient } from './workerClient.ts';

export { FeatureInputError, type ImageSize, imageSize } from './features/preprocess.ts';

export const FEATURE_INFO = { name: FEATURE_EXTRACTOR, inputSize: FEATURE_INPUT_SIZE, hash: featureModelHash() } as const;

/** Bounds a hung worker (a training of 1000 images takes well under a minute here). */
const RUN_TIMEOUT_MS = 10 * 60_000;
const IDLE_MS = 10 * 60_000;

/**
 * A worker's start (its thread, the network converted and loaded: about 0.4 s of CPU, SOURCE.md) pays for itself
 * past a few images (a training image with 4 copies is about 0.1 s of CPU); this many keeps a margin.
 */
const IMAGES_PER_WORKER = 25;

/** Each worker holds its own network (measured: README "Few-shot training"); more than this buys nothing here. */
export const MAX_FEATURE_WORKERS = 4;

/** One worker per core the process may use, at least 1, at most MAX_FEATURE_WORKERS; FEATURE_WORKERS sets fewer. */
export function featureWorkerCount(cores = availableParallelism(), setting = process.env.FEATURE_WORKERS): number {
  const asked = Number(setting);
  const limit = setting && Number.isInteger(asked) && asked > 0 ? asked : cores;
  return Math.max(1, Math.min(MAX_FEATURE_WORKERS, cores, limit));
}

const workers = Array.from(
  { length: featureWorkerCount() },
  () =>
    new WorkerClient<WorkerRequest, WorkerReply>({
      url: new URL('./features/worker.ts', import.meta.url),
      label: 'feature worker',
      runTimeoutMs: RUN_TIMEOUT_MS,
      idleMs: IDLE_MS,
      failure: (reply) => (reply.kind === 'failed' ? reply.error : null),
      isProgress: (reply) => reply.kind === 'progress',
    }),
);

/** Requests a running worker takes before another worker is started: one in its network, the next being rendered. */
const WORKER_ROOM = 2;

/**
 * The running worker with the fewest requests waiting while it has room; else a worker not running yet (started
 * now); else the least busy. Lone scoring calls and small trainings keep to one worker (one model in memory).
 */
function leastBusy(): WorkerClient<WorkerRequest, WorkerReply> {
  let best: WorkerClient<WorkerRequest, WorkerReply> | undefined;
  for (const w of workers) if (w.running && (!best || w.waiting < best.waiting)) best = w;
  if (best && best.waiting < WORKER_ROOM) return best;
  const idle = workers.find((w) => !w.running);
  if (idle) return idle;
  for (const w of workers) if (!best || w.waiting < best.waiting) best = w;
  return best as WorkerClient<WorkerRequest, WorkerReply>;
}

/** How many feature workers requests may be spread over (a caller keeps WORKER_ROOM requests in flight per worker). */
export function featureWorkers(): number {
  return workers.length;
}

/** Requests in flight that keep `images` images' worth of work on as many workers as pay for their start. */
export function featureRequestsInFlight(images: number): number {
  return WORKER_ROOM * Math.max(1, Math.min(workers.length, Math.floor(images / IMAGES_PER_WORKER)));
}

/** How many of them have a thread now. */
export function featureWorkersRunning(): number {
  return workers.filter((w) => w.running).length;
}

/** The feature vector of an encoded image (JPEG, PNG): the whole picture squeezed to 224×224. */
export async function embed(image: Uint8Array): Promise<{ vector: Float32Array; inferenceMs: number }> {
  // A copy of its own, so its memory can be handed to the worker.
  const rgb = new Uint8Array(await networkInput(image));
  const worker = leastBusy();
  const reply = await worker.call({ id: worker.newId(), kind: 'embed', rgb }, [rgb.buffer as ArrayBuffer]);
  if (reply.kind !== 'embedded') throw new Error('feature worker answered out of turn');
  return { vector: reply.vector, inferenceMs: reply.inferenceMs };
}

/** The vectors of variants of an encoded image (its copies and robustness changes), rendered and run in the worker. */
export async function embedVariants(image: Uint8Array, variants: Variant[]): Promise<{ vectors: Float32Array[]; renderMs: number; inferenceMs: number }> {
  if (variants.length === 0) return { vectors: [], renderMs: 0, inferenceMs: 0 };
  const worker = leastBusy();
  const reply = await worker.call({ id: worker.newId(), kind: 'embedVariants', image, variants });
  if (reply.kind !== 'embeddedVariants') throw new Error('feature worker answered out of turn');
  return { vectors: reply.vectors, renderMs: reply.renderMs, inferenceMs: reply.inferenceMs };
}

/** Cross-validates and fits the classifier in the worker; onProgress gets the fraction done (0..1). */
export async function train(input: TrainInput, onProgress: (fraction: number, iteration: number, loss: number) => void): Promise<TrainOutput> {
  const worker = leastBusy();
  const reply = await worker.call({ id: worker.newId(), kind: 'train', input }, [], (note) => {
    if (note.kind === 'progress') onProgress(note.fraction, note.iteration, note.loss);
  });
  if (reply.kind !== 'trained') throw new Error('feature worker answered out of turn');
  return reply.output;
}

/** The trained classifier and the extractor as one portable ONNX graph (built in the worker). */
export async function exportOnnx(input: ExportInput): Promise<Uint8Array> {
  const worker = leastBusy();
  const reply = await worker.call({ id: worker.newId(), kind: 'exportOnnx', input });
  if (reply.kind !== 'exported') throw new Error('feature worker answered out of turn');
  return reply.onnx;
}

/** Requests the worker has not answered yet: the retrieval index loop leaves it to searches and trainings first. */
export function featureRequestsWaiting(): number {
  let waiting = 0;
  for (const w of workers) waiting += w.waiting;
  return waiting;
}

/** Ends the workers (server shutdown, tests). The next call starts a new one. */
export async function closeFeatures(): Promise<void> {
  await Promise.all(workers.map((w) => w.close()));
}

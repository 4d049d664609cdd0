// The platform's image feature extractor and classifier trainer: embed(image) → a feature vector (MobileNetV2 of
// nsfwjs 4.4.0, converted to ONNX, run by onnxruntime-node), train(samples) → a logistic-regression classifier with
// its cross-validated report. Both run in one worker thread; the image is decoded and resized here with sharp
// (itself off the event loop). Source and measurements: server/ml/models/mobilenetv2/SOURCE.md.
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { TrainInput, TrainOutput } from './classifier/trainClassifier.ts';
import { FEATURE_EXTRACTOR, FEATURE_INPUT_SIZE, featureModelHash } from './features/model.ts';
import type { WorkerReply, WorkerRequest } from './features/protocol.ts';

export const FEATURE_INFO = { name: FEATURE_EXTRACTOR, inputSize: FEATURE_INPUT_SIZE, hash: featureModelHash() } as const;

/** The image cannot be decoded or is larger than accepted. */
export class FeatureInputError extends Error {}

const MAX_PIXELS = 7680 * 4320;
/** Bounds a hung worker (a training of 1000 images takes well under a minute here). */
const RUN_TIMEOUT_MS = 10 * 60_000;
const IDLE_MS = 10 * 60_000;

interface Pending {
  resolve(reply: WorkerReply): void;
  reject(err: Error): void;
  onProgress?(reply: Extract<WorkerReply, { kind: 'progress' }>): void;
  timer: NodeJS.Timeout;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;
let idleTimer: NodeJS.Timeout | undefined;

function failAll(err: Error) {
  for (const p of pending.values()) {
    clearTimeout(p.timer);
    p.reject(err);
  }
  pending.clear();
}

function getWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./features/worker.ts', import.meta.url));
  w.unref();
  w.on('message', (reply: WorkerReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    if (reply.kind === 'progress') {
      p.onProgress?.(reply);
      return;
    }
    pending.delete(reply.id);
    clearTimeout(p.timer);
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (pending.size === 0) void closeFeatures();
    }, IDLE_MS);
    idleTimer.unref();
    if (reply.kind === 'failed') p.reject(new Error(`feature worker failed: ${reply.error}`));
    else p.resolve(reply);
  });
  const gone = (err: Error) => {
    if (worker === w) worker = undefined;
    failAll(err);
  };
  w.on('error', (err: Error) => gone(new Error(`feature worker failed: ${err.message}`)));
  w.on('exit', (code) => gone(new Error(`feature worker exited (${code})`)));
  worker = w;
  return w;
}

function call(req: WorkerRequest, transfer: ArrayBuffer[], onProgress?: Pending['onProgress']): Promise<WorkerReply> {
  const w = getWorker();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(req.id);
      reject(new Error('feature worker timed out'));
      void w.terminate();
    }, RUN_TIMEOUT_MS);
    pending.set(req.id, { resolve, reject, onProgress, timer });
    w.postMessage(req, transfer);
  });
}

export interface ImageSize {
  width: number;
  height: number;
}

/** Decoded size of an encoded image (after EXIF orientation); FeatureInputError when it cannot be decoded. */
export async function imageSize(image: Uint8Array): Promise<ImageSize> {
  try {
    const meta = await sharp(image, { limitInputPixels: false, failOn: 'error' }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    const turned = (meta.orientation ?? 1) >= 5;
    return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    throw new FeatureInputError('the image cannot be decoded');
  }
}

/** The feature vector of an encoded image (JPEG, PNG): the whole picture squeezed to 224×224. */
export async function embed(image: Uint8Array): Promise<{ vector: Float32Array; inferenceMs: number }> {
  const size = await imageSize(image);
  if (size.width * size.height > MAX_PIXELS) throw new FeatureInputError('the image is too large');
  let rgb: Uint8Array;
  try {
    const { data } = await sharp(image, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .resize(FEATURE_INPUT_SIZE, FEATURE_INPUT_SIZE, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    rgb = new Uint8Array(data);
  } catch {
    throw new FeatureInputError('the image cannot be decoded');
  }
  const reply = await call({ id: nextId++, kind: 'embed', rgb }, [rgb.buffer as ArrayBuffer]);
  if (reply.kind !== 'embedded') throw new Error('feature worker answered out of turn');
  return { vector: reply.vector, inferenceMs: reply.inferenceMs };
}

/** Cross-validates and fits the classifier in the worker; onProgress gets the fraction done (0..1). */
export async function train(input: TrainInput, onProgress: (fraction: number, iteration: number, loss: number) => void): Promise<TrainOutput> {
  const reply = await call({ id: nextId++, kind: 'train', input }, [], (p) => onProgress(p.fraction, p.iteration, p.loss));
  if (reply.kind !== 'trained') throw new Error('feature worker answered out of turn');
  return reply.output;
}

/** Ends the worker (server shutdown, tests). The next call starts a new one. */
export async function closeFeatures(): Promise<void> {
  clearTimeout(idleTimer);
  const w = worker;
  worker = undefined;
  if (w) {
    failAll(new Error('feature worker closed'));
    await w.terminate();
  }
}

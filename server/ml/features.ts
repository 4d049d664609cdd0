// The platform's image feature extractor and classifier trainer: embed(image) → a feature vector (MobileNetV2 of
// nsfwjs 4.4.0, converted to ONNX, run by onnxruntime-node), train(samples) → a logistic-regression classifier with
// its cross-validated report. Both run in one worker thread; the image is decoded and resized here with sharp
// (itself off the event loop). Source and measurements: server/ml/models/mobilenetv2/SOURCE.md.
import sharp from 'sharp';
import type { TrainInput, TrainOutput } from './classifier/trainClassifier.ts';
import { FEATURE_EXTRACTOR, FEATURE_INPUT_SIZE, featureModelHash } from './features/model.ts';
import type { WorkerReply, WorkerRequest } from './features/protocol.ts';
import { WorkerClient } from './workerClient.ts';

export const FEATURE_INFO = { name: FEATURE_EXTRACTOR, inputSize: FEATURE_INPUT_SIZE, hash: featureModelHash() } as const;

/** The image cannot be decoded or is larger than accepted. */
export class FeatureInputError extends Error {}

const MAX_PIXELS = 7680 * 4320;
/** Bounds a hung worker (a training of 1000 images takes well under a minute here). */
const RUN_TIMEOUT_MS = 10 * 60_000;
const IDLE_MS = 10 * 60_000;

const worker = new WorkerClient<WorkerRequest, WorkerReply>({
  url: new URL('./features/worker.ts', import.meta.url),
  label: 'feature worker',
  runTimeoutMs: RUN_TIMEOUT_MS,
  idleMs: IDLE_MS,
  failure: (reply) => (reply.kind === 'failed' ? reply.error : null),
  isProgress: (reply) => reply.kind === 'progress',
});

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
  const reply = await worker.call({ id: worker.newId(), kind: 'embed', rgb }, [rgb.buffer as ArrayBuffer]);
  if (reply.kind !== 'embedded') throw new Error('feature worker answered out of turn');
  return { vector: reply.vector, inferenceMs: reply.inferenceMs };
}

/** Cross-validates and fits the classifier in the worker; onProgress gets the fraction done (0..1). */
export async function train(input: TrainInput, onProgress: (fraction: number, iteration: number, loss: number) => void): Promise<TrainOutput> {
  const reply = await worker.call({ id: worker.newId(), kind: 'train', input }, [], (note) => {
    if (note.kind === 'progress') onProgress(note.fraction, note.iteration, note.loss);
  });
  if (reply.kind !== 'trained') throw new Error('feature worker answered out of turn');
  return reply.output;
}

/** Requests the worker has not answered yet: the retrieval index loop leaves it to searches and trainings first. */
export function featureRequestsWaiting(): number {
  return worker.waiting;
}

/** Ends the worker (server shutdown, tests). The next call starts a new one. */
export function closeFeatures(): Promise<void> {
  return worker.close();
}

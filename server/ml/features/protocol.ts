// Messages between the server and the ML worker thread (feature extraction and classifier training).
import type { TrainInput, TrainOutput } from '../classifier/trainClassifier.ts';
import type { ExportInput } from './portableExport.ts';
import type { Variant } from './augment.ts';

export type WorkerRequest =
  | { id: number; kind: 'embed'; /** 224×224 interleaved RGB. */ rgb: Uint8Array }
  | { id: number; kind: 'embedVariants'; /** The encoded image. */ image: Uint8Array; variants: Variant[] }
  | { id: number; kind: 'train'; input: TrainInput }
  | { id: number; kind: 'exportOnnx'; input: ExportInput };

export type WorkerReply =
  | { id: number; kind: 'embedded'; vector: Float32Array; inferenceMs: number; loadMs: number }
  | { id: number; kind: 'embeddedVariants'; vectors: Float32Array[]; renderMs: number; inferenceMs: number }
  | { id: number; kind: 'progress'; fraction: number; iteration: number; loss: number }
  | { id: number; kind: 'trained'; output: TrainOutput }
  | { id: number; kind: 'exported'; onnx: Uint8Array }
  | { id: number; kind: 'failed'; error: string };

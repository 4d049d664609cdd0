// Messages between the server and the ML worker thread (feature extraction and classifier training).
import type { TrainInput, TrainOutput } from '../classifier/trainClassifier.ts';

export type WorkerRequest =
  | { id: number; kind: 'embed'; /** 224×224 interleaved RGB. */ rgb: Uint8Array }
  | { id: number; kind: 'train'; input: TrainInput };

export type WorkerReply =
  | { id: number; kind: 'embedded'; vector: Float32Array; inferenceMs: number; loadMs: number }
  | { id: number; kind: 'progress'; fraction: number; iteration: number; loss: number }
  | { id: number; kind: 'trained'; output: TrainOutput }
  | { id: number; kind: 'failed'; error: string };

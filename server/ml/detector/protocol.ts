// Messages between the server and the detector's worker thread.
import type { RawDetection } from './nanodet.ts';

export interface WorkerRequest {
  id: number;
  /** The image resized to fit 416×416 (its letterboxed inner size), interleaved RGB. */
  rgb: Uint8Array;
  /** The original image size. */
  width: number;
  height: number;
  minScore: number;
}

export type WorkerReply =
  | { id: number; ok: true; detections: RawDetection[]; inferenceMs: number; loadMs: number }
  | { id: number; ok: false; error: string };

// NanoDet (the "g" model: CSP backbone, GFL head, 416×416, COCO-80) before and after the network: the letterboxed,
// normalised input tensor, and the decoding of its six outputs into boxes — the distribution over 11 distance bins
// per box side (generalized focal loss), centre priors at (x + 0.5)·stride, per-class non-maximum suppression at
// IoU 0.6, at most 100 boxes, as in the model's own post-processing (RangiLyu/nanodet, gfl_head.py).
// Pure functions: no runtime, no I/O, so they are unit-tested on their own.

export const INPUT_SIZE = 416;
export const STRIDES = [8, 16, 32] as const;
const REG_MAX = 10;
const BINS = REG_MAX + 1;
const NUM_CLASSES = 80;
/** The model was trained on BGR images normalised with these (nanodet config img_norm_cfg, BGR order). */
const MEAN_BGR = [103.53, 116.28, 123.675] as const;
const STD_BGR = [57.375, 57.12, 58.395] as const;
const NMS_IOU = 0.6;
const MAX_BOXES = 100;

export interface Letterbox {
  /** Scale from original pixels to network pixels. */
  scale: number;
  /** Where the image starts inside the 416×416 input. */
  padX: number;
  padY: number;
  /** The original image size. */
  width: number;
  height: number;
}

/** How an image of this size is placed in the square input: scaled to fit, centred. */
export function letterbox(width: number, height: number): Letterbox & { innerWidth: number; innerHeight: number } {
  const scale = Math.min(INPUT_SIZE / width, INPUT_SIZE / height);
  const innerWidth = Math.max(1, Math.round(width * scale));
  const innerHeight = Math.max(1, Math.round(height * scale));
  return {
    scale,
    padX: Math.floor((INPUT_SIZE - innerWidth) / 2),
    padY: Math.floor((INPUT_SIZE - innerHeight) / 2),
    width,
    height,
    innerWidth,
    innerHeight,
  };
}

/**
 * The NCHW float input from interleaved RGB pixels of the resized image (innerWidth × innerHeight). The padding
 * is the mean colour, i.e. zero after normalisation.
 */
export function toInputTensor(rgb: Uint8Array, box: ReturnType<typeof letterbox>): Float32Array {
  const plane = INPUT_SIZE * INPUT_SIZE;
  const out = new Float32Array(3 * plane);
  const { innerWidth: w, innerHeight: h, padX, padY } = box;
  if (rgb.length < w * h * 3) throw new RangeError(`expected ${w * h * 3} bytes of RGB, got ${rgb.length}`);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const src = (y * w + x) * 3;
      const dst = (y + padY) * INPUT_SIZE + (x + padX);
      // Channel 0 is blue: the network's first plane is B, then G, then R.
      out[dst] = ((rgb[src + 2] ?? 0) - MEAN_BGR[0]) / STD_BGR[0];
      out[plane + dst] = ((rgb[src + 1] ?? 0) - MEAN_BGR[1]) / STD_BGR[1];
      out[2 * plane + dst] = ((rgb[src] ?? 0) - MEAN_BGR[2]) / STD_BGR[2];
    }
  }
  return out;
}

export interface RawDetection {
  classIndex: number;
  /** The model's score: sigmoid of the class logit, trained to predict the box's IoU with the object (GFL). */
  score: number;
  /** x1, y1, x2, y2 relative to the original image, each in [0, 1]. */
  box: [number, number, number, number];
}

/** The outputs of one stride: class scores [cells × 80] (already sigmoid) and box distributions [cells × 44]. */
export interface LevelOutput {
  scores: Float32Array;
  distributions: Float32Array;
}

function iou(a: RawDetection['box'], b: RawDetection['box']): number {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const inter = ix * iy;
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return union > 0 ? inter / union : 0;
}

/** Greedy per-class non-maximum suppression; keeps the highest score of each overlapping group. */
export function nonMaxSuppression(candidates: RawDetection[], iouThreshold = NMS_IOU, max = MAX_BOXES): RawDetection[] {
  const sorted = [...candidates].sort((a, b) => b.score - a.score);
  const kept: RawDetection[] = [];
  for (const c of sorted) {
    if (kept.length >= max) break;
    if (kept.some((k) => k.classIndex === c.classIndex && iou(k.box, c.box) > iouThreshold)) continue;
    kept.push(c);
  }
  return kept;
}

/** Decodes the three levels into boxes in original-image relative coordinates, scores ≥ minScore. */
export function decodeNanodet(levels: LevelOutput[], frame: Letterbox, minScore: number): RawDetection[] {
  const candidates: RawDetection[] = [];
  const dist = new Float64Array(4);
  levels.forEach((level, li) => {
    const stride = STRIDES[li] ?? 8;
    const side = Math.ceil(INPUT_SIZE / stride);
    const cells = level.scores.length / NUM_CLASSES;
    for (let cell = 0; cell < cells; cell++) {
      const base = cell * NUM_CLASSES;
      let best = 0;
      for (let c = 0; c < NUM_CLASSES; c++) best = Math.max(best, level.scores[base + c] ?? 0);
      if (best < minScore) continue;
      // Expected distance of each side: softmax over the bins, then the mean bin index, times the stride.
      for (let s = 0; s < 4; s++) {
        const off = cell * 4 * BINS + s * BINS;
        let max = Number.NEGATIVE_INFINITY;
        for (let b = 0; b < BINS; b++) max = Math.max(max, level.distributions[off + b] ?? 0);
        let sum = 0;
        let weighted = 0;
        for (let b = 0; b < BINS; b++) {
          const e = Math.exp((level.distributions[off + b] ?? 0) - max);
          sum += e;
          weighted += e * b;
        }
        dist[s] = (weighted / sum) * stride;
      }
      const cx = ((cell % side) + 0.5) * stride;
      const cy = (Math.floor(cell / side) + 0.5) * stride;
      const toRelX = (v: number) => Math.min(1, Math.max(0, (v - frame.padX) / frame.scale / frame.width));
      const toRelY = (v: number) => Math.min(1, Math.max(0, (v - frame.padY) / frame.scale / frame.height));
      const box: RawDetection['box'] = [
        toRelX(cx - (dist[0] ?? 0)),
        toRelY(cy - (dist[1] ?? 0)),
        toRelX(cx + (dist[2] ?? 0)),
        toRelY(cy + (dist[3] ?? 0)),
      ];
      if (box[2] <= box[0] || box[3] <= box[1]) continue;
      for (let c = 0; c < NUM_CLASSES; c++) {
        const score = level.scores[base + c] ?? 0;
        if (score >= minScore) candidates.push({ classIndex: c, score, box });
      }
    }
  });
  return nonMaxSuppression(candidates);
}

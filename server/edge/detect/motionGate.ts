// The motion gate in front of the detector: most frames of a fixed camera show a still scene, and the detector
// costs ~100 ms of a core per frame (docs/detector.md). A frame goes to the detector only when enough of the
// picture changed since the last frame that did — compared on a small grey copy, block by block, with a noise
// floor — or when the last one is older than `keepAliveMs`, so an object that stopped is still seen (it dwells,
// and its track does not age out) and one that left is noticed.

export interface GrayFrame {
  gray: Uint8Array;
  width: number;
  height: number;
}

/** Width of the grey copy the gate compares: 160 px keeps a person 40 px tall at 640 px as ~10 px. */
export const GATE_WIDTH = 160;

/**
 * An RGB frame (3 bytes a pixel, a `DecodedFrame`'s `rgb`) as a grey picture `width` pixels wide (height by the
 * frame's aspect, at least 1): each grey pixel is the mean luma (BT.601) of the source pixels it covers.
 */
export function grayDownscale(frame: { rgb: Uint8Array; width: number; height: number }, width = GATE_WIDTH): GrayFrame {
  const sw = frame.width;
  const sh = frame.height;
  if (!(sw > 0 && sh > 0) || frame.rgb.length < sw * sh * 3) throw new RangeError(`frame of ${sw}×${sh} needs ${sw * sh * 3} bytes, has ${frame.rgb.length}`);
  const tw = Math.max(1, Math.min(sw, Math.round(width)));
  const th = Math.max(1, Math.round((sh * tw) / sw));
  const gray = new Uint8Array(tw * th);
  const rgb = frame.rgb;
  for (let ty = 0; ty < th; ty++) {
    const y0 = Math.floor((ty * sh) / th);
    const y1 = Math.max(y0 + 1, Math.floor(((ty + 1) * sh) / th));
    for (let tx = 0; tx < tw; tx++) {
      const x0 = Math.floor((tx * sw) / tw);
      const x1 = Math.max(x0 + 1, Math.floor(((tx + 1) * sw) / tw));
      let sum = 0;
      for (let y = y0; y < y1; y++) {
        let i = (y * sw + x0) * 3;
        for (let x = x0; x < x1; x++, i += 3) sum += 299 * rgb[i] + 587 * rgb[i + 1] + 114 * rgb[i + 2];
      }
      gray[ty * tw + tx] = Math.round(sum / ((y1 - y0) * (x1 - x0) * 1000));
    }
  }
  return { gray, width: tw, height: th };
}

export interface MotionGateOptions {
  /** A block changed when the mean of its pixels' differences (after the noise floor) is above this, in grey levels. */
  threshold?: number;
  /** The share of blocks (0–1) that must change; at least one block always. */
  minArea?: number;
  /** Per-pixel differences up to this many grey levels are sensor noise and count as 0. */
  noiseFloor?: number;
  /** Block side in pixels of the grey picture. */
  blockSize?: number;
  /** A frame goes through at least this often (ms of frame time), whatever changed. Below the tracker's maxAgeMs. */
  keepAliveMs?: number;
}

export class MotionGate {
  readonly threshold: number;
  readonly minArea: number;
  readonly noiseFloor: number;
  readonly blockSize: number;
  readonly keepAliveMs: number;
  private reference: GrayFrame | null = null;
  private referenceAt = Number.NEGATIVE_INFINITY;

  constructor(o: MotionGateOptions = {}) {
    this.threshold = o.threshold ?? 6;
    this.minArea = o.minArea ?? 0.002;
    this.noiseFloor = o.noiseFloor ?? 4;
    this.blockSize = Math.max(1, Math.round(o.blockSize ?? 4));
    this.keepAliveMs = o.keepAliveMs ?? 2000;
  }

  /**
   * Whether this frame should be analysed; when it is, it becomes the reference the next frames are compared with.
   * `t` is the frame's time (ms): without it there is no keep-alive, so the pipeline passes it.
   */
  changed(gray: Uint8Array, width: number, height: number, t?: number): boolean {
    if (gray.length !== width * height) throw new RangeError(`grey picture of ${width}×${height} needs ${width * height} bytes, has ${gray.length}`);
    const ref = this.reference;
    const due = t !== undefined && t - this.referenceAt >= this.keepAliveMs;
    if (!ref || ref.width !== width || ref.height !== height || due || this.changedBlocks(ref.gray, gray, width, height) >= this.blocksNeeded(width, height)) {
      this.reference = { gray: gray.slice(), width, height };
      if (t !== undefined) this.referenceAt = t;
      return true;
    }
    return false;
  }

  /** Forgets the reference (a new stream, a new resolution): the next frame goes through. */
  reset(): void {
    this.reference = null;
    this.referenceAt = Number.NEGATIVE_INFINITY;
  }

  private blocksNeeded(width: number, height: number): number {
    const blocks = Math.ceil(width / this.blockSize) * Math.ceil(height / this.blockSize);
    return Math.max(1, Math.ceil(blocks * this.minArea));
  }

  /** Blocks whose mean difference is above the threshold, after removing a change of the whole picture's brightness. */
  private changedBlocks(ref: Uint8Array, cur: Uint8Array, width: number, height: number): number {
    // A cloud or the camera's exposure moves every pixel the same way: that shift is not motion.
    let shift = 0;
    for (let i = 0; i < cur.length; i++) shift += cur[i] - ref[i];
    shift /= cur.length;
    const size = this.blockSize;
    let changed = 0;
    for (let by = 0; by < height; by += size) {
      const yEnd = Math.min(height, by + size);
      for (let bx = 0; bx < width; bx += size) {
        const xEnd = Math.min(width, bx + size);
        let sum = 0;
        for (let y = by; y < yEnd; y++) {
          for (let x = bx, i = y * width + bx; x < xEnd; x++, i++) {
            const d = Math.abs(cur[i] - ref[i] - shift);
            if (d > this.noiseFloor) sum += d;
          }
        }
        if (sum / ((yEnd - by) * (xEnd - bx)) > this.threshold) changed++;
      }
    }
    return changed;
  }
}

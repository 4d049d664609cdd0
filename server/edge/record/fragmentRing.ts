// The pre-roll of one camera: the last few seconds of its fMP4 fragments, so an alarm's clip can start before the
// alarm (docs/edge-runtime.md: from the keyframe at or before alarmTime − preSeconds to alarmTime + postSeconds),
// and live view can start at the latest keyframe. Bounded by time and by bytes; a new init segment (a new pull)
// empties it, since fragments of two pulls do not join into one clip.
import type { Fragment } from '../types.ts';
import { decodeTimeOf, rebaseFragment } from '../stream/fmp4.ts';

export interface RingOptions {
  seconds: number;
  maxBytes: number;
}

export class FragmentRing {
  private initSegment: Buffer | null = null;
  private fragments: Fragment[] = [];
  private bytes = 0;
  private seconds: number;
  private readonly maxBytes: number;

  constructor(options: RingOptions) {
    this.seconds = options.seconds;
    this.maxBytes = options.maxBytes;
  }

  get init(): Buffer | null {
    return this.initSegment;
  }

  get size(): { fragments: number; bytes: number } {
    return { fragments: this.fragments.length, bytes: this.bytes };
  }

  /** The span kept, when the camera's recording settings change. */
  setSeconds(seconds: number): void {
    this.seconds = seconds;
    this.trim();
  }

  setInit(init: Buffer): void {
    this.initSegment = init;
    this.fragments = [];
    this.bytes = 0;
  }

  push(fragment: Fragment): void {
    if (!this.initSegment) return;
    this.fragments.push(fragment);
    this.bytes += fragment.data.length;
    this.trim();
  }

  /** The fragments from the latest keyframe on (what a new live viewer starts with). */
  latestGop(): Fragment[] {
    for (let i = this.fragments.length - 1; i >= 0; i--) if (this.fragments[i].keyframe) return this.fragments.slice(i);
    return [];
  }

  /**
   * A playable fMP4 (init + fragments, decode times starting at 0) from the keyframe at or before fromMs to the
   * last fragment starting before toMs; null when the ring holds no keyframe there. When the clip would be larger
   * than maxBytes, whole leading groups of pictures are left out (it then starts later than asked).
   */
  clip(fromMs: number, toMs: number, maxBytes = Number.POSITIVE_INFINITY): { data: Buffer; startMs: number; endMs: number } | null {
    if (!this.initSegment) return null;
    const inRange = (f: Fragment) => f.startMs < toMs;
    let first = -1;
    for (let i = 0; i < this.fragments.length && inRange(this.fragments[i]); i++) {
      if (!this.fragments[i].keyframe) continue;
      if (this.fragments[i].startMs <= fromMs || first < 0) first = i;
      if (this.fragments[i].startMs > fromMs) break;
    }
    if (first < 0) return null;
    let picked = this.fragments.slice(first).filter(inRange);
    const total = (list: Fragment[]) => list.reduce((n, f) => n + f.data.length, this.initSegment!.length);
    while (total(picked) > maxBytes) {
      const next = picked.findIndex((f, i) => i > 0 && f.keyframe);
      if (next < 0) return null;
      picked = picked.slice(next);
    }
    const base = decodeTimeOf(picked[0].data);
    const last = picked.at(-1)!;
    return {
      data: Buffer.concat([this.initSegment, ...picked.map((f) => rebaseFragment(f.data, base))]),
      startMs: picked[0].startMs,
      endMs: last.startMs + last.durationMs,
    };
  }

  private trim() {
    const newest = this.fragments.at(-1);
    if (!newest) return;
    const horizon = newest.startMs + newest.durationMs - this.seconds * 1000;
    // Leading fragments without a keyframe left by this are never the start of a clip (clip() starts at one).
    while (this.fragments.length > 1 && (this.fragments[0].startMs + this.fragments[0].durationMs <= horizon || this.bytes > this.maxBytes)) {
      const gone = this.fragments.shift()!;
      this.bytes -= gone.data.length;
    }
  }
}

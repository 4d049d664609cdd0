// Continuous recording of one camera: its fMP4 fragments written to disk as they come, a new file every
// segmentSeconds, cut at a keyframe (each file starts with the init segment and a keyframe, so it plays on its
// own), at most maxBytes a file. A closed segment is handed to onSegment (the runtime uploads it with
// kind=continuous, then removes the file). Memory stays one fragment deep whatever the segment length.
import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Fragment } from '../types.ts';
import { decodeTimeOf, rebaseFragment } from '../stream/fmp4.ts';

export interface Segment {
  file: string;
  startMs: number;
  endMs: number;
  bytes: number;
}

export interface SegmentRecorderOptions {
  dir: string;
  segmentSeconds: number;
  /** Per file (docs/edge-runtime.md: 64 MiB); a segment reaching it is cut at the next keyframe. */
  maxBytes: number;
  onSegment(segment: Segment): void;
}

interface Open {
  handle: FileHandle;
  file: string;
  startMs: number;
  endMs: number;
  bytes: number;
  base: number;
}

export class SegmentRecorder {
  private init: Buffer | null = null;
  private current: Open | null = null;
  /** Writes happen in order, one at a time. */
  private chain: Promise<void> = Promise.resolve();
  private segmentSeconds: number;
  private readonly options: SegmentRecorderOptions;

  constructor(options: SegmentRecorderOptions) {
    this.options = options;
    this.segmentSeconds = options.segmentSeconds;
  }

  setSegmentSeconds(seconds: number): void {
    this.segmentSeconds = seconds;
  }

  /** A new pull: the open segment ends here; the next starts at the new stream's first keyframe. */
  setInit(init: Buffer): void {
    this.init = init;
    this.enqueue(() => this.close());
  }

  push(fragment: Fragment): void {
    const init = this.init;
    if (!init) return;
    this.enqueue(async () => {
      const open = this.current;
      const full = open && (fragment.startMs - open.startMs >= this.segmentSeconds * 1000 || open.bytes + fragment.data.length > this.options.maxBytes);
      if (fragment.keyframe && (!open || full)) {
        await this.close();
        await this.openSegment(init, fragment);
      }
      const target = this.current;
      if (!target) return; // waiting for a keyframe
      if (target.bytes + fragment.data.length > this.options.maxBytes) return; // over the cap until the next keyframe
      const data = rebaseFragment(fragment.data, target.base);
      await target.handle.write(data);
      target.bytes += data.length;
      target.endMs = fragment.startMs + fragment.durationMs;
    });
  }

  /** Closes the open segment (handed to onSegment when it holds anything) and waits for the writes. */
  async stop(): Promise<void> {
    this.init = null;
    this.enqueue(() => this.close());
    await this.chain;
  }

  private enqueue(work: () => Promise<void>) {
    this.chain = this.chain.then(work).catch(() => undefined);
  }

  private async openSegment(init: Buffer, first: Fragment) {
    await mkdir(this.options.dir, { recursive: true });
    const file = join(this.options.dir, `segment-${Date.now()}-${randomBytes(4).toString('hex')}.mp4`);
    const handle = await open(file, 'wx');
    await handle.write(init);
    this.current = { handle, file, startMs: first.startMs, endMs: first.startMs, bytes: init.length, base: decodeTimeOf(first.data) };
  }

  private async close() {
    const open = this.current;
    if (!open) return;
    this.current = null;
    await open.handle.close();
    if (open.endMs > open.startMs) this.options.onSegment({ file: open.file, startMs: open.startMs, endMs: open.endMs, bytes: open.bytes });
    else await rm(open.file, { force: true });
  }
}

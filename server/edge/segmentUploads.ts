// Continuous segments on their way to the platform (POST /ingest/recording, kind=continuous): one upload at a time,
// oldest first, the file removed once the platform has it (or refuses it for good). While the platform is away the
// files wait, at most MAX_WAITING of them: past that the oldest goes, so a box cut off for days keeps its newest
// recordings and a bounded disk.
import { rm } from 'node:fs/promises';
import { formatTime } from '../http/format.ts';
import { BoxApiError, type BoxClient } from './boxClient.ts';
import type { Segment } from './record/segmentRecorder.ts';

const MAX_WAITING = 32;
const RETRY_MS = 10_000;

export class SegmentUploads {
  private readonly client: BoxClient;
  private readonly log: (line: string) => void;
  private readonly queue: { cameraId: number; segment: Segment }[] = [];
  private running = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  uploaded = 0;

  constructor(client: BoxClient, log: (line: string) => void) {
    this.client = client;
    this.log = log;
  }

  add(cameraId: number, segment: Segment): void {
    this.queue.push({ cameraId, segment });
    while (this.queue.length > MAX_WAITING) {
      const dropped = this.queue.shift()!;
      void rm(dropped.segment.file, { force: true });
      this.log(`camera ${dropped.cameraId}: a recorded segment was dropped (the platform has not taken ${MAX_WAITING} waiting ones)`);
    }
    void this.run();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async run() {
    if (this.running || this.stopped) return;
    this.running = true;
    try {
      while (this.queue.length && !this.stopped) {
        const { cameraId, segment } = this.queue[0];
        try {
          await this.client.postRecording(
            { cameraId, kind: 'continuous', startTime: formatTime(new Date(segment.startMs)) as string, endTime: formatTime(new Date(segment.endMs)) as string },
            segment.file,
          );
          this.uploaded += 1;
        } catch (error) {
          if (error instanceof BoxApiError && error.retryable) {
            this.timer = setTimeout(() => void this.run(), RETRY_MS);
            this.timer.unref();
            return;
          }
          this.log(`camera ${cameraId}: a recorded segment was refused: ${(error as Error).message}`);
        }
        this.queue.shift();
        await rm(segment.file, { force: true });
      }
    } finally {
      this.running = false;
    }
  }
}

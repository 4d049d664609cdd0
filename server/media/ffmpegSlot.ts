// The ffmpeg slot: at most FFMPEG_CONCURRENCY ffmpeg processes run at once (default 1: this server shares small
// machines); the others wait in order. A caller may bound how many jobs of its kind wait — beyond that it is refused
// at once with FfmpegBusyError, which says when a place is likely free, estimated from the measured run times of
// each kind of job (no guess: a kind not yet measured counts with its time bound). A waiting job whose signal fires
// leaves the queue; the slot is handed from a finishing job straight to the next, so no newcomer slips in between.

export class FfmpegBusyError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`ffmpeg is busy; retry in ${retryAfterSeconds} s`);
    this.name = 'FfmpegBusyError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface SlotOptions {
  /** What the job is (sample, clip, concat …): queue limits and run-time estimates are per kind. */
  kind: string;
  /** How long the job may run (its time bound): the estimate for a kind not yet measured. */
  boundMs: number;
  /** At most this many jobs of the kind may wait; beyond that FfmpegBusyError (no limit when absent). */
  queueLimit?: number;
  /** Leaves the queue (rejecting with the signal's reason) when it fires while the job waits. */
  signal?: AbortSignal;
}

interface Job {
  kind: string;
  expectedMs: number;
  startedAt: number | null;
  start: () => void;
}

const limit = Math.max(1, Math.min(4, Number(process.env.FFMPEG_CONCURRENCY) || 1));
const runningJobs = new Set<Job>();
const waiting: Job[] = [];
/** Mean wall time per kind of job, weighted towards the recent runs. */
const typical = new Map<string, number>();

function expectedMs(kind: string, boundMs: number): number {
  return typical.get(kind) ?? boundMs;
}

function measured(kind: string, ms: number) {
  const before = typical.get(kind);
  typical.set(kind, before === undefined ? ms : before * 0.7 + ms * 0.3);
}

/** How many jobs run and wait now (for tests and status). */
export function ffmpegLoad(): { running: number; waiting: number; limit: number } {
  return { running: runningJobs.size, waiting: waiting.length, limit };
}

/** Seconds until a job joining the queue now would likely start: the work ahead of it spread over the processes. */
export function estimatedWaitSeconds(now = performance.now()): number {
  let ahead = 0;
  for (const job of runningJobs) ahead += Math.max(0, job.expectedMs - (job.startedAt === null ? 0 : now - job.startedAt));
  for (const job of waiting) ahead += job.expectedMs;
  return Math.max(1, Math.ceil(ahead / limit / 1000));
}

/** Runs `work` once a place in the slot is free. */
export async function withFfmpegSlot<T>(work: () => Promise<T>, options: SlotOptions): Promise<T> {
  const { kind, signal } = options;
  signal?.throwIfAborted();
  const job: Job = { kind, expectedMs: expectedMs(kind, options.boundMs), startedAt: null, start: () => undefined };
  if (runningJobs.size >= limit) {
    if (options.queueLimit !== undefined && waiting.filter((j) => j.kind === kind).length >= options.queueLimit) {
      throw new FfmpegBusyError(estimatedWaitSeconds());
    }
    await new Promise<void>((resolve, reject) => {
      const leave = () => {
        const at = waiting.indexOf(job);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal?.reason);
      };
      job.start = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      signal?.addEventListener('abort', leave, { once: true });
      waiting.push(job);
    });
  } else {
    runningJobs.add(job);
  }
  job.startedAt = performance.now();
  try {
    return await work();
  } finally {
    runningJobs.delete(job);
    measured(kind, performance.now() - job.startedAt);
    // Handed over here, synchronously: the next job counts as running before anyone else can look.
    const next = waiting.shift();
    if (next) {
      runningJobs.add(next);
      next.start();
    }
  }
}

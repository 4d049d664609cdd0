// One model worker thread seen from the server: requests by id, each bounded by a timeout (a worker that does not
// answer is replaced, the others waiting on it fail with it), progress notes passed through, and the thread ended
// after an idle while so the model's memory goes back. The detector and the feature extractor each hold one.
// A worker is retired, never terminated: it is asked to exit once its native calls are done (workerLifecycle.ts).
import { Worker } from 'node:worker_threads';
import { CLOSE_WORKER } from './workerLifecycle.ts';

export interface WorkerClientOptions<Reply> {
  url: URL;
  /** Names the worker in errors ("detector", "feature worker"). */
  label: string;
  runTimeoutMs: number;
  idleMs: number;
  /** How long close() waits for a retired worker's calls under way to finish (default 10 s). */
  closeGraceMs?: number;
  /** The error text when a reply says the request failed, otherwise null. */
  failure(reply: Reply): string | null;
  /** True when a reply is a progress note on its way to the answer. */
  isProgress?(reply: Reply): boolean;
}

interface Pending<Reply> {
  worker: Worker;
  resolve(reply: Reply): void;
  reject(err: Error): void;
  onProgress?(reply: Reply): void;
  timer: NodeJS.Timeout;
}

export class WorkerClient<Request extends { id: number }, Reply extends { id: number }> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending<Reply>>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  private readonly options: WorkerClientOptions<Reply>;

  constructor(options: WorkerClientOptions<Reply>) {
    this.options = options;
  }

  /** Requests waiting for their answer. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Whether its thread is started (it ends after idleMs without requests). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  newId(): number {
    return this.nextId++;
  }

  call(request: Request, transfer: ArrayBuffer[] = [], onProgress?: (reply: Reply) => void): Promise<Reply> {
    const w = this.start();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(request.id);
        reject(new Error(`${this.options.label} timed out`));
        // The next call starts a new worker; this one exits once its run returns.
        void this.retire(w);
      }, this.options.runTimeoutMs);
      this.pending.set(request.id, { worker: w, resolve, reject, onProgress, timer });
      w.postMessage(request, transfer);
    });
  }

  /** Ends the worker (server shutdown, tests) once its calls under way return. The next call starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const w = this.worker;
    if (w) await this.retire(w);
  }

  /**
   * Takes a worker out of service: its waiting requests fail now, it is asked to exit after its calls under way,
   * and this waits for its exit at most closeGraceMs. Past that it is left to finish (it does not keep the server
   * alive): terminating it inside a native call would abort the whole process.
   */
  private async retire(w: Worker): Promise<void> {
    if (this.worker === w) this.worker = undefined;
    this.failAll(w, new Error(`${this.options.label} closed`));
    const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
    // Kept referenced while it finishes, so a shutdown waits for it (bounded by the grace below).
    w.ref();
    w.postMessage(CLOSE_WORKER);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.closeGraceMs ?? 10_000);
    });
    await Promise.race([exited, grace]);
    clearTimeout(timer);
    w.unref();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.options.url);
    // The server does not stay alive for an idle worker; close() ends it on shutdown.
    w.unref();
    w.on('message', (reply: Reply) => this.answer(reply));
    const gone = (err: Error) => {
      if (this.worker === w) this.worker = undefined;
      this.failAll(w, err);
    };
    w.on('error', (err: Error) => gone(new Error(`${this.options.label} failed: ${err.message}`)));
    w.on('exit', (code) => gone(new Error(`${this.options.label} exited (${code})`)));
    this.worker = w;
    return w;
  }

  private answer(reply: Reply) {
    const p = this.pending.get(reply.id);
    if (!p) return;
    if (this.options.isProgress?.(reply)) {
      p.onProgress?.(reply);
      return;
    }
    this.pending.delete(reply.id);
    clearTimeout(p.timer);
    this.armIdleTimer();
    const failure = this.options.failure(reply);
    if (failure === null) p.resolve(reply);
    else p.reject(new Error(`${this.options.label} failed: ${failure}`));
  }

  private armIdleTimer() {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.pending.size === 0) void this.close();
    }, this.options.idleMs);
    this.idleTimer.unref();
  }

  /** Fails the requests waiting on one worker (the others wait on a newer one). */
  private failAll(w: Worker, err: Error) {
    for (const [id, p] of this.pending) {
      if (p.worker !== w) continue;
      clearTimeout(p.timer);
      p.reject(err);
      this.pending.delete(id);
    }
  }
}

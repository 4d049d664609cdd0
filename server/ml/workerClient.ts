// One model worker thread seen from the server: requests by id, each bounded by a timeout (a worker that does not
// answer is replaced, the others waiting on it fail with it), progress notes passed through, and the thread ended
// after an idle while so the model's memory goes back. The detector and the feature extractor each hold one.
import { Worker } from 'node:worker_threads';

export interface WorkerClientOptions<Reply> {
  url: URL;
  /** Names the worker in errors ("detector", "feature worker"). */
  label: string;
  runTimeoutMs: number;
  idleMs: number;
  /** The error text when a reply says the request failed, otherwise null. */
  failure(reply: Reply): string | null;
  /** True when a reply is a progress note on its way to the answer. */
  isProgress?(reply: Reply): boolean;
}

interface Pending<Reply> {
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
        void w.terminate();
      }, this.options.runTimeoutMs);
      this.pending.set(request.id, { resolve, reject, onProgress, timer });
      w.postMessage(request, transfer);
    });
  }

  /** Ends the worker (server shutdown, tests). The next call starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const w = this.worker;
    this.worker = undefined;
    if (w) {
      this.failAll(new Error(`${this.options.label} closed`));
      await w.terminate();
    }
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.options.url);
    // The server does not stay alive for an idle worker; close() ends it on shutdown.
    w.unref();
    w.on('message', (reply: Reply) => this.answer(reply));
    const gone = (err: Error) => {
      if (this.worker === w) this.worker = undefined;
      this.failAll(err);
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

  private failAll(err: Error) {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
  }
}

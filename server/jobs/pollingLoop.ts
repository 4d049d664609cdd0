// The shape every background worker of the server shares (push delivery, the retrieval index, the training
// queue): drain a table of work when woken and every `pollMs`; a wake during a drain runs one more drain right
// after it (nothing queued meanwhile waits a whole interval); `stop()` stops taking work and waits for the drain
// under way. The work itself — claims with leases, FOR UPDATE SKIP LOCKED — is the caller's `drain`.

export interface PollingLoop {
  /** Drain now (or right after the drain under way). */
  wake(): void;
  /** No new drain starts; resolves once the one under way has returned. */
  stop(): Promise<void>;
}

export interface PollingLoopOptions {
  pollMs: number;
  /** Takes and does the work that is due; asks `stopped()` between items to leave early. */
  drain(stopped: () => boolean): Promise<void>;
  /** A drain threw (not called once stopped). The loop carries on at its next interval. */
  onError(error: unknown): void;
  /** Drain at once instead of after the first interval. */
  startNow?: boolean;
}

export function startPollingLoop(options: PollingLoopOptions): PollingLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let running = false;
  let again = false;
  const isStopped = () => stopped;
  const schedule = (ms: number) => {
    timer = setTimeout(run, ms);
    // A worker never keeps the process alive on its own: the server (or a test) owns its lifetime.
    timer.unref();
  };

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = true;
    current = (async () => {
      try {
        await options.drain(isStopped);
      } catch (error) {
        if (!stopped) options.onError(error);
      } finally {
        running = false;
        if (!stopped) schedule(again ? 0 : options.pollMs);
        again = false;
      }
    })();
  }

  if (options.startNow) run();
  else schedule(options.pollMs);
  return {
    wake: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

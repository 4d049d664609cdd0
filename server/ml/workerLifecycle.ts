// Ending a model worker thread without ending the server. Worker.terminate() while onnxruntime (or sharp) is inside
// a native call aborts the whole process ("terminate called after throwing an instance of 'Napi::Error'", exit 134):
// the call finishes on a native thread and calls back into a JavaScript environment that is gone. So a worker is
// never terminated from outside: the server posts CLOSE_WORKER, the worker takes no new work, lets the calls under
// way finish, and exits by itself.
import type { MessagePort } from 'node:worker_threads';

/** The one message that asks a worker to finish what it is running and exit. */
export const CLOSE_WORKER = 'argus:close-worker';

let closing = false;

/** True once the server asked this worker to exit: queued work is skipped, not started. */
export function workerClosing(): boolean {
  return closing;
}

/** Serves requests on the worker's port; CLOSE_WORKER waits for every handler under way, then exits the thread. */
export function serveRequests<Request>(port: MessagePort, handle: (request: Request) => Promise<void>): void {
  const underWay = new Set<Promise<void>>();
  port.on('message', (message: Request | typeof CLOSE_WORKER) => {
    if (message === CLOSE_WORKER) {
      closing = true;
      void Promise.allSettled([...underWay]).then(() => process.exit(0));
      return;
    }
    if (closing) return;
    const work = handle(message).catch(() => undefined);
    underWay.add(work);
    void work.finally(() => underWay.delete(work));
  });
}

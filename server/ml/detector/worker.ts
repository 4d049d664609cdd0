// The detector's worker thread: the network and the decoding run here, off the server's event loop. The main
// thread decodes and resizes the image (sharp, itself off the loop) and sends the letterboxed RGB pixels.
import { parentPort } from 'node:worker_threads';
import { loadDetectorModel, type LoadedDetector } from './model.ts';
import { decodeNanodet, letterbox, toInputTensor } from './nanodet.ts';
import type { WorkerReply, WorkerRequest } from './protocol.ts';
import { serveRequests, workerClosing } from '../workerLifecycle.ts';

if (!parentPort) throw new Error('detector worker started outside a worker thread');
const port = parentPort;
let model: Promise<LoadedDetector> | undefined;
// One image at a time: two runs at once would only share the same core.
let queue: Promise<void> = Promise.resolve();

serveRequests<WorkerRequest>(port, (req) => {
  queue = queue.then(() => (workerClosing() ? undefined : handle(req)));
  return queue;
});

async function handle(req: WorkerRequest) {
  try {
    model ??= loadDetectorModel();
    const loaded = await model;
    const frame = letterbox(req.width, req.height);
    const input = toInputTensor(req.rgb, frame);
    const started = performance.now();
    const levels = await loaded.run(input);
    const inferenceMs = performance.now() - started;
    const detections = decodeNanodet(levels, frame, req.minScore);
    const reply: WorkerReply = { id: req.id, ok: true, detections, inferenceMs, loadMs: loaded.loadMs };
    port.postMessage(reply);
  } catch (err) {
    const reply: WorkerReply = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) };
    port.postMessage(reply);
  }
}

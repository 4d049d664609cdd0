// The ML worker thread: the feature extractor's network and the classifier training run here, off the server's
// event loop. The main thread decodes and resizes images (sharp) and sends 224×224 RGB pixels.
import { parentPort } from 'node:worker_threads';
import { trainClassifier } from '../classifier/trainClassifier.ts';
import { FEATURE_INPUT_SIZE, FEATURE_OUTPUT, type LoadedFeatureModel, loadFeatureModel } from './model.ts';
import type { WorkerReply, WorkerRequest } from './protocol.ts';

if (!parentPort) throw new Error('feature worker started outside a worker thread');
const port = parentPort;
let model: Promise<LoadedFeatureModel> | undefined;
// One request at a time: two at once would only share the same core.
let queue: Promise<void> = Promise.resolve();

port.on('message', (req: WorkerRequest) => {
  queue = queue.then(() => handle(req));
});

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Interleaved RGB bytes to planar float [0, 1] (the network's NCHW input). */
function toInput(rgb: Uint8Array): Float32Array {
  const plane = FEATURE_INPUT_SIZE * FEATURE_INPUT_SIZE;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    out[i] = (rgb[i * 3] as number) / 255;
    out[plane + i] = (rgb[i * 3 + 1] as number) / 255;
    out[2 * plane + i] = (rgb[i * 3 + 2] as number) / 255;
  }
  return out;
}

async function handle(req: WorkerRequest) {
  try {
    if (req.kind === 'embed') {
      model ??= loadFeatureModel();
      const loaded = await model;
      const started = performance.now();
      const out = await loaded.run(toInput(req.rgb));
      const vector = Float32Array.from(out[FEATURE_OUTPUT] ?? []);
      reply({ id: req.id, kind: 'embedded', vector, inferenceMs: performance.now() - started, loadMs: loaded.loadMs }, [vector.buffer]);
      return;
    }
    const output = trainClassifier(req.input, (fraction, iteration, loss) => reply({ id: req.id, kind: 'progress', fraction, iteration, loss }));
    reply({ id: req.id, kind: 'trained', output });
  } catch (err) {
    reply({ id: req.id, kind: 'failed', error: err instanceof Error ? err.message : String(err) });
  }
}

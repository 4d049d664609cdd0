// The ML worker thread: the feature extractor's network, a training's augmented copies and the classifier training
// run here, off the server's event loop. The main thread sends either 224×224 RGB pixels (an image it prepared) or
// an encoded image with the variants to make of it (sharp renders them here, on libuv's threads, while the network
// works on the previous request: rendering is not queued, the network and training are, one at a time).
import { parentPort } from 'node:worker_threads';
import { trainClassifier } from '../classifier/trainClassifier.ts';
import { renderVariants } from './render.ts';
import { FEATURE_DIM, FEATURE_OUTPUT, type LoadedFeatureModel, loadFeatureModel } from './model.ts';
import { buildPortableModel } from './portableExport.ts';
import { toPlanar } from './preprocess.ts';
import type { WorkerReply, WorkerRequest } from './protocol.ts';
import { serveRequests, workerClosing } from '../workerLifecycle.ts';
// This thread's own load of sharp (render.ts) turned libvips' cache back on for the whole process.
import '../../media/sharpCacheOff.ts';

if (!parentPort) throw new Error('feature worker started outside a worker thread');
const port = parentPort;
let model: Promise<LoadedFeatureModel> | undefined;
// One network run or training at a time: two at once would only share the same cores.
let queue: Promise<void> = Promise.resolve();
const serial = <T>(work: () => Promise<T>): Promise<T> => {
  const run = queue.then(() => {
    if (workerClosing()) throw new Error('the worker is closing');
    return work();
  });
  queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
};

serveRequests<WorkerRequest>(port, handle);

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function network(images: Uint8Array[]): Promise<{ vectors: Float32Array[]; inferenceMs: number; loadMs: number }> {
  model ??= loadFeatureModel();
  const loaded = await model;
  const started = performance.now();
  const out = (await loaded.run(toPlanar(images), images.length))[FEATURE_OUTPUT] ?? new Float32Array(0);
  const vectors = images.map((_, i) => out.slice(i * FEATURE_DIM, (i + 1) * FEATURE_DIM));
  return { vectors, inferenceMs: performance.now() - started, loadMs: loaded.loadMs };
}

async function handle(req: WorkerRequest) {
  try {
    switch (req.kind) {
      case 'embed': {
        const { vectors, inferenceMs, loadMs } = await serial(() => network([req.rgb]));
        const vector = vectors[0] as Float32Array;
        reply({ id: req.id, kind: 'embedded', vector, inferenceMs, loadMs }, [vector.buffer as ArrayBuffer]);
        return;
      }
      case 'embedVariants': {
        const started = performance.now();
        const inputs = await renderVariants(req.image, req.variants);
        const renderMs = performance.now() - started;
        const { vectors, inferenceMs } = await serial(() => network(inputs));
        reply({ id: req.id, kind: 'embeddedVariants', vectors, renderMs, inferenceMs }, vectors.map((v) => v.buffer as ArrayBuffer));
        return;
      }
      case 'train': {
        const output = await serial(async () => trainClassifier(req.input, (fraction, iteration, loss) => reply({ id: req.id, kind: 'progress', fraction, iteration, loss })));
        // Healed, but worth knowing: the same figures computed twice differently (logistic.ts FitFault).
        for (const fault of output.faults) console.warn(`training: ${fault.fit}, iteration ${fault.iteration}: loss ${fault.loss} and squared gradient ${fault.squaredGradient} computed again as ${fault.again.loss} and ${fault.again.squaredGradient}`);
        reply({ id: req.id, kind: 'trained', output });
        return;
      }
      case 'exportOnnx': {
        const onnx = await serial(async () => buildPortableModel(req.input));
        reply({ id: req.id, kind: 'exported', onnx }, [onnx.buffer as ArrayBuffer]);
        return;
      }
    }
  } catch (err) {
    reply({ id: req.id, kind: 'failed', error: err instanceof Error ? err.message : String(err) });
  }
}

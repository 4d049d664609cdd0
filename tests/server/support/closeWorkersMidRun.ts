// Run as a child process by workerShutdown.test.ts: starts a model worker, queues several runs, then ends the worker
// while a run is inside onnxruntime — by close() (a server's shutdown) or by a run timeout — and prints what each
// request got. Before workers were retired instead of terminated, this process aborted (exit 134, "terminate called
// after throwing an instance of 'Napi::Error'").
import sharp from 'sharp';
import { WorkerClient } from '../../../server/ml/workerClient.ts';

const [kind, how] = process.argv.slice(2) as ['features' | 'detector', 'close' | 'timeout'];
// The feature network takes 224×224 RGB; the detector the image fitted to 416×416 (a square one fills it).
const side = kind === 'features' ? 224 : 416;
const image = await sharp({ create: { width: side, height: side, channels: 3, background: '#777' } }).raw().toBuffer();
const rgb = () => new Uint8Array(image);
type Req = { id: number; [key: string]: unknown };
type Reply = { id: number; kind?: string; ok?: boolean; error?: string };
const client = new WorkerClient<Req, Reply>({
  url: new URL(kind === 'features' ? '../../../server/ml/features/worker.ts' : '../../../server/ml/detector/worker.ts', import.meta.url),
  label: kind,
  runTimeoutMs: 60_000,
  idleMs: 60_000,
  failure: (reply) => (reply.kind === 'failed' || reply.ok === false ? (reply.error ?? 'failed') : null),
});
const request = (): Req =>
  kind === 'features' ? { id: client.newId(), kind: 'embed', rgb: rgb() } : { id: client.newId(), rgb: rgb(), width: side, height: side, minScore: 0.3 };
// The model loads on the first run.
await client.call(request());
if (how === 'timeout') {
  // A client whose every run times out at once: the worker is retired while its run is inside the network.
  (client as unknown as { options: { runTimeoutMs: number } }).options.runTimeoutMs = 1;
}
const runs = Array.from({ length: 6 }, () => client.call(request()).then(() => 'answered', (err: Error) => err.message));
if (how === 'close') {
  // Once the first of them is answered the worker is inside the next one.
  await Promise.race(runs);
  await client.close();
}
const outcomes = await Promise.all(runs);
await client.close();
console.log(JSON.stringify({ outcomes }));

// Issue 34, point 6: the demo must not fight its own server. `npm run simulate` at its highest rate with the demo
// site's boxes — while the demo's own simulated boxes run on the same credentials, as under `npm start` — is answered
// without a single 429: the simulator paces each box under the server's per-box limit (no catch-up bursts), and the
// server's limit is a rate with a burst allowance rather than a calendar second that jitter trips.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_ALARMS_PER_SECOND, withinRate } from '../../server/modules/alarms/ingestHandler.ts';
import { type SimulatedBoxes, startSimulatedBoxes } from '../../server/simulator/boxRunner.ts';
import { loadBoxes, PER_BOX_MAX_RATE, parseTypes, runSimulator } from '../../server/simulator/edgeBox.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let url: string;
let demo: SimulatedBoxes | undefined;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await demo?.stop();
  await server?.close();
});

it('runs the demo boxes at the simulator’s highest rate beside the demo’s own boxes without a 429', async () => {
  const boxes = loadBoxes(join(server.config.dataDir, 'demo-boxes.json'));
  const codes = new Map<string, number>();
  const count = (code: string) => codes.set(code, (codes.get(code) ?? 0) + 1);
  // The demo's own boxes, posting often here (every 0.2–0.5 s) so that they share each box's budget for real.
  demo = startSimulatedBoxes({ url, boxes, heartbeatMs: 1000, alarmGapMs: { min: 200, max: 500 }, onEvent: (e) => e.type === 'alarm' && count(e.ok ? 'demo stored' : `demo ${e.msg}`) });
  const sim = runSimulator({ url, boxes, rate: 1000, types: parseTypes('all'), duration: 12, onResult: (r) => count(r.ok ? 'stored' : `${r.code} ${r.msg}`) });
  await sim.done;
  await demo.stop();
  demo = undefined;
  const summary = Object.fromEntries(codes);
  // Nothing but stored alarms, from either.
  expect(Object.keys(summary).sort(), JSON.stringify(summary)).toEqual(['demo stored', 'stored']);
  expect(summary.stored).toBeGreaterThan(0);
  // The simulator keeps a fifth of each box's budget for the box's own alarms and for jitter.
  expect(sim.rate).toBe(boxes.length * PER_BOX_MAX_RATE);
  expect(PER_BOX_MAX_RATE).toBeLessThan(MAX_ALARMS_PER_SECOND);
}, 120_000);

it('never sends a box a burst over the server’s limit, even after its process stalled', async () => {
  // A stand-in for the box API that answers at once with the server's own per-box limit, so what it sees is the
  // simulator's pacing alone; the process is stalled for 1.5 s halfway (a slow timer, a long task), after which
  // everything scheduled meanwhile is due at once.
  const standIn = createServer((req, res) => {
    const allowed = withinRate(Number(req.headers['x-box-id']));
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(allowed ? { code: 0, msg: 'ok', data: { id: 1, seq: 1 } } : { code: 429, msg: 'too many alarms' }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  const boxes = [9001, 9002].map((boxId) => ({ boxId, secret: 's'.repeat(32), cameraIds: [1] }));
  const codes: number[] = [];
  const sim = runSimulator({ url: standInUrl, boxes, rate: 1000, types: parseTypes('16'), duration: 6, onResult: (r) => codes.push(r.code) });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const until = performance.now() + 1500;
  while (performance.now() < until) {
    // the process is stalled
  }
  await sim.done;
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
  expect(codes.filter((c) => c === 429).length, `${codes.length} sent`).toBe(0);
  expect(codes.filter((c) => c === 0).length).toBeGreaterThan(50);
}, 60_000);

// Push to third parties (issue 11): alarms delivered to a local receiver, and whether pushing slows ingest. One
// in-process server on an in-memory embedded database (fresh demo site). Phase 1: 200 alarms ingested at the two
// demo boxes' limit with push off; phase 2: the same with an endpoint on (the receiver answers after 20 ms),
// until all are delivered; phase 3: 2,000 queued test pushes drained. Figures: ingest p50/p95 off and on,
// alarms/s delivered, deliveries/s drained.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { formatTime } from '../server/http/format.ts';
import { drawSnapshot } from '../server/simulator/snapshot.ts';

export interface PushFigures {
  alarms: number;
  ingestMsPushOff: { p50: number; p95: number };
  ingestMsPushOn: { p50: number; p95: number };
  deliveredAlarmsPerSecond: number;
  drained: number;
  drainedPerSecond: number;
}

const SNAPSHOT = drawSnapshot(16, 1);
const ALARMS = 200;
const DRAIN = 2000;
const pct = (xs: number[], p: number) => Math.round([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] * 10) / 10;

export async function measurePushDelivery(): Promise<PushFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-push-'));
  const received = { n: 0 };
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.n++;
      setTimeout(() => res.writeHead(204).end(), 20);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
  const built = await buildApp({ ...configFromEnv({}), dataDir, inMemoryDatabase: true, databaseUrl: undefined, staticDir: undefined, logLevel: 'silent', historyDays: 0, resourceSampleSeconds: 0, push: { pollMs: 50, retryBaseMs: 1000, timeoutMs: 5000 } });
  const { app } = built;
  try {
    const boxes = JSON.parse(readFileSync(join(dataDir, 'demo-boxes.json'), 'utf8')) as { boxId: number; secret: string; cameraIds: number[] }[];
    const json = async (method: string, path: string, token: string | null, body?: unknown) =>
      JSON.parse((await app.inject({ method: method as 'POST', url: `/api${path}`, headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, payload: body === undefined ? undefined : JSON.stringify(body) })).body);
    const token = (await json('POST', '/user/login', null, { username: 'admin', password: 'Argus@2026' })).token as string;
    const ingestOne = async (i: number) => {
      const box = boxes[i % boxes.length];
      const form = new FormData();
      const fields = { cameraId: String(box.cameraIds[0]), eventType: '16', alarmTime: formatTime(new Date()) as string, confidence: '0.8', box: JSON.stringify(SNAPSHOT.box), boxEventId: `bench-${Date.now()}-${i}` };
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set('snapshot', new Blob([new Uint8Array(SNAPSHOT.png)], { type: 'image/png' }), 'snapshot.png');
      const encoded = new Response(form);
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/ingest/alarm', headers: { 'content-type': encoded.headers.get('content-type')!, 'x-box-id': String(box.boxId), 'x-box-secret': box.secret }, payload: Buffer.from(await encoded.arrayBuffer()) });
      const ms = performance.now() - started;
      return { ms, ok: JSON.parse(res.body).code === 0 };
    };
    /** ALARMS alarms at 36 a second over both boxes (under their 20/s limit each). */
    const ingestRun = async () => {
      const times: number[] = [];
      for (let i = 0; i < ALARMS; i++) {
        const due = performance.now() + 1000 / 36;
        const r = await ingestOne(i);
        if (r.ok) times.push(r.ms);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      }
      return times;
    };
    const off = await ingestRun();
    const config = (await json('GET', '/system/searchPushConfig', token)).data;
    await json('POST', '/system/searchPushConfig', token, { ...config, push: { ...config.push, enabled: true } });
    // The receiver listens on loopback, which the outbound allow-list refuses unless an administrator allows it.
    await json('POST', '/system/outboundConfig', token, { allowedHosts: ['127.0.0.1'] });
    await json('POST', '/plugIndustry/add', token, { industryName: 'bench', protocol: 'http', pushUrl: url, authToken: 'bench-secret', pushSwitch: 1 });
    const started = performance.now();
    const on = await ingestRun();
    while (received.n < on.length) await new Promise((resolve) => setTimeout(resolve, 20));
    const deliveredAlarmsPerSecond = Math.round((received.n / ((performance.now() - started) / 1000)) * 10) / 10;
    const endpoint = (await json('POST', '/plugIndustry/list', token, {})).data.list[0].id as number;
    const db = built.database.db;
    await db.insertInto('pushDeliveries').values(Array.from({ length: DRAIN }, () => ({ industryId: endpoint, kind: 'test' as const }))).execute();
    const before = received.n;
    const drainStart = performance.now();
    built.services.pushDelivery?.wake();
    while (received.n - before < DRAIN) await new Promise((resolve) => setTimeout(resolve, 20));
    const drainedPerSecond = Math.round((DRAIN / ((performance.now() - drainStart) / 1000)) * 10) / 10;
    return {
      alarms: ALARMS,
      ingestMsPushOff: { p50: pct(off, 50), p95: pct(off, 95) },
      ingestMsPushOn: { p50: pct(on, 50), p95: pct(on, 95) },
      deliveredAlarmsPerSecond,
      drained: DRAIN,
      drainedPerSecond,
    };
  } finally {
    await built.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(JSON.stringify(await measurePushDelivery(), null, 2));

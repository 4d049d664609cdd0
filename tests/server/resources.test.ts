// Resource analysis: this server's host measured for real (no GPU said plainly where none is found), edge boxes
// from their heartbeats (simulated figures marked), the history averaged into buckets, and 48 h of raw samples
// folded into 10-minute averages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordBoxHeartbeat } from '../../server/modules/edgeBox/boxStatus.ts';
import { hostNodeId } from '../../server/modules/stats/hostMetrics.ts';
import { AVERAGE_SECONDS, compactResourceSamples } from '../../server/modules/stats/resourceRetention.ts';
import { boxNodeId } from '../../server/modules/stats/resourceStore.ts';
import { formatTime } from '../../server/http/format.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { readSheet } from './support/xlsxRows.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let boxId: number;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  boxId = (await server.database.db.selectFrom('edgeBoxes').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

const post = (path: string, body: Record<string, unknown> = {}, who = token) => call(server.app, 'POST', path, { token: who, body, lang: 'en' });

describe('the node list', () => {
  it("lists this server's host first with its real figures, and says whether it has a GPU", async () => {
    const res = await post('/system/resource/list', {});
    expect(res.json.code).toBe(0);
    const host = res.json.data.list[0];
    expect(host).toMatchObject({ nodeId: hostNodeId(), role: 'master', online: true, simulated: false });
    expect(host.cpu.cores).toBeGreaterThan(0);
    expect(host.cpu.usage).toBeGreaterThanOrEqual(0);
    expect(host.memory.total).toBeGreaterThan(host.memory.used);
    expect(host.memory.usage).toBeGreaterThan(0);
    expect(host.disk.total).toBeGreaterThan(0);
    expect(typeof host.gpuDetected).toBe('boolean');
    if (!host.gpuDetected) {
      expect(host.gpus).toEqual([]);
      expect(host.videoMemory).toBeNull();
    }
  });

  it("keeps a box's heartbeat figures, marked simulated when the box says so; a bare heartbeat adds none", async () => {
    const db = server.database.db;
    await recordBoxHeartbeat(db, boxId, {});
    expect((await post('/system/resource/list', { role: 'box' })).json.data.list).toEqual([]);
    await recordBoxHeartbeat(db, boxId, {
      cpuUsage: 42.5,
      memoryUsage: 61,
      diskUsage: 40,
      memoryTotal: 8 * 1024 ** 3,
      simulated: true,
      gpus: [{ index: 0, name: 'NPU', usage: 30, memoryTotal: 4 * 1024 ** 3, memoryUsed: 1024 ** 3 }],
    });
    const boxes = (await post('/system/resource/list', { role: 'box' })).json.data.list;
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toMatchObject({
      nodeId: boxNodeId(boxId),
      online: true,
      simulated: true,
      cpu: { cores: null, usage: 42.5 },
      memory: { total: 8 * 1024 ** 3, used: Math.round(8 * 1024 ** 3 * 0.61), usage: 61 },
      disk: { total: null, used: null, usage: 40 },
      gpuDetected: true,
      videoMemory: { total: 4 * 1024 ** 3, used: 1024 ** 3, usage: 25 },
    });
    // A part of the name as stored (a seeded box is answered to an English reader by its English name, which is
    // found whole only: server/http/seededNames.ts).
    const stored = (await call(server.app, 'POST', '/system/resource/list', { token, body: { role: 'box' }, lang: 'zh' })).json.data.list[0].nodeName as string;
    const found = (await call(server.app, 'POST', '/system/resource/list', { token, body: { nodeName: stored.slice(0, 3) }, lang: 'zh' })).json.data;
    expect(found.list.map((n: { nodeId: string }) => n.nodeId)).toContain(boxNodeId(boxId));
    expect((await post('/system/resource/list', { online: false })).json.data.total).toBe(0);
  });

  it('is refused to a role without resource analysis, and without a session', async () => {
    expect((await call(server.app, 'POST', '/system/resource/list', { body: {}, lang: 'en' })).json.code).toBe(401);
    // The operator holds the home pages, which show the compute figures.
    expect((await post('/system/resource/list', {}, await login(server.app, OPERATOR))).json.code).toBe(0);
  });
});

describe('history', () => {
  const nodeId = 'box:history-test';
  const hour = 3600_000;
  beforeAll(async () => {
    const db = server.database.db;
    await db.insertInto('resourceNodes').values({ nodeId, nodeName: 'history', role: 'box', simulated: true }).execute();
    const now = Date.now();
    const rows = [];
    // One sample a minute for the last 3 hours, and for an hour three days ago.
    for (let i = 0; i < 180; i++) rows.push({ nodeId, at: new Date(now - i * 60_000), cpu: 10 + (i % 2) * 10, memory: 50, disk: 30, simulated: true });
    for (let i = 0; i < 60; i++) rows.push({ nodeId, at: new Date(now - 72 * hour - i * 60_000), cpu: 80, memory: 40, disk: null, simulated: true });
    await db.insertInto('resourceSamples').values(rows).execute();
  });

  it('averages the raw samples of a recent window into at most `points` buckets', async () => {
    const end = new Date();
    const res = await post('/system/resource/history', { nodeId, startTime: formatTime(new Date(end.getTime() - 2 * hour)), endTime: formatTime(end), points: 12 });
    expect(res.json.code).toBe(0);
    const data = res.json.data;
    expect(data.source).toBe('raw');
    expect(data.bucketSeconds).toBe(601);
    expect(data.points.length).toBeGreaterThanOrEqual(12);
    expect(data.points.length).toBeLessThanOrEqual(13);
    for (const p of data.points) {
      expect(p.cpu).toBeGreaterThanOrEqual(10);
      expect(p.cpu).toBeLessThanOrEqual(20);
      expect(p.memory).toBe(50);
      expect(p.gpu).toBeNull();
    }
  });

  it('folds samples older than 48 h into 10-minute averages, and answers older windows from them', async () => {
    const db = server.database.db;
    const { folded } = await compactResourceSamples(db);
    expect(folded).toBeGreaterThanOrEqual(6);
    const raw = await db.selectFrom('resourceSamples').select('at').where('nodeId', '=', nodeId).where('resolution', '=', 0).execute();
    expect(raw).toHaveLength(180);
    // Idempotent: folding again changes nothing.
    expect((await compactResourceSamples(db)).folded).toBe(0);
    const end = new Date();
    const res = await post('/system/resource/history', { nodeId, startTime: formatTime(new Date(end.getTime() - 4 * 24 * hour)), endTime: formatTime(end), points: 100 });
    const data = res.json.data;
    expect(data.source).toBe('averaged');
    expect(data.bucketSeconds % AVERAGE_SECONDS).toBe(0);
    expect(data.points.length).toBeGreaterThan(0);
    expect(data.points.every((p: { cpu: number; disk: number | null }) => p.cpu === 80 && p.disk === null)).toBe(true);
  });

  it('exports the averaged series as a spreadsheet', async () => {
    const end = new Date();
    const res = await post('/system/resource/history/export', { nodeId, startTime: formatTime(new Date(end.getTime() - 2 * hour)), endTime: formatTime(end), points: 12 });
    expect(res.status).toBe(200);
    const rows = await readSheet(res.raw as Buffer);
    expect(rows[0].slice(0, 3)).toEqual(['Time', 'CPU (%)', 'Memory (%)']);
    expect(rows.length).toBeGreaterThanOrEqual(13);
    expect(rows[1][2]).toBe('50');
    const none = await post('/system/resource/history/export', { nodeId, startTime: formatTime(new Date(end.getTime() - 10 * 24 * hour)), endTime: formatTime(new Date(end.getTime() - 9 * 24 * hour)) });
    expect(none.json.code).toBe(404);
  });

  it('refuses a reversed or too long window, and an unknown node', async () => {
    const now = new Date();
    const order = await post('/system/resource/history', { nodeId, startTime: formatTime(now), endTime: formatTime(new Date(now.getTime() - hour)) });
    expect(order.json.code).toBe(400);
    const long = await post('/system/resource/history', { nodeId, startTime: formatTime(new Date(now.getTime() - 31 * 24 * hour)), endTime: formatTime(now) });
    expect(long.json.code).toBe(400);
    expect(long.json.msg).toContain('30');
    const unknown = await post('/system/resource/history', { nodeId: 'box:none', startTime: formatTime(new Date(now.getTime() - hour)), endTime: formatTime(now) });
    expect(unknown.json.code).toBe(404);
  });
});

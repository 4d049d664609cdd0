// The demo site's simulated history: alarms with their snapshots and handling, box figures (raw recent, averaged
// older) and detector calls — every record marked simulated — and the statistics that read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSimulatedHistory } from '../../server/db/seed/dashSeed.ts';
import { formatTime } from '../../server/http/format.ts';
import { readImage } from '../../server/modules/alarms/alarmStore.ts';
import { call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let summary: Awaited<ReturnType<typeof seedSimulatedHistory>>;
const now = new Date();

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  summary = await seedSimulatedHistory(server.database.db, { days: 4, alarmsPerDay: 80, dataDir: server.config.dataDir, durable: false, now });
});
afterAll(async () => server?.close());

const post = (path: string, body: Record<string, unknown>) => call(server.app, 'POST', path, { token, body, lang: 'en' });

describe('the seeded history', () => {
  it('stores simulated alarms through the ingest writer, with their snapshots, over the days asked', async () => {
    const db = server.database.db;
    const alarms = await db.selectFrom('alarms').select(['alarmTime', 'simulated', 'imagePath', 'status', 'boxEventId']).execute();
    expect(alarms.length).toBe(summary.alarms);
    // About 80 a day over 4 days (a Poisson draw), never in the future.
    expect(summary.alarms).toBeGreaterThan(150);
    expect(summary.alarms).toBeLessThan(600);
    expect(alarms.every((a) => a.simulated && a.boxEventId?.startsWith('history-'))).toBe(true);
    expect(alarms.every((a) => a.alarmTime.getTime() <= now.getTime() && a.alarmTime.getTime() >= now.getTime() - 4 * 86400_000 - 3600_000)).toBe(true);
    for (const a of alarms.slice(0, 5)) expect((await readImage(server.config.dataDir, a.imagePath!)).length).toBeGreaterThan(0);
  });

  it('handles most older alarms (with their history), fewer recent ones', async () => {
    const db = server.database.db;
    const alarms = await db.selectFrom('alarms').select(['id', 'alarmTime', 'status', 'handleUser']).execute();
    const old = alarms.filter((a) => now.getTime() - a.alarmTime.getTime() > 48 * 3600_000);
    const handledOld = old.filter((a) => a.status !== 0).length / old.length;
    expect(handledOld).toBeGreaterThan(0.8);
    expect(new Set(alarms.map((a) => a.status))).toEqual(new Set([0, 1, 2, 3, 4]));
    const handled = alarms.find((a) => a.status === 4)!;
    const logs = await db.selectFrom('alarmHandleLogs').select(['action']).where('alarmId', '=', handled.id).orderBy('id').execute();
    expect(logs.map((l) => l.action)).toEqual(['confirm', 'deal', 'check']);
    expect(handled.handleUser).toMatch(/^(operator|admin)$/);
  });

  it('reports box figures marked simulated: raw for 48 hours, 10-minute averages before', async () => {
    const nodes = (await post('/system/resource/list', { role: 'box' })).json.data.list;
    expect(nodes).toHaveLength(2);
    expect(nodes.every((n: { simulated: boolean; gpuDetected: boolean }) => n.simulated && n.gpuDetected)).toBe(true);
    const end = new Date();
    const recent = (await post('/system/resource/history', { nodeId: nodes[0].nodeId, startTime: formatTime(new Date(end.getTime() - 6 * 3600_000)), endTime: formatTime(end) })).json.data;
    expect(recent.source).toBe('raw');
    expect(recent.points.length).toBeGreaterThan(100);
    const older = (await post('/system/resource/history', { nodeId: nodes[0].nodeId, startTime: formatTime(new Date(end.getTime() - 4 * 86400_000)), endTime: formatTime(end) })).json.data;
    expect(older.source).toBe('averaged');
    expect(older.points.length).toBeGreaterThan(40);
    expect(older.points.every((p: { cpu: number; gpu: number | null }) => p.cpu > 0 && p.gpu !== null)).toBe(true);
  });

  it('feeds the statistics: simulated only when asked, and the site counts them by default', async () => {
    const window = { startTime: formatTime(new Date(now.getTime() - 3 * 86400_000)), endTime: formatTime(now) };
    expect((await post('/stats/alarmTrend', window)).json.data.total).toBe(0);
    // Flow counts from the live counters' generator: people arrive in the morning rush and leave in the evening one.
    expect(summary.flowCounts).toBeGreaterThan(1000);
    const flow = (await post('/stats/flow', { ...window, groupBy: 'line', includeSimulated: true })).json.data;
    // Read in English: the simulated lines are named so (server/db/seed/seedNames.ts).
    expect(flow.groups.map((g: { name: string }) => g.name).sort()).toEqual(['Line 1', 'Line 2']);
    expect(flow.totalIn).toBeGreaterThan(1000);
    const trend = (await post('/stats/alarmTrend', { ...window, includeSimulated: true })).json.data;
    expect(trend.total).toBeGreaterThan(100);
    expect(trend.types.length).toBeGreaterThan(3);
    const calls = (await post('/stats/identifyTotal', { ...window, includeSimulated: true })).json.data;
    expect(calls.total).toBeGreaterThan(0);
    expect(calls.models[0].model).toBe('NanoDet-g');
    const config = await server.database.db.selectFrom('systemConfig').select('value').where('key', '=', 'statsIncludeSimulated').executeTakeFirst();
    expect(config?.value).toBe('true');
    const home = (await post('/home/overview', { includeSimulated: true })).json.data;
    expect(home.trend.reduce((s: number, d: { total: number }) => s + d.total, 0)).toBe(summary.alarms);
  });
});

describe('a history anchored to a fixed rhythm (the e2e template)', () => {
  it('has the same counts whatever the day and hour it is seeded on', async () => {
    const patternAt = new Date(2026, 10, 25, 15, 0, 0);
    const summaries = [];
    // A Sunday night and a Wednesday afternoon: unanchored, their last days differ in weekday and rush hours.
    for (const at of [new Date(2026, 11, 6, 3, 20, 0), new Date(2026, 11, 9, 15, 20, 0)]) {
      const other = await startTestServer();
      try {
        summaries.push(await seedSimulatedHistory(other.database.db, { days: 2, alarmsPerDay: 80, dataDir: other.config.dataDir, durable: false, now: at, patternAt }));
      } finally {
        await other.close();
      }
    }
    expect(summaries[1]).toEqual(summaries[0]);
    expect(summaries[0].alarms).toBeGreaterThan(50);
  });
});

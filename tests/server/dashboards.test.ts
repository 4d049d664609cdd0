// The home dashboards: the traffic overview (today, by type, devices online, trend, urgent) and the algorithm
// summary (orchestration counts, compute over the online nodes, top downloads, weekly output).
import { SEEDED_NAMES_EN } from '../../server/db/seed/seedNames.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPE_IDS } from '../../server/modules/alarms/eventTypes.ts';
import { recordBoxHeartbeat } from '../../server/modules/edgeBox/boxStatus.ts';
import { insertAlarms } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
const today = new Date();
today.setHours(0, 0, 0, 0);
const at = (dayOffset: number, hour: number, minute = 0) =>
  new Date(today.getFullYear(), today.getMonth(), today.getDate() + dayOffset, hour, minute);
// Hours already past today (the test may run just after midnight: alarms stay in the past).
const hourA = 0;
const ROAD = EVENT_TYPE_IDS.filter((id) => id >= 1001);

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app, OPERATOR);
  const db = server.database.db;
  await insertAlarms(db, [
    { eventType: 16, alarmTime: at(0, hourA, 1), status: 0 },
    { eventType: 16, alarmTime: at(0, hourA, 2), status: 1 },
    { eventType: 8, alarmTime: at(0, hourA, 3), status: 3 },
    { eventType: 1009, alarmTime: at(0, hourA, 4), status: 0 },
    { eventType: 1020, alarmTime: at(0, hourA, 5), status: 2 },
    { eventType: 16, alarmTime: at(-1, 10), status: 1 },
    { eventType: 16, alarmTime: at(-2, 10), status: 0 },
    { eventType: 16, alarmTime: at(-9, 10), status: 0 },
    { eventType: 1009, alarmTime: at(0, hourA, 6), status: 0, simulated: true },
  ]);
  const [deleted] = await insertAlarms(db, [{ eventType: 16, alarmTime: at(0, hourA, 7) }]);
  await db.updateTable('alarms').set({ deletedAt: new Date() }).where('id', '=', deleted).execute();
});
afterAll(async () => server?.close());

const post = (path: string, body: Record<string, unknown> = {}, who = token) => call(server.app, 'POST', path, { token: who, body, lang: 'en' });

describe('traffic overview', () => {
  it("counts today's alarms, the share handled and each type; deleted never, simulated on request", async () => {
    const res = await post('/home/overview');
    expect(res.json.code).toBe(0);
    const data = res.json.data;
    expect(data.today).toEqual({ total: 5, handled: 3, unhandled: 2, handledShare: 0.6, violation: 3, road: 2 });
    expect(data.byType.map((t: { eventType: number; count: number }) => [t.eventType, t.count])).toEqual([
      [16, 2],
      [8, 1],
      [1009, 1],
      [1020, 1],
    ]);
    expect(data.byType[0].eventTypeName).toBeTruthy();
    expect(data.hourly).toHaveLength(24);
    expect(data.hourly[hourA]).toBe(5);
    expect(data.trend).toHaveLength(7);
    expect(data.trend.slice(-3).map((d: { total: number; handled: number }) => [d.total, d.handled])).toEqual([
      [1, 0],
      [1, 1],
      [5, 3],
    ]);
    const withSimulated = await post('/home/overview', { includeSimulated: true });
    expect(withSimulated.json.data.today.total).toBe(6);
  });

  it('narrows every figure to the given types, through the hourly counts (all road events) or directly (others)', async () => {
    const road = (await post('/home/overview', { eventTypes: ROAD })).json.data;
    expect(road.today).toEqual({ total: 2, handled: 1, unhandled: 1, handledShare: 0.5, violation: 0, road: 2 });
    expect(road.hourly[hourA]).toBe(2);
    const some = (await post('/home/overview', { eventTypes: [16], trendDays: 10 })).json.data;
    expect(some.today.total).toBe(2);
    expect(some.trend).toHaveLength(10);
    expect(some.trend.map((d: { total: number }) => d.total)).toEqual([1, 0, 0, 0, 0, 0, 0, 1, 1, 2]);
    expect(some.urgent).toEqual([]);
  });

  it('lists the latest urgent alarms still new, and the cameras and boxes online', async () => {
    const data = (await post('/home/overview', { urgentLimit: 3 })).json.data;
    expect(data.urgent.map((a: { eventType: number; status: number; urgent: boolean }) => [a.eventType, a.status, a.urgent])).toEqual([[1009, 0, true]]);
    expect(data.cameras.total).toBeGreaterThan(0);
    // The demo's two simulated boxes and the in-process edge box.
    expect(data.boxes.total).toBe(3);
    const before = data.boxes.online;
    const box = await server.database.db.selectFrom('edgeBoxes').select('id').orderBy('id').executeTakeFirstOrThrow();
    await recordBoxHeartbeat(server.database.db, box.id, {});
    const after = (await post('/home/overview')).json.data;
    expect(after.boxes.online).toBe(Math.min(3, before + 1));
    expect(after.cameras.online).toBeGreaterThan(0);
  });

  it('refuses a caller without a session, and a bad body by field', async () => {
    expect((await call(server.app, 'POST', '/home/overview', { body: {}, lang: 'en' })).json.code).toBe(401);
    const bad = await post('/home/overview', { trendDays: 40 });
    expect(bad.json.code).toBe(400);
    expect(bad.json.msg).toContain('trendDays');
  });
});

describe('algorithm summary', () => {
  /** A published warehouse algorithm with training jobs in three states, the finished one's version published today. */
  async function trainedAlgorithm() {
    const db = server.database.db;
    const event = await db
      .insertInto('setupEvents')
      .values({ name: '看板训练', customEventType: 3, userName: 'admin', sataus: 1, eventId: 97_001, publishedVersion: '1.0.0', publishedAt: new Date(), buttonType: 'train' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job = (state: 0 | 1 | 2 | 3) => ({ algorithmId: event.id, state, epochs: 10, positiveCount: 4, negativeCount: 4, userName: 'admin' });
    const [finished] = await db.insertInto('trainJobs').values([job(2), job(3), job(1)]).returning('id').execute();
    await db
      .insertInto('trainVersions')
      .values({
        algorithmId: event.id,
        jobId: finished.id,
        version: 'train-1',
        classifier: JSON.stringify({}),
        threshold: 0.5,
        extractor: 'test',
        extractorHash: '0'.repeat(64),
        samples: JSON.stringify([]),
        report: JSON.stringify({}),
        publishedAt: new Date(),
        publishedBy: 'admin',
      })
      .execute();
  }

  it('answers every tile from the database: training jobs, orchestrations, validations, downloads, weekly output', async () => {
    const db = server.database.db;
    await trainedAlgorithm();
    const data = (await post('/algorithm/home/summary')).json.data;
    const jobs = await db.selectFrom('trainJobs').select('state').execute();
    // A trained, published algorithm exists: the tile counts its jobs (issue 37: it answered null).
    expect(data.trainCount).toBe(jobs.length);
    expect(data.trainCount).toBeGreaterThanOrEqual(3);
    expect(data.trainRunning).toBe(jobs.filter((j) => j.state === 0 || j.state === 1).length);
    expect(data.trainRunning).toBeGreaterThanOrEqual(1);
    const all = await db.selectFrom('setupEvents').select(['id', 'name', 'sataus', 'downloads', 'publishedVersion', 'publishedAt']).execute();
    expect(data.orchestrationCount).toBe(all.length);
    expect(data.publishedCount).toBe(all.filter((e) => e.sataus !== 0).length);
    expect(data.validationCount).toBe((await db.selectFrom('setupEventValidations').select('id').execute()).length);
    const top = all
      .filter((e) => e.sataus !== 0)
      .sort((a, b) => b.downloads - a.downloads || (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || a.id - b.id)
      .slice(0, 5);
    // Read in English: a seeded algorithm is named in English (server/db/seed/seedNames.ts).
    expect(data.topDownloads).toEqual(top.map((e) => ({ id: e.id, name: SEEDED_NAMES_EN[e.name] ?? e.name, version: e.publishedVersion ?? '', downloads: e.downloads })));
    // The week's output: orchestrated versions and trained versions published in it (today's trained one among them).
    const weekStart = at(-6, 0).getTime();
    const orchestrated = (await db.selectFrom('setupEventVersions').select('publishedAt').execute()).filter((v) => v.publishedAt.getTime() >= weekStart);
    const trained = (await db.selectFrom('trainVersions').select('publishedAt').execute()).filter((v) => v.publishedAt && v.publishedAt.getTime() >= weekStart);
    expect(trained.length).toBeGreaterThanOrEqual(1);
    expect(data.weeklyOutput).toHaveLength(7);
    expect(data.weeklyOutput.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(orchestrated.length + trained.length);
    expect(data.weeklyOutput[6].count).toBeGreaterThanOrEqual(1);
  });

  it('measures compute over the online nodes, and names no GPU where none is found', async () => {
    // The host is measured (the list measures it when the sampler has not yet).
    await post('/system/resource/list', {});
    const again = (await post('/algorithm/home/summary')).json.data;
    const nodes = (await post('/system/resource/list', {})).json.data.list.filter((n: { online: boolean }) => n.online);
    expect(again.compute.nodes).toBe(nodes.length);
    expect(again.compute.cpuCores).toBe(nodes.reduce((s: number, n: { cpu: { cores: number | null } }) => s + (n.cpu.cores ?? 0), 0));
    expect(again.compute.cpuCores).toBeGreaterThan(0);
    expect(again.compute.memoryTotal).toBeGreaterThan(0);
    const host = (await post('/system/resource/list', { role: 'master' })).json.data.list[0];
    if (host.gpuDetected === false) {
      expect(again.gpu).toEqual({ count: 0, usage: null });
      expect(again.videoMemory.usage).toBeNull();
    }
  });

  it('counts the downloads, and refuses a week ending in the future', async () => {
    const db = server.database.db;
    const published = await db.selectFrom('setupEvents').select(['id']).where('sataus', '<>', 0).orderBy('id').executeTakeFirst();
    if (!published) throw new Error('the demo seed publishes setup events');
    await db.updateTable('setupEvents').set({ downloads: 9999 }).where('id', '=', published.id).execute();
    const data = (await post('/algorithm/home/summary')).json.data;
    expect(data.topDownloads[0]).toMatchObject({ id: published.id, downloads: 9999 });
    expect((await post('/algorithm/home/summary', { endDate: '2999-01-01' })).json.code).toBe(400);
  });
});

// The statistics screens' operations: alarm trend (per hour or day, by kind, handled, type series), outlet and site
// statistics, large-model statistics from the model call log — each with its .xlsx export and the §5 window rules.
import { SEEDED_NAMES_EN } from '../../server/db/seed/seedNames.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { logModelCall } from '../../server/modules/stats/modelCalls.ts';
import { insertAlarms } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';
import { addDraft, imageForm, promptParam, validate } from './support/orchestration.ts';
import { readSheet } from './support/xlsxRows.ts';
import { readRealPhoto } from '../support/realPhotos.ts';

let server: TestServer;
let admin: string;
let scenes: { id: number; sceneName: string }[];
const today = new Date();
today.setHours(0, 0, 0, 0);
const at = (dayOffset: number, hour: number, minute = 0) =>
  new Date(today.getFullYear(), today.getMonth(), today.getDate() + dayOffset, hour, minute);
const day = (offset: number) => formatTime(at(offset, 0))!.slice(0, 10);
const windowOf = (fromDay: number, toDay = -1) => ({ startTime: `${day(fromDay)} 00:00:00`, endTime: `${day(toDay)} 23:59:59` });

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.app);
  const db = server.database.db;
  scenes = await db.selectFrom('scenes').select(['id', 'sceneName']).orderBy('id').execute();
  const cameras = await db.selectFrom('devices').select(['id', 'name', 'sceneId']).orderBy('id').execute();
  const camA = cameras.find((c) => c.sceneId === scenes[0].id)!;
  const camB = cameras.find((c) => c.sceneId === scenes[1].id)!;
  const a = { cameraId: camA.id, cameraName: camA.name, sceneId: scenes[0].id, sceneName: scenes[0].sceneName };
  const b = { cameraId: camB.id, cameraName: camB.name, sceneId: scenes[1].id, sceneName: scenes[1].sceneName };
  await insertAlarms(db, [
    { ...a, eventType: 16, alarmTime: at(-2, 8, 10), status: 1 },
    { ...a, eventType: 16, alarmTime: at(-2, 8, 20) },
    { ...a, eventType: 1009, alarmTime: at(-2, 9, 0), status: 3 },
    { ...b, eventType: 8, alarmTime: at(-1, 23, 30) },
    { ...b, eventType: 16, alarmTime: at(-5, 12), simulated: true },
  ]);
  await logModelCall(db, { model: 'NanoDet-g', operation: 'validateSetupEvent', latencyMs: 40, errorCode: null, calledAt: at(-2, 9) });
  await logModelCall(db, { model: 'NanoDet-g', operation: 'validateSetupEvent', latencyMs: 60, errorCode: null, calledAt: at(-2, 10) });
  await logModelCall(db, { model: 'NanoDet-g', operation: 'validateSetupEvent', latencyMs: 5, errorCode: 415, calledAt: at(-1, 10) });
  await logModelCall(db, { model: 'qwen-vl', operation: 'describeImage', latencyMs: 900, errorCode: null, calledAt: at(-1, 11), simulated: true });
});
afterAll(async () => server?.close());

const post = (path: string, body: Record<string, unknown>, token = admin) => call(server.app, 'POST', path, { token, body, lang: 'en' });

describe('alarm trend', () => {
  it('counts per day over a long window: by kind, handled, and the type series', async () => {
    const res = await post('/stats/alarmTrend', windowOf(-6));
    expect(res.json.code).toBe(0);
    const data = res.json.data;
    expect(data.granularity).toBe('day');
    expect(data.points).toHaveLength(6);
    expect(data.total).toBe(4);
    expect(data.points.find((p: { time: string }) => p.time === day(-2))).toEqual({ time: day(-2), total: 3, violation: 2, road: 1, handled: 2 });
    expect(data.types[0]).toMatchObject({ eventType: 16, total: 2 });
    expect(data.types[0].counts).toHaveLength(6);
    const simulated = (await post('/stats/alarmTrend', { ...windowOf(-6), includeSimulated: true })).json.data;
    expect(simulated.total).toBe(5);
    const filtered = (await post('/stats/alarmTrend', { ...windowOf(-6), eventTypes: [16] })).json.data;
    expect(filtered.total).toBe(2);
    expect(filtered.points.find((p: { time: string }) => p.time === day(-2)).handled).toBe(1);
  });

  it('counts per hour over a window of at most 48 hours', async () => {
    const data = (await post('/stats/alarmTrend', { startTime: `${day(-2)} 00:00:00`, endTime: `${day(-2)} 23:59:59` })).json.data;
    expect(data.granularity).toBe('hour');
    expect(data.points).toHaveLength(24);
    expect(data.points[8]).toEqual({ time: `${day(-2)} 08:00`, total: 2, violation: 2, road: 0, handled: 1 });
    expect(data.points[9].road).toBe(1);
  });

  it('applies the §5 window rules', async () => {
    const reversed = await post('/stats/alarmTrend', { startTime: `${day(-1)} 00:00:00`, endTime: `${day(-2)} 00:00:00` });
    expect(reversed.json.code).toBe(400);
    const long = await post('/stats/alarmTrend', windowOf(-20));
    expect(long.json.code).toBe(400);
    expect(long.json.msg).toContain('15');
    const future = await post('/stats/alarmTrend', { startTime: `${day(-1)} 00:00:00`, endTime: `${day(2)} 00:00:00` });
    expect(future.json.code).toBe(400);
    expect((await post('/stats/alarmTrend', { startTime: 'yesterday', endTime: `${day(-1)} 00:00:00` })).json.code).toBe(400);
  });

  it('exports the buckets with one column per type series', async () => {
    const res = await post('/stats/alarmTrend/export', windowOf(-6));
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    const rows = await readSheet(res.raw as Buffer);
    expect(rows[0].slice(0, 5)).toEqual(['Time', 'Total', 'Violations', 'Road events', 'Handled']);
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r[0] === day(-2))?.slice(1, 5)).toEqual(['3', '2', '1', '2']);
    const empty = await post('/stats/alarmTrend/export', windowOf(-14, -10));
    expect(empty.json.code).toBe(404);
  });
});

describe('outlet and site statistics', () => {
  it('sums each site and ranks the outlets by alarms', async () => {
    const res = await post('/stats/configTotal', windowOf(-6));
    expect(res.json.code).toBe(0);
    const { sites, outlets } = res.json.data;
    const first = sites.find((s: { sceneId: number }) => s.sceneId === scenes[0].id);
    expect(first).toMatchObject({ alarms: 3, handled: 2, topEventType: 16 });
    expect(first.cameras).toBeGreaterThan(0);
    expect(first.boxes).toBeGreaterThan(0);
    expect(sites[0].sceneId).toBe(scenes[0].id);
    // Read in English: a seeded scene is named in English (server/db/seed/seedNames.ts).
    expect(outlets[0]).toMatchObject({ alarms: 3, handled: 2, sceneName: SEEDED_NAMES_EN[scenes[0].sceneName] ?? scenes[0].sceneName });
    expect(typeof outlets[0].online).toBe('boolean');
    const rows = await readSheet((await post('/stats/configTotal/export', windowOf(-6))).raw as Buffer);
    expect(rows[0][0]).toBe('Site');
    expect(rows.some((r) => r[0] === 'Outlet (camera)')).toBe(true);
  });

  it('is refused to a role without it', async () => {
    const operator = await login(server.app, OPERATOR);
    // The operator holds the home group, where outlet statistics live.
    expect((await post('/stats/configTotal', windowOf(-6), operator)).json.code).toBe(0);
    expect((await call(server.app, 'POST', '/stats/configTotal', { body: windowOf(-6) })).json.code).toBe(401);
  });
});

describe('large-model statistics', () => {
  it('counts calls, failures, success rate and latency per model and operation, and per day', async () => {
    const data = (await post('/stats/identifyTotal', windowOf(-6))).json.data;
    expect(data.total).toBe(3);
    expect(data.models).toEqual([
      { model: 'NanoDet-g', operation: 'validateSetupEvent', calls: 3, failed: 1, successRate: 0.6667, latencyAvgMs: 35, latencyP95Ms: 58 },
    ]);
    expect(data.perDay.find((d: { date: string }) => d.date === day(-1))).toEqual({ date: day(-1), calls: 1, failed: 1 });
    const withSimulated = (await post('/stats/identifyTotal', { ...windowOf(-6), includeSimulated: true })).json.data;
    expect(withSimulated.models.map((m: { model: string }) => m.model)).toEqual(['NanoDet-g', 'qwen-vl']);
    const rows = await readSheet((await post('/stats/identifyTotal/export', windowOf(-6))).raw as Buffer);
    expect(rows[1].slice(0, 4)).toEqual(['NanoDet-g', 'validateSetupEvent', '3', '1']);
  });

  it("logs the orchestration validation's real detector calls (an upload refused before the model is not a call)", async () => {
    const id = await addDraft(server.app, admin, { name: '调用日志-验证', param: promptParam(['person']) });
    expect((await validate(server.app, admin, imageForm([{ name: 'crowd.jpg', bytes: readRealPhoto('crowd') }], { id: String(id) }))).code).toBe(0);
    const text = { name: 'notes.jpg', bytes: Buffer.from('not an image at all'), type: 'image/jpeg' };
    expect((await validate(server.app, admin, imageForm([text], { id: String(id) }))).code).toBe(415);
    const today = { startTime: `${day(0)} 00:00:00`, endTime: formatTime(new Date())! };
    const data = (await post('/stats/identifyTotal', today)).json.data;
    expect(data.models).toEqual([expect.objectContaining({ model: 'NanoDet-g', operation: 'validateSetupEvent', calls: 1, failed: 0, successRate: 1 })]);
    expect(data.models[0].latencyAvgMs).toBeGreaterThan(0);
  });
});

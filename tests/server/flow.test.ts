// Passenger flow: boxes post counts per camera, line and direction per minute through the box API (idempotent,
// their own cameras only), and the statistics aggregate them by site, unit, outlet (box) and line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { type DemoBox, demoBoxes } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';
import { readSheet } from './support/xlsxRows.ts';

let server: TestServer;
let token: string;
let boxes: DemoBox[];
const base = new Date();
base.setHours(base.getHours() - 3, 0, 0, 0);
const minute = (offset: number) => formatTime(new Date(base.getTime() + offset * 60_000))!;

async function ingest(box: DemoBox, body: unknown, secret = box.secret) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/ingest/flow',
    headers: { 'content-type': 'application/json', 'x-box-id': String(box.boxId), 'x-box-secret': secret, 'accept-language': 'en' },
    payload: JSON.stringify(body),
  });
  return JSON.parse(res.body) as { code: number; msg: string; data: { stored: number; repeated: number } };
}

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app, OPERATOR);
  boxes = demoBoxes(server.config.dataDir);
});
afterAll(async () => server?.close());

describe('flow ingest', () => {
  it('stores counts once: a repeat of the same camera, line, direction and minute is reported, not stored', async () => {
    const [a, b] = boxes;
    const records = [
      { cameraId: a.cameraIds[0], line: '1号线', direction: 'in', minute: minute(0), count: 10 },
      { cameraId: a.cameraIds[0], line: '1号线', direction: 'out', minute: minute(0), count: 4 },
      { cameraId: a.cameraIds[1], line: '1号线', direction: 'in', minute: minute(1), count: 6 },
    ];
    expect((await ingest(a, { records })).data).toEqual({ stored: 3, repeated: 0 });
    expect((await ingest(a, { records: [{ ...records[0], count: 99 }] })).data).toEqual({ stored: 0, repeated: 1 });
    const simulated = [{ cameraId: b.cameraIds[0], line: '2号线', direction: 'in', minute: minute(61), count: 20 }];
    expect((await ingest(b, { simulated: true, records: simulated })).data).toEqual({ stored: 1, repeated: 0 });
    const stored = await server.database.db.selectFrom('flowCounts').select(['count']).where('cameraId', '=', a.cameraIds[0]).where('direction', '=', 1).execute();
    expect(stored.map((r) => r.count)).toEqual([10]);
  });

  it("refuses another box's camera, a bad minute, and wrong credentials — storing nothing", async () => {
    const [a, b] = boxes;
    const foreign = await ingest(a, { records: [{ cameraId: b.cameraIds[0], line: 'x', direction: 'in', minute: minute(5), count: 1 }] });
    expect(foreign.code).toBe(403);
    const halfMinute = await ingest(a, { records: [{ cameraId: a.cameraIds[0], line: 'x', direction: 'in', minute: minute(5).replace(/00$/, '30'), count: 1 }] });
    expect(halfMinute.code).toBe(400);
    expect(halfMinute.msg).toContain('records[0].minute');
    const future = await ingest(a, { records: [{ cameraId: a.cameraIds[0], line: 'x', direction: 'in', minute: formatTime(new Date(Date.now() + 3600_000))!.replace(/\d\d$/, '00'), count: 1 }] });
    expect(future.code).toBe(400);
    expect((await ingest(a, { records: [{ cameraId: a.cameraIds[0], line: 'x', direction: 'in', minute: minute(5), count: 1 }] }, 'x'.repeat(24))).code).toBe(401);
    expect((await ingest(a, { records: [{ cameraId: a.cameraIds[0], line: 'x', direction: 'sideways', minute: minute(5), count: 1 }] })).code).toBe(400);
    expect((await ingest(a, { records: [] })).code).toBe(400);
    const lines = await server.database.db.selectFrom('flowCounts').select('line').where('line', '=', 'x').execute();
    expect(lines).toEqual([]);
  });
});

describe('flow statistics', () => {
  const window = () => ({ startTime: formatTime(new Date(base.getTime() - 3600_000)), endTime: formatTime(new Date()) });
  const stats = (groupBy: string, extra: Record<string, unknown> = {}) => call(server.app, 'POST', '/stats/flow', { token, body: { ...window(), groupBy, ...extra }, lang: 'en' });

  it('sums in and out per hour and per group, with the busiest hour', async () => {
    const res = await stats('outlet');
    expect(res.json.code).toBe(0);
    const data = res.json.data;
    expect(data.granularity).toBe('hour');
    expect([data.totalIn, data.totalOut]).toEqual([16, 4]);
    expect(data.groups).toHaveLength(1);
    expect(data.groups[0]).toMatchObject({ key: String(boxes[0].boxId), in: 16, out: 4, peakCount: 20 });
    const hourPoint = data.points.find((p: { in: number }) => p.in === 16);
    expect(hourPoint.time).toBe(data.groups[0].peakHour);
  });

  it('groups by site, line and unit; simulated counts only when asked', async () => {
    const sites = (await stats('site')).json.data.groups;
    expect(sites).toHaveLength(1);
    expect(sites[0].name).toBeTruthy();
    const lines = (await stats('line', { includeSimulated: true })).json.data.groups;
    // Busiest first (in and out together; equal ones by name); read in English, the simulated lines are named so.
    expect(lines.map((g: { name: string; in: number }) => [g.name, g.in])).toEqual([
      ['Line 1', 16],
      ['Line 2', 20],
    ]);
    // No camera of the demo site is in the unit catalogue: its counts gather under "none".
    const units = (await stats('unit')).json.data.groups;
    expect(units).toEqual([expect.objectContaining({ key: null, name: 'None', in: 16 })]);
  });

  it('exports the groups and the series', async () => {
    const res = await call(server.app, 'POST', '/stats/flow/export', { token, body: { ...window(), groupBy: 'line' }, lang: 'en' });
    const rows = await readSheet(res.raw as Buffer);
    expect(rows[0]).toEqual(['Group', 'In', 'Out', 'Busiest hour', 'Busiest hour count']);
    // The seeded line name in the reader's language, as the JSON answer gives it.
    expect(rows[1].slice(0, 3)).toEqual(['Line 1', '16', '4']);
    const empty = await call(server.app, 'POST', '/stats/flow/export', { token, body: { startTime: '2026-01-01 00:00:00', endTime: '2026-01-02 00:00:00', groupBy: 'line' } });
    expect(empty.json.code).toBe(404);
  });
});

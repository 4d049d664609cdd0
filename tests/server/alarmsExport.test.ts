// Alarm and event-statistics exports: real .xlsx files with the rows of the list, the spec's page limits, and
// the JSON envelope when there is nothing to export or the filters are bad.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { insertAlarms } from './support/alarms.ts';
import { call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';
import { readSheet } from './support/xlsxRows.ts';

let server: TestServer;
let token: string;
let ids: number[];
const base = new Date();
base.setHours(base.getHours() - 1, 0, 0, 0);

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  ids = await insertAlarms(
    server.database.db,
    Array.from({ length: 45 }, (_, i) => ({
      cameraId: 1 + (i % 3),
      cameraName: i === 0 ? '东门 <A&B>' : `camera ${1 + (i % 3)}`,
      eventType: i % 2 ? 16 : 1009,
      alarmTime: new Date(base.getTime() - i * 60_000),
      status: i % 5,
      simulated: i % 9 === 0,
      handleUser: i % 5 ? 'operator' : null,
    })),
  );
});
afterAll(async () => server?.close());

async function exportAlarms(body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') {
  const res = await call(server.app, 'POST', '/warn/event/export', { token, body, lang });
  return res;
}

describe('POST /warn/event/export', () => {
  it('answers an .xlsx with a header row and the rows of the list, in its order', async () => {
    const res = await exportAlarms({ pageSize: 20, pageCount: 2 });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''alarms-\d{14}\.xlsx$/);
    const rows = await readSheet(res.raw);
    expect(rows[0]).toEqual(['ID', 'Alarm time', 'Camera', 'Event type', 'Kind', 'Confidence', 'Status', 'Handled by', 'Handled at', 'Remark', 'Deal result', 'Check result', 'Sent back', 'Simulated']);
    expect(rows).toHaveLength(41);
    const listed = await call(server.app, 'POST', '/warn/event/list', { token, body: { pageSize: 40 } });
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(listed.json.data.list.map((a: { id: number }) => a.id));
    const first = rows.find((r) => Number(r[0]) === ids[0])!;
    expect(first.slice(1, 7)).toEqual([formatTime(base), '东门 <A&B>', 'Fire', 'road event', '0.9', 'new']);
    expect(first[13]).toBe('yes');
  });

  it('exports the pages asked for, the filters applied, or exactly the given ids', async () => {
    const page3 = await readSheet((await exportAlarms({ pageNo: 3, pageSize: 20, pageCount: 1 })).raw);
    expect(page3).toHaveLength(1 + 5);
    const fires = await readSheet((await exportAlarms({ eventTypes: [1009], status: 0, pageSize: 500 })).raw);
    const expected = Array.from({ length: 45 }, (_, i) => i).filter((i) => i % 2 === 0 && i % 5 === 0);
    expect(fires.slice(1).map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual(expected.map((i) => ids[i]).sort((a, b) => a - b));
    const picked = await readSheet((await exportAlarms({ ids: [ids[3], ids[7]], eventTypes: [1009] })).raw);
    expect(picked.slice(1).map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual([ids[3], ids[7]].sort((a, b) => a - b));
    const zh = await readSheet((await exportAlarms({ ids: [ids[1]] }, 'zh')).raw);
    expect(zh[0][0]).toBe('编号');
    expect(zh[1][3]).toBe('机动车闯红灯');
  });

  it('keeps to the spec limits and answers errors as JSON', async () => {
    const tooMany = await exportAlarms({ pageCount: 101 });
    expect(tooMany.json.code).toBe(400);
    expect(tooMany.json.msg).toContain('pageCount');
    const nothing = await exportAlarms({ eventTypes: [50] });
    expect(nothing.headers['content-type']).toMatch(/application\/json/);
    expect(nothing.json.code).toBe(404);
    const backwards = await exportAlarms({ startTime: '2026-01-02 00:00:00', endTime: '2026-01-01 00:00:00' });
    expect(backwards.json.code).toBe(400);
  });
});

describe('POST /event/export', () => {
  it('exports counts per group and status, simulated alarms only on request', async () => {
    const res = await call(server.app, 'POST', '/event/export', { token, body: { groupBy: 'camera', pageSize: 50 }, lang: 'en' });
    expect(res.headers['content-disposition']).toMatch(/event-statistics-\d{14}\.xlsx/);
    const rows = await readSheet(res.raw);
    expect(rows[0]).toEqual(['Camera ID', 'Camera', 'Total', 'New', 'Confirmed', 'Ignored', 'Dealt', 'Checked']);
    const real = Array.from({ length: 45 }, (_, i) => i).filter((i) => i % 9 !== 0);
    for (const camera of [1, 2, 3]) {
      const mine = real.filter((i) => 1 + (i % 3) === camera);
      const row = rows.find((r) => Number(r[0]) === camera)!;
      expect(Number(row[2])).toBe(mine.length);
      expect([3, 4, 5, 6, 7].map((c) => Number(row[c]))).toEqual([0, 1, 2, 3, 4].map((s) => mine.filter((i) => i % 5 === s).length));
    }
    const withSimulated = await readSheet((await call(server.app, 'POST', '/event/export', { token, body: { groupBy: 'eventType', includeSimulated: true } })).raw);
    expect(withSimulated.slice(1).reduce((s, r) => s + Number(r[2]), 0)).toBe(45);
    const byDay = await readSheet((await call(server.app, 'POST', '/event/export', { token, body: { groupBy: 'day', includeSimulated: true } })).raw);
    expect(byDay.slice(1).every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r[0]))).toBe(true);
    const tooMany = await call(server.app, 'POST', '/event/export', { token, body: { pageCount: 11 } });
    expect(tooMany.json.code).toBe(400);
    const nothing = await call(server.app, 'POST', '/event/export', { token, body: { eventTypes: [50] } });
    expect(nothing.json.code).toBe(404);
  });
});

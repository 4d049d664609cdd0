// Reading alarms: the filtered, sorted, paged list with its total; cameras with alarms; catch-up by seq; the
// urgent list. Expected answers are computed from the fixtures, so a wrong filter fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { type FixtureAlarm, insertAlarms } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
const now = new Date();
now.setMilliseconds(0);
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);

interface Fixture extends Required<Pick<FixtureAlarm, 'cameraId' | 'eventType' | 'alarmTime' | 'status' | 'simulated'>> {
  id: number;
  cameraName: string;
  handleRemark: string | null;
  sceneId: number | null;
  confidence: number;
}
const fixtures: Fixture[] = [];

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app, OPERATOR);
  const types = [16, 8, 1009, 1020, 5, 1003];
  const specs: Omit<Fixture, 'id'>[] = [];
  for (let i = 0; i < 60; i++) {
    const cameraId = 1 + (i % 3);
    specs.push({
      cameraId,
      cameraName: cameraId === 3 ? 'Gate <North>' : `路口 ${cameraId}`,
      eventType: types[i % types.length],
      alarmTime: hoursAgo(i * 2), // two hours apart: 0 h … 118 h ago
      status: i % 5,
      simulated: i % 4 === 0,
      handleRemark: i === 7 ? 'Truck blocked 50% of lane' : null,
      sceneId: i % 2 === 0 ? 1 : null,
      confidence: 0.5 + (i % 10) / 20,
    });
  }
  const ids = await insertAlarms(server.database.db, specs);
  for (const [i, id] of ids.entries()) fixtures.push({ id, ...specs[i] });
});
afterAll(async () => server?.close());

const byDefaultOrder = (a: Fixture, b: Fixture) => b.alarmTime.getTime() - a.alarmTime.getTime() || b.id - a.id;

async function list(body: Record<string, unknown>) {
  const res = await call(server.app, 'POST', '/warn/event/list', { token, body, lang: 'en' });
  return res.json;
}

describe('POST /warn/event/list', () => {
  it('pages in alarmTime order (ties by id) with the total', async () => {
    const expected = [...fixtures].sort(byDefaultOrder);
    const page2 = await list({ pageNo: 2, pageSize: 7 });
    expect(page2.code).toBe(0);
    expect(page2.data).toMatchObject({ total: 60, pageNo: 2, pageSize: 7 });
    expect(page2.data.list.map((a: { id: number }) => a.id)).toEqual(expected.slice(7, 14).map((f) => f.id));
    const last = await list({ pageNo: 9, pageSize: 7 });
    expect(last.data.list).toHaveLength(4);
    const beyond = await list({ pageNo: 20, pageSize: 7 });
    expect(beyond.data).toMatchObject({ total: 60, list: [] });
  });

  it('applies every filter with AND and counts what matches', async () => {
    const start = hoursAgo(40);
    const end = hoursAgo(10);
    const cases: [Record<string, unknown>, (f: Fixture) => boolean][] = [
      [{ startTime: formatTime(start), endTime: formatTime(end) }, (f) => f.alarmTime >= start && f.alarmTime <= end],
      [{ cameraId: 2 }, (f) => f.cameraId === 2],
      [{ cameraIds: [1, 3] }, (f) => f.cameraId !== 2],
      [{ cameraId: 2, cameraIds: [1, 3] }, () => false],
      [{ eventTypes: [1009, 1020] }, (f) => f.eventType === 1009 || f.eventType === 1020],
      [{ eventKind: 'road' }, (f) => f.eventType >= 1001],
      [{ eventKind: 'violation', status: 3 }, (f) => f.eventType <= 50 && f.status === 3],
      [{ status: 0, cameraId: 1, startTime: formatTime(hoursAgo(72)) }, (f) => f.status === 0 && f.cameraId === 1 && f.alarmTime >= hoursAgo(72)],
      [{ sceneId: 1 }, (f) => f.sceneId === 1],
      [{ simulated: true }, (f) => f.simulated],
      [{ simulated: false, eventTypes: [16] }, (f) => !f.simulated && f.eventType === 16],
      [{ keyword: 'gate <north>' }, (f) => f.cameraName === 'Gate <North>'],
      [{ keyword: '50%' }, (f) => f.handleRemark?.includes('50%') ?? false],
      [{ keyword: 'fire' }, (f) => f.eventType === 1009],
      [{ keyword: '火灾' }, (f) => f.eventType === 1009],
      [{ keyword: '%' }, (f) => f.handleRemark?.includes('%') ?? false],
    ];
    for (const [filter, match] of cases) {
      const expected = fixtures.filter(match).sort(byDefaultOrder);
      const res = await list({ ...filter, pageSize: 100 });
      expect(res.code, JSON.stringify(filter)).toBe(0);
      expect(res.data.total, JSON.stringify(filter)).toBe(expected.length);
      expect(res.data.list.map((a: { id: number }) => a.id), JSON.stringify(filter)).toEqual(expected.map((f) => f.id));
    }
  });

  it('sorts by the requested field, ties by id desc', async () => {
    const res = await list({ sortField: 'confidence', sortOrder: 'asc', pageSize: 100 });
    const expected = [...fixtures].sort((a, b) => a.confidence - b.confidence || b.id - a.id);
    expect(res.data.list.map((a: { id: number }) => a.id)).toEqual(expected.map((f) => f.id));
  });

  it('refuses a time range that runs backwards and out-of-bound fields', async () => {
    const backwards = await list({ startTime: formatTime(hoursAgo(1)), endTime: formatTime(hoursAgo(2)) });
    expect(backwards.code).toBe(400);
    expect(backwards.msg).toContain('startTime');
    const badSize = await list({ pageSize: 501 });
    expect(badSize.code).toBe(400);
    expect(badSize.msg).toContain('pageSize');
    const badType = await list({ eventTypes: [77] });
    expect(badType.code).toBe(400);
    // A time in the right shape but off the calendar or the clock is named, not compared as text.
    for (const endTime of ['2026-13-45 99:00:00', '2026-11-26 24:00:00', '2026-00-10 10:00:00', '2026-11-26 10:60:00']) {
      const offCalendar = await list({ endTime });
      expect(offCalendar.code, endTime).toBe(400);
      expect(offCalendar.msg, endTime).toMatch(/endTime.*yyyy-MM-dd HH:mm:ss/);
    }
    expect((await list({ startTime: '2026-01-01 00:00:00', endTime: '2026-12-31 23:59:59' })).code).toBe(0);
  });

  it('never lists deleted alarms', async () => {
    const victim = fixtures[0];
    const del = await call(server.app, 'DELETE', '/warn/event', { token: await login(server.app), body: { ids: [victim.id] } });
    expect(del.json.code).toBe(0);
    const res = await list({ pageSize: 100 });
    expect(res.data.total).toBe(59);
    expect(res.data.list.some((a: { id: number }) => a.id === victim.id)).toBe(false);
    expect((await call(server.app, 'GET', `/warn/event/info/${victim.id}`, { token })).json.code).toBe(404);
    fixtures.shift();
  });
});

describe('the total over wide ranges (hourly counts kept by triggers)', () => {
  it('equals a direct count after inserts, transitions and deletes, for any window and filter', async () => {
    const admin = await login(server.app);
    // Change some states and delete one, so the triggers' updates are exercised too.
    const confirm = fixtures.filter((f) => f.status === 0).slice(0, 4);
    await call(server.app, 'PUT', '/warn/event/confirm', { token: admin, body: { ids: confirm.map((f) => f.id) } });
    for (const f of confirm) f.status = 1;
    const gone = fixtures.find((f) => f.status === 3)!;
    await call(server.app, 'DELETE', '/warn/event', { token: admin, body: { ids: [gone.id] } });
    fixtures.splice(fixtures.indexOf(gone), 1);

    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 40; i++) {
      const a = hoursAgo(random() * 130);
      const b = hoursAgo(random() * 130);
      const [start, end] = a < b ? [a, b] : [b, a];
      const filter: Record<string, unknown> = {};
      if (random() < 0.8) filter.startTime = formatTime(start);
      if (random() < 0.8) filter.endTime = formatTime(end);
      if (random() < 0.4) filter.status = Math.floor(random() * 5);
      if (random() < 0.3) filter.eventKind = random() < 0.5 ? 'road' : 'violation';
      if (random() < 0.3) filter.simulated = random() < 0.5;
      const from = filter.startTime ? new Date(Math.floor(start.getTime() / 1000) * 1000) : null;
      const to = filter.endTime ? new Date(Math.floor(end.getTime() / 1000) * 1000 + 999) : null;
      const expected = fixtures.filter(
        (f) =>
          (!from || f.alarmTime >= from) &&
          (!to || f.alarmTime <= to) &&
          (filter.status === undefined || f.status === filter.status) &&
          (!filter.eventKind || (filter.eventKind === 'road') === f.eventType >= 1001) &&
          (filter.simulated === undefined || f.simulated === filter.simulated),
      ).length;
      const res = await list({ ...filter, pageSize: 1 });
      expect(res.data.total, JSON.stringify(filter)).toBe(expected);
    }
  });
});

describe('GET /warn/event/camera', () => {
  it('lists cameras with alarms, their counts and unhandled counts, in the window', async () => {
    const res = await call(server.app, 'GET', '/warn/event/camera', { token, query: { startTime: formatTime(hoursAgo(50)) as string } });
    expect(res.json.code).toBe(0);
    const inWindow = fixtures.filter((f) => f.alarmTime >= hoursAgo(50));
    const expected = [1, 2, 3]
      .map((cameraId) => {
        const mine = inWindow.filter((f) => f.cameraId === cameraId);
        return {
          cameraId,
          cameraName: mine[0].cameraName,
          count: mine.length,
          unhandledCount: mine.filter((f) => f.status === 0).length,
          lastAlarmTime: formatTime(new Date(Math.max(...mine.map((f) => f.alarmTime.getTime())))),
        };
      })
      .sort((a, b) => a.cameraName.localeCompare(b.cameraName, 'zh'));
    expect(res.json.data).toEqual(expected);
  });
});

describe('GET /warn/event/since', () => {
  it('answers alarms after a seq in seq order, in pages, without deleted ones', async () => {
    const all: number[] = [];
    let after = 0;
    for (let guard = 0; guard < 20; guard++) {
      const res = await call(server.app, 'GET', '/warn/event/since', { token, query: { afterSeq: after, limit: 25 } });
      expect(res.json.code).toBe(0);
      const seqs = res.json.data.list.map((a: { seq: number }) => a.seq);
      all.push(...seqs);
      expect(res.json.data.lastSeq).toBe(seqs.length ? seqs[seqs.length - 1] : after);
      after = res.json.data.lastSeq;
      if (!res.json.data.hasMore) {
        expect(res.json.data.latestSeq).toBeGreaterThanOrEqual(after);
        break;
      }
    }
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(fixtures.length);
  });
});

describe('POST /warn/event/urgent/list', () => {
  it('lists only urgent types, newest first, at most 50 a page', async () => {
    const res = await call(server.app, 'POST', '/warn/event/urgent/list', { token: await login(server.app), body: { pageSize: 50 } });
    expect(res.json.code).toBe(0);
    const expected = fixtures.filter((f) => [1009, 1013, 1014, 1015, 1016, 1020].includes(f.eventType)).sort(byDefaultOrder);
    expect(res.json.data.total).toBe(expected.length);
    expect(res.json.data.list.map((a: { id: number }) => a.id)).toEqual(expected.map((f) => f.id));
    expect(res.json.data.list.every((a: { urgent: boolean }) => a.urgent)).toBe(true);
    const tooMany = await call(server.app, 'POST', '/warn/event/urgent/list', { token: await login(server.app), body: { pageSize: 51 } });
    expect(tooMany.json.code).toBe(400);
  });
});

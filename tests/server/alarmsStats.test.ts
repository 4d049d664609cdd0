// Statistics computed from the stored alarms: per hour, per day, totals, per type over a week, top N — deleted
// alarms never count, simulated ones only on request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { type FixtureAlarm, insertAlarms } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
const today = new Date();
today.setHours(0, 0, 0, 0);
const at = (dayOffset: number, hour: number, minute = 0) =>
  new Date(today.getFullYear(), today.getMonth(), today.getDate() + dayOffset, hour, minute);
const date = (dayOffset: number) => formatTime(at(dayOffset, 0))!.slice(0, 10);
const cam = (id: 1 | 2 | 3): FixtureAlarm => ({
  cameraId: id,
  cameraName: `Camera ${id}`,
  sceneId: id === 3 ? 2 : 1,
  sceneName: id === 3 ? 'Scene B' : 'Scene A',
});

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app, OPERATOR);
  await insertAlarms(server.database.db, [
    { ...cam(1), eventType: 16, alarmTime: at(0, 1), status: 0 },
    { ...cam(1), eventType: 1009, alarmTime: at(0, 1, 30), status: 1 },
    { ...cam(2), eventType: 16, alarmTime: at(0, 2), status: 2 },
    { ...cam(2), eventType: 16, alarmTime: at(0, 2, 59), status: 3, sceneId: null, sceneName: null },
    { ...cam(2), eventType: 8, alarmTime: at(-1, 10) },
    { ...cam(2), eventType: 8, alarmTime: at(-1, 10, 5), status: 4 },
    { ...cam(2), eventType: 8, alarmTime: at(-1, 23, 59) },
    { ...cam(3), eventType: 1020, alarmTime: at(-1, 11) },
    { ...cam(1), eventType: 16, alarmTime: at(-3, 8) },
    { ...cam(1), eventType: 16, alarmTime: at(-3, 9) },
    { ...cam(3), eventType: 16, alarmTime: at(-10, 9) },
    { ...cam(1), eventType: 16, alarmTime: at(0, 1), simulated: true },
  ]);
  const [deleted] = await insertAlarms(server.database.db, [{ ...cam(1), eventType: 16, alarmTime: at(0, 1) }]);
  await server.database.db.updateTable('alarms').set({ deletedAt: new Date() }).where('id', '=', deleted).execute();
});
afterAll(async () => server?.close());

const stats = (path: string, body: Record<string, unknown> = {}) => call(server.app, 'POST', path, { token, body, lang: 'en' });

describe('per hour and per day', () => {
  it('counts one day per hour, zero-filled, by kind', async () => {
    const res = await stats('/home/event/day', { date: date(0) });
    expect(res.json.code).toBe(0);
    expect(res.json.data.date).toBe(date(0));
    expect(res.json.data.points).toHaveLength(24);
    expect(res.json.data.total).toBe(4);
    expect(res.json.data.points[1]).toEqual({ hour: 1, total: 2, violation: 1, road: 1 });
    expect(res.json.data.points[2]).toEqual({ hour: 2, total: 2, violation: 2, road: 0 });
    expect(res.json.data.points[0]).toEqual({ hour: 0, total: 0, violation: 0, road: 0 });
    const withSimulated = await stats('/home/event/day', { date: date(0), includeSimulated: true });
    expect(withSimulated.json.data.points[1].total).toBe(3);
    expect((await stats('/home/event/day', { date: date(2) })).json.code).toBe(400);
  });

  it('counts a date range per day, inclusive, at most 31 days', async () => {
    const res = await stats('/home/event/time', { startDate: date(-3), endDate: date(0) });
    expect(res.json.data.points).toEqual([
      { date: date(-3), total: 2, violation: 2, road: 0 },
      { date: date(-2), total: 0, violation: 0, road: 0 },
      { date: date(-1), total: 4, violation: 3, road: 1 },
      { date: date(0), total: 4, violation: 3, road: 1 },
    ]);
    expect(res.json.data.total).toBe(10);
    expect((await stats('/home/event/time', { startDate: date(-31), endDate: date(0) })).json.code).toBe(400);
    expect((await stats('/home/event/time', { startDate: date(-30), endDate: date(0) })).json.code).toBe(0);
    expect((await stats('/home/event/time', { startDate: date(0), endDate: date(-1) })).json.code).toBe(400);
    const camera2 = await stats('/home/event/time', { startDate: date(-1), endDate: date(0), cameraIds: [2] });
    expect(camera2.json.data.total).toBe(5);
  });
});

describe('totals and the week', () => {
  it('totals by status and kind, with today', async () => {
    const res = await stats('/home/event/total');
    expect(res.json.data).toEqual({
      total: 11,
      today: 4,
      byStatus: { unhandled: 7, confirmed: 1, ignored: 1, dealt: 1, checked: 1 },
      byKind: { violation: 9, road: 2 },
    });
    const windowed = await stats('/home/event/total', { startTime: formatTime(at(-1, 0)), endTime: formatTime(at(-1, 23, 59)) });
    expect(windowed.json.data).toMatchObject({ total: 4, today: 4, byKind: { violation: 3, road: 1 } });
    const roadOnly = await stats('/home/event/total', { eventKind: 'road' });
    expect(roadOnly.json.data).toMatchObject({ total: 2, today: 1 });
  });

  it('gives seven days of counts per type, sorted by total', async () => {
    const res = await stats('/home/event/week');
    expect(res.json.data.dates).toEqual([-6, -5, -4, -3, -2, -1, 0].map(date));
    expect(res.json.data.totals).toEqual([0, 0, 0, 2, 0, 4, 4]);
    expect(res.json.data.series).toEqual([
      { eventType: 16, eventTypeName: 'Running a red light', eventKind: 'violation', counts: [0, 0, 0, 2, 0, 0, 3], total: 5 },
      { eventType: 8, eventTypeName: 'Wrong-way driving', eventKind: 'violation', counts: [0, 0, 0, 0, 0, 3, 0], total: 3 },
      { eventType: 1009, eventTypeName: 'Fire', eventKind: 'road', counts: [0, 0, 0, 0, 0, 0, 1], total: 1 },
      { eventType: 1020, eventTypeName: 'Congestion', eventKind: 'road', counts: [0, 0, 0, 0, 0, 1, 0], total: 1 },
    ]);
  });
});

describe('top N', () => {
  it('ranks cameras, types and scenes in the window (default today)', async () => {
    const cameras = await stats('/home/top/camera');
    expect(cameras.json.data).toEqual({
      total: 4,
      list: [
        { rank: 1, id: 1, name: 'Camera 1', count: 2, share: 0.5 },
        { rank: 2, id: 2, name: 'Camera 2', count: 2, share: 0.5 },
      ],
    });
    const types = await stats('/home/top/eventType', { startTime: formatTime(at(-10, 0)), topN: 2 });
    expect(types.json.data).toEqual({
      total: 11,
      list: [
        { rank: 1, id: 16, name: 'Running a red light', kind: 'violation', count: 6, share: 0.5455 },
        { rank: 2, id: 8, name: 'Wrong-way driving', kind: 'violation', count: 3, share: 0.2727 },
      ],
    });
    const scenes = await stats('/home/top/scene', { startTime: formatTime(at(-1, 0)) });
    expect(scenes.json.data).toEqual({
      total: 8,
      list: [
        { rank: 1, id: 1, name: 'Scene A', count: 6, share: 0.75 },
        { rank: 2, id: 2, name: 'Scene B', count: 1, share: 0.125 },
      ],
    });
  });
});

// The camera filter's list (GET /warn/event/camera) takes its counts from alarm_camera_counts, kept by statement
// triggers (migration 074, server/modules/alarms/cameraCounts.ts). They must equal a count of the alarms table
// after every kind of change — inserts, handling, soft and hard deletes, writers at the same time — and each camera
// is named as its latest alarm names it.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types.ts';
import { formatTime } from '../../server/http/format.ts';
import { type FixtureAlarm, insertAlarms } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let db: Kysely<Database>;
const now = new Date();
now.setMilliseconds(0);
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app, OPERATOR);
  db = server.database.db;
});
afterAll(async () => server?.close());

interface Listed {
  cameraId: number;
  cameraName: string;
  count: number;
  unhandledCount: number;
  lastAlarmTime: string;
}

const byName = (a: Listed, b: Listed) => a.cameraName.localeCompare(b.cameraName, 'zh') || a.cameraId - b.cameraId;

/** The list counted from the alarms table itself. */
async function counted(road?: boolean): Promise<Listed[]> {
  const kind = road === undefined ? sql.raw('') : road ? sql`AND event_type >= 1001` : sql`AND event_type < 1001`;
  const { rows } = await sql<{ cameraId: number; n: string; unhandled: string; name: string; last: Date }>`
    SELECT camera_id AS "cameraId", count(*)::text AS n, (count(*) FILTER (WHERE status = 0))::text AS unhandled,
      (array_agg(camera_name ORDER BY alarm_time DESC, id DESC))[1] AS name, max(alarm_time) AS last
    FROM alarms WHERE deleted_at IS NULL ${kind} GROUP BY camera_id`.execute(db);
  return rows
    .map((r) => ({ cameraId: r.cameraId, cameraName: r.name, count: Number(r.n), unhandledCount: Number(r.unhandled), lastAlarmTime: formatTime(r.last) as string }))
    .sort(byName);
}

async function listed(query: Record<string, string> = {}): Promise<Listed[]> {
  const res = await call(server.app, 'GET', '/warn/event/camera', { token, query });
  expect(res.json.code).toBe(0);
  return res.json.data as Listed[];
}

async function expectInStep() {
  expect(await listed()).toEqual(await counted());
  expect(await listed({ eventKind: 'road' })).toEqual(await counted(true));
  expect(await listed({ eventKind: 'violation' })).toEqual(await counted(false));
}

const batch = (cameras: number[], n: number, offset = 0): FixtureAlarm[] =>
  Array.from({ length: n }, (_, i) => ({
    cameraId: cameras[i % cameras.length],
    cameraName: `camera ${cameras[i % cameras.length]}`,
    eventType: i % 3 === 0 ? 1009 : 16,
    status: (i + offset) % 5,
    alarmTime: hoursAgo(1 + ((i + offset) % 40)),
  }));

describe('GET /warn/event/camera counts', () => {
  it('equal a count of the alarms after inserts, handling, soft deletes and hard deletes', async () => {
    await insertAlarms(db, batch([11, 12, 13], 45));
    await expectInStep();
    expect((await listed()).filter((c) => [11, 12, 13].includes(c.cameraId))).toHaveLength(3);

    // Handling moves alarms between states.
    await db.updateTable('alarms').set({ status: 2 }).where('cameraId', '=', 11).where('status', '=', 0).execute();
    await expectInStep();
    // A soft delete takes alarms out; a camera whose alarms are all gone leaves the list.
    await db.updateTable('alarms').set({ deletedAt: new Date() }).where('cameraId', '=', 12).where('eventType', '>=', 1001).execute();
    await expectInStep();
    await db.deleteFrom('alarms').where('cameraId', '=', 13).execute();
    await expectInStep();
    expect((await listed()).some((c) => c.cameraId === 13)).toBe(false);
  });

  it('name a camera as its latest alarm does, with the time of that alarm', async () => {
    await insertAlarms(db, [
      { cameraId: 21, cameraName: 'Old name', alarmTime: hoursAgo(5) },
      { cameraId: 21, cameraName: 'New name', alarmTime: hoursAgo(1) },
      { cameraId: 21, cameraName: 'Stored last, older', alarmTime: hoursAgo(3) },
    ]);
    expect((await listed()).find((c) => c.cameraId === 21)).toEqual({
      cameraId: 21,
      cameraName: 'New name',
      count: 3,
      unhandledCount: 3,
      lastAlarmTime: formatTime(hoursAgo(1)),
    });
    // In a window, the latest alarm within it.
    const windowed = await listed({ endTime: formatTime(hoursAgo(2)) as string });
    expect(windowed.find((c) => c.cameraId === 21)).toMatchObject({ cameraName: 'Stored last, older', count: 2, lastAlarmTime: formatTime(hoursAgo(3)) });
  });

  it('stay exact with several writers at once', async () => {
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => insertAlarms(db, batch([31, 32], 10, i))),
      db.updateTable('alarms').set({ status: 1 }).where('cameraId', '=', 11).execute(),
      db.updateTable('alarms').set({ deletedAt: new Date() }).where('cameraId', '=', 31).where('status', '=', 4).execute(),
    ]);
    await expectInStep();
    const rows = await db.selectFrom('alarmCameraCounts').select(['cameraId', 'n']).where('n', '<', 0).execute();
    expect(rows).toEqual([]);
  });
});

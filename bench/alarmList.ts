// `/warn/event/list` with filters and the total count on a large alarms table: rows bulk-inserted with
// generate_series (30 days, 50 cameras, every type id, mixed states), analysed, then the console's typical
// queries timed through the route (fastify inject: routing, validation, the two queries, serialisation).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { formatTime } from '../server/http/format.ts';
import { percentile } from './stats.ts';

export interface ListFigures {
  database: 'pglite' | 'postgres';
  rows: number;
  loadSeconds: number;
  /** Every filtered query below, together (the budget's figure). */
  filteredMs: { p50: number; p95: number; n: number };
  queries: { name: string; total: number; p50: number; p95: number }[];
  /** No filter at all: every stored alarm counted (from the hourly counts). */
  unfilteredMs: { p50: number; p95: number; total: number };
  /** The camera filter's list (`/warn/event/camera`), which every alarm list asks for when it opens. */
  camerasMs: { p50: number; p95: number; cameras: number };
  /** What the caller measured on the same table (the statistics queries, bench/dashboards.ts). */
  also?: unknown;
}

const DAYS = 30;
const CHUNK = 100_000;
const RUNS = 40;

export async function measureAlarmList(
  rows: number,
  databaseUrl?: string,
  also?: (app: Awaited<ReturnType<typeof buildApp>>['app'], token: string) => Promise<unknown>,
): Promise<ListFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-list-'));
  // No seeded history: the table holds exactly the rows generated below.
  const built = await buildApp({ ...configFromEnv({}), dataDir, databaseUrl, inMemoryDatabase: !databaseUrl, staticDir: undefined, logLevel: 'silent', historyDays: 0 });
  try {
    const db = built.database.db;
    const started = performance.now();
    const spacing = (DAYS * 86_400) / rows; // seconds between alarms, newest now
    for (let from = 1; from <= rows; from += CHUNK) {
      const to = Math.min(rows, from + CHUNK - 1);
      await sql`
        INSERT INTO alarms (seq, camera_id, camera_name, box_id, event_type, alarm_time, confidence, box_x, box_y, box_w, box_h,
          image_width, image_height, image_path, status, handle_user, handle_time, simulated, scene_id, scene_name, created_at)
        SELECT nextval('alarm_push_seq'), 1 + g % 50, 'camera ' || (1 + g % 50), 1 + g % 2,
          CASE WHEN g % 3 = 0 THEN 1001 + (g / 3) % 24 ELSE 1 + (g / 7) % 50 END,
          now() - (${rows}::int - g) * ${spacing}::float8 * interval '1 second', 0.5 + (g % 50) / 100.0, 100, 80, 120, 90, 640, 360, NULL,
          CASE WHEN (g / 11) % 10 < 6 THEN 0 ELSE (g / 11) % 5 END, CASE WHEN (g / 11) % 10 < 6 THEN NULL ELSE 'operator' END,
          CASE WHEN (g / 11) % 10 < 6 THEN NULL ELSE now() END, false, 1 + g % 2, 'scene ' || (1 + g % 2), now()
        FROM generate_series(${from}::int, ${to}::int) AS g`.execute(db);
    }
    await sql`VACUUM ANALYZE alarms`.execute(db);
    const loadSeconds = Math.round((performance.now() - started) / 100) / 10;

    const token = await login(built.app);
    const ago = (hours: number) => formatTime(new Date(Date.now() - hours * 3600_000));
    const menuTypes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1001, 1002, 1003];
    const filtered: [string, Record<string, unknown>][] = [
      ['last 24 h', { startTime: ago(24), endTime: ago(0) }],
      ['last 24 h, unhandled', { startTime: ago(24), endTime: ago(0), status: 0 }],
      ['last 24 h, page 20', { startTime: ago(24), endTime: ago(0), pageNo: 20 }],
      ['last 7 days, one camera, menu types', { startTime: ago(168), endTime: ago(0), cameraId: 7, eventTypes: menuTypes }],
      ['last 24 h, unhandled, one camera, three types', { startTime: ago(24), endTime: ago(0), status: 0, cameraId: 12, eventTypes: [12, 16, 1009] }],
      ['last 15 days, one camera, unhandled', { startTime: ago(360), endTime: ago(0), cameraId: 3, status: 0 }],
      ['last 12 h, road events', { startTime: ago(12), endTime: ago(0), eventKind: 'road' }],
      ['last 24 h, keyword', { startTime: ago(24), endTime: ago(0), keyword: 'camera 4' }],
      ['last 15 days (the history screen\'s widest range)', { startTime: ago(360), endTime: ago(0) }],
      ['last 15 days, confirmed', { startTime: ago(360), endTime: ago(0), status: 1 }],
    ];
    const all: number[] = [];
    const queries: ListFigures['queries'] = [];
    for (const [name, filter] of filtered) {
      const { times, total } = await time(built.app, token, { pageSize: 20, ...filter });
      all.push(...times);
      queries.push({ name, total, p50: percentile(times, 50), p95: percentile(times, 95) });
    }
    const unfiltered = await time(built.app, token, { pageSize: 20 });
    const cameras = await timeCameras(built.app, token);
    const extra = also ? await also(built.app, token) : undefined;
    return {
      database: built.database.kind,
      rows,
      loadSeconds,
      filteredMs: { p50: percentile(all, 50), p95: percentile(all, 95), n: all.length },
      queries,
      unfilteredMs: { p50: percentile(unfiltered.times, 50), p95: percentile(unfiltered.times, 95), total: unfiltered.total },
      camerasMs: { p50: percentile(cameras.times, 50), p95: percentile(cameras.times, 95), cameras: cameras.count },
      also: extra,
    };
  } finally {
    await built.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function login(app: Awaited<ReturnType<typeof buildApp>>['app']): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'operator', password: 'Operator@2026' } });
  return JSON.parse(res.body).token;
}

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/** Times one call RUNS times after 3 that warm the caches; answers the times and the last answer's data. */
async function timed(app: App, token: string, request: { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }) {
  const times: number[] = [];
  let data: unknown;
  for (let i = 0; i < RUNS + 3; i++) {
    const t = performance.now();
    const res = await app.inject({ ...request, headers: { token } });
    const elapsed = performance.now() - t;
    const json = JSON.parse(res.body);
    if (json.code !== 0) throw new Error(`${request.url} failed: ${json.msg}`);
    data = json.data;
    if (i >= 3) times.push(elapsed);
  }
  return { times, data };
}

async function time(app: App, token: string, body: Record<string, unknown>) {
  const { times, data } = await timed(app, token, { method: 'POST', url: '/api/warn/event/list', payload: body });
  return { times, total: (data as { total: number }).total };
}

async function timeCameras(app: App, token: string) {
  const { times, data } = await timed(app, token, { method: 'GET', url: '/api/warn/event/camera' });
  return { times, count: (data as unknown[]).length };
}

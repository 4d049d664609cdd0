// Issue 12's figures: the time to a filled home dashboard after sign-in on a cold browser (the demo site with its
// seeded history), the statistics queries on a large alarms table (p95, through the routes), and passenger-flow
// ingest throughput through the box API.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { formatTime } from '../server/http/format.ts';
import { percentile } from './stats.ts';

const PORT = 18399;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface HomeFigures {
  runs: number;
  /** From pressing Enter on the sign-in form to today's alarm count on the traffic home. */
  filledHomeMs: { p50: number; max: number };
}

export async function measureHomeDashboard(runs = 5): Promise<HomeFigures | null> {
  if (!existsSync('dist/index.html') || !existsSync('/usr/bin/chromium')) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-home-'));
  const server = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATIC_DIR: 'dist', SIMULATOR: 'off', EDGE: 'off', RETRIEVAL_INDEX: 'off', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Argus is running') && resolve());
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const filled: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      // A fresh context: empty cache, no stored session.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${PORT}/login`);
      await page.locator('input[autocomplete="username"]').fill('admin');
      await page.locator('input[type="password"]').fill('Argus@2026');
      const started = performance.now();
      await page.locator('input[type="password"]').press('Enter');
      await page.locator('[data-testid="tile-today"] .stats-tile-value').filter({ hasText: /^\d+$/ }).waitFor({ state: 'visible', timeout: 60_000 });
      filled.push(performance.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { runs, filledHomeMs: { p50: percentile(filled, 50), max: percentile(filled, 100) } };
}

export interface StatsQueryFigures {
  name: string;
  p50: number;
  p95: number;
}

const RUNS = 20;

/** The dashboards' and statistics screens' queries through their routes, on the table the caller loaded. */
export async function measureStatsQueries(app: FastifyInstance, token: string): Promise<StatsQueryFigures[]> {
  const ago = (hours: number) => formatTime(new Date(Date.now() - hours * 3600_000));
  const road = Array.from({ length: 24 }, (_, i) => 1001 + i);
  const queries: [string, string, Record<string, unknown>][] = [
    ['home overview (today, 7-day trend, per type, urgent)', '/home/overview', {}],
    ['home overview, traffic live (road events)', '/home/overview', { eventTypes: road }],
    ['home overview, three types', '/home/overview', { eventTypes: [12, 16, 1009] }],
    ['alarm trend, 48 h per hour', '/stats/alarmTrend', { startTime: ago(48), endTime: ago(0) }],
    ['alarm trend, 15 days per day', '/stats/alarmTrend', { startTime: ago(359), endTime: ago(0) }],
    ['alarm trend, 15 days, road events', '/stats/alarmTrend', { startTime: ago(359), endTime: ago(0), eventTypes: road }],
    ['site statistics, 7 days', '/stats/configTotal', { startTime: ago(167), endTime: ago(0) }],
    ['site statistics, 15 days', '/stats/configTotal', { startTime: ago(359), endTime: ago(0) }],
  ];
  const out: StatsQueryFigures[] = [];
  for (const [name, url, body] of queries) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: `/api${url}`, headers: { token, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      times.push(performance.now() - started);
      if (JSON.parse(res.body).code !== 0) throw new Error(`${url}: ${res.body.slice(0, 200)}`);
    }
    out.push({ name, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  return out;
}

export interface FlowIngestFigures {
  database: 'pglite' | 'postgres';
  requests: number;
  recordsPerRequest: number;
  recordsPerSecond: number;
  requestMs: { p50: number; p95: number };
}

/** Boxes posting a minute's counts for 30 counting lines (60 records) a call, one after another. */
export async function measureFlowIngest(databaseUrl?: string, requests = 200): Promise<FlowIngestFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-flow-'));
  const built = await buildApp({ ...configFromEnv({}), dataDir, databaseUrl, inMemoryDatabase: !databaseUrl, staticDir: undefined, logLevel: 'silent', historyDays: 0, resourceSampleSeconds: 0 });
  try {
    const [box] = JSON.parse(readFileSync(join(dataDir, 'demo-boxes.json'), 'utf8')) as { boxId: number; secret: string; cameraIds: number[] }[];
    const start = new Date(Date.now() - 20 * 86400_000);
    start.setSeconds(0, 0);
    const times: number[] = [];
    const perRequest = 60;
    const begun = performance.now();
    for (let i = 0; i < requests; i++) {
      const minute = formatTime(new Date(start.getTime() + i * 60_000));
      const records = Array.from({ length: perRequest / 2 }, (_, line) =>
        (['in', 'out'] as const).map((direction) => ({ cameraId: box.cameraIds[line % box.cameraIds.length], line: `line-${line}`, direction, minute, count: (i + line) % 40 })),
      ).flat();
      const started = performance.now();
      const res = await built.app.inject({
        method: 'POST',
        url: '/api/ingest/flow',
        headers: { 'content-type': 'application/json', 'x-box-id': String(box.boxId), 'x-box-secret': box.secret },
        payload: JSON.stringify({ records }),
      });
      times.push(performance.now() - started);
      const body = JSON.parse(res.body);
      if (body.code !== 0) throw new Error(`flow ingest: ${res.body.slice(0, 200)}`);
    }
    const seconds = (performance.now() - begun) / 1000;
    return {
      database: built.database.kind,
      requests,
      recordsPerRequest: perRequest,
      recordsPerSecond: Math.round((requests * perRequest) / seconds),
      requestMs: { p50: percentile(times, 50), p95: percentile(times, 95) },
    };
  } finally {
    await built.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

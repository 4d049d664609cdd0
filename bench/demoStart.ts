// The demo's first minute and its idle cost (issue 35: "within a minute of `npm start` a newcomer sees the camera
// live, boxes drawn on people, and real alarms with clips arriving"; "on the idle demo it costs at most a quarter of
// one core"). `npm start` is `node server/main.ts --build-console`: the console build (into dist/, as npm start
// writes it) runs beside a new site's seeding when the machine has the memory (server/consoleBuild.ts). The server is
// started exactly so — an empty data directory, the simulated boxes, the retrieval index and the in-process edge
// box all on — and timed from its start (npm start's) to: listening (database created and seeded), the demo video built, the demo camera reported live, the first live
// fragment through the platform's relay, the camera playing in the video centre in Chromium, the in-process box's
// first real alarm, and that alarm's clip. Then, nobody signed in (the browser closed), the server's CPU — every
// thread and its ffmpeg children — over a window after the first minute; then the same server on the same data
// directory started again with EDGE=off, over a window as long: the difference is the in-process box's cost.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildBeside } from '../server/consoleBuild.ts';
import { DEMO_EDGE_BOX_FILE, type DemoEdgeBoxCredentials } from '../server/db/seed/demoEdgeBox.ts';
import { ffmpegPath } from '../server/media/ffmpeg.ts';
import { benchPort, CHROMIUM_ARGS, loadAverage } from './benchServer.ts';
import { sleep } from './edge.ts';
import { type IdleFigures, measureIdle, treeCpuMeter } from './processCpu.ts';
import { LIVE_CHROMIUM } from './liveLatencyBrowser.ts';

/** When (ms after the server's start) and after how much CPU work of the server and its children (ms). */
export interface Mark {
  ms: number;
  cpuMs: number;
}

export interface DemoStartFigures {
  /** How npm start built the console: beside the seeding, first (too little memory), or not at all (BENCH_DEMO_BUILD=off). */
  consoleBuild: 'beside' | 'first' | 'off';
  /** From `node server/main.ts --build-console` on an empty data directory (null: not reached within the limit): */
  serverListening: Mark;
  demoVideoBuilt: Mark | null;
  /** ffmpeg's own CPU building the demo video (the server's log line). */
  demoVideoCpuMs: number | null;
  cameraLive: Mark | null;
  firstLiveFragment: Mark | null;
  playingInChromium: Mark | null;
  firstAlarm: Mark | null;
  firstClip: Mark | null;
  loadAverage: { atStart: number; atFirstAlarm: number | null };
  idle: IdleFigures;
  idleWithoutEdge: IdleFigures;
  /** idle − idleWithoutEdge: what the in-process box costs on the idle demo (budget 25 % of one core). */
  edgeBoxPercentOfCore: number;
}

const LIMIT_MS = Number(process.env.BENCH_DEMO_LIMIT_SECONDS ?? 240) * 1000;
const IDLE_MS = Number(process.env.BENCH_DEMO_IDLE_SECONDS ?? 90) * 1000;
const ADMIN = { username: 'admin', password: 'Argus@2026' };

function localDay(d = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

interface Server {
  child: ChildProcess;
  base: string;
  lines: { at: number; text: string }[];
  listening: Promise<number>;
  stop(): Promise<void>;
}

function startServer(port: number, dataDir: string, env: NodeJS.ProcessEnv, args: string[] = []): Server {
  const started = performance.now();
  // As `npm start` runs it: every default (simulated boxes, retrieval index, the in-process box, the request log).
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'SIMULATOR', 'SIMULATOR_CLIPS', 'EDGE', 'EDGE_MEDIA_DIR', 'RETRIEVAL_INDEX', 'LOG_LEVEL', 'SEED_HISTORY_DAYS', 'STATIC_DIR']) delete base[name];
  const child = spawn(process.execPath, ['server/main.ts', ...args], {
    env: { ...base, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Server['lines'] = [];
  let rest = '';
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      rest += chunk.toString();
      const parts = rest.split('\n');
      rest = parts.pop() ?? '';
      for (const text of parts) {
        const at = performance.now() - started;
        lines.push({ at, text });
        if (text.includes('Argus is running')) resolve(at);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    lines,
    listening,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function api<T>(base: string, path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<{ code: number; data: T; msg: string }> {
  const res = await fetch(`${base}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { token, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return (await res.json()) as { code: number; data: T; msg: string };
}

/** The first media fragment (a moof) of a live ticket, or null after `ms`. */
async function firstFragment(base: string, token: string, cameraId: number, ms: number): Promise<boolean> {
  const opened = await api<{ url: string }>(base, '/video/live/open', token, { method: 'POST', body: { cameraId } });
  if (opened.code !== 0) return false;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    const res = await fetch(`${base}${opened.data.url}`, { signal: controller.signal });
    if (!res.ok || !res.body) return false;
    const reader = res.body.getReader();
    let seen = Buffer.alloc(0);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      seen = Buffer.concat([seen, value]);
      if (seen.includes('moof')) return true;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** The demo camera's alarms since the start (today's, as the video centre's day answers them). */
async function boxAlarms(base: string, token: string, cameraId: number, since: number): Promise<number> {
  const day = await api<{ alarms: { alarmTime: string }[] }>(base, `/video/day?cameraId=${cameraId}&day=${localDay()}`, token);
  return day.code === 0 ? day.data.alarms.filter((a) => new Date(a.alarmTime.replace(' ', 'T')).getTime() >= since - 1000).length : 0;
}

/** A browser signed in (a newcomer's browser is open before the camera is): `play` opens the demo camera's live
 *  view and resolves when its video has played a second. */
async function signedInBrowser(base: string): Promise<{ play(cameraId: number, limitMs: number): Promise<boolean>; close(): Promise<void> } | null> {
  if (!existsSync(LIVE_CHROMIUM)) return null;
  const browser = await chromium.launch({ executablePath: LIVE_CHROMIUM, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${base}/login`);
  await page.locator('input[autocomplete="username"]').fill(ADMIN.username);
  await page.locator('input[autocomplete="current-password"]').fill(ADMIN.password);
  await page.locator('input[autocomplete="current-password"]').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return {
    async play(cameraId, limitMs) {
      try {
        await page.goto(`${base}/videoPlayCenter?camera=${cameraId}&view=live`);
        await page.waitForFunction(() => ((globalThis as unknown as { document: { querySelector(s: 'video'): { currentTime: number } | null } }).document.querySelector('video')?.currentTime ?? 0) > 1, undefined, { timeout: limitMs });
        return true;
      } catch {
        return false;
      }
    },
    close: () => browser.close(),
  };
}

export async function measureDemoStart(): Promise<DemoStartFigures | string> {
  if (!ffmpegPath()) return 'not measured (no ffmpeg binary)';
  const consoleBuild = process.env.BENCH_DEMO_BUILD === 'off' ? 'off' : buildBeside() ? 'beside' : 'first';
  if (consoleBuild === 'off' && !existsSync('dist/index.html')) return 'not measured (needs dist/: npm run build)';
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-demo-'));
  const port = benchPort(43);
  const atStart = loadAverage();
  let server = startServer(port, dataDir, {}, consoleBuild === 'off' ? [] : ['--build-console']);
  const t0 = performance.now();
  const startedAt = Date.now();
  const meter = treeCpuMeter(server.child.pid!);
  const mark = (): Mark => ({ ms: Math.round(performance.now() - t0), cpuMs: meter.now().totalMs });
  const since = () => performance.now() - t0;
  let browser: Promise<Awaited<ReturnType<typeof signedInBrowser>>> | null = null;
  try {
    await server.listening;
    const serverListening = mark();
    const login = (await (
      await fetch(`${server.base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
    ).json()) as { token: string };
    const token = login.token;
    const box = JSON.parse(readFileSync(join(dataDir, DEMO_EDGE_BOX_FILE), 'utf8')) as DemoEdgeBoxCredentials;
    const cameraId = box.cameraIds[0];
    const marks: { video?: Mark; live?: Mark; fragment?: Mark; playing?: Mark | null; alarm?: Mark; clip?: Mark; loadAtAlarm?: number } = {};
    browser = signedInBrowser(server.base).catch(() => null);
    let playing: Promise<void> | null = null;
    let fragment: Promise<void> | null = null;
    while (since() < LIMIT_MS && (marks.playing === undefined || marks.alarm === undefined || marks.clip === undefined)) {
      if (marks.video === undefined && server.lines.some((l) => /edge: demo video built in/.test(l.text))) marks.video = mark();
      if (marks.live === undefined) {
        const states = await api<{ list: { stream: { state: string } | null }[] }>(server.base, '/device/streamStates', token, { method: 'POST', body: { cameraIds: [cameraId] } });
        if (states.data?.list?.[0]?.stream?.state === 'live') marks.live = mark();
      }
      if (marks.live !== undefined && !fragment) {
        fragment = (async () => {
          while (!(await firstFragment(server.base, token, cameraId, 10_000)) && since() < LIMIT_MS) await sleep(500);
          if (since() < LIMIT_MS) marks.fragment = mark();
        })();
      }
      if (marks.live !== undefined && !playing) {
        playing = (async () => {
          const b = await browser;
          marks.playing = b && (await b.play(cameraId, Math.max(1000, LIMIT_MS - since()))) ? mark() : null;
        })();
      }
      const day = await api<{ spans: { alarmId: number | null }[]; alarms: { id: number; alarmTime: string }[] }>(server.base, `/video/day?cameraId=${cameraId}&day=${localDay()}`, token);
      if (day.code === 0) {
        // The box's own alarms: those after this start (a seeded history has none on this camera, but it could).
        const fresh = new Set(day.data.alarms.filter((a) => new Date(a.alarmTime.replace(' ', 'T')).getTime() >= startedAt - 1000).map((a) => a.id));
        if (marks.alarm === undefined && fresh.size > 0) {
          marks.alarm = mark();
          marks.loadAtAlarm = loadAverage();
        }
        if (marks.clip === undefined && day.data.spans.some((s) => s.alarmId !== null && fresh.has(s.alarmId))) marks.clip = mark();
      }
      await sleep(250);
    }
    await Promise.all([fragment, playing]);
    await (await browser)?.close();
    browser = null;
    const videoLine = server.lines.find((l) => /edge: demo video built in/.test(l.text))?.text;
    const videoCpu = videoLine ? /\((\d+) ms of CPU\)/.exec(videoLine)?.[1] : undefined;
    // Idle: after the first minute, nobody signed in (the browser is closed; sessions only expire).
    await sleep(Math.max(0, 60_000 - since()));
    const alarmsBefore = await boxAlarms(server.base, token, cameraId, startedAt);
    const idle = await measureIdle(server.child.pid!, IDLE_MS);
    const states = await api<{ list: { stream: { decodedFps?: number } | null }[] }>(server.base, '/device/streamStates', token, { method: 'POST', body: { cameraIds: [cameraId] } });
    idle.decodedFps = states.data?.list?.[0]?.stream?.decodedFps ?? null;
    idle.alarms = (await boxAlarms(server.base, token, cameraId, startedAt)) - alarmsBefore;
    meter.stop();
    await server.stop();
    server = startServer(port, dataDir, { EDGE: 'off' });
    await server.listening;
    await sleep(30_000);
    const idleWithoutEdge = await measureIdle(server.child.pid!, IDLE_MS);
    return {
      consoleBuild,
      serverListening,
      demoVideoBuilt: marks.video ?? null,
      demoVideoCpuMs: videoCpu ? Number(videoCpu) : null,
      cameraLive: marks.live ?? null,
      firstLiveFragment: marks.fragment ?? null,
      playingInChromium: marks.playing ?? null,
      firstAlarm: marks.alarm ?? null,
      firstClip: marks.clip ?? null,
      loadAverage: { atStart, atFirstAlarm: marks.loadAtAlarm ?? null },
      idle,
      idleWithoutEdge,
      edgeBoxPercentOfCore: Math.round((idle.totalPercentOfCore - idleWithoutEdge.totalPercentOfCore) * 10) / 10,
    };
  } finally {
    meter.stop();
    await (await browser)?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(JSON.stringify(await measureDemoStart(), null, 2));

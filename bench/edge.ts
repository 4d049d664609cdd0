// The edge box (issue 35; ARCHITECTURE.md budgets): CPU per camera and for 4 cameras on this machine, memory per
// camera, and event → alarm on a console. A real platform (the demo site, its edge box's camera cloned to N cameras,
// all on the demo video: 1280×720, 25 fps, H.264, detection at 2/s on the two demo events) and the real box in a
// process of its own (bench/edgeRun.ts); a console connected to the platform's alarm websocket.
// - CPU: user + system time of the box process and its ffmpeg children over the run, in % of one core and of the
//   machine (2 cores), after a warm-up (the detector's model load is not counted).
// - Memory: resident memory of the box process plus its ffmpeg children at the end; per camera = (4 − 1)/3.
// - Event → alarm: from the moment the box had decoded the frame the rule fired on to the alarm's arrival at the
//   console. The event itself happened up to one detection interval (0.5 s) before that frame was taken; that
//   interval is not in the figure and is said beside it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { DEMO_EDGE_BOX_FILE, type DemoEdgeBoxCredentials } from '../server/db/seed/demoEdgeBox.ts';
import { DEMO_VIDEO_NAME, writeDemoVideo } from '../server/media/demoVideo.ts';
import { ffmpegPath } from '../server/media/ffmpeg.ts';
import { benchPort, loadAverage, startBenchServer } from './benchServer.ts';
import { cpuMs } from './machineLoad.ts';
import { percentile } from './stats.ts';

export interface EdgeRunFigures {
  cameras: number;
  seconds: number;
  /** Box process + ffmpeg children, % of one core; and of the whole machine's cores. */
  cpuPercentOfCore: number;
  cpuPercentOfMachine: number;
  cpuPercentPerCamera: number;
  rssMb: number;
  decodedFps: number[];
  analysedFps: number[];
  alarms: number;
  loadAverage: number;
}

export interface EdgeFigures {
  one: EdgeRunFigures;
  four: EdgeRunFigures;
  memoryPerCameraMb: number;
  eventToConsoleMs: { samples: number; p50: number; p95: number; max: number };
  detectionIntervalMs: number;
  cores: number;
}

const WARMUP_MS = 20_000;
const RUN_MS = Number(process.env.BENCH_EDGE_SECONDS ?? 90) * 1000;
const CACHE = join(tmpdir(), 'argus-bench-edge');

/** The demo video at the demo camera's size, built once per machine (about 5 s of one core). */
async function demoVideo(): Promise<string> {
  const file = join(CACHE, DEMO_VIDEO_NAME);
  if (!existsSync(file)) {
    mkdirSync(CACHE, { recursive: true });
    await writeDemoVideo(file);
  }
  return file;
}

/** A seeded demo site whose edge box runs `cameras` copies of the demo camera, each on the demo video, or on
 *  `stream` when given. */
export async function prepare(cameras: number, video: string, stream?: { url: string; transport: 'udp' }): Promise<{ dataDir: string; box: DemoEdgeBoxCredentials }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-edge-'));
  const built = await buildApp({ ...configFromEnv({}), dataDir, databaseUrl: undefined, staticDir: undefined, logLevel: 'silent', historyDays: 0, retrievalIndex: { enabled: false, pollMs: 2000, searchEmbedLimit: 50 } });
  const box = JSON.parse(readFileSync(join(dataDir, DEMO_EDGE_BOX_FILE), 'utf8')) as DemoEdgeBoxCredentials;
  mkdirSync(join(dataDir, 'media', 'demo'), { recursive: true });
  cpSync(video, join(dataDir, 'media', 'demo', DEMO_VIDEO_NAME));
  const db = built.database.db;
  const seeded = await db.selectFrom('devices').selectAll().where('id', '=', box.cameraIds[0]).executeTakeFirstOrThrow();
  const events = await db.selectFrom('deviceEventConfigs').selectAll().where('deviceId', '=', seeded.id).execute();
  const assignment = await db.selectFrom('edgeBoxAssignments').selectAll().where('deviceId', '=', seeded.id).executeTakeFirstOrThrow();
  for (let i = 1; i < cameras; i++) {
    const { id: _id, ...device } = seeded;
    const copy = await db
      .insertInto('devices')
      .values({ ...device, name: `${seeded.name} ${i + 1}`, serialnumber: `BENCH-EDGE-${i + 1}` } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const { id: _eid, ...e } of events) await db.insertInto('deviceEventConfigs').values({ ...e, deviceId: copy.id } as never).execute();
    const { id: _aid, ...a } = assignment as typeof assignment & { id?: number };
    await db.insertInto('edgeBoxAssignments').values({ ...a, deviceId: copy.id } as never).execute();
    box.cameraIds.push(copy.id);
  }
  if (stream) await db.updateTable('devices').set({ rtspUrl: stream.url, streamTransport: stream.transport }).where('id', 'in', box.cameraIds).execute();
  await built.close();
  return { dataDir, box };
}

/** The box process and every process under it (its ffmpeg pulls). */
export function tree(pid: number): number[] {
  try {
    const children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
    return [pid, ...children.flatMap(tree)];
  } catch {
    return [pid];
  }
}

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** CPU of a process tree over a span: each process's time since it was first seen (processes may come and go). */
function cpuMeter(root: number) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = () => {
    for (const pid of tree(root)) {
      try {
        const ms = cpuMs(pid);
        if (!first.has(pid)) first.set(pid, ms);
        last.set(pid, ms);
      } catch {
        // ended between the listing and the reading
      }
    }
  };
  sample();
  const timer = setInterval(sample, 1000);
  return {
    stop(): number {
      clearInterval(timer);
      sample();
      let total = 0;
      for (const [pid, end] of last) total += end - (first.get(pid) ?? end);
      return total;
    },
  };
}

export interface BoxLine {
  type: string;
  cameraId?: number;
  trackId?: number;
  reason?: string;
  frameAt?: number;
  kind?: 'frame' | 'live';
  ms?: number;
  reports?: { decodedFps?: number; analysedFps?: number }[];
}

/** The box in a process of its own (bench/edgeRun.ts), its JSON lines gathered as they come. */
export function startBox(base: string, box: DemoEdgeBoxCredentials, dataDir: string, extra: string[] = []): { edge: ChildProcess; lines: BoxLine[] } {
  const lines: BoxLine[] = [];
  const edge = spawn(process.execPath, ['bench/edgeRun.ts', base, String(box.boxId), box.secret, join(dataDir, 'edge'), join(dataDir, 'media'), ...extra], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let rest = '';
  edge.stdout!.on('data', (chunk: Buffer) => {
    rest += chunk.toString();
    const parts = rest.split('\n');
    rest = parts.pop() ?? '';
    for (const p of parts) if (p.trim()) lines.push(JSON.parse(p) as BoxLine);
  });
  return { edge, lines };
}

/** SIGTERM, and the box's exit (it prints its last reports first). */
export async function stopBox(edge: ChildProcess): Promise<void> {
  const done = new Promise((r) => edge.once('exit', r));
  edge.kill('SIGTERM');
  await done;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runOnce(cameras: number, video: string, port: number, latencies: number[]): Promise<EdgeRunFigures> {
  const { dataDir, box } = await prepare(cameras, video);
  const server = await startBenchServer(port, { STATIC_DIR: '' }, dataDir);
  let edge: ChildProcess | null = null;
  let socket: WebSocket | null = null;
  let pinger: NodeJS.Timeout | undefined;
  try {
    const login = (await (
      await fetch(`${server.base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'operator', password: 'Operator@2026' }) })
    ).json()) as { token: string; userinfo: { id: number } };
    // The console: alarm arrivals by camera, track and reason (what the box logged them by).
    const arrivals = new Map<string, number>();
    socket = new WebSocket(`ws://127.0.0.1:${port}/websocket/${Date.now()}_${login.userinfo.id}?token=${login.token}`);
    // The hub closes a console silent for a minute (as the console does, it pings).
    pinger = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ type: 'ping' })), 15_000);
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data));
      if (message.type === 'hello') socket?.send(JSON.stringify({ type: 'ping' }));
      if (message.type !== 'alarm') return;
      const a = message.data.attributes ?? {};
      arrivals.set(`${message.data.cameraId}/${a.trackId}/${a.reason}`, Date.now());
    });
    const running = startBox(server.base, box, dataDir);
    edge = running.edge;
    const lines = running.lines;
    await sleep(WARMUP_MS);
    const meter = cpuMeter(edge.pid!);
    const started = performance.now();
    const alarmsBefore = lines.filter((l) => l.type === 'alarm').length;
    await sleep(RUN_MS);
    const cpu = meter.stop();
    const wall = performance.now() - started;
    const rss = tree(edge.pid!).reduce((n, pid) => n + rssKb(pid), 0) / 1024;
    await stopBox(edge);
    for (const l of lines.filter((x) => x.type === 'alarm')) {
      const at = arrivals.get(`${l.cameraId}/${l.trackId}/${l.reason}`);
      if (at !== undefined && l.frameAt) latencies.push(at - l.frameAt);
    }
    const reports = lines.find((l) => l.type === 'reports')?.reports ?? [];
    const ofCore = Math.round((cpu / wall) * 1000) / 10;
    return {
      cameras,
      seconds: Math.round(wall / 1000),
      cpuPercentOfCore: ofCore,
      cpuPercentOfMachine: Math.round((ofCore / 2) * 10) / 10,
      cpuPercentPerCamera: Math.round((ofCore / cameras) * 10) / 10,
      rssMb: Math.round(rss),
      decodedFps: reports.map((r) => r.decodedFps ?? 0),
      analysedFps: reports.map((r) => r.analysedFps ?? 0),
      alarms: lines.filter((l) => l.type === 'alarm').length - alarmsBefore,
      loadAverage: loadAverage(),
    };
  } finally {
    if (edge && edge.exitCode === null) edge.kill('SIGKILL');
    clearInterval(pinger);
    socket?.close();
    await server.stop();
  }
}

/** The demo video, or null without an ffmpeg binary. */
export async function benchDemoVideo(): Promise<string | null> {
  return ffmpegPath() ? demoVideo() : null;
}

export async function measureEdge(): Promise<EdgeFigures | null> {
  if (!ffmpegPath()) return null;
  const video = await demoVideo();
  const latencies: number[] = [];
  const one = await runOnce(1, video, benchPort(40), latencies);
  const four = await runOnce(4, video, benchPort(41), latencies);
  return {
    one,
    four,
    memoryPerCameraMb: Math.round(((four.rssMb - one.rssMb) / 3) * 10) / 10,
    eventToConsoleMs: { samples: latencies.length, p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: percentile(latencies, 100) },
    detectionIntervalMs: 500,
    cores: 2,
  };
}

if (import.meta.main) {
  const figures = await measureEdge();
  console.log(JSON.stringify(figures, null, 2));
}

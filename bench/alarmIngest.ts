// Alarm ingest → console latency: the server (node server/main.ts, its own process) takes 500 alarms/s for 30 s
// from 50 simulated boxes while 20 websocket consoles are connected; figures: ingest-to-client latency
// p50/p95/max, alarms lost (acknowledged by the ingest but not received by every console), server memory. Run with
// target retrieval's background index loop off and on (RETRIEVAL_INDEX): the loop embeds the alarms while they arrive,
// and on a loaded machine (busyCores: processes the bench keeps spinning beside the server).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { hashToken } from '../server/auth/tokens.ts';
import { configFromEnv } from '../server/config.ts';
import { type BoxCredentials, drawSnapshots, type PostResult, runSimulator } from '../server/simulator/edgeBox.ts';
import { benchPort, rssMb } from './benchServer.ts';
import { cpuMs, runWaitMs, spinCores } from './machineLoad.ts';
import { percentile } from './stats.ts';

export interface IngestFigures {
  database: 'pglite' | 'postgres';
  /** Target retrieval's background index loop ran in the server. */
  retrievalIndex: boolean;
  /** Alarms it embedded during the run (0 when off). */
  indexedAlarms: number;
  rate: number;
  seconds: number;
  consoles: number;
  sent: number;
  acknowledged: number;
  refused: Record<string, number>;
  latencyMs: { p50: number; p95: number; max: number };
  /** Alarms sent in the first START_SECONDS of the run, and those sent after. */
  latencyStartMs: { p95: number; max: number };
  latencySteadyMs: { p50: number; p95: number };
  ingestMs: { p50: number; p95: number };
  lost: number;
  duplicates: number;
  serverRssMb: { start: number; max: number };
  /** Server CPU time over the run, in percent of one core: all its threads, and its main (event loop) thread. */
  serverCpuPercent: number;
  serverMainThreadCpuPercent: number;
  /** Share of the run the server's event-loop thread was ready to run but waiting for a CPU (schedstat). */
  serverMainThreadWaitPercent: number;
  /** Processes spinning on a CPU beside the server for the whole run (a loaded machine), started by the bench. */
  busyCores: number;
  /** Their niceness: 0, the server's own priority; 19, batch work (a build, a training run) set below the server. */
  busyNice: number;
}

const PORT = benchPort(21);
const RATE = 500;
const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 30);
const CONSOLES = 20;
/** Alarms sent in the first seconds of the run are reported apart (latencyStartMs) as well as in the whole. */
const START_SECONDS = 3;
const TYPES = [16, 8, 13, 10, 1009, 1020, 1003].map((id) => ({ id, weight: 1 }));
const BOXES = 50; // 10 alarms/s each: under the server's 20/s per box even when the load generator catches up after a stall

/** A data directory (or PostgreSQL database) seeded with the demo site plus BOXES boxes of one camera each. */
async function prepare(databaseUrl: string | undefined): Promise<{ dataDir: string; boxes: BoxCredentials[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-ingest-'));
  const built = await buildApp({ ...configFromEnv({}), dataDir, databaseUrl, staticDir: undefined, logLevel: 'silent', retrievalIndex: { enabled: false, pollMs: 2000, searchEmbedLimit: 50 } });
  const boxes: BoxCredentials[] = [];
  for (let i = 0; i < BOXES; i++) {
    const secret = randomBytes(24).toString('base64url');
    const box = await built.database.db
      .insertInto('edgeBoxes')
      .values({ name: `bench box ${i}`, serialNumber: `BENCH-${i}-${randomBytes(3).toString('hex')}`, secretHash: hashToken(secret) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const camera = await built.database.db
      .insertInto('devices')
      .values({ name: `bench camera ${i}`, kind: 'normal', boxId: box.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    boxes.push({ boxId: box.id, secret, cameraIds: [camera.id] });
  }
  await built.close();
  return { dataDir, boxes };
}

async function startServer(dataDir: string, databaseUrl: string | undefined, retrievalIndex: boolean): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    STATIC_DIR: '',
    SIMULATOR: 'off', EDGE: 'off',
    RETRIEVAL_INDEX: retrievalIndex ? 'on' : 'off',
    RETRIEVAL_INDEX_POLL_MS: '500',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (to find the cost per alarm).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_SERVER_SESSION=own: the server in a session of its own (setsid), as one started from its own terminal or
  // as a service is; the kernel shares the CPU between sessions before their processes (README, "Running beside
  // other work"). By default it shares the bench's session, with the load the bench makes: the harder case.
  const ownSession = process.env.BENCH_SERVER_SESSION === 'own';
  const child = spawn(process.execPath, [...profile, 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'], detached: ownSession });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Argus is running') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

interface Console {
  socket: WebSocket;
  seqs: Set<number>;
  duplicates: number;
}

async function openConsole(url: string, latencies: number[], sentAts: number[]): Promise<Console> {
  const socket = new WebSocket(url);
  const c: Console = { socket, seqs: new Set(), duplicates: 0 };
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    if (message.type === 'hello') socket.send(JSON.stringify({ type: 'ping' }));
    if (message.type !== 'alarm') return;
    const sentAt = message.data.attributes.benchT as number | undefined;
    if (sentAt !== undefined) {
      latencies.push(performance.now() - sentAt);
      sentAts.push(sentAt);
    }
    if (c.seqs.has(message.seq)) c.duplicates += 1;
    c.seqs.add(message.seq);
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('websocket failed')), { once: true });
  });
  return c;
}

export async function measureAlarmIngest(databaseUrl?: string, retrievalIndex = false, busyCores = 0, busyNice = 0): Promise<IngestFigures> {
  const { dataDir, boxes } = await prepare(databaseUrl);
  const child = await startServer(dataDir, databaseUrl, retrievalIndex);
  let stopSpinning = async () => {};
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const login = (await (
      await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'operator', password: 'Operator@2026' }),
      })
    ).json()) as { token: string; userinfo: { id: number } };
    const latencies: number[] = [];
    const sentAts: number[] = [];
    const consoles = await Promise.all(
      Array.from({ length: CONSOLES }, () => openConsole(`ws://127.0.0.1:${PORT}/websocket/${Date.now()}_${login.userinfo.id}?token=${login.token}`, latencies, sentAts)),
    );
    // A box has its snapshot in hand when it reports: drawn before the clock starts, not while the first alarms wait.
    drawSnapshots(TYPES);
    stopSpinning = spinCores(busyCores, busyNice);
    const rssStart = rssMb(child.pid!);
    const cpuStart = cpuMs(child.pid!);
    const mainCpuStart = cpuMs(child.pid!, true);
    const mainWaitStart = runWaitMs(child.pid!);
    const started = performance.now();
    let rssMax = rssStart;
    const sampler = setInterval(() => {
      rssMax = Math.max(rssMax, rssMb(child.pid!));
    }, 500);

    const acknowledged = new Set<number>();
    const refused: Record<string, number> = {};
    const ingestMs: number[] = [];
    let sent = 0;
    const sim = runSimulator({
      url: base,
      boxes,
      rate: RATE,
      duration: SECONDS,
      types: TYPES,
      attributes: () => ({ benchT: performance.now() }),
      onResult(r: PostResult) {
        sent += 1;
        ingestMs.push(r.ms);
        if (r.ok) acknowledged.add(r.seq!);
        else refused[String(r.code)] = (refused[String(r.code)] ?? 0) + 1;
      },
    });
    await sim.done;
    const elapsedMs = performance.now() - started;
    const percentOfRun = (ms: number) => Math.round((ms / elapsedMs) * 100);
    const serverCpuPercent = percentOfRun(cpuMs(child.pid!) - cpuStart);
    const serverMainThreadCpuPercent = percentOfRun(cpuMs(child.pid!, true) - mainCpuStart);
    const serverMainThreadWaitPercent = percentOfRun(runWaitMs(child.pid!) - mainWaitStart);
    await stopSpinning();
    // Let the consoles drain what is still queued for them.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && consoles.some((c) => [...acknowledged].some((s) => !c.seqs.has(s)))) {
      await new Promise((r) => setTimeout(r, 200));
    }
    clearInterval(sampler);
    rssMax = Math.max(rssMax, rssMb(child.pid!));
    // The first seconds apart: the server meets the load cold (its code not yet optimised, its caches empty), and
    // the queue that builds then takes a while to drain.
    const startLatencies = latencies.filter((_, i) => sentAts[i] - started < START_SECONDS * 1000);
    const steadyLatencies = latencies.filter((_, i) => sentAts[i] - started >= START_SECONDS * 1000);
    const lost = consoles.reduce((n, c) => n + [...acknowledged].filter((s) => !c.seqs.has(s)).length, 0);
    for (const c of consoles) c.socket.close(1000);
    await stopServer(child);
    const indexedAlarms = retrievalIndex ? await countIndexed(dataDir, databaseUrl) : 0;
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      retrievalIndex,
      indexedAlarms,
      rate: RATE,
      seconds: SECONDS,
      consoles: CONSOLES,
      sent,
      acknowledged: acknowledged.size,
      refused,
      latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: percentile(latencies, 100) },
      latencyStartMs: { p95: percentile(startLatencies, 95), max: percentile(startLatencies, 100) },
      latencySteadyMs: { p50: percentile(steadyLatencies, 50), p95: percentile(steadyLatencies, 95) },
      ingestMs: { p50: percentile(ingestMs, 50), p95: percentile(ingestMs, 95) },
      lost,
      duplicates: consoles.reduce((n, c) => n + c.duplicates, 0),
      serverRssMb: { start: rssStart, max: rssMax },
      serverCpuPercent,
      serverMainThreadCpuPercent,
      serverMainThreadWaitPercent,
      busyCores,
      busyNice,
    };
  } finally {
    await stopSpinning();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Alarms the index loop embedded while the server ran: every stored alarm with a snapshot starts in its backlog
 *  (the seeded history too), so those no longer there were embedded. Read after the server stopped. */
async function countIndexed(dataDir: string, databaseUrl: string | undefined): Promise<number> {
  const built = await buildApp({
    ...configFromEnv({}),
    dataDir,
    databaseUrl,
    staticDir: undefined,
    logLevel: 'silent',
    resourceSampleSeconds: 0,
    retrievalIndex: { enabled: false, pollMs: 2000, searchEmbedLimit: 50 },
  });
  try {
    const row = await built.database.db
      .selectFrom('alarms')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('imagePath', 'is not', null)
      .where('deletedAt', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('embeddingBacklog').select('alarmId').whereRef('embeddingBacklog.alarmId', '=', 'alarms.id'))))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await built.close();
  }
}


// Cold start of the server on a fresh embedded database (DATABASE_URL is cleared), its memory after start, and
// API round trips.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from './stats.ts';
import { benchPort, rssMb } from './benchServer.ts';

export interface StartupFigures {
  coldStartMs: number;
  warmStartMs: number;
  rssAfterStartMb: number;
  /** Peak RSS while the embedded database was created and seeded (VmHWM). */
  rssPeakColdMb: number;
  /** RSS of a warm start (existing data dir) after 5 s idle, and after 300 API reads. */
  rssIdleWarmMb: number;
  /** The same, with RETRIEVAL_INDEX=off (no feature worker embedding the seeded history). */
  rssIdleWarmIndexOffMb: number;
  rssAfterReadsMb: number;
  loginMs: { p50: number; p95: number; n: number };
  navMs: { p50: number; p95: number; n: number };
}

const PORT = benchPort(9);

async function startServer(dataDir: string, extraEnv: Record<string, string> = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATIC_DIR: '', SIMULATOR: 'off', EDGE: 'off', DATABASE_URL: '', ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Argus is running') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, ms: performance.now() - started };
}

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${PORT}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<Record<string, any>>;
}

function hwmMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024);
}

export async function measureStartup(): Promise<StartupFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-'));
  try {
    const cold = await startServer(dataDir);
    const rss = rssMb(cold.child.pid!);
    const peak = hwmMb(cold.child.pid!);
    const login: number[] = [];
    const nav: number[] = [];
    let token = '';
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      const res = await post('/user/login', { username: 'admin', password: 'Argus@2026' });
      login.push(performance.now() - t);
      token = res.token;
    }
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await post('/user/nav', {}, token);
      nav.push(performance.now() - t);
    }
    cold.child.kill('SIGTERM');
    await new Promise((r) => cold.child.once('exit', r));
    const warm = await startServer(dataDir);
    await new Promise((r) => setTimeout(r, 5000));
    const idle = rssMb(warm.child.pid!);
    const warmToken = (await post('/user/login', { username: 'admin', password: 'Argus@2026' })).token;
    for (let i = 0; i < 150; i++) {
      await post('/user/nav', {}, warmToken);
      await post('/user/queryUserList', { pageNum: 1, pageSize: 20 }, warmToken);
    }
    const afterReads = rssMb(warm.child.pid!);
    warm.child.kill('SIGTERM');
    await new Promise((r) => warm.child.once('exit', r));
    // The same idle without target retrieval's index loop: after a first start it embeds the seeded history in the
    // background, and its feature worker (the model) is part of the process's memory until it has been idle a while.
    const plain = await startServer(dataDir, { RETRIEVAL_INDEX: 'off' });
    await new Promise((r) => setTimeout(r, 5000));
    const idleWithoutIndex = rssMb(plain.child.pid!);
    plain.child.kill('SIGTERM');
    await new Promise((r) => plain.child.once('exit', r));
    return {
      coldStartMs: Math.round(cold.ms),
      warmStartMs: Math.round(warm.ms),
      rssAfterStartMb: rss,
      rssPeakColdMb: peak,
      rssIdleWarmMb: idle,
      rssIdleWarmIndexOffMb: idleWithoutIndex,
      rssAfterReadsMb: afterReads,
      loginMs: { p50: percentile(login, 50), p95: percentile(login, 95), n: login.length },
      navMs: { p50: percentile(nav, 50), p95: percentile(nav, 95), n: nav.length },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// One server for a browser measurement: the built console on a fresh embedded database, on a port of its own
// (BENCH_PORT moves the base, so benches on a shared machine do not collide).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The bench's ports: BENCH_PORT (default 18390) plus an offset per measurement. */
export function benchPort(offset: number): number {
  return Number(process.env.BENCH_PORT ?? 18390) + offset;
}

export interface BenchServer {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function canMeasureInBrowser(): boolean {
  return existsSync('dist/index.html') && existsSync(CHROMIUM);
}

// Browser-side benches run their servers without target retrieval's index loop: on a fresh data dir it would be
// embedding the seeded history (a transient of the first minutes), which is not what a page load is measured against.
export async function startBenchServer(port: number, extraEnv: NodeJS.ProcessEnv = {}, preparedDataDir?: string): Promise<BenchServer> {
  // A data directory the caller prepared (seeded and changed before the server starts), or a new one.
  const dataDir = preparedDataDir ?? mkdtempSync(join(tmpdir(), 'argus-bench-web-'));
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATIC_DIR: 'dist', SIMULATOR: 'off', EDGE: 'off', RETRIEVAL_INDEX: 'off', DATABASE_URL: '', ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Argus is running') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

/** The machine's 1-minute load average, noted beside each figure (the machine is shared). */
export function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

// Kill -9 in the middle of ingest: every alarm the server acknowledged is there after a restart, with its seq
// and its snapshot. Runs the real server (node server/main.ts) on a temporary data directory (and a throwaway
// PostgreSQL database when DATABASE_URL is set).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoxCredentials, loadBoxes, postAlarm } from '../../server/simulator/edgeBox.ts';

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let child: ChildProcess | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'argus-kill-'));
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const { default: pg } = await import('pg');
    const name = `argus_kill_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

async function startServer(port: number): Promise<ChildProcess> {
  // No 30 days of seeded history and no background embedding: the first start is the migrations and the demo site,
  // and the crash hits ingest alone.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    SIMULATOR: 'off',
    EDGE: 'off',
    LOG_LEVEL: 'warn',
    SEED_HISTORY_DAYS: '0',
    RETRIEVAL_INDEX: 'off',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const proc = spawn(process.execPath, ['server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 180_000);
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Argus is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.stderr!.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return proc;
}

describe('kill -9 during ingest', () => {
  it('keeps every acknowledged alarm, with its seq and snapshot, across the crash', { timeout: 600_000 }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = await startServer(port);
    const boxes: BoxCredentials[] = loadBoxes(join(dataDir, 'demo-boxes.json'));

    const acked = new Map<number, number>();
    let stop = false;
    const worker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const box = boxes[(n + i) % boxes.length];
        const result = await postAlarm(url, box, [16, 1009, 8, 1020][i % 4]);
        if (result.ok) acked.set(result.id!, result.seq!);
        else if (result.code === 429) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    const deadline = Date.now() + 90_000;
    while (acked.size < 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // Killed with requests in flight: some are never answered, and those may or may not be stored.
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    stop = true;
    await Promise.all(workers);
    expect(acked.size).toBeGreaterThanOrEqual(20);

    child = await startServer(port);
    const login = await fetch(`${url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Argus@2026' }),
    }).then((r) => r.json() as Promise<{ token: string }>);
    const stored = new Map<number, number>();
    let after = 0;
    for (let more = true; more; ) {
      const page = (await fetch(`${url}/api/warn/event/since?afterSeq=${after}&limit=1000`, { headers: { token: login.token } }).then((r) => r.json())) as {
        data: { list: { id: number; seq: number }[]; lastSeq: number; hasMore: boolean };
      };
      for (const a of page.data.list) stored.set(a.id, a.seq);
      after = page.data.lastSeq;
      more = page.data.hasMore;
    }
    const missing = [...acked].filter(([id, seq]) => stored.get(id) !== seq);
    expect(missing).toEqual([]);
    const seqs = [...stored.values()];
    expect(new Set(seqs).size).toBe(seqs.length);
    // Their snapshots survived too.
    for (const id of [...acked.keys()].slice(-10)) {
      const image = await fetch(`${url}/api/warn/event/image/${id}`, { headers: { token: login.token } });
      expect(image.headers.get('content-type')).toBe('image/png');
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    child = null;
  });
});

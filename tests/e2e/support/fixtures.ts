// Every spec imports `test` and `expect` from here (tests/unit/e2eImports.test.ts checks it): each Playwright
// worker starts its own Argus server — the built console and the real API — on its own port and its own copy of
// the seeded demo site, and the tests' baseURL points at it. Workers share nothing, so they run in parallel.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { nodeBinary } from './projectNode.ts';

export { expect };
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, TestInfo } from '@playwright/test';

export interface ArgusServer {
  url: string;
  dataDir: string;
}

/** E2E_PORT: workers listen on E2E_PORT + their index; unset, each takes a port the system has free. */
const BASE_PORT = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : null;
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? 'dist';
/** A server start on a loaded 2-core machine: migrations are done, but the console files and the contract load. */
const START_LIMIT_MS = 120_000;

/**
 * A port nobody listens on: `wanted` if it is free, else a refusal that says so. A port already in use would have
 * the worker's tests talk to another server (another test run's, or one left running) with another site's data.
 */
function freePort(wanted: number | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${wanted} is in use (another test run, or a server left running): stop it, or set E2E_PORT to another base`)
          : error,
      ),
    );
    probe.listen(wanted ?? 0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the e2e server exited with ${server.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/config.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the e2e server did not answer within ${START_LIMIT_MS / 1000} s:\n${output()}`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export const test = base.extend<object, { argusServer: ArgusServer }>({
  argusServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const template = process.env.ARGUS_E2E_TEMPLATE_DIR;
      if (!template) throw new Error('ARGUS_E2E_TEMPLATE_DIR is not set (tests/e2e/support/globalSetup.ts sets it)');
      const root = mkdtempSync(join(tmpdir(), `argus-e2e-w${workerInfo.parallelIndex}-`));
      const dataDir = join(root, 'data');
      cpSync(template, dataDir, { recursive: true });
      const port = await freePort(BASE_PORT === null ? null : BASE_PORT + workerInfo.parallelIndex);
      let log = '';
      const server = spawn(nodeBinary, ['server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          STATIC_DIR,
          DATA_DIR: dataDir,
          // Every test signs in from 127.0.0.1: the sign-in rate limit is raised for the run (its own tests are
          // server tests).
          LOGIN_RATE_PER_ADDRESS: '10000',
          LOGIN_RATE_PER_ACCOUNT: '10000',
          // No clip per simulated alarm (ffmpeg work the specs do not need); the video spec uploads its own.
          SIMULATOR_CLIPS: 'off',
          // No in-process edge box decoding the demo video in every worker (a spec that needs it turns it on).
          EDGE: 'off',
          // No background embedding of the seeded history (an image search embeds what it compares).
          RETRIEVAL_INDEX: 'off',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-20_000);
      };
      server.stdout?.on('data', keep);
      server.stderr?.on('data', (chunk: Buffer) => {
        keep(chunk);
        process.stderr.write(chunk);
      });
      const url = `http://127.0.0.1:${port}`;
      try {
        await waitUntilServing(url, server, () => log);
        // The alarm helpers read the seeded box credentials from the worker's data dir.
        process.env.ARGUS_E2E_DATA_DIR = dataDir;
        await use({ url, dataDir });
      } finally {
        await stop(server);
        rmSync(root, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: START_LIMIT_MS + 30_000 },
  ],
  baseURL: async ({ argusServer }, use) => {
    await use(argusServer.url);
  },
});

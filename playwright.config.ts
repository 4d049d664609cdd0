// Browser tests: the built console (dist/, `npx vite build` first) served by the real server on a fresh database.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT / E2E_STATIC_DIR let two runs share a machine (each with its own build and port).
const PORT = Number(process.env.E2E_PORT ?? 18181);
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? 'dist';
// One fresh data dir per run, named here so the server (serveFreshServer.ts) and the tests (e.g. the edge box
// posting alarms with the seeded credentials) use the same one; workers inherit the variable.
process.env.ARGUS_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'argus-e2e-'));
const DATA_DIR = process.env.ARGUS_E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${PORT}`;
// The project's own Node 24 (the host's may be older); it runs the TypeScript server directly.
const projectNode = resolve('node_modules/.bin/node');
const node = existsSync(projectNode) ? projectNode : process.execPath;

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `"${node}" tests/e2e/support/serveFreshServer.ts`,
    url: `${baseURL}/config.json`,
    // Every test signs in from 127.0.0.1: the sign-in rate limit is raised for the run (its own tests are server tests).
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STATIC_DIR,
      ARGUS_E2E_DATA_DIR: DATA_DIR,
      LOGIN_RATE_PER_ADDRESS: '10000',
      LOGIN_RATE_PER_ACCOUNT: '10000',
    },
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

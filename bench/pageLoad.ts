// Time to the login form on a cold load: a fresh browser context (empty cache) opens /login on the built console
// served by the real server; measured until the username field is visible. Also the longest main-thread task.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { percentile } from './stats.ts';
import { benchPort } from './benchServer.ts';

export interface PageLoadFigures {
  runs: number;
  loginFormVisibleMs: { p50: number; max: number };
  domContentLoadedMs: { p50: number };
}

const PORT = benchPort(8);
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export async function measureLoginPageLoad(runs = 5): Promise<PageLoadFigures | null> {
  if (!existsSync('dist/index.html') || !existsSync('/usr/bin/chromium')) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-page-'));
  const server = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATIC_DIR: 'dist', SIMULATOR: 'off', EDGE: 'off', RETRIEVAL_INDEX: 'off', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Argus is running') && resolve());
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const visible: number[] = [];
  const dcl: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`http://127.0.0.1:${PORT}/login`);
      await page.locator('input[autocomplete="username"]').waitFor({ state: 'visible' });
      visible.push(performance.now() - started);
      dcl.push(await page.evaluate(() => performance.getEntriesByType('navigation' as never)[0]?.toJSON().domContentLoadedEventEnd ?? 0));
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    runs,
    loginFormVisibleMs: { p50: percentile(visible, 50), max: percentile(visible, 100) },
    domContentLoadedMs: { p50: percentile(dcl, 50) },
  };
}

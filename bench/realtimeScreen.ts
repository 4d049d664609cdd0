// The real-time alarm screen under a burst: 200 alarms/s for 10 s pushed into /actualTimeEvent through a routed
// websocket (the console's own socket, answered by the test), in headless Chromium against the built console.
// Reports the longest main-thread task (budget: none over 50 ms) and dropped frames.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { makeAlarm } from '../tests/unit/alarmFixtures.ts';
import { benchPort } from './benchServer.ts';

export interface RealtimeScreenFigures {
  rate: number;
  seconds: number;
  sent: number;
  longestTaskMs: number;
  longTasks: number;
  frames: number;
  droppedFrames: number;
  worstFrameMs: number;
}

const PORT = benchPort(7);
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Marks {
  longest: number;
  long: number;
  frames: number[];
}

export async function measureRealtimeScreen(rate = 200, seconds = 10): Promise<RealtimeScreenFigures | null> {
  if (!existsSync('dist/index.html') || !existsSync('/usr/bin/chromium')) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-bench-rt-'));
  const server = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATIC_DIR: 'dist', SIMULATOR: 'off', EDGE: 'off', RETRIEVAL_INDEX: 'off', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Argus is running') && resolve());
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const base = `http://127.0.0.1:${PORT}`;
    await page.goto(`${base}/login`);
    await page.locator('input[autocomplete="username"]').fill('admin');
    await page.locator('input[autocomplete="current-password"]').fill('Argus@2026');
    await page.locator('input[autocomplete="current-password"]').press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    let sent = 0;
    let release!: () => void;
    const firstPing = new Promise<void>((resolve) => {
      release = resolve;
    });
    const total = rate * seconds;
    const done = new Promise<void>((resolve) => {
      void page.routeWebSocket(/\/websocket\//, (ws) => {
        ws.send(JSON.stringify({ type: 'hello', lastSeq: 0 }));
        ws.onMessage((message) => {
          if (typeof message !== 'string') return;
          if (message.includes('ping')) {
            release();
            if (message.includes('"ping"')) ws.send(JSON.stringify({ type: 'pong' }));
          }
        });
        void firstPing.then(() => {
          const timer = setInterval(() => {
            for (let i = 0; i < rate / 20 && sent < total; i++) {
              sent += 1;
              const id = 100_000 + sent;
              ws.send(JSON.stringify({ type: 'alarm', seq: id, data: makeAlarm(id, { seq: id, eventType: [16, 8, 1009, 5][sent % 4], cameraName: `camera ${sent % 7}` }) }));
            }
            if (sent >= total) {
              clearInterval(timer);
              resolve();
            }
          }, 50);
        });
      });
    });
    await page.goto(`${base}/actualTimeEvent`);
    await page.locator('.alarm-connection[data-status="open"]').waitFor();
    await page.evaluate(() => {
      const w = globalThis as unknown as { __m: Marks };
      w.__m = { longest: 0, long: 0, frames: [] };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          w.__m.long += 1;
          w.__m.longest = Math.max(w.__m.longest, e.duration);
        }
      }).observe({ type: 'longtask' as never });
      // Runs in the page (this file is type-checked without the DOM library).
      const raf = (globalThis as unknown as { requestAnimationFrame(cb: (t: number) => void): number }).requestAnimationFrame;
      const tick = (t: number) => {
        w.__m.frames.push(t);
        raf(tick);
      };
      raf(tick);
    });
    // The console pings on open, which starts the burst; the burst ends when every alarm was sent.
    await done;
    await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
    const m = await page.evaluate(() => (globalThis as unknown as { __m: Marks }).__m);
    const intervals = m.frames.slice(1).map((t, i) => t - m.frames[i]);
    return {
      rate,
      seconds,
      sent,
      longestTaskMs: Math.round(m.longest),
      longTasks: m.long,
      frames: m.frames.length,
      droppedFrames: intervals.reduce((s, d) => s + Math.max(0, Math.round(d / 16.67) - 1), 0),
      worstFrameMs: Math.round(Math.max(0, ...intervals)),
    };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

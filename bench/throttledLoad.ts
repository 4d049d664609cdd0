// Cold signed-in loads under applied throttling: what a phone on a slow link waits for, measured in the browser
// rather than simulated. Lighthouse's mobile figures are Lantern's simulation of a trace taken on this machine
// (unthrottled, over loopback), so a change in the order things happen here moves them; these are timed in a page
// whose network and CPU DevTools slows down (Lighthouse's mobile profile: 150 ms round trip, 1.6 Mbps down,
// 750 kbps up, 4× CPU). Each run is a fresh context (empty cache) with the stored sign-in of a real login; the
// routes take turns. Measured from navigation start: the frame's title on screen, then the screen's heading.
import { chromium } from 'playwright-core';
import { benchPort, CHROMIUM, CHROMIUM_ARGS, canMeasureInBrowser, loadAverage, startBenchServer } from './benchServer.ts';
import { percentile } from './stats.ts';

export const THROTTLING = { latencyMs: 150, downloadKbps: 1_638.4, uploadKbps: 750, cpuSlowdown: 4 };
const ROUTES = ['/historyEvent', '/userConfig'];

export interface ThrottledRoute {
  route: string;
  /** Navigation start → the shell's title painted. */
  frameMs: number[];
  /** Navigation start → the screen's heading painted. */
  screenMs: number[];
  median: { frameMs: number; screenMs: number };
}

export interface ThrottledFigures {
  throttling: typeof THROTTLING;
  runs: number;
  routes: ThrottledRoute[];
  loadAverage: number[];
}

export async function measureThrottledLoads(runs = 3): Promise<ThrottledFigures | null> {
  if (!canMeasureInBrowser()) return null;
  const server = await startBenchServer(benchPort(12));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const routes: ThrottledRoute[] = ROUTES.map((route) => ({ route, frameMs: [], screenMs: [], median: { frameMs: 0, screenMs: 0 } }));
  const load: number[] = [];
  try {
    const answer = await fetch(`${server.base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Argus@2026' }),
    });
    const login = (await answer.json()) as { token: string; loginCode?: string; userinfo: unknown; sceneType?: number };
    const session = JSON.stringify({ token: login.token, loginCode: login.loginCode ?? '', userinfo: login.userinfo, sceneType: login.sceneType ?? 2 });
    for (let run = 0; run < runs; run++) {
      load.push(loadAverage());
      for (const figures of routes) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        await context.addInitScript(`localStorage.setItem('argus.session', ${JSON.stringify(session)})`);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: THROTTLING.latencyMs,
          downloadThroughput: (THROTTLING.downloadKbps * 1024) / 8,
          uploadThroughput: (THROTTLING.uploadKbps * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
        await page.goto(`${server.base}${figures.route}`, { waitUntil: 'commit' });
        await page.locator('.shell-title').waitFor({ timeout: 120_000 });
        figures.frameMs.push(Math.round((await page.evaluate('performance.now()')) as number));
        await page.locator('main h1').first().waitFor({ timeout: 120_000 });
        figures.screenMs.push(Math.round((await page.evaluate('performance.now()')) as number));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  for (const figures of routes) figures.median = { frameMs: percentile(figures.frameMs, 50), screenMs: percentile(figures.screenMs, 50) };
  return { throttling: THROTTLING, runs, routes, loadAverage: load };
}

// Lighthouse 13 (simulated throttling) on the built console served by the real server: /login signed out, the
// signed-in routes below, mobile and desktop, medians of 3 runs taken interleaved. LIGHTHOUSE_ROUTES=/a,/b and
// LIGHTHOUSE_FORM_FACTORS=mobile measure fewer (a before/after pair on a shared machine). Lighthouse
// clears the HTTP cache before each run (a cold load) and keeps localStorage, where the console keeps its session.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { benchPort, CHROMIUM, CHROMIUM_ARGS, canMeasureInBrowser, loadAverage, startBenchServer } from './benchServer.ts';
import { type LighthouseFigures, type LighthouseRun, readRun, runFailure, summariseRuns } from './lighthouseRuns.ts';

export type { LighthouseFigures, LighthouseRun };

export const LIGHTHOUSE_ROUTES = ['/login', '/historyEvent', '/userConfig', '/algorithmProduction/train', '/testVerify', '/videoPlayCenter', '/test'];
const FORM_FACTORS = ['mobile', 'desktop'] as const;

const listed = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter(Boolean);

async function signIn(port: number, base: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/login`);
    await page.locator('input[autocomplete="username"]').fill('admin');
    await page.locator('input[autocomplete="current-password"]').fill('Argus@2026');
    await page.locator('input[autocomplete="current-password"]').press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.close();
  } finally {
    await browser.close();
  }
}

export async function measureLighthouse(runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3), routes = listed(process.env.LIGHTHOUSE_ROUTES) ?? LIGHTHOUSE_ROUTES): Promise<LighthouseFigures[] | null> {
  if (!canMeasureInBrowser()) return null;
  const server = await startBenchServer(benchPort(11));
  const flags = CHROMIUM_ARGS.filter((f) => f !== '--headless').concat('--headless=new');
  // One browser signed out (for /login, which sends a signed-in user on) and one signed in.
  const anonymous = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: flags });
  const signedIn = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: flags });
  const results = new Map<string, { runs: LighthouseRun[]; failed: string[]; load: number[] }>();
  try {
    await signIn(signedIn.port, server.base);
    for (let i = 0; i < runs; i++) {
      for (const route of routes) {
        const formFactors = FORM_FACTORS.filter((f) => listed(process.env.LIGHTHOUSE_FORM_FACTORS)?.includes(f) ?? true);
        for (const formFactor of formFactors) {
          const chrome = route === '/login' ? anonymous : signedIn;
          const load = loadAverage();
          const result = await lighthouse(
            `${server.base}${route}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`lighthouse gave no result for ${route}`);
          // LIGHTHOUSE_REPORT_DIR=<dir> keeps each run's whole report (which elements shift, the request chains …).
          const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
          if (reportDir) {
            mkdirSync(reportDir, { recursive: true });
            writeFileSync(join(reportDir, `${route.slice(1).replaceAll('/', '~')}-${formFactor}-${i + 1}.json`), JSON.stringify(result.lhr));
          }
          const key = `${route} ${formFactor}`;
          const entry = results.get(key) ?? { runs: [], failed: [], load: [] };
          const failure = runFailure(result.lhr as never);
          if (failure) entry.failed.push(failure);
          else entry.runs.push(readRun(result.lhr as never));
          entry.load.push(load);
          results.set(key, entry);
        }
      }
    }
  } finally {
    anonymous.kill();
    signedIn.kill();
    await server.stop();
  }
  return [...results].map(([key, { runs: measured, failed, load }]) => {
    const [route, formFactor] = key.split(' ') as [string, 'mobile' | 'desktop'];
    return summariseRuns(route, formFactor, measured, failed, load);
  });
}

if (import.meta.main) {
  const figures = await measureLighthouse();
  for (const f of figures ?? []) console.log(f.route.padEnd(14), f.formFactor.padEnd(8), JSON.stringify(f.median), 'scores', f.spread.score.join('–'), 'load', f.loadAverage.join(' '));
}

// `npm run bench` (bench/run.ts), the console's sections: each measures and prints its figures and puts them in the
// results under its key — the build's sizes, cold and throttled loads of the routes in Chromium, Lighthouse, the
// login page, a filled home dashboard and the real-time screen under load.
import { CSS_BUDGET_KB, measureBundle } from './bundleSizes.ts';
import { measureColdLoads } from './coldLoad.ts';
import { measureHomeDashboard } from './dashboards.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measureLoginPageLoad } from './pageLoad.ts';
import { measureRealtimeScreen } from './realtimeScreen.ts';
import { measureThrottledLoads } from './throttledLoad.ts';

export function bundleSection(results: Record<string, unknown>): void {
  const bundle = measureBundle();
  results.bundle = bundle ?? 'not built (run npm run build first)';
  if (bundle) {
    console.log(`login route JS by the build manifest's closure (gzip): ${bundle.loginInitialJsKb} kB — what the browser fetches is below`);
    console.log(`largest chunk (gzip): ${bundle.largestChunk.kb} kB ${bundle.largestChunk.file}`);
    const worst = bundle.routeCss[0];
    console.log(
      `CSS per route page (gzip, inline + preloaded sheets): ${bundle.routeCss.length} pages, largest ${worst ? `${worst.kb} kB ${worst.route}` : '-'}; ` +
        `over the ${CSS_BUDGET_KB} kB budget: ${bundle.routesOverCssBudget.length ? bundle.routesOverCssBudget.map((route) => `${route} ${bundle.routeCss.find((r) => r.route === route)?.kb} kB`).join(', ') : 'none'}`,
    );
  }
}

// What Chromium transfers on a cold load of each route (DevTools network events), and on a repeat visit.
export async function coldLoadSection(results: Record<string, unknown>): Promise<void> {
  const cold = await measureColdLoads();
  results.coldLoad = cold ?? 'not measured (needs dist/ and /usr/bin/chromium)';
  if (cold) {
    for (const r of cold.routes) {
      console.log(
        `${r.route} cold load: JS ${r.jsRequests} requests, ${r.jsBodyKb} kB as sent (bodies; ${r.jsKb} kB with headers), i18n chunks ${r.i18nChunks}; ` +
          `CSS ${r.cssRequests} files, ${r.cssBodyKb} kB as sent, ${r.inlineSheets.length} sheet(s) in the page (${r.cssGzipKb} kB gzip in all; budget 25 kB), repeated rules ${r.css.repeatedRulePercent} % (budget < 5 %); ` +
          `JS + CSS on the wire ${Math.round((r.jsKb + r.cssKb) * 10) / 10} kB; uncompressed assets ${r.uncompressedAssets}; ` +
          `repeat visit: ${r.repeatVisit.revalidated} of ${r.repeatVisit.requests} requests revalidated (304), ${r.repeatVisit.fromCache} from cache (load ${cold.loadAverage})`,
      );
    }
    console.log(`repeated CSS in the whole build: ${cold.distCss.repeatedBytePercent} % of the bytes (${cold.distCss.repeatedRules} of ${cold.distCss.rules} rules)`);
  }
}

export async function lighthouseSection(results: Record<string, unknown>): Promise<void> {
  const lighthouse = await measureLighthouse();
  results.lighthouse = lighthouse ?? 'not measured (needs dist/ and /usr/bin/chromium)';
  for (const f of lighthouse ?? []) {
    const m = f.median;
    // The runs' range beside the median: on a shared machine a run's TBT can move by half.
    const range = (field: keyof typeof f.spread) => (f.runs > 1 ? ` (${f.spread[field][0]}–${f.spread[field][1]})` : '');
    console.log(
      `Lighthouse ${f.route} ${f.formFactor} (median of ${f.runs}${f.failed.length ? `; ${f.failed.length} run${f.failed.length > 1 ? 's' : ''} failed: ${f.failed.join(', ')}` : ''}): score ${m.score}${range('score')}, LCP ${m.lcpMs}${range('lcpMs')} ms, FCP ${m.fcpMs} ms, TBT ${m.tbtMs}${range('tbtMs')} ms, CLS ${m.cls}, ` +
        `JS boot-up ${m.bootupMs} ms, main thread ${m.mainThreadMs} ms, ${m.jsRequests} JS requests, JS + CSS ${m.jsCssKb} kB, CPU ${m.cpuMultiplier}× (benchmark index ${m.benchmarkIndex}) (load ${f.loadAverage.join(', ')})`,
    );
  }
}

// The same signed-in routes timed in a throttled page (Lighthouse's mobile profile applied, not simulated).
export async function throttledLoadSection(results: Record<string, unknown>): Promise<void> {
  const throttled = await measureThrottledLoads();
  results.throttledLoad = throttled ?? 'not measured (needs dist/ and /usr/bin/chromium)';
  if (throttled) {
    const t = throttled.throttling;
    for (const r of throttled.routes) {
      console.log(
        `${r.route} cold load throttled (${t.latencyMs} ms RTT, ${t.downloadKbps} kbps down, ${t.uploadKbps} kbps up, ${t.cpuSlowdown}× CPU), median of ${throttled.runs}: ` +
          `frame shown ${r.median.frameMs} ms (${r.frameMs.join(', ')}), screen shown ${r.median.screenMs} ms (${r.screenMs.join(', ')}) (load ${throttled.loadAverage.join(', ')})`,
      );
    }
  }
}

export async function pageLoadSection(results: Record<string, unknown>): Promise<void> {
  const pageLoad = await measureLoginPageLoad();
  results.loginPageLoad = pageLoad ?? 'not measured (needs dist/ and /usr/bin/chromium)';
  if (pageLoad) {
    console.log(
      `time to the login form, cold load (fresh browser context): p50 ${pageLoad.loginFormVisibleMs.p50} ms, max ${pageLoad.loginFormVisibleMs.max} ms ` +
        `(n=${pageLoad.runs}); DOMContentLoaded p50 ${pageLoad.domContentLoadedMs.p50} ms`,
    );
  }
}

// Issue 12: a filled home dashboard after sign-in (cold browser).
export async function homeDashboardSection(results: Record<string, unknown>): Promise<void> {
  const home = await measureHomeDashboard();
  results.homeDashboard = home ?? 'not measured (needs dist/ and /usr/bin/chromium)';
  if (home) console.log(`time to a filled home dashboard after sign-in (cold browser, seeded demo site): p50 ${home.filledHomeMs.p50} ms, max ${home.filledHomeMs.max} ms (n=${home.runs})`);
}

export async function realtimeScreenSection(results: Record<string, unknown>): Promise<void> {
  const realtime = await measureRealtimeScreen();
  results.realtimeScreen = realtime ?? 'not measured (needs dist/ and /usr/bin/chromium)';
  if (realtime) {
    console.log(
      `real-time screen, ${realtime.rate} alarms/s for ${realtime.seconds} s (${realtime.sent} alarms): longest main-thread task ` +
        `${realtime.longestTaskMs} ms over ${realtime.longTasks} long tasks (budget: none > 50 ms); ${realtime.droppedFrames} dropped frames of ` +
        `${realtime.frames}, worst frame ${realtime.worstFrameMs} ms`,
    );
  }
}

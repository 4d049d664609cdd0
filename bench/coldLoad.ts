// What Chromium actually transfers on a cold load of a route (empty cache, compressed as sent), counted from the
// DevTools protocol's network events — not the build manifest's closure — and what a repeat visit revalidates.
// Also the share of repeated CSS rules in what the route loaded and in the whole build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { benchPort, CHROMIUM, CHROMIUM_ARGS, canMeasureInBrowser, loadAverage, startBenchServer } from './benchServer.ts';
import { NAMESPACES } from '../src/i18n/languages.ts';
import { INLINE_SHEET_ATTRIBUTE } from '../scripts/vite/inlineBaseStyle.ts';
import { distSheets, type RepeatFigures, repeatedRules } from '../scripts/cssRules.ts';

export interface RouteTransfer {
  route: string;
  requests: number;
  jsRequests: number;
  cssRequests: number;
  /** Bytes as sent (headers and the encoded body), kB. */
  jsKb: number;
  cssKb: number;
  /** The encoded bodies alone, kB. */
  jsBodyKb: number;
  cssBodyKb: number;
  /** The route's CSS gzip-compressed, the sheet inlined in the page included (the budget is stated in gzip;
   * browsers here get brotli). */
  cssGzipKb: number;
  /** Sheets written into the page itself (scripts/vite/inlineBaseStyle.ts), sent inside the document's bytes. */
  inlineSheets: { sheet: string; gzipKb: number }[];
  cssFiles: { file: string; bodyKb: number }[];
  jsFiles: { file: string; bodyKb: number }[];
  i18nChunks: number;
  totalKb: number;
  /** Script and style answers without a content-encoding (the ones that could have been compressed). */
  uncompressedAssets: number;
  css: RepeatFigures;
  repeatVisit: { requests: number; revalidated: number; fromCache: number };
}

export interface ColdLoadFigures {
  loadAverage: number;
  routes: RouteTransfer[];
  distCss: RepeatFigures;
}

// The catalogue chunks (src/i18n/<language>/<namespace>.json → assets/<namespace>-<hash>.js).
const I18N_CHUNK = new RegExp(`/assets/(${NAMESPACES.join('|')})-[\\w-]+\\.js$`);

export const MEASURED_ROUTES = ['/login', '/historyEvent', '/userConfig', '/algorithmProduction/train', '/testVerify', '/videoPlayCenter', '/test'];

interface Seen {
  url: string;
  type: string;
  status: number;
  encoding: string;
  bytes: number;
  /** The encoded body alone (without the response headers). */
  bodyBytes: number;
  cached: boolean;
}

async function recordNavigation(context: BrowserContext, url: string, pageToUse?: Awaited<ReturnType<BrowserContext['newPage']>>) {
  const page = pageToUse ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, Seen>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!byId.has(e.requestId)) byId.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', status: 0, encoding: '', bytes: 0, bodyBytes: 0, cached: false });
  });
  cdp.on('Network.responseReceived', (e) => {
    const seen = byId.get(e.requestId);
    if (!seen) return;
    seen.type = e.type;
    seen.status = e.response.status;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    seen.encoding = headers['content-encoding'] ?? '';
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) seen.cached = true;
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const seen = byId.get(e.requestId);
    if (seen) seen.cached = true;
  });
  cdp.on('Network.dataReceived', (e) => {
    const seen = byId.get(e.requestId);
    if (seen) seen.bodyBytes += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const seen = byId.get(e.requestId);
    if (seen) seen.bytes = e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await cdp.detach();
  return { page, requests: [...byId.values()] };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function measureRoute(browser: Browser, base: string, route: string, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<RouteTransfer> {
  const context = await browser.newContext({ storageState });
  try {
    const cold = await recordNavigation(context, `${base}${route}`);
    const js = cold.requests.filter((r) => r.type === 'Script');
    const css = cold.requests.filter((r) => r.type === 'Stylesheet');
    const sum = (rs: Seen[]) => rs.reduce((n, r) => n + r.bytes, 0);
    // (An expression: the bench is type-checked without the DOM's types.)
    const inline = (await cold.page.evaluate(
      `[...document.querySelectorAll('style[${INLINE_SHEET_ATTRIBUTE}]')].map((style) => ({ sheet: style.getAttribute('${INLINE_SHEET_ATTRIBUTE}'), text: style.textContent }))`,
    )) as { sheet: string; text: string }[];
    const sheets = [...inline.map((sheet) => sheet.text), ...css.map((r) => readFileSync(join('dist', new URL(r.url).pathname), 'utf8'))];
    const repeat = await recordNavigation(context, `${base}${route}`, cold.page);
    return {
      route,
      requests: cold.requests.length,
      jsRequests: js.length,
      cssRequests: css.length,
      jsKb: kb(sum(js)),
      cssKb: kb(sum(css)),
      jsBodyKb: kb(js.reduce((n, r) => n + r.bodyBytes, 0)),
      cssBodyKb: kb(css.reduce((n, r) => n + r.bodyBytes, 0)),
      cssGzipKb: kb(sheets.reduce((n, sheet) => n + gzipSync(sheet).length, 0)),
      jsFiles: js.map((r) => ({ file: new URL(r.url).pathname.replace('/assets/', ''), bodyKb: kb(r.bodyBytes) })).sort((a, b) => b.bodyKb - a.bodyKb),
      inlineSheets: inline.map(({ sheet, text }) => ({ sheet, gzipKb: kb(gzipSync(text).length) })),
      cssFiles: css.map((r) => ({ file: new URL(r.url).pathname.replace('/assets/', ''), bodyKb: kb(r.bodyBytes) })),
      i18nChunks: js.filter((r) => I18N_CHUNK.test(r.url)).length,
      totalKb: kb(sum(cold.requests)),
      uncompressedAssets: [...js, ...css].filter((r) => !r.encoding).length,
      css: repeatedRules(sheets),
      repeatVisit: {
        requests: repeat.requests.length,
        revalidated: repeat.requests.filter((r) => r.status === 304).length,
        fromCache: repeat.requests.filter((r) => r.cached).length,
      },
    };
  } finally {
    await context.close();
  }
}

export async function measureColdLoads(routes = MEASURED_ROUTES): Promise<ColdLoadFigures | null> {
  if (!canMeasureInBrowser()) return null;
  const server = await startBenchServer(benchPort(10));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // Sign in once through the form; signed-in routes then load in fresh contexts that carry only the stored session.
    const signIn = await browser.newContext();
    const page = await signIn.newPage();
    await page.goto(`${server.base}/login`);
    await page.locator('input[autocomplete="username"]').fill('admin');
    await page.locator('input[autocomplete="current-password"]').fill('Argus@2026');
    await page.locator('input[autocomplete="current-password"]').press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const signedIn = await signIn.storageState();
    await signIn.close();
    const loadAvg = loadAverage();
    const measured: RouteTransfer[] = [];
    for (const route of routes) measured.push(await measureRoute(browser, server.base, route, route === '/login' ? undefined : signedIn));
    return { loadAverage: loadAvg, routes: measured, distCss: repeatedRules(distSheets()) };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.main) console.log(JSON.stringify(await measureColdLoads(), null, 2));

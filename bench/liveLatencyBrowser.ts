// Glass to glass in the console (issue 35): the camera's live view as an operator sees it — the built console,
// signed in, the video centre's live view (the console's own player, public/lib/fmp4Player.js, fed by the
// platform's relay) — in headless Chromium. In the page, each frame the <video> presents is drawn to a canvas and
// the pixel clock (bench/pixelClock.ts) read back from it; its age is the wall clock at the moment the frame is to
// be shown (requestVideoFrameCallback's expectedDisplayTime) minus the time drawn in it: the same machine, so the
// same clock. Beside it, what the player holds ahead of the playhead (buffered end − currentTime), its catch-ups
// (jumps forward) and stalls (waiting), and each frame's time from its fragment's arrival in the page to its display
// (the player's and the browser's share, apart from the upstream's: the source, the box, the relay). A second page plays the same camera at the same time (two viewers, one
// upstream pull).
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './benchServer.ts';
import { CLOCK_HEIGHT, CLOCK_WIDTH, frameAge } from './pixelClock.ts';

/** Chromium's own binary (not Debian's /usr/bin/chromium wrapper, which forces GPU rasterisation). */
export const LIVE_CHROMIUM = '/usr/lib/chromium/chromium';

export interface PageSamples {
  /** [age ms, buffered ahead of the playhead s] per presented frame. */
  frames: [number, number][];
  /** Per presented frame whose fragment's arrival was seen: ms from that arrival in the page to its display. */
  inPageMs: number[];
  /** Seconds the playhead jumped forward (the player's live-edge catch-ups) and how often. */
  jumps: number[];
  /** 'waiting' events: the playhead reached the end of what was buffered. */
  stalls: number;
}

export interface Viewer {
  page: Page;
  /** The samples since the last call, emptied. */
  take(): Promise<PageSamples>;
}

const READ_WIDTH = 320;

/**
 * Installed before the console's own code: the live answer's body is passed to the player unchanged, and each media
 * fragment's arrival in the page (when its mdat is in) is noted with its start on the media timeline (tfdt over the
 * track's timescale), so a presented frame can be matched to when its fragment came.
 */
const ARRIVALS_SCRIPT = `(() => {
  const arrivals = [];
  window.__liveArrivals = arrivals;
  const original = window.fetch.bind(window);
  const u32 = (b, o) => b[o] * 16777216 + (b[o + 1] << 16) + (b[o + 2] << 8) + b[o + 3];
  const locate = (b, name) => {
    for (let i = 4; i + 4 <= b.length; i++) if (b[i] === name.charCodeAt(0) && b[i + 1] === name.charCodeAt(1) && b[i + 2] === name.charCodeAt(2) && b[i + 3] === name.charCodeAt(3)) return i;
    return -1;
  };
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input.url;
    if (!/\\/video\\/live\\/[^/]+\\.mp4/.test(url) || !response.body) return response;
    let timescale = 0;
    let start = null;
    let pending = new Uint8Array(0);
    const tap = new TransformStream({
      transform(chunk, controller) {
        const now = performance.timeOrigin + performance.now();
        const joined = new Uint8Array(pending.length + chunk.length);
        joined.set(pending);
        joined.set(chunk, pending.length);
        let at = 0;
        while (joined.length - at >= 8) {
          const size = u32(joined, at);
          if (size < 8 || joined.length - at < size) break;
          const box = joined.subarray(at, at + size);
          const type = String.fromCharCode(box[4], box[5], box[6], box[7]);
          if (type === 'moov') {
            const p = locate(box, 'mdhd');
            if (p > 0) timescale = u32(box, p + 4 + 4 + (box[p + 4] === 1 ? 16 : 8));
          } else if (type === 'moof') {
            const p = locate(box, 'tfdt');
            start = p > 0 ? (box[p + 4] === 1 ? u32(box, p + 8) * 4294967296 + u32(box, p + 12) : u32(box, p + 8)) : null;
          } else if (type === 'mdat' && start !== null && timescale) {
            arrivals.push([now, start / timescale]);
            if (arrivals.length > 400) arrivals.splice(0, 200);
          }
          at += size;
        }
        pending = joined.slice(at);
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(tap), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
})();`;

// What the page code below uses of the DOM (the bench is type-checked without the DOM's types).
interface PageVideo {
  currentTime: number;
  paused: boolean;
  buffered: { length: number; end(index: number): number };
  addEventListener(type: string, listener: () => void): void;
  requestVideoFrameCallback(callback: (now: number, meta: { expectedDisplayTime: number; mediaTime: number }) => void): number;
}
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d', options: { willReadFrequently: boolean }): {
    drawImage(image: PageVideo, x: number, y: number, width: number, height: number): void;
    getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
  } | null;
}
interface PageGlobals {
  document: { querySelector(selector: 'video'): PageVideo | null; createElement(tag: 'canvas'): PageCanvas };
  __liveSamples: { frames: [number, number, number, number][]; jumps: number[]; stalls: number; last: number };
  /** [arrival wall ms, media start s] of each fragment (ARRIVALS_SCRIPT). */
  __liveArrivals: [number, number][];
}

/** Signs in through the login page and opens the camera's live view; resolves once the video plays. */
async function openViewer(browser: Browser, base: string, cameraId: number, epochMs: number): Promise<Viewer> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(ARRIVALS_SCRIPT);
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('input[autocomplete="username"]').fill('admin');
  await page.locator('input[autocomplete="current-password"]').fill('Argus@2026');
  await page.locator('input[autocomplete="current-password"]').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${base}/videoPlayCenter?camera=${cameraId}&view=live`);
  await page.waitForFunction(() => {
    const v = (globalThis as unknown as PageGlobals).document.querySelector('video');
    return v !== null && v.currentTime > 0 && !v.paused;
  }, undefined, { timeout: 60_000 });
  await page.evaluate(
    ({ epochMs, width, clockWidth, clockHeight }) => {
      const { document } = globalThis as unknown as PageGlobals;
      const video = document.querySelector('video')!;
      const height = Math.round((width * clockHeight) / clockWidth);
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      // The blocks of bench/pixelClock.ts: 17 bits, 64 px squares 72 px apart along the top of a 1280×720 frame.
      const y = Math.floor((32 * height) / clockHeight);
      const xs = Array.from({ length: 17 }, (_, i) => Math.floor(((i * 72 + 32) * width) / clockWidth));
      const state: PageGlobals['__liveSamples'] = { frames: [], jumps: [], stalls: 0, last: 0 };
      (globalThis as unknown as PageGlobals).__liveSamples = state;
      video.addEventListener('waiting', () => {
        state.stalls += 1;
      });
      video.addEventListener('seeking', () => {
        if (video.currentTime > state.last) state.jumps.push(video.currentTime - state.last);
      });
      const onFrame = (_now: number, meta: { expectedDisplayTime: number; mediaTime: number }) => {
        state.last = video.currentTime;
        context.drawImage(video, 0, 0, width, height);
        const row = context.getImageData(0, y, width, 1).data;
        let code = 0;
        for (let i = 0; i < xs.length; i++) if (row[xs[i] * 4] > 192) code += 2 ** i;
        const shownAt = performance.timeOrigin + meta.expectedDisplayTime;
        const ranges = video.buffered;
        const ahead = ranges.length ? ranges.end(ranges.length - 1) - video.currentTime : 0;
        // The age is worked out in Node (frameAge): the page sends the raw reading and the display time.
        state.frames.push([shownAt - epochMs - code, ahead, meta.mediaTime, shownAt]);
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    },
    { epochMs, width: READ_WIDTH, clockWidth: CLOCK_WIDTH, clockHeight: CLOCK_HEIGHT },
  );
  return {
    page,
    async take() {
      const raw = await page.evaluate(() => {
        const g = globalThis as unknown as PageGlobals;
        const s = g.__liveSamples;
        const taken = { frames: s.frames, jumps: s.jumps, stalls: s.stalls, arrivals: [...g.__liveArrivals] };
        s.frames = [];
        s.jumps = [];
        s.stalls = 0;
        return taken;
      });
      // A frame belongs to the last fragment that starts at or before it on the media timeline.
      const inPageMs: number[] = [];
      for (const [, , mediaTime, shownAt] of raw.frames) {
        const fragment = raw.arrivals.filter(([, startS]) => startS <= mediaTime + 0.001).at(-1);
        if (fragment && mediaTime - fragment[1] < 2) inPageMs.push(Math.round(shownAt - fragment[0]));
      }
      // shownAt − epoch − code, folded into the clock's modulus as bench/pixelClock.ts does.
      return {
        jumps: raw.jumps,
        stalls: raw.stalls,
        inPageMs,
        frames: raw.frames.map(([diff, ahead]) => [frameAge(0, 0, diff), ahead] as [number, number]),
      };
    },
  };
}

export interface BrowserViewers {
  viewers: Viewer[];
  close(): Promise<void>;
}

/** `count` signed-in pages playing the camera live, each in a browser context of its own. */
export async function openLiveViewers(base: string, cameraId: number, epochMs: number, count: number): Promise<BrowserViewers> {
  const browser = await chromium.launch({ executablePath: LIVE_CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const viewers: Viewer[] = [];
    for (let i = 0; i < count; i++) viewers.push(await openViewer(browser, base, cameraId, epochMs));
    return { viewers, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

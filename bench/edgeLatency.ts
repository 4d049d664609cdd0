// Latency of the edge box's video (issue 35), glass to glass on this machine: one camera that is a pixel clock
// (bench/pixelClock.ts: each frame shows the wall-clock time it was made) published over RTSP (rtsp-streaming-server,
// UDP, as tests/support/rtspUdpSource.ts) to the real box (bench/edgeRun.ts), which reads the clock back
// (bench/edgeLatencyProbe.ts) from
// - each frame it decodes for detection: the age of what the detector sees (source encoding, RTSP, the box's
//   ffmpeg decoding and scaling, the frame pipe);
// - its live-view stream (init + fMP4 fragments of ≤ 0.5 s, as sent up the box socket) decoded by a viewer-side
//   ffmpeg: the same, plus fragmenting and a viewer's decoding;
// and, with the console built, the console's own live player in headless Chromium (bench/liveLatencyBrowser.ts):
// the same again, plus the box socket, the platform's relay (server/modules/video/liveHub.ts), the HTTP answer and
// the browser's MSE buffer, decoding and display — glass to glass. Two pages play the camera at once; the box pulls
// the camera once (its ffmpeg processes that read the source are counted).
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { startRtspUdpSource } from '../tests/support/rtspUdpSource.ts';
import { benchPort, loadAverage, startBenchServer } from './benchServer.ts';
import { prepare, sleep, startBox, stopBox, tree } from './edge.ts';
import { type BrowserViewers, LIVE_CHROMIUM, openLiveViewers, type PageSamples } from './liveLatencyBrowser.ts';
import { pixelClockArgs } from './pixelClock.ts';
import { percentile } from './stats.ts';

export interface LatencyFigures {
  samples: number;
  p50: number;
  p95: number;
  max: number;
}

export interface ViewerFigures {
  /** Frame made → presented by the console's <video>. */
  glassMs: LatencyFigures;
  /** A fragment's arrival in the page → its frames shown (the player's buffer, decoding and display). */
  inPageMs: LatencyFigures;
  /** Seconds buffered ahead of the playhead, per presented frame. */
  bufferAheadS: { p50: number; p95: number; max: number };
  /** The player's jumps forward to the live edge, and the seconds they skipped in all. */
  catchUps: number;
  skippedS: number;
  /** Times the playhead reached the end of the buffer (the picture waited for data). */
  stalls: number;
}

export interface BrowserLatencyFigures {
  viewers: ViewerFigures[];
  /** ffmpeg processes of the box reading the camera while both pages played (one upstream pull: 1). */
  upstreamPulls: number;
}

export interface EdgeLatencyFigures {
  seconds: number;
  /** Frame made → decoded in the box for detection. */
  frameMs: LatencyFigures;
  /** Frame made → decoded from the box's live fMP4 by a viewer-side decoder. */
  liveMs: LatencyFigures;
  /** Frame made → shown by the console's live player in Chromium (null: not built, or no Chromium). */
  browser: BrowserLatencyFigures | null;
  loadAverage: number;
}

const WARMUP_MS = 15_000;
const RUN_MS = Number(process.env.BENCH_EDGE_LATENCY_SECONDS ?? 45) * 1000;
const VIEWERS = 2;

function figures(values: number[]): LatencyFigures {
  return { samples: values.length, p50: percentile(values, 50), p95: percentile(values, 95), max: percentile(values, 100) };
}

function viewerFigures(s: PageSamples): ViewerFigures {
  const ahead = s.frames.map(([, a]) => a);
  return {
    glassMs: figures(s.frames.map(([ms]) => Math.round(ms))),
    inPageMs: figures(s.inPageMs),
    bufferAheadS: { p50: percentile(ahead, 50), p95: percentile(ahead, 95), max: percentile(ahead, 100) },
    catchUps: s.jumps.length,
    skippedS: Math.round(s.jumps.reduce((n, j) => n + j, 0) * 10) / 10,
    stalls: s.stalls,
  };
}

/** The box's ffmpeg processes that read the camera (the probe's viewer-side decoder reads a pipe, not the source). */
function upstreamPulls(boxPid: number, sourceUrl: string): number {
  return tree(boxPid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(sourceUrl);
    } catch {
      return false;
    }
  }).length;
}

export async function measureEdgeLatency(video: string): Promise<EdgeLatencyFigures> {
  const epochMs = Date.now();
  const source = await startRtspUdpSource('', pixelClockArgs(epochMs));
  const { dataDir, box } = await prepare(1, video, { url: source.url, transport: 'udp' });
  const inBrowser = existsSync('dist/index.html') && existsSync(LIVE_CHROMIUM);
  const server = await startBenchServer(benchPort(42), inBrowser ? {} : { STATIC_DIR: '' }, dataDir);
  let edge: ChildProcess | null = null;
  let pages: BrowserViewers | null = null;
  try {
    const running = startBox(server.base, box, dataDir, [String(epochMs)]);
    edge = running.edge;
    await sleep(WARMUP_MS);
    // The pages sign in and start playing (their first seconds are not counted).
    if (inBrowser) {
      pages = await openLiveViewers(server.base, box.cameraIds[0], epochMs, VIEWERS);
      await sleep(3000);
      for (const v of pages.viewers) await v.take();
    }
    const from = running.lines.length;
    const started = performance.now();
    await sleep(RUN_MS / 2);
    const pulls = upstreamPulls(edge.pid!, source.url);
    await sleep(RUN_MS / 2);
    const seconds = Math.round((performance.now() - started) / 1000);
    const taken = pages ? await Promise.all(pages.viewers.map((v) => v.take())) : [];
    const measured = running.lines.slice(from).filter((l) => l.type === 'latency');
    await pages?.close();
    pages = null;
    await stopBox(edge);
    const of = (kind: 'frame' | 'live') => figures(measured.filter((l) => l.kind === kind).map((l) => l.ms ?? 0));
    return {
      seconds,
      frameMs: of('frame'),
      liveMs: of('live'),
      browser: inBrowser ? { viewers: taken.map(viewerFigures), upstreamPulls: pulls } : null,
      loadAverage: loadAverage(),
    };
  } finally {
    await pages?.close();
    if (edge && edge.exitCode === null) edge.kill('SIGKILL');
    await server.stop();
    await source.close();
  }
}

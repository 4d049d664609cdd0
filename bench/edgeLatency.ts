// Latency of the edge box's video (issue 35), glass to glass on this machine: one camera that is a pixel clock
// (bench/pixelClock.ts: each frame shows the wall-clock time it was made) published over RTSP (rtsp-streaming-server,
// UDP, as tests/support/rtspUdpSource.ts) to the real box (bench/edgeRun.ts), which reads the clock back
// (bench/edgeLatencyProbe.ts) from
// - each frame it decodes for detection: the age of what the detector sees (source encoding, RTSP, the box's
//   ffmpeg decoding and scaling, the frame pipe);
// - its live-view stream (init + fMP4 fragments of ≤ 0.5 s, as sent up the box socket) decoded by a viewer-side
//   ffmpeg: the same, plus fragmenting and a viewer's decoding. Not included: the platform's relay of the fragments
//   to the browser (server/modules/edgeBox's live route, another branch's) and the network, and the browser's own
//   buffering in its player.
import type { ChildProcess } from 'node:child_process';
import { startRtspUdpSource } from '../tests/support/rtspUdpSource.ts';
import { benchPort, loadAverage, startBenchServer } from './benchServer.ts';
import { prepare, sleep, startBox, stopBox } from './edge.ts';
import { pixelClockArgs } from './pixelClock.ts';
import { percentile } from './stats.ts';

export interface LatencyFigures {
  samples: number;
  p50: number;
  p95: number;
  max: number;
}

export interface EdgeLatencyFigures {
  seconds: number;
  /** Frame made → decoded in the box for detection. */
  frameMs: LatencyFigures;
  /** Frame made → decoded from the box's live fMP4 by a viewer-side decoder. */
  liveMs: LatencyFigures;
  loadAverage: number;
}

const WARMUP_MS = 15_000;
const RUN_MS = Number(process.env.BENCH_EDGE_LATENCY_SECONDS ?? 45) * 1000;

function figures(values: number[]): LatencyFigures {
  return { samples: values.length, p50: percentile(values, 50), p95: percentile(values, 95), max: percentile(values, 100) };
}

export async function measureEdgeLatency(video: string): Promise<EdgeLatencyFigures> {
  const epochMs = Date.now();
  const source = await startRtspUdpSource('', pixelClockArgs(epochMs));
  const { dataDir, box } = await prepare(1, video, { url: source.url, transport: 'udp' });
  const server = await startBenchServer(benchPort(42), { STATIC_DIR: '' }, dataDir);
  let edge: ChildProcess | null = null;
  try {
    const running = startBox(server.base, box, dataDir, [String(epochMs)]);
    edge = running.edge;
    await sleep(WARMUP_MS);
    const from = running.lines.length;
    const started = performance.now();
    await sleep(RUN_MS);
    const seconds = Math.round((performance.now() - started) / 1000);
    const measured = running.lines.slice(from).filter((l) => l.type === 'latency');
    await stopBox(edge);
    const of = (kind: 'frame' | 'live') => figures(measured.filter((l) => l.kind === kind).map((l) => l.ms ?? 0));
    return { seconds, frameMs: of('frame'), liveMs: of('live'), loadAverage: loadAverage() };
  } finally {
    if (edge && edge.exitCode === null) edge.kill('SIGKILL');
    await server.stop();
    await source.close();
  }
}

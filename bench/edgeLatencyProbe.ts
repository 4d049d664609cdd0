// Inside the box under measurement (bench/edgeRun.ts, when given the pixel clock's epoch): reads the clock
// (bench/pixelClock.ts) from each frame the box decodes for detection, and from its live-view stream — the init
// segment and fMP4 fragments the box would send up its socket, fed as they come to a viewer-side ffmpeg that decodes
// them (one thread, no probing delay), as a player would. Prints one JSON line per frame read:
// { type: 'latency', kind: 'frame' | 'live', ms }.
import { spawn } from 'node:child_process';
import type { CameraPipeline } from '../server/edge/pipeline/cameraPipeline.ts';
import type { DecodedFrame, Fragment } from '../server/edge/types.ts';
import { frameAge, readClock } from './pixelClock.ts';

const VIEW = { width: 320, height: 180 };

export function probeLatency(pipeline: CameraPipeline, epochMs: number, ffmpeg: string): () => void {
  const print = (kind: 'frame' | 'live', code: number) =>
    console.log(JSON.stringify({ type: 'latency', kind, ms: frameAge(code, epochMs, Date.now()) }));
  pipeline.on('frame', (frame: DecodedFrame) => print('frame', readClock(frame.rgb, frame.width, frame.height, 3)));

  const viewer = spawn(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-threads',
      '1',
      '-probesize',
      '32',
      '-analyzeduration',
      '0',
      '-f',
      'mp4',
      '-i',
      'pipe:0',
      '-vf',
      `scale=${VIEW.width}:${VIEW.height}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      'pipe:1',
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const size = VIEW.width * VIEW.height;
  let pending = Buffer.alloc(0);
  viewer.stdout.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= size) {
      print('live', readClock(pending.subarray(0, size), VIEW.width, VIEW.height, 1));
      pending = pending.subarray(size);
    }
  });
  viewer.stdin.on('error', () => {});
  // As a new viewer starts: the init segment, the fragments since the latest keyframe, then each new one.
  const start = pipeline.liveStart();
  let begun = Boolean(start.init);
  if (start.init) {
    viewer.stdin.write(start.init);
    for (const f of start.fragments) viewer.stdin.write(f.data);
  }
  pipeline.on('init', (init: Buffer) => {
    if (begun) return; // a reconnect's new init would need a new viewer; the bench's source does not reconnect
    begun = true;
    viewer.stdin.write(init);
  });
  pipeline.on('fragment', (f: Fragment) => {
    if (begun) viewer.stdin.write(f.data);
  });
  return () => viewer.kill('SIGKILL');
}

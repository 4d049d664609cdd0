// The edge box's camera stream on real sources: a file loop under the media folder, RTSP over UDP (a real RTSP
// server, rtsp-streaming-server) and over TCP (an interleaving relay), HTTP MJPEG (re-encoded to H.264 for live
// view); a camera that goes away is stalled then offline and live again when it returns, with no restart of the
// stream object; hostile sources (garbage, a resolution over the bound, a server that sends nothing, a file outside
// the media folder, a scheme not on the list) end in error or stalled without leaving an ffmpeg running.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CameraStream } from '../../server/edge/stream/cameraStream.ts';
import type { DecodedFrame, Fragment, StreamState } from '../../server/edge/types.ts';
import { ffmpegPath, runFfmpeg, splitJpegs } from '../../server/media/ffmpeg.ts';
import { startRtspTcpRelay } from '../support/rtspTcpRelay.ts';
import { startRtspUdpSource } from '../support/rtspUdpSource.ts';

const dir = mkdtempSync(join(tmpdir(), 'argus-edge-stream-'));
const media = join(dir, 'media');
let clip: string;
const servers: Server[] = [];

beforeAll(async () => {
  mkdirSync(media);
  clip = join(media, 'clip.mp4');
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10', '-t', '10', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p'],
    ...['-movflags', '+faststart', '-y', clip],
  ]);
}, 60_000);

afterAll(() => {
  for (const s of servers) s.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(url: string, transport: 'auto' | 'tcp' | 'udp' = 'auto') {
  const stream = new CameraStream({ url, transport, detectFps: 2, detectWidth: 640, ffmpegPath: ffmpegPath()!, mediaRoot: media });
  const states: { state: StreamState; at: number }[] = [];
  const fragments: Fragment[] = [];
  const frames: DecodedFrame[] = [];
  stream.on('state', (state: StreamState) => states.push({ state, at: Date.now() }));
  stream.on('fragment', (f: Fragment) => fragments.push(f));
  stream.on('frame', (f: DecodedFrame) => frames.push(f));
  stream.start();
  const waitFor = async (state: StreamState, ms: number) => {
    const deadline = Date.now() + ms;
    while (stream.status().state !== state) {
      if (Date.now() > deadline) throw new Error(`not ${state} within ${ms} ms: ${JSON.stringify(stream.status())}, went ${states.map((s) => s.state).join(' → ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now();
  };
  return { stream, states, fragments, frames, waitFor };
}

/** ffmpeg processes started by this test process that are still running. */
function ourFfmpegs(): number {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), '-f', 'ffmpeg'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

/** Waits (bounded) until every ffmpeg this process started has ended: a killed one takes a moment to go. */
async function noFfmpegLeft() {
  const deadline = Date.now() + 5000;
  while (ourFfmpegs() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(ourFfmpegs()).toBe(0);
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('camera stream on real sources', () => {
  it('plays a file under the media folder in a loop: H.264 copied, frames at the detection rate', async () => {
    const s = open(pathToFileURL(clip).toString());
    await s.waitFor('live', 20_000);
    // Until four frames for detection have come (about 2 s at 2 a second; a loaded machine may take longer).
    const deadline = Date.now() + 60_000;
    while (s.frames.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const decodedFps = s.stream.status().decodedFps;
    await s.stream.stop();
    expect(s.stream.streamInfo).toMatchObject({ width: 320, height: 180 });
    expect(s.stream.streamInfo?.codec).toMatch(/^avc1\./);
    expect(s.fragments[0].keyframe).toBe(true);
    // Fragments carry wall-clock times in order; frames come at about 2 a second.
    for (let i = 1; i < s.fragments.length; i++) expect(s.fragments[i].startMs).toBeGreaterThan(s.fragments[i - 1].startMs);
    expect(s.frames.length).toBeGreaterThanOrEqual(4);
    expect(s.frames[0]).toMatchObject({ width: 320, height: 180 });
    // The whole video is decoded (the file's 10 fps, more than the frames detection takes), not only those frames.
    expect(decodedFps).toBeGreaterThan(2);
  });

  it('RTSP over UDP: live, stalled and offline when the camera goes away, live again when it returns', async () => {
    const source = await startRtspUdpSource(clip);
    try {
      const s = open(source.url, 'udp');
      await s.waitFor('live', 30_000);
      const killedAt = Date.now();
      source.stopPublisher();
      await s.waitFor('stalled', 20_000);
      expect(s.stream.status()).toMatchObject({ state: 'stalled', error: 'no data for 10 s', errorKind: 'noData' });
      const offlineAt = await s.waitFor('offline', 30_000);
      expect(offlineAt - killedAt).toBeLessThan(30_000);
      source.startPublisher();
      await s.waitFor('live', 60_000);
      const before = s.frames.length;
      await new Promise((r) => setTimeout(r, 1500));
      expect(s.frames.length).toBeGreaterThan(before); // decoding again, on the same stream object
      await s.stream.stop();
    } finally {
      await source.close();
    }
  }, 150_000);

  it('RTSP over TCP (interleaved): live, and the pull asked for TCP only', async () => {
    const relay = await startRtspTcpRelay(clip);
    try {
      const s = open(relay.url, 'tcp');
      await s.waitFor('live', 30_000);
      await s.stream.stop();
      expect(relay.requests.filter((r) => r.startsWith('SETUP'))).toEqual(['SETUP RTP/AVP/TCP;unicast;interleaved=0-1']);
      expect(s.stream.streamInfo?.codec).toMatch(/^avc1\./);
    } finally {
      await relay.close();
    }
  }, 60_000);

  it('HTTP MJPEG: re-encoded to H.264 for live view and recordings', async () => {
    const jpegs = splitJpegs((await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=5', '-frames:v', '10', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1'])).output);
    const base = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'multipart/x-mixed-replace; boundary=frame' });
      let i = 0;
      const timer = setInterval(() => {
        const jpeg = jpegs[i++ % jpegs.length];
        res.write(`--frame\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`);
        res.write(jpeg);
        res.write('\r\n');
      }, 200);
      res.on('close', () => clearInterval(timer));
    });
    const s = open(`${base}/mjpeg`);
    await s.waitFor('live', 30_000);
    await s.stream.stop();
    expect(s.stream.streamInfo).toMatchObject({ width: 320, height: 240 });
    expect(s.stream.streamInfo?.codec).toMatch(/^avc1\./);
  }, 60_000);
});

describe('camera stream on hostile sources', () => {
  it('garbage is an error, and no ffmpeg is left running', async () => {
    const base = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.alloc(256 * 1024, 'garbage!'));
    });
    const s = open(`${base}/garbage`);
    await s.waitFor('error', 30_000);
    expect(s.stream.status()).toMatchObject({ error: expect.stringMatching(/invalid data/i), errorKind: 'notVideo' });
    await noFfmpegLeft();
    await s.stream.stop();
  }, 60_000);

  it('a resolution over 4096×2160 is an error before it is decoded further', async () => {
    const huge = join(media, 'huge.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=gray:size=4200x2400:rate=1', '-frames:v', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', huge], { timeoutMs: 60_000 });
    const s = open(pathToFileURL(huge).toString());
    await s.waitFor('error', 30_000);
    expect(s.stream.status()).toMatchObject({ error: expect.stringMatching(/4200×2400, larger than 4096×2160/), errorKind: 'tooLarge' });
    await noFfmpegLeft();
    await s.stream.stop();
  }, 90_000);

  it('a server that answers nothing is stalled after 10 s', async () => {
    const base = await listen(() => undefined); // accepts, never answers
    const s = open(`${base}/silent`);
    const startedAt = Date.now();
    const stalledAt = await s.waitFor('stalled', 20_000);
    expect(stalledAt - startedAt).toBeGreaterThanOrEqual(9_500);
    await s.stream.stop();
    await noFfmpegLeft();
  }, 60_000);

  it('refuses a file outside the media folder and a scheme not on the list, without starting ffmpeg', async () => {
    for (const [url, why] of [
      [pathToFileURL(join(dir, '..', 'etc-passwd.mp4')).toString(), /does not exist|outside the media folder/],
      ['file:///etc/hostname', /outside the media folder/],
      ['gopher://127.0.0.1/cam', /scheme gopher is not allowed/],
    ] as const) {
      const s = open(url);
      await s.waitFor('error', 5_000);
      expect(s.stream.status()).toMatchObject({ error: expect.stringMatching(why), errorKind: 'address' });
      await noFfmpegLeft();
      await s.stream.stop();
    }
  });
});

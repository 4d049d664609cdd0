// A fake edge box for the live-view tests: a websocket client with a box's credentials on /api/ingest/socket that
// answers `watch` as docs/edge-runtime.md says — the camera's stream message, its init segment, then fragments from
// the latest keyframe on, at the pace they were recorded — with a real fragmented MP4 made by the packaged ffmpeg
// (H.264, fragments of ≤ 0.5 s, a keyframe each second). The camera "runs" from the box's start, so a viewer who
// comes later joins mid-stream, as on a real camera.
import { spawn } from 'node:child_process';
import { encodeBoxFrame, FRAME_FRAGMENT, FRAME_INIT, FRAME_SNAPSHOT } from '../../server/modules/edgeBox/boxSocketProtocol.ts';
import { ffmpegPath } from '../../server/media/ffmpeg.ts';

export interface TestFragment {
  data: Buffer;
  keyframe: boolean;
  /** Start and length in seconds from the video's start. */
  start: number;
  duration: number;
}

export interface TestStream {
  init: Buffer;
  fragments: TestFragment[];
  codec: string;
  width: number;
  height: number;
}

const made = new Map<string, Promise<TestStream>>();

/** A fragmented MP4 of `seconds` of ffmpeg's test pattern, split into its init segment and fragments. */
export function testStream(seconds = 120, width = 320, height = 180): Promise<TestStream> {
  const key = `${seconds}x${width}x${height}`;
  let stream = made.get(key);
  if (!stream) {
    stream = encode(seconds, width, height).then((mp4) => split(mp4, width, height));
    made.set(key, stream);
  }
  return stream;
}

function encode(seconds: number, width: number, height: number): Promise<Buffer> {
  const binary = ffmpegPath();
  if (!binary) return Promise.reject(new Error('no ffmpeg binary (@ffmpeg-installer/linux-x64)'));
  const args = [
    '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=10`, '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
    '-g', '10', '-keyint_min', '10', '-sc_threshold', '0',
    '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '500000', 'pipe:1',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg exited with ${code}: ${err.slice(-500)}`))));
  });
}

interface Box {
  type: string;
  start: number;
  end: number;
}

function boxes(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = [];
  for (let at = from; at + 8 <= to; ) {
    const size = buf.readUInt32BE(at);
    if (size < 8 || at + size > to) break;
    out.push({ type: buf.toString('latin1', at + 4, at + 8), start: at + 8, end: at + size });
    at += size;
  }
  return out;
}

const find = (buf: Buffer, parent: Box, type: string) => boxes(buf, parent.start, parent.end).find((b) => b.type === type);

/** Splits ftyp+moov from the moof+mdat pairs; keyframe from the first sample's flags, duration from trun/tfhd. */
function split(mp4: Buffer, width: number, height: number): TestStream {
  const top = boxes(mp4, 0, mp4.length);
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) throw new Error('no moov');
  const init = mp4.subarray(0, moov.end);
  const mdhd = find(mp4, find(mp4, find(mp4, moov, 'trak')!, 'mdia')!, 'mdhd')!;
  const timescale = mp4.readUInt32BE(mdhd.start + (mp4[mdhd.start] === 1 ? 20 : 12));
  const trex = find(mp4, find(mp4, moov, 'mvex')!, 'trex')!;
  const trexDuration = mp4.readUInt32BE(trex.start + 12);
  const trexFlags = mp4.readUInt32BE(trex.start + 20);
  const avcC = /avcC/.exec(init.toString('latin1'));
  const codec = avcC ? `avc1.${init.subarray(avcC.index + 5, avcC.index + 8).toString('hex')}` : 'avc1.4d400d';
  const fragments: TestFragment[] = [];
  let time = 0;
  for (let i = 0; i < top.length; i++) {
    if (top[i].type !== 'moof' || top[i + 1]?.type !== 'mdat') continue;
    const moof = top[i];
    const traf = find(mp4, moof, 'traf')!;
    const tfhd = find(mp4, traf, 'tfhd')!;
    const trun = find(mp4, traf, 'trun')!;
    const tf = mp4.readUInt32BE(tfhd.start) & 0xffffff;
    let p = tfhd.start + 8 + (tf & 0x01 ? 8 : 0) + (tf & 0x02 ? 4 : 0);
    let defaultDuration = trexDuration;
    let defaultFlags = trexFlags;
    if (tf & 0x08) defaultDuration = mp4.readUInt32BE(p);
    p += tf & 0x08 ? 4 : 0;
    p += tf & 0x10 ? 4 : 0;
    if (tf & 0x20) defaultFlags = mp4.readUInt32BE(p);
    const rf = mp4.readUInt32BE(trun.start) & 0xffffff;
    const count = mp4.readUInt32BE(trun.start + 4);
    let q = trun.start + 8 + (rf & 0x01 ? 4 : 0);
    const firstFlags = rf & 0x04 ? mp4.readUInt32BE(q) : null;
    q += rf & 0x04 ? 4 : 0;
    const per = 4 * (((rf >> 8) & 1) + ((rf >> 9) & 1) + ((rf >> 10) & 1) + ((rf >> 11) & 1));
    let ticks = 0;
    let first = firstFlags ?? defaultFlags;
    for (let s = 0; s < count; s++) {
      const e = q + s * per;
      ticks += rf & 0x100 ? mp4.readUInt32BE(e) : defaultDuration;
      if (s === 0 && rf & 0x400) first = mp4.readUInt32BE(e + (rf & 0x100 ? 4 : 0) + (rf & 0x200 ? 4 : 0));
    }
    const duration = ticks / timescale;
    fragments.push({ data: mp4.subarray(moof.start - 8, top[i + 1].end), keyframe: (first & 0x0001_0000) === 0, start: time, duration });
    time += duration;
  }
  return { init, fragments, codec, width, height };
}

export interface FakeBoxOptions {
  url: string;
  boxId: number;
  secret: string;
  stream: TestStream;
  /** Answers snapshot requests with this JPEG (none: snapshotError). */
  snapshot?: Buffer;
}

/** The box: connects, greets nothing (the platform says hello), and streams each watched camera. */
export class FakeLiveBox {
  readonly watches: { cameraId: number; on: boolean }[] = [];
  readonly wakes: number[] = [];
  readonly messages: unknown[] = [];
  /** Fragments sent, per camera. */
  readonly sent = new Map<number, number>();
  closed: Promise<{ code: number; reason: string }>;
  private readonly socket: WebSocket;
  private readonly startedAt = Date.now();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly options: FakeBoxOptions;

  private constructor(options: FakeBoxOptions, socket: WebSocket) {
    this.options = options;
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    this.closed = new Promise((resolve) => socket.addEventListener('close', (e) => {
      for (const camera of [...this.timers.keys()]) this.stop(camera);
      resolve({ code: e.code, reason: e.reason });
    }));
    socket.addEventListener('message', (event) => this.receive(String(event.data)));
  }

  static connect(options: FakeBoxOptions): Promise<FakeLiveBox> {
    const socket = new WebSocket(options.url, { headers: { 'x-box-id': String(options.boxId), 'x-box-secret': options.secret } } as never);
    const box = new FakeLiveBox(options, socket);
    return new Promise((resolve, reject) => {
      socket.addEventListener('open', () => resolve(box), { once: true });
      socket.addEventListener('error', () => reject(new Error(`cannot connect to ${options.url}`)), { once: true });
    });
  }

  /** Watches now in force (on minus off) for a camera. */
  watching(cameraId: number): boolean {
    return this.timers.has(cameraId);
  }

  watchesOn(cameraId: number): number {
    return this.watches.filter((w) => w.cameraId === cameraId && w.on).length;
  }

  close(): void {
    this.socket.close(1000);
  }

  private receive(text: string) {
    const message = JSON.parse(text) as { type: string; cameraId?: number; on?: boolean; requestId?: number };
    this.messages.push(message);
    if (message.type === 'wake') this.wakes.push(Date.now());
    if (message.type === 'watch' && message.cameraId) {
      this.watches.push({ cameraId: message.cameraId, on: Boolean(message.on) });
      if (message.on) this.start(message.cameraId);
      else this.stop(message.cameraId);
    }
    if (message.type === 'snapshot' && message.cameraId && message.requestId) {
      if (this.options.snapshot) this.socket.send(encodeBoxFrame({ kind: FRAME_SNAPSHOT, cameraId: message.cameraId, value: message.requestId, payload: this.options.snapshot }));
      else this.socket.send(JSON.stringify({ type: 'snapshotError', cameraId: message.cameraId, requestId: message.requestId, reason: 'no frame decoded yet' }));
    }
  }

  /** The stream message, the init segment, the fragments from the latest keyframe, then one per fragment time. */
  private start(cameraId: number) {
    if (this.timers.has(cameraId)) return;
    const { stream } = this.options;
    this.socket.send(JSON.stringify({ type: 'stream', cameraId, codec: stream.codec, width: stream.width, height: stream.height }));
    this.socket.send(encodeBoxFrame({ kind: FRAME_INIT, cameraId, value: 0, payload: stream.init }));
    const live = this.position();
    let next = live;
    while (next > 0 && !stream.fragments[next].keyframe) next--;
    const send = () => {
      const fragment = stream.fragments[next];
      this.socket.send(encodeBoxFrame({ kind: FRAME_FRAGMENT, keyframe: fragment.keyframe, cameraId, value: this.startedAt + fragment.start * 1000, payload: fragment.data }));
      this.sent.set(cameraId, (this.sent.get(cameraId) ?? 0) + 1);
      next++;
    };
    while (next <= live) send();
    const tick = () => {
      // Each fragment when its time comes (the camera's clock, not the timer's, decides which).
      while (next < stream.fragments.length && next <= this.position()) send();
      if (next >= stream.fragments.length) return this.stop(cameraId);
      this.timers.set(cameraId, setTimeout(tick, 100));
    };
    this.timers.set(cameraId, setTimeout(tick, 100));
  }

  private stop(cameraId: number) {
    clearTimeout(this.timers.get(cameraId));
    this.timers.delete(cameraId);
  }

  /** The index of the fragment the camera is recording now. */
  private position(): number {
    const elapsed = (Date.now() - this.startedAt) / 1000;
    const fragments = this.options.stream.fragments;
    const index = fragments.findIndex((f) => f.start + f.duration > elapsed);
    return index === -1 ? fragments.length - 1 : index;
  }
}

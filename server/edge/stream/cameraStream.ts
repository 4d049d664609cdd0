// One camera's stream on the box: the stream machine (stream.machine.ts) driving one ffmpeg pull at a time
// (ffmpegPull.ts). Emits
//   'state'    (StreamState)                  when what the box reports changes
//   'stream'   ({codec, width, height})       before each init segment (codec as MSE names it)
//   'init'     (Buffer)                       ftyp + moov of the current pull
//   'fragment' (Fragment)                     moof + mdat with its wall-clock start and keyframe flag
//   'frame'    (DecodedFrame)                 RGB at detection size, at most detectFps a second
// The URL is checked (scheme, media folder) before ffmpeg sees it; its credentials never appear in what this says.
import { EventEmitter } from 'node:events';
import { type Actor, createActor, fromCallback } from 'xstate';
import type { DecodedFrame, EdgeStreamReport, Fragment, StreamState } from '../types.ts';
import type { InitInfo, RawFragment } from './fmp4.ts';
import { type Pull, startPull } from './ffmpegPull.ts';
import { reportedState, type StreamMachineEvent, streamMachine } from './stream.machine.ts';
import { type CheckedStream, checkCameraUrl, type Transport } from './streamUrl.ts';

export interface CameraStreamOptions {
  url: string;
  transport: Transport;
  detectFps: number;
  detectWidth: number;
  ffmpegPath: string;
  mediaRoot: string;
  /** A further check of the URL before each pull (the platform's outbound allow-list); throws to refuse it. */
  checkUrl?: (url: string) => void;
}

export interface StreamInfo {
  codec: string;
  width: number;
  height: number;
}

/** What the box reports of a stream: EdgeStreamReport without the camera and the analysed rate, the last data's time
 *  as a number (the pipeline formats it). */
export type StreamStatus = Omit<EdgeStreamReport, 'cameraId' | 'analysedFps' | 'lastFrameAt'> & { lastFrameAt?: number };

/** Fragment clocks drifting further than this from arrival times are re-anchored (a stall, a loop, a jump). */
const MAX_DRIFT_MS = 2000;
const FPS_WINDOW_MS = 5000;

export class CameraStream extends EventEmitter {
  private readonly options: CameraStreamOptions;
  private actor: Actor<typeof streamMachine> | null = null;
  private state: StreamState = 'connecting';
  private detectFps: number;
  private info: StreamInfo | null = null;
  private timescale = 1;
  /** Wall-clock ms minus media ms, fixed by the first fragment of a pull. */
  private anchor: number | null = null;
  private lastFrameEmitted = 0;
  private lastDataAt: number | undefined;
  private samples: { at: number; count: number; ms: number }[] = [];
  /** Set when the input turned out not to be H.264: later pulls re-encode. */
  private transcode = false;
  /** Starts a new pull in place of the current one (a higher frame rate, re-encoding). */
  private respawn: (() => void) | null = null;
  private spawnedFps = 0;
  private initBytes: Buffer | null = null;

  constructor(options: CameraStreamOptions) {
    super();
    this.options = options;
    this.detectFps = options.detectFps;
  }

  /** The current init segment (null before the first pull has written one). */
  get init(): Buffer | null {
    return this.initBytes;
  }

  get streamInfo(): StreamInfo | null {
    return this.info;
  }

  status(): StreamStatus {
    const snapshot = this.actor?.getSnapshot();
    const reason = snapshot?.context.reason ?? undefined;
    const reasonKind = snapshot?.context.reasonKind ?? undefined;
    return {
      state: this.state,
      ...(this.state !== 'live' && reason ? { error: reason } : {}),
      ...(this.state !== 'live' && reasonKind ? { errorKind: reasonKind } : {}),
      ...(this.info ? { width: this.info.width, height: this.info.height, codec: this.info.codec } : {}),
      decodedFps: this.decodedFps(),
      ...(this.lastDataAt ? { lastFrameAt: this.lastDataAt } : {}),
    };
  }

  start(): void {
    if (this.actor) return;
    const machine = streamMachine.provide({ actors: { pull: fromCallback<StreamMachineEvent, { attempt: number }>(({ sendBack }) => this.pull(sendBack)) } });
    this.actor = createActor(machine);
    this.actor.subscribe((snapshot) => {
      const next = reportedState(snapshot);
      if (next !== this.state) {
        this.state = next;
        this.emit('state', next);
      }
    });
    this.actor.start();
    this.actor.send({ type: 'START' });
  }

  async stop(): Promise<void> {
    this.actor?.send({ type: 'STOP' });
    this.actor?.stop();
    this.actor = null;
  }

  /** Lower rates apply at once (frames are dropped here); a higher one than ffmpeg was started with restarts it. */
  setDetectFps(fps: number): void {
    this.detectFps = fps;
    if (fps > this.spawnedFps) this.respawn?.();
  }

  private pull(sendBack: (event: StreamMachineEvent) => void): () => void {
    let stream: CheckedStream;
    try {
      stream = checkCameraUrl(this.options.url, this.options.mediaRoot);
      this.options.checkUrl?.(this.options.url);
    } catch (error) {
      // Reported after the machine has entered the state (a callback actor may not send while it starts).
      const timer = setTimeout(() => sendBack({ type: 'PULL.END', reason: (error as Error).message, fatal: true, kind: 'address' }), 0);
      return () => clearTimeout(timer);
    }
    let current: Pull | null = null;
    const spawnOne = () => {
      current?.kill();
      this.anchor = null;
      this.spawnedFps = this.detectFps;
      current = startPull(
        {
          ffmpegPath: this.options.ffmpegPath,
          stream,
          transport: this.options.transport,
          frameFps: this.spawnedFps,
          detectWidth: this.options.detectWidth,
          transcode: this.transcode,
        },
        {
          onProbe: (input) => {
            if (input.codec !== 'h264' && !this.transcode) {
              // MSE and the recordings want H.264: pull again, re-encoding (not a failure of the stream).
              this.transcode = true;
              setImmediate(spawnOne);
            }
          },
          onInit: (init, info) => this.onInit(init, info),
          onFragment: (fragment) => {
            this.onFragment(fragment);
            sendBack({ type: 'PULL.DATA' });
          },
          // Only fragments say the camera is sending: a decoder flushing the frames it held (B-frame reordering)
          // when ffmpeg's reads time out gives one last frame 10 s after the camera went quiet.
          onFrame: (frame) => this.onFrame(frame),
          onEnd: (reason, fatal, kind) => sendBack({ type: 'PULL.END', reason, fatal, kind }),
        },
      );
    };
    this.respawn = spawnOne;
    spawnOne();
    return () => {
      this.respawn = null;
      current?.kill();
    };
  }

  private onInit(init: Buffer, info: InitInfo) {
    if (!info.codec) return; // re-encoding is on its way (onProbe)
    this.timescale = info.timescale || 1;
    this.samples = [];
    this.info = { codec: info.codec, width: info.width, height: info.height };
    this.initBytes = init;
    this.emit('stream', this.info);
    this.emit('init', init);
  }

  private onFragment(raw: RawFragment) {
    if (!this.initBytes) return;
    const now = Date.now();
    const mediaStart = (raw.decodeTime / this.timescale) * 1000;
    const durationMs = (raw.duration / this.timescale) * 1000;
    // A fragment is written once its last sample is in: it started about its duration before it arrived.
    const expected = now - durationMs;
    if (this.anchor === null || Math.abs(this.anchor + mediaStart - expected) > MAX_DRIFT_MS) this.anchor = expected - mediaStart;
    this.lastDataAt = now;
    this.samples.push({ at: now, count: raw.samples, ms: durationMs });
    while (this.samples.length && this.samples[0].at < now - FPS_WINDOW_MS) this.samples.shift();
    const fragment: Fragment = { data: raw.data, keyframe: raw.keyframe, startMs: Math.round(this.anchor + mediaStart), durationMs: Math.round(durationMs) };
    this.emit('fragment', fragment);
  }

  private onFrame(frame: { width: number; height: number; rgb: Buffer }) {
    const now = Date.now();
    this.lastDataAt = now;
    // Frames come at the rate ffmpeg was started with; a lower rate set since drops the extra ones here.
    const gap = 1000 / this.detectFps;
    if (now - this.lastFrameEmitted < gap * 0.8) return;
    this.lastFrameEmitted = now;
    const decoded: DecodedFrame = { t: now, width: frame.width, height: frame.height, rgb: frame.rgb };
    this.emit('frame', decoded);
  }

  /** Frames a second over the last few seconds: by arrival, but never above the video's own rate (a burst after a
   *  reconnect delivers seconds of video at once). */
  private decodedFps(): number | undefined {
    if (this.samples.length < 2) return undefined;
    const later = this.samples.slice(1);
    const span = Math.max((this.samples.at(-1)!.at - this.samples[0].at) / 1000, later.reduce((n, s) => n + s.ms, 0) / 1000);
    if (span <= 0) return undefined;
    return Math.round((later.reduce((n, s) => n + s.count, 0) / span) * 10) / 10;
  }
}

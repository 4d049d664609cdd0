// One camera on the box: its stream (one ffmpeg pull), the pre-roll ring, continuous recording when asked, the
// analysis of its frames, and the alarms that come of it — each journaled in the outbox with its snapshot, then its
// clip once the post-roll has passed. Emits 'state' (the stream's reported state changed), 'init' and 'fragment'
// (for live view), 'frame' (each decoded frame, before its analysis; the bench's latency reads it) and 'alarm' (a hit
// that became an alarm; tests and the bench read it).
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { formatTime } from '../../http/format.ts';
import type { HeldModel } from '../../simulator/modelSync.ts';
import type { Outbox } from '../outbox.ts';
import { FragmentRing } from '../record/fragmentRing.ts';
import { type Segment, SegmentRecorder } from '../record/segmentRecorder.ts';
import { CameraStream, type StreamInfo } from '../stream/cameraStream.ts';
import type { DecodedFrame, EdgeCamera, EdgeStreamReport, Fragment } from '../types.ts';
import { type AnalysedHit, Analysis } from './analysis.ts';
import { alarmSnapshot, pixelBox } from './alarmSnapshot.ts';

export interface PipelineDeps {
  ffmpegPath: string;
  mediaRoot: string;
  /** Where continuous segments are written before they are uploaded. */
  segmentDir: string;
  detectWidth: number;
  outbox: Outbox;
  models(): Map<number, HeldModel>;
  checkUrl?(url: string): void;
  onSegment(cameraId: number, segment: Segment): void;
  log(line: string): void;
}

export interface PostedAlarm {
  cameraId: number;
  boxEventId: string;
  eventType: number;
  trackId: number;
  reason: string;
  frameAt: number;
  journaledAt: number;
}

/** A clip is at most what the platform takes (ingestRecording: 8 MB). */
const CLIP_MAX_BYTES = 8 * 1024 * 1024;
/** Continuous segments: docs/edge-runtime.md. */
const SEGMENT_MAX_BYTES = 64 * 1024 * 1024;
const RING_MAX_BYTES = 32 * 1024 * 1024;
/** Clips waiting for their post-roll, per camera; an alarm flood beyond it posts alarms without clips. */
const MAX_PENDING_CLIPS = 20;
const RATE_WINDOW_MS = 10_000;

const OBJ_TYPE: Record<string, number> = { person: 1, car: 2, truck: 2, bus: 2, motorcycle: 4, bicycle: 4 };

export class CameraPipeline extends EventEmitter {
  camera: EdgeCamera;
  private readonly deps: PipelineDeps;
  private readonly stream: CameraStream;
  private readonly ring: FragmentRing;
  private readonly analysis: Analysis;
  private recorder: SegmentRecorder | null = null;
  private latest: DecodedFrame | null = null;
  private analysedAt: number[] = [];
  private readonly clipTimers = new Map<string, { timer: NodeJS.Timeout; cut: () => Promise<void> }>();
  private stopped = false;

  constructor(camera: EdgeCamera, deps: PipelineDeps) {
    super();
    this.camera = camera;
    this.deps = deps;
    const stream = camera.stream;
    if (!stream) throw new Error(`camera ${camera.cameraId} has no stream`);
    this.stream = new CameraStream({
      url: stream.url,
      transport: stream.transport,
      detectFps: camera.detectFps,
      detectWidth: deps.detectWidth,
      ffmpegPath: deps.ffmpegPath,
      mediaRoot: deps.mediaRoot,
      checkUrl: deps.checkUrl,
    });
    this.ring = new FragmentRing({ seconds: ringSeconds(camera), maxBytes: RING_MAX_BYTES });
    this.analysis = new Analysis(camera.events, deps.models);
    this.stream.on('state', () => this.emit('state'));
    this.stream.on('stream', (info: StreamInfo) => this.emit('stream', info));
    this.stream.on('init', (init: Buffer) => {
      this.ring.setInit(init);
      this.recorder?.setInit(init);
      this.emit('init', init);
    });
    this.stream.on('fragment', (fragment: Fragment) => {
      this.ring.push(fragment);
      this.recorder?.push(fragment);
      this.emit('fragment', fragment);
    });
    this.stream.on('frame', (frame: DecodedFrame) => {
      this.latest = frame;
      this.emit('frame', frame);
      void this.analyse(frame);
    });
    this.applyRecording();
  }

  get cameraId(): number {
    return this.camera.cameraId;
  }

  start(): void {
    this.stream.start();
  }

  /** Whether a new configuration needs a new pull (another URL or transport) rather than an update in place. */
  needsRestart(next: EdgeCamera): boolean {
    return next.stream?.url !== this.camera.stream?.url || next.stream?.transport !== this.camera.stream?.transport;
  }

  /** Applies rules, rate and recording settings without touching the pull. */
  update(next: EdgeCamera): void {
    const before = this.camera;
    this.camera = next;
    if (JSON.stringify(before.events) !== JSON.stringify(next.events)) this.analysis.setRules(next.events);
    if (before.detectFps !== next.detectFps) this.stream.setDetectFps(next.detectFps);
    if (JSON.stringify(before.recording) !== JSON.stringify(next.recording)) {
      this.ring.setSeconds(ringSeconds(next));
      this.applyRecording();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.stream.stop();
    // Clips still waiting for their post-roll are cut now from what the ring holds.
    const pending = [...this.clipTimers.values()];
    this.clipTimers.clear();
    for (const p of pending) clearTimeout(p.timer);
    await Promise.allSettled(pending.map((p) => p.cut()));
    await this.recorder?.stop();
    this.recorder = null;
  }

  /** The current init segment and the fragments from the latest keyframe (what a new live viewer starts with). */
  liveStart(): { info: StreamInfo | null; init: Buffer | null; fragments: Fragment[] } {
    return { info: this.stream.streamInfo, init: this.ring.init, fragments: this.ring.latestGop() };
  }

  latestFrame(): DecodedFrame | null {
    return this.latest;
  }

  report(): EdgeStreamReport {
    const s = this.stream.status();
    const now = Date.now();
    this.analysedAt = this.analysedAt.filter((t) => t > now - RATE_WINDOW_MS);
    return {
      cameraId: this.cameraId,
      state: s.state,
      ...(s.error ? { error: s.error.slice(0, 200) } : {}),
      ...(s.width ? { width: s.width, height: s.height, codec: s.codec } : {}),
      ...(s.decodedFps !== undefined ? { decodedFps: s.decodedFps } : {}),
      analysedFps: Math.round((this.analysedAt.length / (RATE_WINDOW_MS / 1000)) * 10) / 10,
      ...(s.lastFrameAt ? { lastFrameAt: formatTime(new Date(s.lastFrameAt)) as string } : {}),
    };
  }

  /** The heartbeat's run state: 1 running, 3 abnormal (not live). */
  runState(): 1 | 3 {
    return this.stream.status().state === 'live' ? 1 : 3;
  }

  private applyRecording() {
    const { continuous, segmentSeconds } = this.camera.recording;
    if (continuous && !this.recorder) {
      this.recorder = new SegmentRecorder({
        dir: join(this.deps.segmentDir, String(this.cameraId)),
        segmentSeconds,
        maxBytes: SEGMENT_MAX_BYTES,
        onSegment: (segment) => this.deps.onSegment(this.cameraId, segment),
      });
      if (this.ring.init) this.recorder.setInit(this.ring.init);
    } else if (!continuous && this.recorder) {
      void this.recorder.stop();
      this.recorder = null;
    } else this.recorder?.setSegmentSeconds(segmentSeconds);
  }

  private async analyse(frame: DecodedFrame) {
    try {
      const result = await this.analysis.frame(frame);
      if (!result.analysed || this.stopped) return;
      this.analysedAt.push(frame.t);
      for (const hit of result.hits) await this.alarm(hit);
    } catch (error) {
      this.deps.log(`camera ${this.cameraId}: analysis failed: ${(error as Error).message}`);
    }
  }

  private async alarm({ hit, frame, recheck }: AnalysedHit) {
    const { rule, track } = hit;
    const boxEventId = this.deps.outbox.newEventId();
    const snapshot = await alarmSnapshot(frame, track.box);
    const accepted = await this.deps.outbox.addAlarm(
      {
        cameraId: this.cameraId,
        eventType: rule.typeId,
        alarmTime: formatTime(new Date(frame.t)) as string,
        confidence: Math.round(track.score * 1e4) / 1e4,
        box: pixelBox(track.box, frame.width, frame.height),
        attributes: {
          objType: OBJ_TYPE[track.label] ?? 0,
          label: track.label,
          trackId: track.id,
          rule: rule.name.slice(0, 64),
          reason: hit.reason,
          ...(recheck ? { recheckProbability: Math.round(recheck.probability * 1e4) / 1e4, recheckVersionId: recheck.versionId } : {}),
        },
        boxEventId,
      },
      snapshot,
    );
    if (!accepted) {
      this.deps.log(`camera ${this.cameraId}: the outbox is full, an alarm was not kept`);
      return;
    }
    this.emit('alarm', { cameraId: this.cameraId, boxEventId, eventType: rule.typeId, trackId: track.id, reason: hit.reason, frameAt: frame.t, journaledAt: Date.now() } satisfies PostedAlarm);
    this.scheduleClip(boxEventId, frame.t, track.id);
  }

  /** Cuts the clip once postSeconds have passed (and the fragment holding that moment has arrived). */
  private scheduleClip(boxEventId: string, at: number, trackId: number) {
    if (this.clipTimers.size >= MAX_PENDING_CLIPS) return;
    const { preSeconds, postSeconds } = this.camera.recording;
    const cut = async () => {
      this.clipTimers.delete(boxEventId);
      const clip = this.ring.clip(at - preSeconds * 1000, at + postSeconds * 1000, CLIP_MAX_BYTES);
      const info = this.stream.streamInfo;
      if (!clip || !info) return;
      const track = this.analysis.trackBoxes(trackId, clip.startMs, clip.endMs).map((p) => {
        const b = pixelBox(p.box, info.width, info.height);
        return { t: Math.round((p.t - clip.startMs) / 100) / 10, ...b };
      });
      await this.deps.outbox.addClip(
        { cameraId: this.cameraId, startTime: formatTime(new Date(clip.startMs)) as string, endTime: formatTime(new Date(clip.endMs)) as string, boxEventId, track },
        clip.data,
      );
    };
    const wait = Math.max(0, at + postSeconds * 1000 + 1000 - Date.now());
    const timer = setTimeout(() => void cut().catch((error: Error) => this.deps.log(`camera ${this.cameraId}: clip failed: ${error.message}`)), wait);
    this.clipTimers.set(boxEventId, { timer, cut });
  }
}

/** The ring holds the pre-roll and post-roll and a little more (docs/edge-runtime.md). */
function ringSeconds(camera: EdgeCamera): number {
  return camera.recording.preSeconds + camera.recording.postSeconds + 2;
}

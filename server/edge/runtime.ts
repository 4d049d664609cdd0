// One edge box (docs/edge-runtime.md): heartbeats with the host's real figures and each camera's stream state (at
// once when a stream's state changes, and when the platform wakes it), and runs what the answer says — one
// CameraPipeline per started camera with a stream, its rules, rate and recording applied in place, a new pull only
// when the URL or transport changes; trained versions synced to it checked, kept and acknowledged; `restart`
// commands obeyed. Alarms go through the outbox, live view and snapshots through the box socket. The box speaks
// only the box API, as a third-party box would.
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FEATURE_INFO } from '../ml/features.ts';
import { applyModelSyncs, type HeldModel, type ModelSyncAck } from '../simulator/modelSync.ts';
import { BoxClient, type HeartbeatAnswer } from './boxClient.ts';
import { hostFigures } from './hostFigures.ts';
import { LiveUplink } from './liveUplink.ts';
import { Outbox, type OutboxEvent } from './outbox.ts';
import { closeAnalysis } from './pipeline/analysis.ts';
import { CameraPipeline, type PostedAlarm } from './pipeline/cameraPipeline.ts';
import { SegmentUploads } from './segmentUploads.ts';
import type { EdgeCamera } from './types.ts';

export interface EdgeRuntimeOptions {
  platform: string;
  boxId: number;
  secret: string;
  /** The box's own files: outbox journal and clips, continuous segments, synced models. */
  dataDir: string;
  /** Local video files a camera may name (file://…) must be under this folder. */
  mediaRoot: string;
  ffmpegPath: string;
  detectWidth?: number;
  /** Heartbeats at most this far apart, even when the platform expects them less often (default 10 s). */
  heartbeatMaxMs?: number;
  version?: string;
  /** A further check of each stream URL before ffmpeg opens it (the platform's outbound allow-list). */
  checkUrl?(url: string): void;
  log(line: string): void;
}

export const EDGE_VERSION = '1.0.0';
const RETRY_MAX_MS = 30_000;

/** Events: 'alarm' (PostedAlarm), 'outbox' (OutboxEvent), 'heartbeat' (HeartbeatAnswer), 'state' ({cameraId, state}). */
export class EdgeRuntime extends EventEmitter {
  readonly client: BoxClient;
  readonly pipelines = new Map<number, CameraPipeline>();
  outbox!: Outbox;
  private readonly options: EdgeRuntimeOptions;
  private readonly figures: ReturnType<typeof hostFigures>;
  private readonly uplink: LiveUplink;
  private readonly uploads: SegmentUploads;
  private readonly models = new Map<number, HeldModel>();
  private acks: ModelSyncAck[] = [];
  private cameras: EdgeCamera[] = [];
  private intervalMs: number;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private stopped = false;

  private constructor(options: EdgeRuntimeOptions) {
    super();
    this.options = options;
    this.intervalMs = options.heartbeatMaxMs ?? 10_000;
    this.client = new BoxClient({ platform: options.platform, boxId: options.boxId, secret: options.secret });
    this.figures = hostFigures(options.dataDir);
    this.uploads = new SegmentUploads(this.client, options.log);
    this.uplink = new LiveUplink(this.client, {
      pipeline: (cameraId) => this.pipelines.get(cameraId),
      watchedChanged: () => this.reconcile(),
      wake: () => this.beatSoon(),
      heartbeatSeconds: (seconds) => this.setInterval(seconds),
      log: options.log,
    });
  }

  static async start(options: EdgeRuntimeOptions): Promise<EdgeRuntime> {
    const runtime = new EdgeRuntime(options);
    runtime.loadModels();
    runtime.outbox = await Outbox.open({ dir: join(options.dataDir, 'outbox'), client: runtime.client, onEvent: (e: OutboxEvent) => runtime.emit('outbox', e) });
    runtime.uplink.start();
    runtime.beatSoon();
    return runtime;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.beating;
    this.uplink.stop();
    await Promise.all([...this.pipelines.values()].map((p) => this.stopPipeline(p)));
    this.uploads.stop();
    await this.outbox.stop();
    await closeAnalysis();
  }

  /** A heartbeat now (or right after the one under way). */
  beatSoon(): void {
    if (this.stopped) return;
    if (this.beating) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.beating = this.beat().finally(() => {
      this.beating = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.beatSoon();
      }
    });
  }

  private setInterval(seconds: number) {
    this.intervalMs = Math.min(this.options.heartbeatMaxMs ?? 10_000, Math.max(1, seconds) * 1000);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.beatSoon(), ms);
    this.timer.unref();
  }

  private async beat() {
    const sending = this.acks.slice(0, 100);
    const pipelines = [...this.pipelines.values()];
    let answer: HeartbeatAnswer;
    try {
      const host = await this.figures();
      answer = await this.client.heartbeat({
        version: this.options.version ?? EDGE_VERSION,
        ...host,
        runStates: this.cameras.map((c) => ({ cameraId: c.cameraId, runState: this.pipelines.get(c.cameraId)?.runState() ?? 0 })),
        streams: pipelines.map((p) => p.report()),
        ...(sending.length ? { modelSyncAcks: sending } : {}),
      });
    } catch (error) {
      this.failures += 1;
      this.options.log(`heartbeat failed: ${(error as Error).message}`);
      this.schedule(Math.min(RETRY_MAX_MS, this.intervalMs, 1000 * 2 ** (this.failures - 1)));
      return;
    }
    this.failures = 0;
    this.acks = this.acks.filter((a) => !sending.includes(a));
    this.setInterval(answer.heartbeatSeconds);
    this.emit('heartbeat', answer);
    this.applyModelSyncs(answer);
    if (answer.commands.some((c) => c.command === 'restart')) {
      this.options.log('restart asked by the platform: every camera pull starts again');
      await Promise.all([...this.pipelines.values()].map((p) => this.stopPipeline(p)));
    }
    this.cameras = answer.cameras;
    this.reconcile();
    // Acknowledge new versions at once rather than a whole interval later.
    this.schedule(this.acks.length ? 0 : this.intervalMs);
  }

  private applyModelSyncs(answer: HeartbeatAnswer) {
    if (!answer.modelSyncs.length) return;
    const usable = answer.modelSyncs.filter((o) => o.extractorHash === FEATURE_INFO.hash);
    const acks = applyModelSyncs(this.models, usable);
    for (const offer of answer.modelSyncs.filter((o) => !usable.includes(o))) {
      acks.push({ syncId: offer.syncId, applied: false, reason: `the version reads features of another extractor (${offer.extractor})` });
    }
    this.acks.push(...acks);
    void writeFile(join(this.options.dataDir, 'models.json'), JSON.stringify([...this.models])).catch(() => undefined);
  }

  private loadModels() {
    const file = join(this.options.dataDir, 'models.json');
    if (!existsSync(file)) return;
    try {
      for (const [id, model] of JSON.parse(readFileSync(file, 'utf8')) as [number, HeldModel][]) this.models.set(id, model);
    } catch {
      this.options.log(`${file} could not be read; synced versions are taken again when the platform syncs them`);
    }
  }

  /** Starts, updates and stops pipelines to match the last answer and the cameras being watched. */
  private reconcile() {
    if (this.stopped) return;
    const wanted = new Map<number, EdgeCamera>();
    for (const camera of this.cameras) {
      if (camera.kind !== 'normal' || !camera.stream) continue;
      if (camera.started) wanted.set(camera.cameraId, camera);
      // Watched but not analysed: the pull for live view only.
      else if (this.uplink.watched.has(camera.cameraId)) wanted.set(camera.cameraId, { ...camera, events: [] });
    }
    for (const [cameraId, pipeline] of this.pipelines) {
      const next = wanted.get(cameraId);
      if (!next || pipeline.needsRestart(next)) void this.stopPipeline(pipeline);
      else pipeline.update(next);
    }
    for (const [cameraId, camera] of wanted) if (!this.pipelines.has(cameraId)) this.startPipeline(camera);
  }

  private startPipeline(camera: EdgeCamera) {
    const pipeline = new CameraPipeline(camera, {
      ffmpegPath: this.options.ffmpegPath,
      mediaRoot: this.options.mediaRoot,
      segmentDir: join(this.options.dataDir, 'segments'),
      detectWidth: this.options.detectWidth ?? 640,
      outbox: this.outbox,
      models: () => this.models,
      checkUrl: this.options.checkUrl,
      onSegment: (cameraId, segment) => this.uploads.add(cameraId, segment),
      log: this.options.log,
    });
    pipeline.on('state', () => {
      this.emit('state', { cameraId: camera.cameraId, state: pipeline.report().state });
      // The platform hears of a lost or recovered stream now, not at the next interval.
      this.beatSoon();
    });
    pipeline.on('alarm', (alarm: PostedAlarm) => this.emit('alarm', alarm));
    this.pipelines.set(camera.cameraId, pipeline);
    this.uplink.pipelineStarted(pipeline);
    pipeline.start();
  }

  private async stopPipeline(pipeline: CameraPipeline) {
    if (this.pipelines.get(pipeline.cameraId) === pipeline) this.pipelines.delete(pipeline.cameraId);
    this.uplink.pipelineStopped(pipeline);
    await pipeline.stop();
  }
}

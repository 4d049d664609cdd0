// Live view from the box's side: the platform says which cameras to `watch` over the box socket; a watched camera's
// stream message, init segment and fragments from its latest keyframe go up at once, then each new fragment as it
// comes. A camera watched but not started for analysis gets a pull of its own for as long as it is watched (the
// runtime reads `watched`). Snapshots asked for are the latest decoded frame as a JPEG.
import { BoxSocket } from './boxSocket.ts';
import type { BoxClient } from './boxClient.ts';
import type { CameraPipeline } from './pipeline/cameraPipeline.ts';
import { frameJpeg } from './pipeline/alarmSnapshot.ts';
import type { Fragment } from './types.ts';

export interface LiveUplinkHooks {
  pipeline(cameraId: number): CameraPipeline | undefined;
  /** The watched set changed: the runtime starts or stops watch-only pulls. */
  watchedChanged(): void;
  wake(): void;
  heartbeatSeconds(seconds: number): void;
  log(line: string): void;
}

export class LiveUplink {
  readonly watched = new Set<number>();
  private readonly socket: BoxSocket;
  private readonly hooks: LiveUplinkHooks;
  private readonly attached = new Map<CameraPipeline, { init: (init: Buffer) => void; fragment: (f: Fragment) => void }>();

  constructor(client: BoxClient, hooks: LiveUplinkHooks) {
    this.hooks = hooks;
    this.socket = new BoxSocket(client, {
      onHello: (seconds) => hooks.heartbeatSeconds(seconds),
      onWatch: (cameraId, on) => this.watch(cameraId, on),
      onWake: () => hooks.wake(),
      onSnapshot: (cameraId, requestId) => void this.snapshot(cameraId, requestId),
      log: hooks.log,
    });
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  start(): void {
    this.socket.start();
  }

  stop(): void {
    for (const pipeline of [...this.attached.keys()]) this.detach(pipeline);
    this.watched.clear();
    this.socket.stop();
  }

  /** Called by the runtime for each pipeline it starts or stops, so a watched camera's pipeline is wired. */
  pipelineStarted(pipeline: CameraPipeline): void {
    if (this.watched.has(pipeline.cameraId)) this.attach(pipeline);
  }

  pipelineStopped(pipeline: CameraPipeline): void {
    this.detach(pipeline);
  }

  private watch(cameraId: number, on: boolean) {
    if (on) this.watched.add(cameraId);
    else this.watched.delete(cameraId);
    this.hooks.watchedChanged();
    const pipeline = this.hooks.pipeline(cameraId);
    if (!pipeline) return;
    if (on) this.attach(pipeline);
    else this.detach(pipeline);
  }

  private attach(pipeline: CameraPipeline) {
    if (this.attached.has(pipeline)) return;
    const cameraId = pipeline.cameraId;
    const start = pipeline.liveStart();
    if (start.info && start.init) {
      this.socket.sendStream(cameraId, start.info, start.init);
      for (const fragment of start.fragments) this.socket.sendFragment(cameraId, fragment);
    }
    const handlers = {
      init: (init: Buffer) => {
        const info = pipeline.liveStart().info;
        if (info) this.socket.sendStream(cameraId, info, init);
      },
      fragment: (fragment: Fragment) => this.socket.sendFragment(cameraId, fragment),
    };
    pipeline.on('init', handlers.init);
    pipeline.on('fragment', handlers.fragment);
    this.attached.set(pipeline, handlers);
  }

  private detach(pipeline: CameraPipeline) {
    const handlers = this.attached.get(pipeline);
    if (!handlers) return;
    pipeline.off('init', handlers.init);
    pipeline.off('fragment', handlers.fragment);
    this.attached.delete(pipeline);
  }

  private async snapshot(cameraId: number, requestId: number) {
    const frame = this.hooks.pipeline(cameraId)?.latestFrame();
    if (!frame) return this.socket.sendSnapshotError(cameraId, requestId, 'no decoded frame of this camera yet');
    try {
      this.socket.sendSnapshot(cameraId, requestId, await frameJpeg(frame));
    } catch (error) {
      this.socket.sendSnapshotError(cameraId, requestId, (error as Error).message);
    }
  }
}

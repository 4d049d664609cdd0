// The box's end of the box socket (docs/edge-runtime.md; the wire format is server/modules/edgeBox/
// boxSocketProtocol.ts, shared with the platform's end): kept open with the box's id and secret, reconnected with
// backoff (1 s doubling to 30 s; never after 4001, wrong credentials — the heartbeat says the same); the platform's
// watch, wake and snapshot messages handed to the runtime; live fragments sent while watched, dropped while more
// than 4 MiB are unsent and resumed at the next keyframe, so a slow uplink never holds the box.
import {
  type BoxMessage,
  CLOSE,
  encodeBoxFrame,
  FRAME_FRAGMENT,
  FRAME_INIT,
  FRAME_SNAPSHOT,
  type PlatformMessage,
} from '../modules/edgeBox/boxSocketProtocol.ts';
import type { BoxClient } from './boxClient.ts';
import type { Fragment } from './types.ts';

export interface BoxSocketHandlers {
  onHello(heartbeatSeconds: number): void;
  onWatch(cameraId: number, on: boolean): void;
  onWake(): void;
  onSnapshot(cameraId: number, requestId: number): void;
  log(line: string): void;
}

/** Unsent bytes past which a camera's fragments are dropped until its next keyframe. */
const MAX_BUFFERED = 4 * 1024 * 1024;
const MAX_BACKOFF_MS = 30_000;

export class BoxSocket {
  private readonly client: BoxClient;
  private readonly handlers: BoxSocketHandlers;
  private socket: WebSocket | null = null;
  private open = false;
  private stopped = false;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Cameras whose fragments are being skipped until a keyframe. */
  private readonly skipping = new Set<number>();

  constructor(client: BoxClient, handlers: BoxSocketHandlers) {
    this.client = client;
    this.handlers = handlers;
  }

  get connected(): boolean {
    return this.open;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(CLOSE.normal);
    this.socket = null;
    this.open = false;
  }

  /** The stream message, then the init segment (kind 1): what a watch starts with and a new pull repeats. */
  sendStream(cameraId: number, info: { codec: string; width: number; height: number }, init: Buffer): void {
    if (!this.send({ type: 'stream', cameraId, ...info })) return;
    this.sendBinary(encodeBoxFrame({ kind: FRAME_INIT, cameraId, value: 0, payload: init }));
    this.skipping.add(cameraId); // fragments start again at a keyframe of this init
  }

  sendFragment(cameraId: number, fragment: Fragment): void {
    if (!this.open || !this.socket) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED) {
      this.skipping.add(cameraId);
      return;
    }
    if (this.skipping.has(cameraId)) {
      if (!fragment.keyframe) return;
      this.skipping.delete(cameraId);
    }
    this.sendBinary(encodeBoxFrame({ kind: FRAME_FRAGMENT, keyframe: fragment.keyframe, cameraId, value: fragment.startMs, payload: fragment.data }));
  }

  sendSnapshot(cameraId: number, requestId: number, jpeg: Buffer): void {
    this.sendBinary(encodeBoxFrame({ kind: FRAME_SNAPSHOT, cameraId, value: requestId, payload: jpeg }));
  }

  sendSnapshotError(cameraId: number, requestId: number, reason: string): void {
    this.send({ type: 'snapshotError', cameraId, requestId, reason: reason.slice(0, 200) });
  }

  private send(message: BoxMessage): boolean {
    if (!this.open || !this.socket) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private sendBinary(data: Buffer) {
    if (this.open && this.socket) this.socket.send(data);
  }

  private connect() {
    if (this.stopped) return;
    const socket = new WebSocket(this.client.socketUrl(), { headers: this.client.headers } as unknown as string[]);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.open = true;
    });
    socket.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      let message: PlatformMessage;
      try {
        message = JSON.parse(event.data) as PlatformMessage;
      } catch {
        return;
      }
      this.handle(message);
    });
    socket.addEventListener('error', () => undefined); // the close that follows says what happened
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.open = false;
      this.socket = null;
      this.skipping.clear();
      if (this.stopped) return;
      if (event.code === CLOSE.badCredentials) {
        this.handlers.log('box socket: the platform refused the box credentials (4001); not reconnecting');
        return;
      }
      this.failures += 1;
      const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (this.failures - 1));
      this.timer = setTimeout(() => this.connect(), wait);
      this.timer.unref();
    });
  }

  private handle(message: PlatformMessage) {
    switch (message.type) {
      case 'hello':
        this.failures = 0;
        this.handlers.onHello(message.heartbeatSeconds);
        break;
      case 'watch':
        if (Number.isInteger(message.cameraId)) this.handlers.onWatch(message.cameraId, message.on === true);
        break;
      case 'wake':
        this.handlers.onWake();
        break;
      case 'snapshot':
        if (Number.isInteger(message.cameraId) && Number.isSafeInteger(message.requestId)) this.handlers.onSnapshot(message.cameraId, message.requestId);
        break;
    }
  }
}

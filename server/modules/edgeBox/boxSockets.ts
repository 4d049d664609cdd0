// The boxes' sockets on this server instance (/api/ingest/socket): one per box (a new one replaces the old), pinged
// every 20 s and dropped when a ping goes unanswered; what the platform tells a box (watch, wake, snapshot) and what
// a box sends back (a camera's stream, its init segment and fragments for the live viewers, snapshots).
import {
  type BoxMessage,
  CLOSE,
  decodeBoxFrame,
  FRAME_FRAGMENT,
  FRAME_INIT,
  FRAME_SNAPSHOT,
  type PlatformMessage,
  PING_INTERVAL_MS,
  parseBoxMessage,
} from './boxSocketProtocol.ts';

/** The ws WebSocket as this module uses it. */
export interface BoxSocket {
  readonly readyState: number;
  send(data: string): void;
  ping(): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

export interface StreamInfo {
  codec: string;
  width: number;
  height: number;
}

/** Where a box's live media goes (the live hub, server/modules/video/liveHub.ts). */
export interface BoxMediaSink {
  stream(boxId: number, cameraId: number, info: StreamInfo): void;
  init(boxId: number, cameraId: number, payload: Buffer): void;
  fragment(boxId: number, cameraId: number, payload: Buffer, keyframe: boolean, startMs: number): void;
  /** The box's socket closed (or was replaced): its streams have ended. */
  boxGone(boxId: number): void;
}

export class SnapshotError extends Error {
  readonly reason: 'noSocket' | 'timeout' | 'refused' | 'closed' | 'busy';
  constructor(reason: SnapshotError['reason'], detail = '') {
    super(detail || reason);
    this.reason = reason;
  }
}

const OPEN = 1;
/** Wakes closer together than this are sent as one, after it (a burst of saves asks for one heartbeat). */
const WAKE_SPACING_MS = 500;
const MAX_PENDING_SNAPSHOTS = 8;

interface PendingSnapshot {
  cameraId: number;
  resolve(jpeg: Buffer): void;
  reject(error: SnapshotError): void;
  timer: NodeJS.Timeout;
}

export class BoxConnection {
  readonly boxId: number;
  readonly socket: BoxSocket;
  /** Cameras the platform asked this box to send (watch on). */
  readonly watched = new Set<number>();
  readonly snapshots = new Map<number, PendingSnapshot>();
  awaitingPong = false;
  lastWakeAt = 0;
  wakeTimer: NodeJS.Timeout | null = null;
  /** Messages that were not one of the protocol's (counted, not acted on). */
  ignored = 0;
  /** Closed because a newer socket of the box took its place (the box is still connected). */
  replaced = false;

  constructor(boxId: number, socket: BoxSocket) {
    this.boxId = boxId;
    this.socket = socket;
  }

  send(message: PlatformMessage): boolean {
    if (this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }
}

export class BoxSockets {
  private readonly byBox = new Map<number, BoxConnection>();
  private readonly pinger: NodeJS.Timeout;
  private nextRequestId = 1;
  sink: BoxMediaSink | null = null;

  constructor(pingIntervalMs = PING_INTERVAL_MS) {
    this.pinger = setInterval(() => this.pingAll(), pingIntervalMs);
    this.pinger.unref();
  }

  /** Takes the box's new socket, closing the one it had (4009), and greets it. */
  attach(boxId: number, socket: BoxSocket, heartbeatSeconds: number): BoxConnection {
    const old = this.byBox.get(boxId);
    if (old) {
      old.replaced = true;
      this.forget(old);
      old.socket.close(CLOSE.replaced, 'replaced by a newer connection');
    }
    const connection = new BoxConnection(boxId, socket);
    this.byBox.set(boxId, connection);
    connection.send({ type: 'hello', heartbeatSeconds });
    return connection;
  }

  /** The socket closed: forget it (unless a newer one replaced it already). */
  detach(connection: BoxConnection): void {
    if (this.byBox.get(connection.boxId) === connection) this.forget(connection);
  }

  has(boxId: number): boolean {
    return this.byBox.get(boxId)?.socket.readyState === OPEN;
  }

  /** Boxes with a socket on this instance. */
  boxes(): number[] {
    return [...this.byBox.keys()];
  }

  /** Asks the box for a heartbeat now; wakes closer together than WAKE_SPACING_MS go as one. */
  wake(boxId: number): void {
    const connection = this.byBox.get(boxId);
    if (!connection || connection.wakeTimer) return;
    const wait = connection.lastWakeAt + WAKE_SPACING_MS - Date.now();
    const send = () => {
      connection.wakeTimer = null;
      connection.lastWakeAt = Date.now();
      connection.send({ type: 'wake' });
    };
    if (wait <= 0) send();
    else {
      connection.wakeTimer = setTimeout(send, wait);
      connection.wakeTimer.unref();
    }
  }

  /** Starts or stops the camera's live fragments; false when the box has no socket here. */
  watch(boxId: number, cameraId: number, on: boolean): boolean {
    const connection = this.byBox.get(boxId);
    if (!connection) return false;
    if (on) connection.watched.add(cameraId);
    else connection.watched.delete(cameraId);
    return connection.send({ type: 'watch', cameraId, on });
  }

  /** A JPEG of the camera's latest decoded frame, from its box. */
  snapshot(boxId: number, cameraId: number, timeoutMs = 5000): Promise<Buffer> {
    const connection = this.byBox.get(boxId);
    if (!connection || connection.socket.readyState !== OPEN) return Promise.reject(new SnapshotError('noSocket'));
    if (connection.snapshots.size >= MAX_PENDING_SNAPSHOTS) return Promise.reject(new SnapshotError('busy'));
    const requestId = this.nextRequestId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        connection.snapshots.delete(requestId);
        reject(new SnapshotError('timeout'));
      }, timeoutMs);
      timer.unref();
      connection.snapshots.set(requestId, { cameraId, resolve, reject, timer });
      connection.send({ type: 'snapshot', cameraId, requestId });
    });
  }

  receiveText(connection: BoxConnection, text: string): void {
    const message: BoxMessage | null = parseBoxMessage(text);
    if (!message) {
      connection.ignored++;
      return;
    }
    if (message.type === 'stream') {
      if (connection.watched.has(message.cameraId)) this.sink?.stream(connection.boxId, message.cameraId, message);
      return;
    }
    const pending = connection.snapshots.get(message.requestId);
    if (pending && pending.cameraId === message.cameraId) {
      connection.snapshots.delete(message.requestId);
      clearTimeout(pending.timer);
      pending.reject(new SnapshotError('refused', message.reason));
    }
  }

  receiveBinary(connection: BoxConnection, data: Buffer): void {
    const frame = decodeBoxFrame(data);
    if (!frame) {
      connection.ignored++;
      return;
    }
    if (frame.kind === FRAME_SNAPSHOT) {
      const pending = connection.snapshots.get(frame.value);
      if (!pending || pending.cameraId !== frame.cameraId) return;
      connection.snapshots.delete(frame.value);
      clearTimeout(pending.timer);
      pending.resolve(frame.payload);
      return;
    }
    // Media only for cameras the platform is watching: a box cannot push into a view nobody opened.
    if (!connection.watched.has(frame.cameraId)) return;
    if (frame.kind === FRAME_INIT) this.sink?.init(connection.boxId, frame.cameraId, frame.payload);
    else if (frame.kind === FRAME_FRAGMENT) this.sink?.fragment(connection.boxId, frame.cameraId, frame.payload, frame.keyframe, frame.value);
  }

  pong(connection: BoxConnection): void {
    connection.awaitingPong = false;
  }

  /** Closes every socket (1001: the server is going away) and stops pinging. */
  close(): void {
    clearInterval(this.pinger);
    for (const connection of [...this.byBox.values()]) {
      this.forget(connection);
      connection.socket.close(CLOSE.goingAway, 'server shutting down');
    }
  }

  private pingAll(): void {
    for (const connection of this.byBox.values()) {
      // No pong since the last ping: the link is dead (a box that vanished without closing).
      if (connection.awaitingPong) {
        this.forget(connection);
        connection.socket.terminate();
        continue;
      }
      connection.awaitingPong = true;
      if (connection.socket.readyState === OPEN) connection.socket.ping();
    }
  }

  private forget(connection: BoxConnection): void {
    if (this.byBox.get(connection.boxId) === connection) this.byBox.delete(connection.boxId);
    if (connection.wakeTimer) clearTimeout(connection.wakeTimer);
    connection.wakeTimer = null;
    for (const [id, pending] of connection.snapshots) {
      clearTimeout(pending.timer);
      pending.reject(new SnapshotError('closed'));
      connection.snapshots.delete(id);
    }
    const hadMedia = connection.watched.size > 0;
    connection.watched.clear();
    if (hadMedia || this.sink) this.sink?.boxGone(connection.boxId);
  }
}

// One console's websocket: the protocol of the contract's x-websockets (hello, resume/ping, alarm, alarmStatus,
// pong), a bounded send queue drained by a push loop that yields to the event loop, and the catch-up replay.
//
// Delivery keeps one cursor per connection: an alarm is sent iff its seq is above the last seq covered. The
// replay reads the database in batches as the queue drains; it hands over to live pushes only once it has
// caught up with what the hub has broadcast, so there is no gap and no duplicate between the two.
import type { SessionUser } from '../http/handler.ts';
import type { Lang } from '../http/messages.ts';

export type PushType = 'all' | 'violation' | 'road' | 'urgent';

/** The part of a ws WebSocket a connection uses. */
export interface PushSocket {
  readonly readyState: number;
  send(data: string | Buffer, options: { binary: boolean }, callback?: (error?: Error) => void): void;
  close(code?: number, reason?: string): void;
  /** ws keeps the TCP socket here; corked while a batch is written so the batch goes out in one write. */
  _socket?: { cork(): void; uncork(): void };
}

/** A message as sent: UTF-8 bytes, encoded once and shared by every connection. */
export type Frame = Buffer;

const CONNECTING = 0;
const OPEN = 1;

export const LIMITS = {
  maxQueuedMessages: 1000,
  maxBufferedBytes: 4 * 1024 * 1024,
  /** Messages written per turn of the push loop before it yields (setImmediate). */
  perTurn: 100,
  /** The replay reads its next batch when the queue is down to this. */
  lowWater: 200,
  replayBatch: 200,
};

/** A pushed alarm: its seq, its type id, and its message in the connection's language. */
export interface OutgoingAlarm {
  seq: number;
  eventType: number;
  /** Deleted before it was read: it moves the cursor but is not sent. */
  deleted?: boolean;
  frame(lang: Lang): Frame;
}

/** What a connection needs from the hub. */
export interface ConnectionHub {
  /** The highest seq the hub has broadcast (every alarm up to it is committed). */
  readonly seq: number;
  urgentSet(): ReadonlySet<number>;
  /** Alarms matching `type` with seq > afterSeq, in seq order (deleted ones flagged). */
  readAfter(afterSeq: number, type: PushType, limit: number): Promise<OutgoingAlarm[]>;
  remove(connection: AlarmConnection): void;
}

type State = 'hello' | 'replay' | 'live' | 'closed';

export class AlarmConnection {
  readonly socket: PushSocket;
  readonly user: SessionUser;
  readonly lang: Lang;
  readonly type: PushType;
  lastReceivedAt = Date.now();
  #hub: ConnectionHub;
  #state: State = 'hello';
  #helloSeq = 0;
  #cursor = 0;
  #queue: Frame[] = [];
  #queuedBytes = 0;
  #inflightBytes = 0;
  #pumpScheduled = false;
  #drained: (() => void) | null = null;

  constructor(socket: PushSocket, hub: ConnectionHub, user: SessionUser, lang: Lang, type: PushType) {
    this.socket = socket;
    this.#hub = hub;
    this.user = user;
    this.lang = lang;
    this.type = type;
  }

  get state(): State {
    return this.#state;
  }

  get queued(): number {
    return this.#queue.length;
  }

  hello(lastSeq: number): void {
    this.#helloSeq = lastSeq;
    this.#sendNow(JSON.stringify({ type: 'hello', lastSeq }));
  }

  /** A text frame from the client. */
  receive(text: string): void {
    this.lastReceivedAt = Date.now();
    if (this.#state === 'closed') return;
    if (text === 'ping') {
      this.#sendNow('pong');
      this.#firstMessage(null);
      return;
    }
    let message: { type?: unknown; afterSeq?: unknown } | null = null;
    try {
      message = JSON.parse(text);
    } catch {
      // Not JSON: counts as a first message, otherwise ignored.
    }
    if (message?.type === 'ping') this.#sendNow(JSON.stringify({ type: 'pong' }));
    const afterSeq = message?.type === 'resume' && Number.isSafeInteger(message.afterSeq) && (message.afterSeq as number) >= 0 ? (message.afterSeq as number) : null;
    this.#firstMessage(afterSeq);
  }

  /** Delivery starts with the first message: after `resume`'s afterSeq, or after hello's lastSeq. */
  #firstMessage(afterSeq: number | null): void {
    if (this.#state !== 'hello') return; // a later resume is ignored
    // A client ahead of the store (the database was reset) gets what is new from now on.
    this.#cursor = afterSeq === null || afterSeq > this.#helloSeq ? this.#helloSeq : afterSeq;
    this.#state = 'replay';
    this.#replay().catch(() => this.close(1011, 'replay failed'));
  }

  async #replay(): Promise<void> {
    while (this.#state === 'replay') {
      if (this.#queue.length > LIMITS.lowWater) {
        await new Promise<void>((resolve) => {
          this.#drained = resolve;
        });
        continue;
      }
      const broadcastBefore = this.#hub.seq;
      const alarms = await this.#hub.readAfter(this.#cursor, this.type, LIMITS.replayBatch);
      if (this.#state !== 'replay') return;
      for (const alarm of alarms) {
        this.#cursor = alarm.seq;
        if (!alarm.deleted) this.#enqueue(alarm.frame(this.lang));
      }
      if (alarms.length < LIMITS.replayBatch) {
        // Everything committed when the read began is covered, which includes all the hub had broadcast then.
        this.#cursor = Math.max(this.#cursor, broadcastBefore);
        if (this.#cursor >= this.#hub.seq) this.#state = 'live';
      }
    }
  }

  /** A live alarm from the hub, in seq order. */
  offer(alarm: OutgoingAlarm): void {
    if (this.#state !== 'live' || alarm.seq <= this.#cursor) return;
    this.#cursor = alarm.seq;
    if (!alarm.deleted && this.#matches(alarm.eventType)) this.#enqueue(alarm.frame(this.lang));
  }

  /** A status message (not replayed): sent to every connection past hello. */
  offerStatus(frame: Frame): void {
    if (this.#state !== 'closed') this.#enqueue(frame);
  }

  #matches(eventType: number): boolean {
    switch (this.type) {
      case 'violation':
        return eventType <= 50;
      case 'road':
        return eventType >= 1001;
      case 'urgent':
        return this.#hub.urgentSet().has(eventType);
      default:
        return true;
    }
  }

  #enqueue(frame: Frame): void {
    if (this.#state === 'closed') return;
    const bytes = frame.length;
    if (this.#queue.length >= LIMITS.maxQueuedMessages || this.#queuedBytes + this.#inflightBytes + bytes > LIMITS.maxBufferedBytes) {
      // Too slow to keep up: it reconnects and resumes from the last seq it processed, so nothing is lost.
      this.close(4008, 'client too slow');
      return;
    }
    this.#queue.push(frame);
    this.#queuedBytes += bytes;
    this.#schedulePump();
  }

  #schedulePump(): void {
    if (this.#pumpScheduled) return;
    this.#pumpScheduled = true;
    setImmediate(this.#pump);
  }

  /** Writes at most LIMITS.perTurn messages, then yields so other sockets and requests get their turn. */
  #pump = (): void => {
    this.#pumpScheduled = false;
    if (this.#state === 'closed') return;
    let sent = 0;
    const tcp = this.socket._socket;
    tcp?.cork();
    while (this.#queue.length > 0 && sent < LIMITS.perTurn) {
      const frame = this.#queue.shift()!;
      const bytes = frame.length;
      this.#queuedBytes -= bytes;
      this.#inflightBytes += bytes;
      this.socket.send(frame, { binary: false }, (error) => {
        this.#inflightBytes -= bytes;
        if (error) this.close(1011, 'send failed');
      });
      sent++;
    }
    tcp?.uncork();
    if (this.#queue.length > 0) this.#schedulePump();
    if (this.#queue.length <= LIMITS.lowWater && this.#drained) {
      const resolve = this.#drained;
      this.#drained = null;
      resolve();
    }
  };

  #sendNow(text: string): void {
    if (this.#state !== 'closed' && this.socket.readyState === OPEN) this.socket.send(text, { binary: false });
  }

  close(code: number, reason: string): void {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#queue = [];
    this.#queuedBytes = 0;
    this.#drained?.();
    this.#drained = null;
    this.#hub.remove(this);
    if (this.socket.readyState === OPEN || this.socket.readyState === CONNECTING) this.socket.close(code, reason);
  }

  /** The socket closed from the other side. */
  closed(): void {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#queue = [];
    this.#drained?.();
    this.#drained = null;
    this.#hub.remove(this);
  }
}

// The live viewers of each camera on this instance. One feed per camera: the box is asked to `watch` while at least
// one viewer is connected (and for a grace time after the last leaves, so a page reload does not restart the
// box's uplink), and every viewer shares what it sends. The feed keeps the init segment and the current GOP (the
// fragments since the latest keyframe), so a new viewer starts at a keyframe at once. A viewer whose connection
// cannot take the fragments as fast as they come skips to the next keyframe (its unsent bytes are bounded); the
// others never wait for it. When the box's stream ends (its socket closes, or it starts a new stream) the
// viewers' answers end: their players reopen.
import type { BoxMediaSink, BoxSockets, StreamInfo } from '../edgeBox/boxSockets.ts';

export interface LiveViewer {
  readonly userId: number;
  /** Sends bytes to the viewer. */
  write(chunk: Buffer): void;
  /** Bytes written and not yet sent on the viewer's connection. */
  buffered(): number;
  /** Ends the viewer's answer (the stream ended). */
  end(): void;
}

export interface LiveLimits {
  /** The box keeps sending this long after the last viewer left. */
  graceMs: number;
  /** How long a new viewer waits for the box's first data. */
  firstDataMs: number;
  maxViewersPerCamera: number;
  maxViewersPerUser: number;
  /** Unsent bytes a viewer may have before it skips to the next keyframe. */
  maxViewerBacklogBytes: number;
  /** A GOP larger than this is not kept for new viewers (they wait for the next keyframe). */
  maxGopBytes: number;
}

export const LIVE_LIMITS: LiveLimits = {
  graceMs: 10_000,
  firstDataMs: 10_000,
  maxViewersPerCamera: 16,
  maxViewersPerUser: 4,
  maxViewerBacklogBytes: 4 * 1024 * 1024,
  maxGopBytes: 16 * 1024 * 1024,
};

export class LiveError extends Error {
  readonly reason: 'cameraFull' | 'userFull' | 'noSocket' | 'noData' | 'ended';
  constructor(reason: LiveError['reason']) {
    super(reason);
    this.reason = reason;
  }
}

interface ViewerState {
  /** Dropping fragments until the next keyframe. */
  skipping: boolean;
}

class Feed {
  readonly cameraId: number;
  readonly boxId: number;
  stream: StreamInfo | null = null;
  init: Buffer | null = null;
  gop: Buffer[] = [];
  gopBytes = 0;
  gopComplete = false;
  readonly viewers = new Map<LiveViewer, ViewerState>();
  readonly waiting = new Set<() => void>();
  readonly streamWaiters = new Set<() => void>();
  graceTimer: NodeJS.Timeout | null = null;
  /** Fragments and bytes received since the watch started (tests, figures). */
  fragments = 0;
  constructor(cameraId: number, boxId: number) {
    this.cameraId = cameraId;
    this.boxId = boxId;
  }
}

export interface JoinResult {
  stream: StreamInfo | null;
  /** The init segment and the fragments of the current GOP, to send first. */
  start: Buffer[];
}

export class LiveHub implements BoxMediaSink {
  private readonly feeds = new Map<number, Feed>();
  private readonly perUser = new Map<number, number>();
  private readonly perCamera = new Map<number, number>();
  readonly limits: LiveLimits;
  /** Watch requests sent to boxes (on and off), for the tests' and the bench's figures. */
  readonly watchLog: { boxId: number; cameraId: number; on: boolean }[] = [];

  private readonly sockets: BoxSockets;

  constructor(sockets: BoxSockets, limits: Partial<LiveLimits> = {}) {
    this.sockets = sockets;
    this.limits = { ...LIVE_LIMITS, ...limits };
    sockets.sink = this;
  }

  /** Takes a viewer slot: refused when the camera or the user has as many viewers as allowed. */
  reserve(cameraId: number, userId: number): () => void {
    const onCamera = this.perCamera.get(cameraId) ?? 0;
    if (onCamera >= this.limits.maxViewersPerCamera) throw new LiveError('cameraFull');
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.maxViewersPerUser) throw new LiveError('userFull');
    this.perCamera.set(cameraId, onCamera + 1);
    this.perUser.set(userId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      decrement(this.perCamera, cameraId);
      decrement(this.perUser, userId);
    };
  }

  /**
   * Adds the viewer to the camera's feed (asking the box to watch when nobody did) and answers what it must be sent
   * first, once the box's init segment is there. Rejects (LiveError) when the box has no socket, sends nothing
   * within firstDataMs, or its stream ends meanwhile; `signal` aborts the wait (the viewer left).
   */
  async join(cameraId: number, boxId: number, viewer: LiveViewer, signal?: AbortSignal): Promise<JoinResult> {
    const feed = this.feedFor(cameraId, boxId);
    if (feed.graceTimer) {
      clearTimeout(feed.graceTimer);
      feed.graceTimer = null;
    }
    if (!feed.init) await this.waitForInit(feed, signal);
    if (this.feeds.get(cameraId) !== feed || !feed.init) throw new LiveError('ended');
    feed.viewers.set(viewer, { skipping: !feed.gopComplete });
    return { stream: feed.stream, start: feed.gopComplete ? [feed.init, ...feed.gop] : [feed.init] };
  }

  /**
   * Asks the box to send the camera (when nobody did) and answers its stream's codec and size once the box says
   * them, or null after waitMs. A feed nobody joins ends after the grace time.
   */
  async prewarm(cameraId: number, boxId: number, waitMs: number): Promise<StreamInfo | null> {
    const feed = this.feedFor(cameraId, boxId);
    if (!feed.stream) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitMs);
        function done() {
          clearTimeout(timer);
          feed.streamWaiters.delete(done);
          resolve();
        }
        feed.streamWaiters.add(done);
      });
    }
    this.maybeIdle(feed);
    return feed.stream;
  }

  /** The viewer left (its connection closed). The last one starts the grace time. */
  leave(cameraId: number, viewer: LiveViewer): void {
    const feed = this.feeds.get(cameraId);
    if (!feed?.viewers.delete(viewer)) return;
    this.maybeIdle(feed);
  }

  /** Viewers and whether the box is asked to send, per camera (tests). */
  status(cameraId: number): { viewers: number; watching: boolean; fragments: number } {
    const feed = this.feeds.get(cameraId);
    return { viewers: feed?.viewers.size ?? 0, watching: Boolean(feed), fragments: feed?.fragments ?? 0 };
  }

  close(): void {
    for (const feed of [...this.feeds.values()]) this.endFeed(feed, true);
  }

  // BoxMediaSink: what the box sends.

  stream(boxId: number, cameraId: number, info: StreamInfo): void {
    const feed = this.feedOf(boxId, cameraId);
    if (!feed) return;
    // A new stream after one was playing (the box restarted its pull): the viewers' answers end, they reopen.
    if (feed.init) {
      feed.init = null;
      this.resetGop(feed);
      this.endViewers(feed);
    }
    feed.stream = info;
    for (const done of [...feed.streamWaiters]) done();
  }

  init(boxId: number, cameraId: number, payload: Buffer): void {
    const feed = this.feedOf(boxId, cameraId);
    if (!feed) return;
    if (feed.init && !feed.init.equals(payload)) {
      this.resetGop(feed);
      this.endViewers(feed);
    }
    feed.init = Buffer.from(payload);
    for (const resolve of [...feed.waiting]) resolve();
  }

  fragment(boxId: number, cameraId: number, payload: Buffer, keyframe: boolean, _startMs: number): void {
    const feed = this.feedOf(boxId, cameraId);
    if (!feed?.init) return;
    feed.fragments++;
    const data = Buffer.from(payload);
    if (keyframe) {
      feed.gop = [data];
      feed.gopBytes = data.length;
      feed.gopComplete = true;
    } else if (feed.gopComplete) {
      feed.gop.push(data);
      feed.gopBytes += data.length;
      if (feed.gopBytes > this.limits.maxGopBytes) this.resetGop(feed);
    }
    for (const [viewer, state] of feed.viewers) {
      if (state.skipping && !keyframe) continue;
      // A viewer that has not taken what it was sent falls behind: it skips to the next keyframe.
      if (viewer.buffered() + data.length > this.limits.maxViewerBacklogBytes) {
        state.skipping = true;
        continue;
      }
      state.skipping = false;
      viewer.write(data);
    }
  }

  boxGone(boxId: number): void {
    for (const feed of [...this.feeds.values()]) if (feed.boxId === boxId) this.endFeed(feed, false);
  }

  /** The camera's feed, started (watch on) when there is none; a feed of another box ends first. */
  private feedFor(cameraId: number, boxId: number): Feed {
    let feed = this.feeds.get(cameraId);
    if (feed && feed.boxId !== boxId) {
      // The camera moved to another box.
      this.endFeed(feed, true);
      feed = undefined;
    }
    if (!feed) {
      if (!this.sockets.has(boxId)) throw new LiveError('noSocket');
      feed = new Feed(cameraId, boxId);
      this.feeds.set(cameraId, feed);
      this.sendWatch(feed, true);
    }
    return feed;
  }

  private feedOf(boxId: number, cameraId: number): Feed | null {
    const feed = this.feeds.get(cameraId);
    return feed && feed.boxId === boxId ? feed : null;
  }

  private waitForInit(feed: Feed, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = (error?: LiveError) => {
        clearTimeout(timer);
        feed.waiting.delete(ready);
        signal?.removeEventListener('abort', aborted);
        if (error) {
          reject(error);
          this.maybeIdle(feed);
        } else resolve();
      };
      const ready = () => done(feed.init ? undefined : new LiveError('ended'));
      const aborted = () => done(new LiveError('ended'));
      const timer = setTimeout(() => done(new LiveError('noData')), this.limits.firstDataMs);
      feed.waiting.add(ready);
      signal?.addEventListener('abort', aborted, { once: true });
    });
  }

  private maybeIdle(feed: Feed): void {
    if (feed.viewers.size > 0 || feed.waiting.size > 0 || feed.graceTimer || this.feeds.get(feed.cameraId) !== feed) return;
    feed.graceTimer = setTimeout(() => {
      feed.graceTimer = null;
      if (feed.viewers.size === 0 && feed.waiting.size === 0) this.endFeed(feed, true);
    }, this.limits.graceMs);
    feed.graceTimer.unref();
  }

  private endFeed(feed: Feed, stopBox: boolean): void {
    if (this.feeds.get(feed.cameraId) === feed) this.feeds.delete(feed.cameraId);
    if (feed.graceTimer) clearTimeout(feed.graceTimer);
    feed.graceTimer = null;
    if (stopBox) this.sendWatch(feed, false);
    feed.init = null;
    this.endViewers(feed);
    for (const resolve of [...feed.waiting]) resolve();
    for (const done of [...feed.streamWaiters]) done();
  }

  /** Ends the viewers' answers; a feed still registered then idles towards its end like one its viewers left. */
  private endViewers(feed: Feed): void {
    const viewers = [...feed.viewers.keys()];
    feed.viewers.clear();
    for (const viewer of viewers) viewer.end();
    this.maybeIdle(feed);
  }

  private resetGop(feed: Feed): void {
    feed.gop = [];
    feed.gopBytes = 0;
    feed.gopComplete = false;
  }

  private sendWatch(feed: Feed, on: boolean): void {
    this.watchLog.push({ boxId: feed.boxId, cameraId: feed.cameraId, on });
    if (this.watchLog.length > 1000) this.watchLog.splice(0, this.watchLog.length - 1000);
    this.sockets.watch(feed.boxId, feed.cameraId, on);
  }
}

function decrement(counts: Map<number, number>, key: number): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

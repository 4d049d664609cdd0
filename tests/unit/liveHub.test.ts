// The live hub without a network: what a viewer is sent first (init, the GOP since the latest keyframe), a slow viewer
// skipping to the next keyframe while the others get every fragment, one watch per camera and its end after the
// grace time, and the viewers' answers ending when the box starts a new stream or its socket goes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BoxSocket, BoxSockets } from '../../server/modules/edgeBox/boxSockets.ts';
import { LiveError, LiveHub, type LiveViewer } from '../../server/modules/video/liveHub.ts';

const BOX = 7;
const CAMERA = 42;

function fakeSocket() {
  const sent: unknown[] = [];
  const socket: BoxSocket = {
    readyState: 1,
    send: (data) => sent.push(JSON.parse(data)),
    ping: () => undefined,
    close: () => undefined,
    terminate: () => undefined,
  };
  return { socket, sent };
}

function viewer(userId = 1) {
  const got: Buffer[] = [];
  let backlog = 0;
  let ended = false;
  const v: LiveViewer & { got: Buffer[]; ended: () => boolean; setBacklog(n: number): void } = {
    userId,
    write: (chunk) => got.push(chunk),
    buffered: () => backlog,
    end: () => {
      ended = true;
    },
    got,
    ended: () => ended,
    setBacklog: (n) => {
      backlog = n;
    },
  };
  return v;
}

const bytes = (label: string) => Buffer.from(label);
const labels = (list: Buffer[]) => list.map((b) => b.toString());

function setup(limits = {}) {
  const sockets = new BoxSockets(3_600_000);
  const { socket, sent } = fakeSocket();
  sockets.attach(BOX, socket, 30);
  const hub = new LiveHub(sockets, { graceMs: 1000, firstDataMs: 5000, maxViewerBacklogBytes: 100, ...limits });
  return { sockets, hub, sent, watches: () => sent.filter((m) => (m as { type: string }).type === 'watch') };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('live hub', () => {
  it('starts a viewer at the latest keyframe and sends every viewer each fragment once', async () => {
    const { hub, watches, sockets } = setup();
    const first = viewer();
    const joining = hub.join(CAMERA, BOX, first);
    expect(watches()).toEqual([{ type: 'watch', cameraId: CAMERA, on: true }]);
    hub.stream(BOX, CAMERA, { codec: 'avc1.64001f', width: 640, height: 360 });
    hub.init(BOX, CAMERA, bytes('init'));
    const joined = await joining;
    expect(labels(joined.start)).toEqual(['init']);
    expect(joined.stream).toEqual({ codec: 'avc1.64001f', width: 640, height: 360 });
    // The first viewer came before any keyframe: it waits for one.
    hub.fragment(BOX, CAMERA, bytes('p0'), false, 0);
    hub.fragment(BOX, CAMERA, bytes('k1'), true, 1);
    hub.fragment(BOX, CAMERA, bytes('p1'), false, 2);
    const second = viewer(2);
    const late = await hub.join(CAMERA, BOX, second);
    expect(labels(late.start)).toEqual(['init', 'k1', 'p1']);
    hub.fragment(BOX, CAMERA, bytes('p2'), false, 3);
    expect(labels(first.got)).toEqual(['k1', 'p1', 'p2']);
    expect(labels(second.got)).toEqual(['p2']);
    // One watch for both.
    expect(watches()).toHaveLength(1);
    sockets.close();
  });

  it('lets a slow viewer skip to the next keyframe while the others get everything', async () => {
    const { hub, sockets } = setup();
    hub.init(BOX, CAMERA, bytes('init'));
    const slow = viewer(1);
    const fast = viewer(2);
    const joinSlow = hub.join(CAMERA, BOX, slow);
    hub.init(BOX, CAMERA, bytes('init'));
    await joinSlow;
    await hub.join(CAMERA, BOX, fast);
    hub.fragment(BOX, CAMERA, bytes('k1'), true, 0);
    slow.setBacklog(1000);
    hub.fragment(BOX, CAMERA, bytes('p1'), false, 1);
    // It caught up, but the next fragment is not a keyframe: still skipping.
    slow.setBacklog(0);
    hub.fragment(BOX, CAMERA, bytes('p2'), false, 2);
    hub.fragment(BOX, CAMERA, bytes('k2'), true, 3);
    hub.fragment(BOX, CAMERA, bytes('p3'), false, 4);
    expect(labels(fast.got)).toEqual(['k1', 'p1', 'p2', 'k2', 'p3']);
    expect(labels(slow.got)).toEqual(['k1', 'k2', 'p3']);
    sockets.close();
  });

  it('stops the watch a grace time after the last viewer leaves, and not when one comes back within it', async () => {
    vi.useFakeTimers();
    const { hub, watches, sockets } = setup();
    const a = viewer();
    const joining = hub.join(CAMERA, BOX, a);
    hub.init(BOX, CAMERA, bytes('init'));
    await joining;
    hub.leave(CAMERA, a);
    vi.advanceTimersByTime(900);
    const b = viewer();
    await hub.join(CAMERA, BOX, b);
    vi.advanceTimersByTime(5000);
    expect(watches()).toHaveLength(1);
    hub.leave(CAMERA, b);
    vi.advanceTimersByTime(999);
    expect(watches()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(watches().at(-1)).toEqual({ type: 'watch', cameraId: CAMERA, on: false });
    expect(hub.status(CAMERA).watching).toBe(false);
    sockets.close();
  });

  it('ends the viewers when the box starts a new stream or its socket goes, and refuses a box without one', async () => {
    const { hub, sockets } = setup();
    const a = viewer();
    const joining = hub.join(CAMERA, BOX, a);
    hub.stream(BOX, CAMERA, { codec: 'avc1.64001f', width: 640, height: 360 });
    hub.init(BOX, CAMERA, bytes('init'));
    await joining;
    hub.stream(BOX, CAMERA, { codec: 'avc1.640028', width: 1280, height: 720 });
    expect(a.ended()).toBe(true);
    const b = viewer();
    const again = hub.join(CAMERA, BOX, b);
    hub.init(BOX, CAMERA, bytes('init2'));
    expect(labels((await again).start)).toEqual(['init2']);
    sockets.close();
    expect(b.ended()).toBe(true);
    await expect(hub.join(CAMERA, BOX, viewer())).rejects.toEqual(new LiveError('noSocket'));
  });

  it('bounds the viewers per camera and per user, and gives a slot back once', () => {
    const { hub, sockets } = setup({ maxViewersPerCamera: 2, maxViewersPerUser: 1 });
    const release = hub.reserve(CAMERA, 1);
    expect(() => hub.reserve(CAMERA + 1, 1)).toThrow(new LiveError('userFull'));
    hub.reserve(CAMERA, 2);
    expect(() => hub.reserve(CAMERA, 3)).toThrow(new LiveError('cameraFull'));
    release();
    release();
    expect(() => hub.reserve(CAMERA, 3)).not.toThrow();
    expect(() => hub.reserve(CAMERA, 4)).toThrow(new LiveError('cameraFull'));
    sockets.close();
  });
});

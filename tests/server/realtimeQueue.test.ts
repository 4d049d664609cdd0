// The per-connection send queue and push loop, against a fake socket: bounded (a slow client is closed with
// 4008), yields to the event loop between turns, and the replay refills only as the queue drains.
import { describe, expect, it } from 'vitest';
import { AlarmConnection, type ConnectionHub, LIMITS, type OutgoingAlarm, type PushSocket } from '../../server/realtime/alarmConnection.ts';

class FakeSocket implements PushSocket {
  readyState = 1;
  sent: string[] = [];
  pending: (() => void)[] = [];
  closedWith: number | null = null;
  /** When false, writes never complete (a client that stopped reading). */
  flushes = true;
  send(data: string | Buffer, _options: { binary: boolean }, callback?: (error?: Error) => void) {
    this.sent.push(String(data));
    if (this.flushes) callback?.();
    else this.pending.push(() => callback?.());
  }
  close(code?: number) {
    this.closedWith = code ?? 1005;
    this.readyState = 3;
  }
}

const user = { id: 1, username: 'u', roleId: 1, modules: new Set<string>(), tokenHash: 'h' };
const alarm = (seq: number): OutgoingAlarm => ({ seq, eventType: 16, frame: () => Buffer.from(JSON.stringify({ type: 'alarm', seq, data: { pad: 'x'.repeat(200) } })) });

function fakeHub(stored: number[], seq = stored.at(-1) ?? 0) {
  const reads: { afterSeq: number; limit: number }[] = [];
  const hub: ConnectionHub & { reads: typeof reads; seq: number } = {
    seq,
    reads,
    urgentSet: () => new Set([1009]),
    async readAfter(afterSeq, _type, limit) {
      reads.push({ afterSeq, limit });
      return stored.filter((s) => s > afterSeq).slice(0, limit).map(alarm);
    },
    remove() {},
  };
  return hub;
}

const turn = () => new Promise((r) => setImmediate(r));
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 10_000 && !condition(); i++) await turn();
  expect(condition()).toBe(true);
};

describe('the push loop', () => {
  it('writes at most one batch per event-loop turn', async () => {
    const socket = new FakeSocket();
    const conn = new AlarmConnection(socket, fakeHub([]), user, 'en', 'all');
    conn.hello(0);
    conn.receive('ping');
    await until(() => conn.state === 'live');
    socket.sent.length = 0;
    for (let s = 1; s <= 450; s++) conn.offer(alarm(s));
    expect(socket.sent).toHaveLength(0); // nothing is written synchronously
    await turn();
    expect(socket.sent).toHaveLength(LIMITS.perTurn);
    await until(() => socket.sent.length === 450);
    expect(socket.sent.map((t) => JSON.parse(t).seq)).toEqual(Array.from({ length: 450 }, (_, i) => i + 1));
  });

  it('closes a client that stops reading with 4008 once its queue is full, and never grows beyond the bound', async () => {
    const socket = new FakeSocket();
    socket.flushes = false;
    const conn = new AlarmConnection(socket, fakeHub([]), user, 'en', 'all');
    conn.hello(0);
    conn.receive(JSON.stringify({ type: 'ping' }));
    await until(() => conn.state === 'live');
    let s = 0;
    while (conn.state === 'live' && s < 100_000) {
      conn.offer(alarm(++s));
      expect(conn.queued).toBeLessThanOrEqual(LIMITS.maxQueuedMessages);
      if (s % 50 === 0) await turn();
    }
    expect(socket.closedWith).toBe(4008);
    // Bounded by bytes (4 MiB of ~250-byte messages not yet written) or by count, long before 100k.
    expect(s).toBeLessThan(LIMITS.maxBufferedBytes / 200 + LIMITS.maxQueuedMessages);
  });

  it('replays a backlog in batches as the queue drains, then hands over to live without gap or duplicate', async () => {
    const stored = Array.from({ length: 1200 }, (_, i) => i + 1);
    const hub = fakeHub(stored);
    const socket = new FakeSocket();
    const conn = new AlarmConnection(socket, hub, user, 'en', 'all');
    conn.hello(1200);
    conn.receive(JSON.stringify({ type: 'resume', afterSeq: 100 }));
    // While replaying, a live alarm the hub broadcasts is left to the replay.
    stored.push(1201);
    hub.seq = 1201;
    conn.offer(alarm(1201));
    await until(() => conn.state === 'live');
    conn.offer(alarm(1201)); // a repeat is never sent twice
    conn.offer(alarm(1202));
    await until(() => socket.sent.filter((t) => t.includes('"alarm"')).length === 1102);
    const seqs = socket.sent.map((t) => JSON.parse(t)).filter((m) => m.type === 'alarm').map((m) => m.seq);
    expect(seqs).toEqual(Array.from({ length: 1102 }, (_, i) => i + 101));
    expect(hub.reads.every((r) => r.limit === LIMITS.replayBatch)).toBe(true);
    expect(socket.closedWith).toBeNull();
  });
});

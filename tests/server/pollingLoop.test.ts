// The shared background-loop shape (server/jobs/pollingLoop.ts): a wake during a drain runs exactly one more drain
// after it, a failed drain is reported and the loop carries on, and stop() waits for the drain under way and then
// starts none. Drains are held open by the test, so nothing here depends on timing.
import { describe, expect, it } from 'vitest';
import { startPollingLoop } from '../../server/jobs/pollingLoop.ts';

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const HOUR = 3_600_000; // no drain from the interval during a test: only wakes

describe('startPollingLoop', () => {
  it('coalesces wakes during a drain into one more drain right after it', async () => {
    const gates = [gate(), gate()];
    let drains = 0;
    const loop = startPollingLoop({
      pollMs: HOUR,
      onError: (error) => {
        throw error;
      },
      async drain() {
        const mine = gates[drains++];
        await mine?.opened;
      },
    });
    loop.wake();
    expect(drains).toBe(1);
    loop.wake();
    loop.wake();
    loop.wake();
    expect(drains).toBe(1); // still under way: nothing started beside it
    gates[0].open();
    await expect.poll(() => drains).toBe(2);
    gates[1].open();
    await loop.stop();
    expect(drains).toBe(2);
  });

  it('reports a failed drain and drains again on the next wake', async () => {
    const errors: unknown[] = [];
    let drains = 0;
    const loop = startPollingLoop({
      pollMs: HOUR,
      onError: (error) => errors.push(error),
      async drain() {
        drains++;
        if (drains === 1) throw new Error('database gone');
      },
    });
    loop.wake();
    await expect.poll(() => errors.length).toBe(1);
    loop.wake();
    await expect.poll(() => drains).toBe(2);
    await loop.stop();
    expect(errors).toEqual([new Error('database gone')]);
  });

  it('drains at once when asked to, and on its interval otherwise', async () => {
    let drains = 0;
    const now = startPollingLoop({ pollMs: HOUR, startNow: true, onError: () => {}, drain: async () => void drains++ });
    expect(drains).toBe(1);
    await now.stop();
    let ticks = 0;
    const polled = startPollingLoop({ pollMs: 5, onError: () => {}, drain: async () => void ticks++ });
    expect(ticks).toBe(0);
    await expect.poll(() => ticks).toBeGreaterThanOrEqual(2);
    await polled.stop();
  });

  it('stop waits for the drain under way, tells it it is stopped, and starts no other', async () => {
    const held = gate();
    let sawStopped = false;
    let drains = 0;
    const loop = startPollingLoop({
      pollMs: 1,
      onError: () => {},
      async drain(stopped) {
        drains++;
        await held.opened;
        sawStopped = stopped();
      },
    });
    loop.wake();
    let done = false;
    const stopping = loop.stop().then(() => {
      done = true;
    });
    loop.wake(); // after stop: ignored
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    held.open();
    await stopping;
    expect(sawStopped).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drains).toBe(1);
  });
});

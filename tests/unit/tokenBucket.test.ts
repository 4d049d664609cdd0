// The per-box alarm limit (20 a second on average, 20 at once) and the simulator's pace under it: a box paced under
// the limit is never refused whatever the jitter between it and the server, a faster one is, and a stalled sender
// catching up never exceeds its burst.
import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../../server/http/tokenBucket.ts';

/** A deterministic jitter in [-spread, spread] ms. */
function jitter(i: number, spread: number): number {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return (x - Math.floor(x) - 0.5) * 2 * spread;
}

describe('TokenBucket', () => {
  it('takes a box paced at 20 a second with ±200 ms of jitter, which a calendar-second window refused', () => {
    const limit = new TokenBucket(20, 20, 0);
    const arrivals = Array.from({ length: 600 }, (_, i) => 1000 + i * 50 + jitter(i, 200)).sort((a, b) => a - b);
    expect(arrivals.filter((t) => !limit.take(t))).toEqual([]);
    // The rule it replaces: at most 20 per calendar second.
    const perSecond = new Map<number, number>();
    for (const t of arrivals) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
    expect([...perSecond.values()].some((n) => n > 20)).toBe(true);
  });

  it('refuses a box that keeps sending faster, past its burst', () => {
    const limit = new TokenBucket(20, 20, 0);
    const taken = Array.from({ length: 300 }, (_, i) => limit.take(i * 40)).filter(Boolean).length; // 25 a second for 12 s
    expect(taken).toBeLessThanOrEqual(20 + 12 * 20);
    expect(taken).toBeGreaterThan(12 * 20);
    const burst = new TokenBucket(20, 20, 0);
    expect(Array.from({ length: 30 }, () => burst.take(1)).filter(Boolean)).toHaveLength(20);
  });

  it('lets a sender that stalled catch up with its burst only', () => {
    const pace = new TokenBucket(16, 4, 0);
    expect(pace.take(0)).toBe(true);
    // Two seconds without sending: the bucket holds its burst, not 32.
    const atOnce = Array.from({ length: 40 }, () => pace.take(2000)).filter(Boolean).length;
    expect(atOnce).toBe(4);
    expect(pace.ready(2000)).toBe(false);
    expect(pace.ready(2000 + 1000 / 16)).toBe(true);
  });
});

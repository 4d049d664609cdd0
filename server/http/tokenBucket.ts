// A rate with a burst allowance: `perSecond` on average and at most `burst` at once. The box API limits each box's
// alarms with one (a calendar-second window refused a box paced exactly at the limit whenever network jitter moved
// one alarm into the next second), and the simulator paces each box with one a little under it.
export class TokenBucket {
  readonly perSecond: number;
  readonly burst: number;
  #tokens: number;
  #at: number;

  constructor(perSecond: number, burst: number, now = performance.now()) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.#tokens = burst;
    this.#at = now;
  }

  #refill(now: number): void {
    this.#tokens = Math.min(this.burst, this.#tokens + (Math.max(0, now - this.#at) * this.perSecond) / 1000);
    this.#at = Math.max(this.#at, now);
  }

  /** Takes one token when there is one (true), else leaves the bucket as it is (false). */
  take(now = performance.now()): boolean {
    this.#refill(now);
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Whether a token is there now, without taking it. */
  ready(now = performance.now()): boolean {
    this.#refill(now);
    return this.#tokens >= 1;
  }
}

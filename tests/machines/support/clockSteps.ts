// Simulated-clock steps shared by the machines' model-based tests.
import { expect } from 'vitest';
import type { SimulatedClock } from 'xstate';

/** Lets the actor's promises and callbacks run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Advances the clock to just before `ms` (`count` does not move), then to it (`count` moves by one). */
export async function stepToOne(clock: SimulatedClock, count: () => number, ms: number, what: string): Promise<void> {
  const before = count();
  clock.increment(ms - 1);
  await settle();
  expect(count(), `no ${what} before ${ms} ms`).toBe(before);
  clock.increment(1);
  await settle();
  expect(count()).toBe(before + 1);
}

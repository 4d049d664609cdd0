// The daily rhythm of the simulated demo site, shared by the live simulation and the seeded history: how busy an
// hour is (rush hours 7–9 and 17–19, quiet nights, calmer weekends), how loaded a box is at that hour, and a
// seeded random source so a history can be generated again identically.

/** Relative traffic per hour of the day (1 = an ordinary daytime hour). */
const HOUR_WEIGHTS = [0.15, 0.1, 0.08, 0.08, 0.12, 0.3, 0.7, 1.6, 2, 1.4, 1, 0.95, 1, 0.95, 0.9, 1, 1.2, 1.8, 2.1, 1.5, 1, 0.7, 0.45, 0.25];

/** How busy a local hour is: 0.08 at night to 2.1 at the evening rush; weekends are calmer and flatter. */
export function hourWeight(date: Date): number {
  const weight = HOUR_WEIGHTS[date.getHours()];
  const weekend = date.getDay() === 0 || date.getDay() === 6;
  return weekend ? 0.6 * (0.5 + weight / 2) : weight;
}

/** A seeded random source (mulberry32): the same seed gives the same sequence (one for the whole server). */
export { seededRandom } from '../ml/seededRandom.ts';

/** A count drawn around `mean` (Poisson by inversion; small means only). */
export function poisson(mean: number, random: () => number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit && k < 1000) {
    k += 1;
    p *= random();
  }
  return k;
}

export interface BoxLoad {
  cpuUsage: number;
  memoryUsage: number;
  diskUsage: number;
  /** The box's NPU/GPU use, percent. */
  acceleratorUsage: number;
  rxBytesPerSec: number;
  txBytesPerSec: number;
}

/** What a simulated box reports at a moment: load follows the traffic it analyses, with a little noise. */
export function boxLoad(date: Date, boxIndex: number, random: () => number, daysAgo = 0): BoxLoad {
  const busy = hourWeight(date) / 2.1;
  const noise = () => (random() - 0.5) * 8;
  const clamp = (v: number, low: number, high: number) => Math.round(Math.min(high, Math.max(low, v)) * 10) / 10;
  const streams = 2 + boxIndex;
  return {
    cpuUsage: clamp(18 + 55 * busy + noise(), 3, 97),
    memoryUsage: clamp(38 + 22 * busy + noise() / 2, 20, 95),
    // The disk fills slowly with recordings (a little more each day), cleaned at 60 %.
    diskUsage: clamp(41 + ((30 - daysAgo) % 30) * 0.6 + random(), 30, 90),
    acceleratorUsage: clamp(12 + 70 * busy + noise(), 0, 100),
    rxBytesPerSec: Math.round(streams * 500_000 * (0.9 + random() * 0.2)),
    txBytesPerSec: Math.round(20_000 + 60_000 * busy * (0.8 + random() * 0.4)),
  };
}

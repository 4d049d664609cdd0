// Seeded random numbers for everything a training decides by chance (the fold split, the augmentation of each
// image): the same seed gives the same choices on every machine, so the same data and settings give the same report.
import { createHash } from 'node:crypto';

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from text (the first four bytes of its sha256). */
export function seedFrom(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

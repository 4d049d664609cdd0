// Small rules of the licensing screens: a grant shared evenly over the boxes, long signed codes shortened for lists.
import { describe, expect, it } from 'vitest';
import { shortCode } from '../../src/screens/licensing/activationResources.tsx';
import { shareEvenly } from '../../src/screens/licensing/authorizationResources.ts';

describe('shareEvenly', () => {
  it('gives equal parts, the remainder to the first boxes, and leaves out a box that would get none', () => {
    expect(shareEvenly(7, [3, 5, 9])).toEqual([
      { boxId: 3, quantity: 3 },
      { boxId: 5, quantity: 2 },
      { boxId: 9, quantity: 2 },
    ]);
    expect(shareEvenly(2, [1, 2, 3])).toEqual([
      { boxId: 1, quantity: 1 },
      { boxId: 2, quantity: 1 },
    ]);
    expect(shareEvenly(5, [])).toEqual([]);
    const parts = shareEvenly(10_000, [1, 2, 3, 4, 5, 6, 7]);
    expect(parts.reduce((sum, p) => sum + p.quantity, 0)).toBe(10_000);
  });
});

describe('shortCode', () => {
  it('keeps a short code whole and shows the two ends of a long one', () => {
    expect(shortCode('ARGS1.abc.def')).toBe('ARGS1.abc.def');
    const long = `ARGS1.${'x'.repeat(100)}.${'y'.repeat(86)}`;
    expect(shortCode(long)).toBe(`ARGS1.xxxxxxxx…yyyyyyyyyy`);
  });
});

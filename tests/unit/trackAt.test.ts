// The video centre's track helper: where the detection box is at a time of the clip.
import { describe, expect, it } from 'vitest';
import { trackAt } from '../../src/screens/video/trackAt.ts';

const track = [
  { t: 0, x: 100, y: 50, w: 40, h: 30 },
  { t: 1, x: 80, y: 50, w: 40, h: 30 },
  { t: 2, x: 40, y: 60, w: 60, h: 50 },
];

describe('trackAt', () => {
  it('interpolates between the two points around the time', () => {
    expect(trackAt(track, 0.5)).toEqual({ x: 90, y: 50, w: 40, h: 30 });
    expect(trackAt(track, 1.5)).toEqual({ x: 60, y: 55, w: 50, h: 40 });
    expect(trackAt(track, 1)).toEqual({ x: 80, y: 50, w: 40, h: 30 });
  });

  it('holds the first point before the track and the last after it; none for an empty track', () => {
    expect(trackAt(track, -1)).toEqual({ x: 100, y: 50, w: 40, h: 30 });
    expect(trackAt(track, 9)).toEqual({ x: 40, y: 60, w: 60, h: 50 });
    expect(trackAt([], 1)).toBeNull();
  });
});

// The geometry of the edge rules (server/edge/detect/geometry.ts), with its conventions stated on pictures: relative
// coordinates, y growing downwards, an object standing at the bottom-centre of its box, and the side of a line seen
// on the screen.
import { describe, expect, it } from 'vitest';
import {
  bottomCentre,
  distanceToOutline,
  iou,
  pointInPolygon,
  segmentsIntersect,
  sideOf,
  signedDistance,
} from '../../server/edge/detect/geometry.ts';

describe('the side of a line, as the picture shows it', () => {
  // A picture 1 wide and 1 high, a road line drawn from its left edge to its right edge, halfway down:
  //
  //   (0,0) ┌───────────────────┐
  //         │   sky      P above│        P above = (0.5, 0.2): LEFT of a→b
  //       a ●──────────────────▶● b     a = (0, 0.5), b = (1, 0.5)
  //         │   road     Q below│        Q below = (0.5, 0.8): RIGHT of a→b
  //         └───────────────────┘ (1,1)
  //
  // Standing on a, looking along the arrow to b (towards the right of the picture), the right hand points down
  // the picture: "right of a→b" is below a line drawn left to right.
  const a = { x: 0, y: 0.5 };
  const b = { x: 1, y: 0.5 };
  it('a point below a line drawn left to right is on its right, above it on its left', () => {
    expect(sideOf(a, b, { x: 0.5, y: 0.8 })).toBe(1);
    expect(sideOf(a, b, { x: 0.5, y: 0.2 })).toBe(-1);
    expect(sideOf(a, b, { x: 0.3, y: 0.5 })).toBe(0);
  });

  it('drawn the other way (right to left), the sides swap', () => {
    expect(sideOf(b, a, { x: 0.5, y: 0.8 })).toBe(-1);
    expect(sideOf(b, a, { x: 0.5, y: 0.2 })).toBe(1);
  });

  it('a line drawn top to bottom has its right on the left of the picture', () => {
    // Looking down the picture from the top, the right hand points to the picture's left.
    const top = { x: 0.5, y: 0 };
    const bottom = { x: 0.5, y: 1 };
    expect(sideOf(top, bottom, { x: 0.2, y: 0.5 })).toBe(1);
    expect(sideOf(top, bottom, { x: 0.8, y: 0.5 })).toBe(-1);
  });

  it('the signed distance is the distance from the line, with the side as its sign', () => {
    expect(signedDistance(a, b, { x: 0.5, y: 0.8 })).toBeCloseTo(0.3, 12);
    expect(signedDistance(a, b, { x: 0.1, y: 0.4 })).toBeCloseTo(-0.1, 12);
    const diagonal = signedDistance({ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 1, y: 0 });
    // (1,0) is above the diagonal from top-left to bottom-right: its left, √2/2 away.
    expect(diagonal).toBeCloseTo(-Math.SQRT1_2, 12);
    expect(signedDistance(a, a, { x: 0.5, y: 0.5 })).toBe(0);
  });
});

describe('where an object is', () => {
  it('stands at the middle of its box bottom (its feet)', () => {
    expect(bottomCentre({ x1: 0.2, y1: 0.3, x2: 0.4, y2: 0.9 })).toEqual({ x: expect.closeTo(0.3, 12), y: 0.9 });
  });

  it('is inside a polygon by the even-odd rule, concave ones too', () => {
    // An L-shaped area: the square 0.1–0.9 without its top-right quarter.
    const l = [
      { x: 0.1, y: 0.1 },
      { x: 0.5, y: 0.1 },
      { x: 0.5, y: 0.5 },
      { x: 0.9, y: 0.5 },
      { x: 0.9, y: 0.9 },
      { x: 0.1, y: 0.9 },
    ];
    expect(pointInPolygon({ x: 0.3, y: 0.3 }, l)).toBe(true);
    expect(pointInPolygon({ x: 0.7, y: 0.7 }, l)).toBe(true);
    expect(pointInPolygon({ x: 0.7, y: 0.3 }, l)).toBe(false);
    expect(pointInPolygon({ x: 0.95, y: 0.7 }, l)).toBe(false);
    expect(pointInPolygon({ x: 0.3, y: 0.3 }, l.slice(0, 2))).toBe(false);
    expect(distanceToOutline({ x: 0.7, y: 0.3 }, l)).toBeCloseTo(0.2, 12);
  });
});

describe('segments and boxes', () => {
  it('segments cross, touch, or miss', () => {
    const o = { x: 0, y: 0 };
    expect(segmentsIntersect(o, { x: 1, y: 1 }, { x: 0, y: 1 }, { x: 1, y: 0 })).toBe(true);
    expect(segmentsIntersect(o, { x: 1, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 })).toBe(true);
    expect(segmentsIntersect(o, { x: 0.4, y: 0.4 }, { x: 0, y: 1 }, { x: 1, y: 0 })).toBe(false);
    expect(segmentsIntersect(o, { x: 1, y: 0 }, { x: 0, y: 0.1 }, { x: 1, y: 0.1 })).toBe(false);
  });

  it('IoU of equal, disjoint and half-shifted boxes', () => {
    const box = { x1: 0, y1: 0, x2: 0.2, y2: 0.2 };
    expect(iou(box, box)).toBe(1);
    expect(iou(box, { x1: 0.3, y1: 0, x2: 0.5, y2: 0.2 })).toBe(0);
    expect(iou(box, { x1: 0.1, y1: 0, x2: 0.3, y2: 0.2 })).toBeCloseTo(1 / 3, 12);
  });
});

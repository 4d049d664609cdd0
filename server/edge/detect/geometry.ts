// The plane the rules work in: points relative to the frame (x 0 left … 1 right, y 0 top … 1 bottom — y grows
// downwards, as on the screen), an object's position is the bottom-centre of its box (its feet on the ground).
//
// Side of a line: for a line drawn from a to b, a point is on its RIGHT when it lies to the right of someone
// standing on a and looking towards b, as the picture shows it. With y growing downwards that is where
// cross(b − a, p − a) > 0: for a line drawn left to right across the picture, "right" is below it. Direction 1 of
// a tripwire is a crossing from its left to its right, direction 2 the other way (docs/edge-runtime.md).
import type { RelBox, RelPoint } from '../types.ts';

/** Where an object stands: the middle of its box's bottom edge. */
export function bottomCentre(box: RelBox): RelPoint {
  return { x: (box.x1 + box.x2) / 2, y: box.y2 };
}

export function centreOf(box: RelBox): RelPoint {
  return { x: (box.x1 + box.x2) / 2, y: (box.y1 + box.y2) / 2 };
}

export function boxHeight(box: RelBox): number {
  return Math.max(0, box.y2 - box.y1);
}

export function boxArea(box: RelBox): number {
  return Math.max(0, box.x2 - box.x1) * Math.max(0, box.y2 - box.y1);
}

/** Intersection over union of two boxes (0 when they do not overlap). */
export function iou(a: RelBox, b: RelBox): number {
  const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const union = boxArea(a) + boxArea(b) - inter;
  return union > 0 ? inter / union : 0;
}

/** cross(b − a, p − a): positive on the right of a→b as seen on the screen, negative on its left, 0 on the line. */
export function cross(a: RelPoint, b: RelPoint, p: RelPoint): number {
  return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

/** Signed distance of p from the infinite line through a and b: > 0 right of a→b, < 0 left (see above). */
export function signedDistance(a: RelPoint, b: RelPoint, p: RelPoint): number {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  return length === 0 ? 0 : cross(a, b, p) / length;
}

/** 1 right of a→b, -1 left, 0 on it. */
export function sideOf(a: RelPoint, b: RelPoint, p: RelPoint): -1 | 0 | 1 {
  const c = cross(a, b, p);
  return c > 0 ? 1 : c < 0 ? -1 : 0;
}

/** Whether segments p1–p2 and q1–q2 meet (touching at an end counts). */
export function segmentsIntersect(p1: RelPoint, p2: RelPoint, q1: RelPoint, q2: RelPoint): boolean {
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  // Collinear or touching: an end of one lies on the other.
  return (
    (d1 === 0 && onSegment(q1, q2, p1)) ||
    (d2 === 0 && onSegment(q1, q2, p2)) ||
    (d3 === 0 && onSegment(p1, p2, q1)) ||
    (d4 === 0 && onSegment(p1, p2, q2))
  );
}

function onSegment(a: RelPoint, b: RelPoint, p: RelPoint): boolean {
  return p.x >= Math.min(a.x, b.x) && p.x <= Math.max(a.x, b.x) && p.y >= Math.min(a.y, b.y) && p.y <= Math.max(a.y, b.y);
}

/** Even-odd rule; a polygon of fewer than 3 points contains nothing. */
export function pointInPolygon(p: RelPoint, polygon: readonly RelPoint[]): boolean {
  if (polygon.length < 3) return false;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Distance from p to the segment a–b. */
export function distanceToSegment(p: RelPoint, a: RelPoint, b: RelPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSq = dx * dx + dy * dy;
  const t = lengthSq === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSq));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Distance from p to the polygon's outline. */
export function distanceToOutline(p: RelPoint, polygon: readonly RelPoint[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) best = Math.min(best, distanceToSegment(p, polygon[j], polygon[i]));
  return best;
}

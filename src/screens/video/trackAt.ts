// Where the detection box is at a time of the clip: the track's points interpolated linearly between the two
// around `t`; before the first point and after the last the box stays at that point. Null for an empty track.
import type { TrackPoint } from './videoApi.ts';

export type TrackBox = Omit<TrackPoint, 't'>;

export function trackAt(track: readonly TrackPoint[], t: number): TrackBox | null {
  if (track.length === 0) return null;
  if (t <= track[0].t) return box(track[0]);
  const last = track[track.length - 1];
  if (t >= last.t) return box(last);
  let i = 1;
  while (track[i].t < t) i += 1;
  const a = track[i - 1];
  const b = track[i];
  const k = b.t === a.t ? 1 : (t - a.t) / (b.t - a.t);
  const mix = (p: number, q: number) => p + (q - p) * k;
  return { x: mix(a.x, b.x), y: mix(a.y, b.y), w: mix(a.w, b.w), h: mix(a.h, b.h) };
}

function box(p: TrackPoint): TrackBox {
  return { x: p.x, y: p.y, w: p.w, h: p.h };
}

// One id per object across frames, from the detector's boxes alone (no appearance model). Per frame and per class:
// 1. greedy matching by IoU (the best-overlapping pair first) against each track's box moved by its velocity;
// 2. the tracks and boxes left over are matched greedily by centre distance — from where the track was expected or
//    from where it was, whichever is nearer — measured in the track's own size and gated: at 2 frames a second a
//    walking person moves a fair part of its width and a car several of its lengths between frames, so the boxes
//    of one object need not overlap at all;
// 3. boxes still left start new tracks (ids count up and are never reused); tracks without a match for more than
//    `maxAgeMs` end.
// A track keeps a short path of bottom-centre points (where the object stands), which the rules read.
import type { FrameDetection, RelBox, Track } from '../types.ts';
import { bottomCentre, centreOf, iou } from './geometry.ts';

export interface TrackerOptions {
  /** A track ends after this long without a matched detection (ms). */
  maxAgeMs?: number;
  /** The least IoU of an overlap match. */
  iou?: number;
  /** Distance match: the detection's centre within this many of the track's sizes (√(w·h)) of where it is expected. */
  maxJump?: number;
  /** Distance match: the two boxes' heights within this ratio of each other. */
  maxSizeRatio?: number;
  /** Points kept in a track's path. */
  pathLength?: number;
}

interface TrackState {
  track: Track;
  /** Centre velocity (relative units per ms) from the last two matches. */
  vx: number;
  vy: number;
}

interface Pair {
  state: TrackState;
  detection: number;
  cost: number;
}

export class Tracker {
  readonly maxAgeMs: number;
  readonly iouThreshold: number;
  readonly maxJump: number;
  readonly maxSizeRatio: number;
  readonly pathLength: number;
  private states: TrackState[] = [];
  private nextId = 1;

  constructor(o: TrackerOptions = {}) {
    this.maxAgeMs = o.maxAgeMs ?? 3000;
    this.iouThreshold = o.iou ?? 0.3;
    this.maxJump = o.maxJump ?? 3;
    this.maxSizeRatio = o.maxSizeRatio ?? 2;
    this.pathLength = Math.max(2, Math.round(o.pathLength ?? 20));
  }

  /** The live tracks after the detections of the frame at time t (ms), oldest id first; copies, safe to keep. */
  update(detections: FrameDetection[], t: number): Track[] {
    this.states = this.states.filter((s) => t - s.track.lastSeen <= this.maxAgeMs);
    const matched = new Set<TrackState>();
    const used = new Set<number>();
    const assign = (pairs: Pair[]) => {
      pairs.sort((a, b) => a.cost - b.cost || a.state.track.id - b.state.track.id || a.detection - b.detection);
      for (const p of pairs) {
        if (matched.has(p.state) || used.has(p.detection)) continue;
        matched.add(p.state);
        used.add(p.detection);
        this.follow(p.state, detections[p.detection], t);
      }
    };
    // Where each track's box is expected now, moved by its velocity.
    const expected = new Map(this.states.map((s) => [s, this.predict(s, t)] as const));
    assign(this.pairs(detections, (s, d) => {
      const overlap = iou(expected.get(s)!, d.box);
      return overlap >= this.iouThreshold ? -overlap : null;
    }));
    // From where it was expected or from where it was, whichever is nearer: a stop or a turn is not a new object.
    assign(
      this.pairs(
        detections,
        (s, d) => {
          if (matched.has(s)) return null;
          const costs = [this.jumpCost(expected.get(s)!, d.box), this.jumpCost(s.track.box, d.box)].filter((c): c is number => c !== null);
          return costs.length > 0 ? Math.min(...costs) : null;
        },
        used,
      ),
    );
    detections.forEach((d, i) => {
      if (used.has(i)) return;
      const track: Track = { id: this.nextId++, label: d.label, score: d.score, box: { ...d.box }, firstSeen: t, lastSeen: t, path: [{ t, ...bottomCentre(d.box) }] };
      this.states.push({ track, vx: 0, vy: 0 });
    });
    return this.states.map((s) => ({ ...s.track, box: { ...s.track.box }, path: s.track.path.map((p) => ({ ...p })) }));
  }

  /** Candidate pairs of the same class with a cost (lower is better); null cost = no pair. */
  private pairs(detections: FrameDetection[], cost: (s: TrackState, d: FrameDetection) => number | null, skip = new Set<number>()): Pair[] {
    const out: Pair[] = [];
    for (const state of this.states) {
      detections.forEach((d, detection) => {
        if (skip.has(detection) || d.label !== state.track.label) return;
        const c = cost(state, d);
        if (c !== null) out.push({ state, detection, cost: c });
      });
    }
    return out;
  }

  /** Centre distance in the expected box's size, or null beyond the gate or for a very different size. */
  private jumpCost(expected: RelBox, box: RelBox): number | null {
    const eh = expected.y2 - expected.y1;
    const bh = box.y2 - box.y1;
    if (eh <= 0 || bh <= 0 || Math.max(eh / bh, bh / eh) > this.maxSizeRatio) return null;
    const size = Math.sqrt(Math.max(1e-9, (expected.x2 - expected.x1) * eh));
    const a = centreOf(expected);
    const b = centreOf(box);
    const jump = Math.hypot(a.x - b.x, a.y - b.y) / size;
    return jump <= this.maxJump ? jump : null;
  }

  private predict(s: TrackState, t: number): RelBox {
    const dt = t - s.track.lastSeen;
    const { box } = s.track;
    return { x1: box.x1 + s.vx * dt, y1: box.y1 + s.vy * dt, x2: box.x2 + s.vx * dt, y2: box.y2 + s.vy * dt };
  }

  private follow(s: TrackState, d: FrameDetection, t: number) {
    const { track } = s;
    const dt = t - track.lastSeen;
    if (dt > 0) {
      const before = centreOf(track.box);
      const after = centreOf(d.box);
      s.vx = (after.x - before.x) / dt;
      s.vy = (after.y - before.y) / dt;
    }
    track.box = { ...d.box };
    track.score = d.score;
    track.lastSeen = t;
    track.path.push({ t, ...bottomCentre(d.box) });
    if (track.path.length > this.pathLength) track.path.splice(0, track.path.length - this.pathLength);
  }
}

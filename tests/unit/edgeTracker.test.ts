// The tracker (server/edge/detect/tracker.ts): examples of its rules, and properties over generated scenes at
// 2 frames a second — one object on any smooth path keeps one id (also when it moves further than its own size
// between frames, so its boxes never overlap, and when the detector misses it for a frame or two), and two
// objects whose paths stay apart keep theirs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Tracker } from '../../server/edge/detect/tracker.ts';
import type { FrameDetection, RelBox } from '../../server/edge/types.ts';

const FRAME_MS = 500; // 2 frames a second

const box = (cx: number, cy: number, w: number, h: number): RelBox => ({ x1: cx - w / 2, y1: cy - h / 2, x2: cx + w / 2, y2: cy + h / 2 });
const person = (b: RelBox, score = 0.8): FrameDetection => ({ label: 'person', score, box: b });

describe('Tracker, examples', () => {
  it('follows one walking person with one id and a path of bottom-centre points', () => {
    const tracker = new Tracker();
    let tracks = tracker.update([person(box(0.2, 0.5, 0.05, 0.15))], 0);
    tracks = tracker.update([person(box(0.22, 0.5, 0.05, 0.15))], FRAME_MS);
    tracks = tracker.update([person(box(0.24, 0.51, 0.05, 0.15), 0.6)], 2 * FRAME_MS);
    expect(tracks).toHaveLength(1);
    expect(tracks[0]).toMatchObject({ id: 1, label: 'person', score: 0.6, firstSeen: 0, lastSeen: 2 * FRAME_MS });
    expect(tracks[0].path.map((p) => [p.t, +p.x.toFixed(4), +p.y.toFixed(4)])).toEqual([
      [0, 0.2, 0.575],
      [500, 0.22, 0.575],
      [1000, 0.24, 0.585],
    ]);
  });

  it('keeps a fast car whose boxes do not overlap from one frame to the next', () => {
    const tracker = new Tracker();
    const car = (cx: number): FrameDetection => ({ label: 'car', score: 0.7, box: box(cx, 0.6, 0.08, 0.05) });
    const ids = [0.1, 0.22, 0.34, 0.46, 0.58].map((cx, i) => tracker.update([car(cx)], i * FRAME_MS).map((t) => t.id));
    expect(ids).toEqual([[1], [1], [1], [1], [1]]);
  });

  it('matches within a class only: a car and a person at one place are two tracks', () => {
    const tracker = new Tracker();
    const here = box(0.5, 0.5, 0.1, 0.1);
    tracker.update([person(here), { label: 'car', score: 0.9, box: here }], 0);
    const tracks = tracker.update([{ label: 'car', score: 0.9, box: here }, person(here)], FRAME_MS);
    expect(tracks.map((t) => [t.id, t.label])).toEqual([
      [1, 'person'],
      [2, 'car'],
    ]);
  });

  it('ends a track after maxAgeMs without a match and never gives its id again', () => {
    const tracker = new Tracker({ maxAgeMs: 1000 });
    tracker.update([person(box(0.5, 0.5, 0.05, 0.15))], 0);
    expect(tracker.update([], 1000).map((t) => t.id)).toEqual([1]);
    expect(tracker.update([], 1001)).toEqual([]);
    expect(tracker.update([person(box(0.5, 0.5, 0.05, 0.15))], 1500).map((t) => t.id)).toEqual([2]);
  });

  it('does not match an object that jumps further than the gate or changes size more than the ratio', () => {
    const tracker = new Tracker();
    tracker.update([person(box(0.1, 0.5, 0.05, 0.1))], 0);
    const far = tracker.update([person(box(0.9, 0.5, 0.05, 0.1))], FRAME_MS);
    expect(far.map((t) => t.id)).toEqual([1, 2]);
    const grown = new Tracker();
    grown.update([person(box(0.5, 0.5, 0.05, 0.1))], 0);
    expect(grown.update([person(box(0.52, 0.5, 0.15, 0.3))], FRAME_MS).map((t) => t.id)).toEqual([1, 2]);
  });

  it('keeps at most pathLength points and answers copies', () => {
    const tracker = new Tracker({ pathLength: 3 });
    let tracks = tracker.update([person(box(0.1, 0.5, 0.05, 0.1))], 0);
    for (let i = 1; i <= 5; i++) tracks = tracker.update([person(box(0.1 + i * 0.01, 0.5, 0.05, 0.1))], i * FRAME_MS);
    expect(tracks[0].path.map((p) => p.t)).toEqual([1500, 2000, 2500]);
    tracks[0].path.length = 0;
    tracks[0].box.x1 = 99;
    const again = tracker.update([], 3000);
    expect(again[0].path).toHaveLength(3);
    expect(again[0].box.x1).toBeLessThan(1);
  });
});

// ---- Generated scenes ----------------------------------------------------------------------------------------
// A path is made in units of the object's own size (√(w·h) = 1): a start velocity of at most 1.5 sizes a frame,
// changed each frame by at most 0.25 (smooth), then the whole scene is scaled and moved into the frame.

interface Walk {
  w: number;
  h: number;
  centres: { x: number; y: number }[];
}

const walkArb = (frames: number) =>
  fc
    .record({
      aspect: fc.double({ min: 0.3, max: 3, noNaN: true }),
      speed: fc.double({ min: 0, max: 1.5, noNaN: true }),
      heading: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      turns: fc.array(fc.tuple(fc.double({ min: -0.25, max: 0.25, noNaN: true }), fc.double({ min: -0.25, max: 0.25, noNaN: true })), {
        minLength: frames,
        maxLength: frames,
      }),
    })
    .map(({ aspect, speed, heading, turns }): Walk => {
      const w = Math.sqrt(1 / aspect);
      const h = 1 / w;
      let vx = speed * Math.cos(heading);
      let vy = speed * Math.sin(heading);
      let x = 0;
      let y = 0;
      const centres = turns.map(([ax, ay]) => {
        const here = { x, y };
        vx += ax;
        vy += ay;
        // The speed stays within 1.5 sizes a frame.
        const v = Math.hypot(vx, vy);
        if (v > 1.5) {
          vx *= 1.5 / v;
          vy *= 1.5 / v;
        }
        x += vx;
        y += vy;
        return here;
      });
      return { w, h, centres };
    });

/** Frames missed by the detector: never the first two, never more than two in a row. */
const missesArb = (frames: number) =>
  fc.array(fc.boolean(), { minLength: frames, maxLength: frames }).map((flags) =>
    flags.map((miss, i) => miss && i >= 2 && !(flags[i - 1] && flags[i - 2] && i >= 4)),
  );

/** Scales and moves every walk by one map so that all of them fit in the frame, no box larger than 0.3 of it. */
function intoFrame(walks: Walk[]) {
  const xs = walks.flatMap((wk) => wk.centres.flatMap((c) => [c.x - wk.w / 2, c.x + wk.w / 2]));
  const ys = walks.flatMap((wk) => wk.centres.flatMap((c) => [c.y - wk.h / 2, c.y + wk.h / 2]));
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const largest = Math.max(...walks.map((wk) => Math.max(wk.w, wk.h)));
  const k = Math.min(0.9 / Math.max(maxX - minX, maxY - minY), 0.3 / largest);
  return walks.map((wk) => ({ w: wk.w * k, h: wk.h * k, centres: wk.centres.map((c) => ({ x: 0.05 + (c.x - minX) * k, y: 0.05 + (c.y - minY) * k })) }));
}

/** The detector's box of a walk at a frame, off by up to 2 % of the box's size on each edge. */
function detected(wk: Walk, i: number, jitter: number[]): FrameDetection {
  const c = wk.centres[i];
  const j = (n: number) => (jitter[(i * 4 + n) % jitter.length] ?? 0) * 0.02;
  return person({ x1: c.x - wk.w / 2 + j(0) * wk.w, y1: c.y - wk.h / 2 + j(1) * wk.h, x2: c.x + wk.w / 2 + j(2) * wk.w, y2: c.y + wk.h / 2 + j(3) * wk.h });
}

const jitterArb = fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 8, maxLength: 64 });

describe('Tracker, properties at 2 frames a second', () => {
  it('one object on any smooth path keeps one id, missed frames included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 40 }).chain((n) => fc.tuple(walkArb(n), missesArb(n), jitterArb)),
        ([walk, misses, jitter]) => {
          const [wk] = intoFrame([walk]);
          const tracker = new Tracker();
          const ids = new Set<number>();
          wk.centres.forEach((_, i) => {
            for (const t of tracker.update(misses[i] ? [] : [detected(wk, i, jitter)], i * FRAME_MS)) ids.add(t.id);
          });
          expect([...ids]).toEqual([1]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('two objects whose paths stay apart keep their ids', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 30 }).chain((n) => fc.tuple(walkArb(n), walkArb(n), fc.double({ min: -4, max: 4, noNaN: true }), missesArb(n), jitterArb)),
        ([a, b, dy, missesOfB, jitter]) => {
          // B walks to the right of A, never nearer than 3 of the two sizes together plus half their widths.
          const gap = 3 * 2 + (a.w + b.w) / 2;
          const shift = Math.max(...a.centres.map((c, i) => c.x - b.centres[i].x)) + gap;
          const moved = { ...b, centres: b.centres.map((c) => ({ x: c.x + shift, y: c.y + dy })) };
          const [wa, wb] = intoFrame([a, moved]);
          const tracker = new Tracker();
          const seen = { a: new Set<number>(), b: new Set<number>() };
          wa.centres.forEach((_, i) => {
            const detections = [detected(wa, i, jitter)];
            if (!missesOfB[i]) detections.push(detected(wb, i, jitter.slice(3)));
            // Which track is which: by the detection it follows this frame.
            for (const t of tracker.update(detections, i * FRAME_MS)) {
              if (t.lastSeen !== i * FRAME_MS) continue;
              const near = (wk: Walk) => Math.hypot((t.box.x1 + t.box.x2) / 2 - wk.centres[i].x, (t.box.y1 + t.box.y2) / 2 - wk.centres[i].y);
              (near(wa) < near(wb) ? seen.a : seen.b).add(t.id);
            }
          });
          expect([...seen.a]).toEqual([1]);
          expect([...seen.b]).toEqual([2]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

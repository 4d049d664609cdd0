// The rule engine (server/edge/detect/rules.ts) fed by the real tracker from scripted detections at 2 frames a
// second: the four cases (one alarm per crossing in the allowed direction and none the other way; an
// intrusion only inside the polygon; dwell honoured; a window that is off gives none), and a line that is jittered
// on, size bounds, warnInterval, leaving and entering again, presence, classes and confidence.
import { describe, expect, it } from 'vitest';
import { allowedCrossing, RuleEngine } from '../../server/edge/detect/rules.ts';
import { Tracker } from '../../server/edge/detect/tracker.ts';
import type { EdgeEventRule, FrameDetection, RuleHit } from '../../server/edge/types.ts';

const FRAME_MS = 500;
/** Wednesday 10 December 2025, 10:00 local time: inside the default windows. */
const WEDNESDAY_10AM = new Date(2025, 11, 10, 10, 0, 0);

function rule(fields: Partial<EdgeEventRule> = {}): EdgeEventRule {
  return {
    configId: 1,
    eventId: 51,
    typeId: 51,
    name: 'rule',
    classes: ['person'],
    confidence: 0.3,
    areas: [],
    lines: [],
    dwellSeconds: 0,
    minSize: null,
    maxSize: null,
    times: [],
    weeks: [1, 2, 3, 4, 5, 6, 7],
    warnIntervalSeconds: 0,
    recheck: null,
    ...fields,
  };
}

/** A person 0.2 high standing with its feet at (x, y). */
const standing = (x: number, y: number, score = 0.8, height = 0.2, label = 'person'): FrameDetection => ({
  label,
  score,
  box: { x1: x - height / 6, y1: y - height, x2: x + height / 6, y2: y },
});

/** Runs the frames through a tracker and the rules from `start`, one frame every 500 ms; answers the hits. */
function run(rules: EdgeEventRule[], frames: FrameDetection[][], start = WEDNESDAY_10AM): RuleHit[] {
  const tracker = new Tracker();
  const engine = new RuleEngine(rules);
  return frames.flatMap((detections, i) => {
    const t = start.getTime() + i * FRAME_MS;
    return engine.update(tracker.update(detections, t), new Date(t));
  });
}

/** Feet moving in a straight line from one point to another over n frames (n + 1 positions). */
function walk(from: [number, number], to: [number, number], n: number, o: { score?: number; height?: number; label?: string } = {}): FrameDetection[][] {
  return Array.from({ length: n + 1 }, (_, i) => [
    standing(from[0] + ((to[0] - from[0]) * i) / n, from[1] + ((to[1] - from[1]) * i) / n, o.score, o.height, o.label),
  ]);
}

/** The area of the area rules: 0.4–0.6 both ways. */
const square = [
  { x: 0.4, y: 0.4 },
  { x: 0.6, y: 0.4 },
  { x: 0.6, y: 0.6 },
  { x: 0.4, y: 0.6 },
];

const frameNo = (hit: RuleHit) => Math.round((hit.at - WEDNESDAY_10AM.getTime()) / FRAME_MS);

describe('lines with a direction', () => {
  // A line drawn across the picture from left to right at y = 0.5. Direction 1 (left → right of a→b) is from
  // above it to below it as the picture shows it (see edgeGeometry.test.ts).
  const line = { a: { x: 0.1, y: 0.5 }, b: { x: 0.9, y: 0.5 } };
  const down = walk([0.5, 0.3], [0.5, 0.7], 8);
  const up = walk([0.5, 0.7], [0.5, 0.3], 8);

  it('one alarm per crossing in the allowed direction, none the other way (A→B, B→A, A→B)', () => {
    const there = walk([0.5, 0.3], [0.5, 0.7], 8);
    const back = walk([0.5, 0.7], [0.5, 0.3], 8).slice(1);
    const again = walk([0.5, 0.3], [0.5, 0.7], 8).slice(1);
    const frames = [...there, ...back, ...again];
    const hits = run([rule({ lines: [{ ...line, direction: 1 }] })], frames);
    expect(hits.map((h) => [h.reason, h.track.id, frameNo(h)])).toEqual([
      ['cross', 1, 5],
      ['cross', 1, 21],
    ]);
    expect(run([rule({ lines: [{ ...line, direction: 2 }] })], frames).map(frameNo)).toEqual([13]);
    expect(run([rule({ lines: [{ ...line, direction: 0 }] })], frames).map(frameNo)).toEqual([5, 13, 21]);
  });

  it('direction 1 is from the left of a→b to its right: drawn the other way, the same walk is direction 2', () => {
    const reversed = { a: line.b, b: line.a };
    expect(run([rule({ lines: [{ ...reversed, direction: 1 }] })], down)).toEqual([]);
    expect(run([rule({ lines: [{ ...reversed, direction: 2 }] })], down)).toHaveLength(1);
    expect(run([rule({ lines: [{ ...reversed, direction: 1 }] })], up)).toHaveLength(1);
    expect(allowedCrossing({ direction: 1 }, -1, 1)).toBe(true);
    expect(allowedCrossing({ direction: 1 }, 1, -1)).toBe(false);
  });

  it('a track jittering on the line fires once, when it really crosses', () => {
    // Feet come down to the line, wobble around it by ±0.005 for 10 frames, then go on below it.
    const approach = walk([0.5, 0.3], [0.5, 0.5], 4);
    const wobble = Array.from({ length: 10 }, (_, i) => [standing(0.5, 0.5 + (i % 2 ? 0.005 : -0.005))]);
    const leave = walk([0.5, 0.5], [0.5, 0.7], 4).slice(1);
    const hits = run([rule({ lines: [{ ...line, direction: 0 }] })], [...approach, ...wobble, ...leave]);
    expect(hits).toHaveLength(1);
    expect(frameNo(hits[0])).toBe(15);
  });

  it('passing beside the end of the line is no crossing; a track that starts on one side has not crossed', () => {
    expect(run([rule({ lines: [{ ...line, direction: 0 }] })], walk([0.95, 0.3], [0.95, 0.7], 8))).toEqual([]);
    expect(run([rule({ lines: [{ ...line, direction: 0 }] })], walk([0.5, 0.7], [0.4, 0.9], 4))).toEqual([]);
  });
});

describe('areas and dwell', () => {
  it('an intrusion only inside the polygon: by the feet, not by the box', () => {
    const inside = run([rule({ areas: [square] })], walk([0.1, 0.5], [0.5, 0.5], 8));
    expect(inside.map((h) => [h.reason, frameNo(h)])).toEqual([['dwell', 6]]);
    // Beside the square, and above it with only the head inside: no intrusion.
    expect(run([rule({ areas: [square] })], walk([0.1, 0.8], [0.9, 0.8], 8))).toEqual([]);
    expect(run([rule({ areas: [square] })], walk([0.3, 0.65], [0.7, 0.65], 8, { height: 0.2 }))).toEqual([]);
  });

  it('dwell time is honoured: 3 s inside before the alarm, none for a shorter stay', () => {
    const arrive = walk([0.1, 0.5], [0.5, 0.5], 8);
    const stay = (frames: number) => Array.from({ length: frames }, () => [standing(0.5, 0.5)]);
    // Inside from frame 6 (t = 3.0 s): 3 s later is frame 12.
    const long = run([rule({ areas: [square], dwellSeconds: 3 })], [...arrive, ...stay(10)]);
    expect(long.map((h) => [h.reason, frameNo(h)])).toEqual([['dwell', 12]]);
    // 2.5 s inside, then out to the right.
    const short = [...arrive, ...stay(2), ...walk([0.5, 0.5], [0.9, 0.5], 4).slice(1)];
    expect(run([rule({ areas: [square], dwellSeconds: 3 })], short)).toEqual([]);
  });

  it('one alarm per stay; leaving and entering again is a new stay', () => {
    // In at frame 1, out at frame 2 (0.1 past the edge), in again at frame 5, staying.
    const xs = [0.3, 0.5, 0.7, 0.8, 0.7, 0.5, 0.5, 0.5, 0.5];
    const hits = run([rule({ areas: [square], dwellSeconds: 0 })], xs.map((x) => [standing(x, 0.5)]));
    expect(hits.map((h) => [h.track.id, frameNo(h)])).toEqual([
      [1, 1],
      [1, 5],
    ]);
  });

  it('a track wobbling on the area’s edge stays in one stay', () => {
    const edge = Array.from({ length: 12 }, (_, i) => [standing(0.6 + (i % 2 ? 0.004 : -0.004), 0.5)]);
    expect(run([rule({ areas: [square] })], edge)).toHaveLength(1);
  });

  it('with neither lines nor areas, presence for dwellSeconds alarms once per track', () => {
    const hits = run([rule({ dwellSeconds: 2 })], Array.from({ length: 12 }, () => [standing(0.5, 0.5)]));
    expect(hits.map((h) => [h.reason, frameNo(h)])).toEqual([['present', 4]]);
  });
});

describe('what qualifies', () => {
  const present = Array.from({ length: 4 }, () => [standing(0.5, 0.5, 0.6, 0.2)]);

  it('classes and confidence', () => {
    expect(run([rule({ classes: ['car'] })], present)).toEqual([]);
    expect(run([rule({ confidence: 0.7 })], present)).toEqual([]);
    expect(run([rule({ confidence: 0.6 })], present)).toHaveLength(1);
  });

  it('size bounds on the box height relative to the frame', () => {
    expect(run([rule({ minSize: 0.25 })], present)).toEqual([]);
    expect(run([rule({ maxSize: 0.15 })], present)).toEqual([]);
    expect(run([rule({ minSize: 0.15, maxSize: 0.25 })], present)).toHaveLength(1);
    // It qualifies once it comes nearer (grows): the alarm waits for that frame.
    const approaching = [0.1, 0.15, 0.2, 0.3].map((h) => [standing(0.5, 0.5, 0.8, h)]);
    const hits = run([rule({ minSize: 0.18, maxSize: null })], approaching);
    expect(hits.map(frameNo)).toEqual([2]);
  });

  it('warnInterval: two alarms of a rule on one track are that far apart', () => {
    const line = { a: { x: 0.1, y: 0.5 }, b: { x: 0.9, y: 0.5 }, direction: 0 as const };
    // Across and back every 2 frames (1 s) for 10 s.
    const zigzag = Array.from({ length: 21 }, (_, i) => [standing(0.5, i % 4 < 2 ? 0.4 : 0.6)]);
    const every = run([rule({ lines: [line], warnIntervalSeconds: 0 })], zigzag);
    const spaced = run([rule({ lines: [line], warnIntervalSeconds: 3 })], zigzag);
    expect(every.map(frameNo)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
    expect(spaced.map(frameNo)).toEqual([2, 8, 14, 20]);
  });

  it('a stay held back by warnInterval alarms once the interval has passed, if it still lasts', () => {
    // In (frame 0), out (frame 2), in again (frame 4) and staying.
    const frames = [[standing(0.5, 0.5)], [standing(0.55, 0.5)], [standing(0.8, 0.5)], [standing(0.7, 0.5)], ...Array.from({ length: 10 }, () => [standing(0.5, 0.5)])];
    expect(run([rule({ areas: [square], warnIntervalSeconds: 4 })], frames).map(frameNo)).toEqual([0, 8]);
  });
});

describe('time windows and weekdays', () => {
  const present = Array.from({ length: 3 }, () => [standing(0.5, 0.5)]);
  const at = (day: number, h: number, m = 0) => new Date(2025, 11, day, h, m, 0); // 8 Dec 2025 is a Monday

  it('a window that is off gives none; one that is on gives the alarm', () => {
    expect(run([rule({ times: [{ start: '12:00:00', end: '14:00:00' }] })], present, at(10, 10))).toEqual([]);
    expect(run([rule({ times: [{ start: '08:00:00', end: '12:00:00' }] })], present, at(10, 10))).toHaveLength(1);
    // The end is not part of the window.
    expect(run([rule({ times: [{ start: '08:00', end: '10:00' }] })], present, at(10, 10))).toEqual([]);
  });

  it('a window across midnight belongs to the day it starts', () => {
    const night = rule({ times: [{ start: '22:00:00', end: '06:00:00' }], weeks: [5] }); // Fridays
    expect(run([night], present, at(12, 23))).toHaveLength(1); // Friday 23:00
    expect(run([night], present, at(13, 2))).toHaveLength(1); // Saturday 02:00, Friday's night
    expect(run([night], present, at(12, 2))).toEqual([]); // Friday 02:00 is Thursday's night
    expect(run([night], present, at(13, 7))).toEqual([]); // Saturday 07:00, after the window
    expect(run([night], present, at(12, 21))).toEqual([]); // Friday 21:00, before it
  });

  it('weekdays: ISO numbers, Sunday 7; none means never', () => {
    const weekdays = rule({ weeks: [1, 2, 3, 4, 5] });
    expect(run([weekdays], present, at(14, 10))).toEqual([]); // Sunday
    expect(run([rule({ weeks: [7] })], present, at(14, 10))).toHaveLength(1);
    expect(run([weekdays], present, at(8, 10))).toHaveLength(1); // Monday
    expect(run([rule({ weeks: [] })], present, at(8, 10))).toEqual([]);
  });

  it('a crossing while the rule is off does not fire later', () => {
    const line = { a: { x: 0.1, y: 0.5 }, b: { x: 0.9, y: 0.5 }, direction: 0 as const };
    // From 09:59:56: the crossing (frame 5) at 09:59:58.5 is before the 10:00 window; nothing fires after 10:00.
    const hits = run([rule({ lines: [line], times: [{ start: '10:00', end: '11:00' }] })], walk([0.5, 0.3], [0.5, 0.7], 8), new Date(2025, 11, 10, 9, 59, 56));
    expect(hits).toEqual([]);
    // The same walk two seconds later crosses at 10:00:00.5, in the window.
    expect(run([rule({ lines: [line], times: [{ start: '10:00', end: '11:00' }] })], walk([0.5, 0.3], [0.5, 0.7], 8), new Date(2025, 11, 10, 9, 59, 58))).toHaveLength(1);
  });
});

describe('new rules while tracks go on', () => {
  const line = { a: { x: 0.1, y: 0.5 }, b: { x: 0.9, y: 0.5 }, direction: 0 as const };

  it('a rule that did not change keeps its state: no second alarm for the same presence or stay', () => {
    const tracker = new Tracker();
    const present = rule({ configId: 1 });
    const engine = new RuleEngine([present]);
    const at = (i: number) => WEDNESDAY_10AM.getTime() + i * FRAME_MS;
    const step = (i: number) => engine.update(tracker.update([standing(0.5, 0.5)], at(i)), new Date(at(i)));
    expect(step(0)).toHaveLength(1);
    // Another event is added and this one is handed over again, equal field for field: nothing new fires.
    engine.setRules([{ ...present }, rule({ configId: 2, dwellSeconds: 1 })]);
    expect(step(1)).toEqual([]);
    expect(step(2).map((h) => h.rule.configId)).toEqual([2]);
    // This rule changed (a longer dwell): it starts afresh and alarms again once its dwell has passed.
    engine.setRules([{ ...present, dwellSeconds: 1 }]);
    expect(step(3).map((h) => h.rule.configId)).toEqual([1]);
    expect(engine.rules).toHaveLength(1);
  });

  it('a line keeps the side a track was on across the change', () => {
    const tracker = new Tracker();
    const engine = new RuleEngine([rule({ lines: [line] })]);
    const frames = walk([0.5, 0.3], [0.5, 0.7], 8);
    const hits = frames.flatMap((detections, i) => {
      const t = WEDNESDAY_10AM.getTime() + i * FRAME_MS;
      if (i === 4) engine.setRules([rule({ lines: [line] }), rule({ configId: 5, classes: ['car'] })]);
      return engine.update(tracker.update(detections, t), new Date(t));
    });
    expect(hits.map((h) => [h.rule.configId, frameNo(h)])).toEqual([[1, 5]]);
  });
});

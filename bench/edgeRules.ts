// The edge box's per-frame logic besides the detector (server/edge/detect/): the grey copy and motion gate of a
// 640×360 frame, then the tracker and the rules with a busy scene — 20 people walking, 4 rules (a tripwire, an area
// with dwell, presence, windows) — at 2 frames a second. Pure code on the event loop: what a camera's frame costs
// the box's main thread.
import { grayDownscale, MotionGate } from '../server/edge/detect/motionGate.ts';
import { RuleEngine } from '../server/edge/detect/rules.ts';
import { Tracker } from '../server/edge/detect/tracker.ts';
import type { EdgeEventRule, FrameDetection } from '../server/edge/types.ts';

export interface EdgeRulesFigures {
  frames: number;
  objects: number;
  rules: number;
  /** grayDownscale + MotionGate.changed of one 640×360 RGB frame. */
  gateMs: { p50: number; p95: number };
  /** Tracker.update + RuleEngine.update of one frame. */
  trackAndRulesMs: { p50: number; p95: number };
  hits: number;
  tracksStarted: number;
}

const W = 640;
const H = 360;
const FRAME_MS = 500;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 1000) / 1000;
};

function rule(fields: Partial<EdgeEventRule>): EdgeEventRule {
  return {
    configId: 1,
    eventId: 51,
    typeId: 2,
    name: 'bench',
    classes: ['person'],
    confidence: 0.3,
    areas: [],
    lines: [],
    dwellSeconds: 0,
    minSize: 0.05,
    maxSize: 0.9,
    times: [],
    weeks: [1, 2, 3, 4, 5, 6, 7],
    warnIntervalSeconds: 10,
    recheck: null,
    ...fields,
  };
}

/** Where person i stands at frame f: walking to and fro across the picture, each on its own row and pace. */
function person(i: number, f: number): FrameDetection {
  const row = 0.3 + (i % 10) * 0.065;
  const phase = ((f * (0.01 + (i % 7) * 0.003) + i * 0.13) % 2) + 0;
  const x = 0.05 + 0.9 * (phase < 1 ? phase : 2 - phase);
  const h = 0.1 + (i % 5) * 0.02;
  return { label: 'person', score: 0.6, box: { x1: x - h / 6, y1: row - h + (i >= 10 ? 0.02 : 0), x2: x + h / 6, y2: row + (i >= 10 ? 0.02 : 0) } };
}

function paint(rgb: Uint8Array, detections: FrameDetection[], f: number) {
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) rgb.fill(90 + ((x + y + f) % 7), (y * W + x) * 3, (y * W + x) * 3 + 3);
  for (const d of detections) {
    for (let y = Math.max(0, Math.floor(d.box.y1 * H)); y < Math.min(H, Math.ceil(d.box.y2 * H)); y++) {
      for (let x = Math.max(0, Math.floor(d.box.x1 * W)); x < Math.min(W, Math.ceil(d.box.x2 * W)); x++) rgb.fill(30, (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  }
}

export function measureEdgeRules(frames = 600, objects = 20): EdgeRulesFigures {
  const rules = [
    rule({ configId: 1, lines: [{ a: { x: 0.5, y: 0.1 }, b: { x: 0.5, y: 0.95 }, direction: 1 }] }),
    rule({ configId: 2, areas: [[{ x: 0.6, y: 0.3 }, { x: 0.95, y: 0.3 }, { x: 0.95, y: 0.95 }, { x: 0.6, y: 0.95 }]], dwellSeconds: 3 }),
    rule({ configId: 3, dwellSeconds: 20 }),
    rule({ configId: 4, areas: [[{ x: 0.05, y: 0.3 }, { x: 0.4, y: 0.3 }, { x: 0.4, y: 0.95 }]], times: [{ start: '00:00:00', end: '23:59:59' }] }),
  ];
  const gate = new MotionGate();
  const tracker = new Tracker();
  const engine = new RuleEngine(rules);
  const rgb = new Uint8Array(W * H * 3);
  const gateMs: number[] = [];
  const ruleMs: number[] = [];
  let hits = 0;
  let maxId = 0;
  const start = new Date(2026, 11, 9, 10, 0, 0).getTime();
  for (let f = 0; f < frames; f++) {
    const detections = Array.from({ length: objects }, (_, i) => person(i, f));
    paint(rgb, detections, f);
    const t = start + f * FRAME_MS;
    const g0 = performance.now();
    const gray = grayDownscale({ rgb, width: W, height: H });
    gate.changed(gray.gray, gray.width, gray.height, t);
    const g1 = performance.now();
    const tracks = tracker.update(detections, t);
    hits += engine.update(tracks, new Date(t)).length;
    const g2 = performance.now();
    gateMs.push(g1 - g0);
    ruleMs.push(g2 - g1);
    for (const track of tracks) maxId = Math.max(maxId, track.id);
  }
  return {
    frames,
    objects,
    rules: rules.length,
    gateMs: { p50: quantile(gateMs, 0.5), p95: quantile(gateMs, 0.95) },
    trackAndRulesMs: { p50: quantile(ruleMs, 0.5), p95: quantile(ruleMs, 0.95) },
    hits,
    tracksStarted: maxId,
  };
}

if (import.meta.main) console.log(JSON.stringify(measureEdgeRules(), null, 2));

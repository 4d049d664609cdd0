// Generated alarm snapshots: a simple road scene (sky, road in perspective, lane marks), the subject of the
// alarm (a vehicle for violations, a hazard for road events) and the red detection box around it, with the
// type id and "SIM" burnt in so nobody mistakes it for a real capture.
import { Raster, type Rgb } from './png.ts';

export interface Snapshot {
  png: Buffer;
  width: number;
  height: number;
  box: { x: number; y: number; w: number; h: number };
}

export const SNAPSHOT_WIDTH = 640;
export const SNAPSHOT_HEIGHT = 360;

const SKY: Rgb = [150, 190, 225];
const GRASS: Rgb = [92, 140, 80];
const ROAD: Rgb = [88, 88, 92];
const MARK: Rgb = [235, 235, 225];
const BOX: Rgb = [230, 30, 30];
const VEHICLE_COLOURS: Rgb[] = [
  [200, 40, 40],
  [30, 90, 190],
  [240, 240, 240],
  [30, 30, 30],
  [230, 180, 40],
  [60, 150, 90],
];

/** A deterministic snapshot for a type id and a variant number (position, colour, size vary with it). */
export function drawSnapshot(eventType: number, variant: number): Snapshot {
  const scene = sceneFor(eventType, variant);
  const { img, box } = scene.frame(0);
  return { png: img.toPng(), width: SNAPSHOT_WIDTH, height: SNAPSHOT_HEIGHT, box };
}

export interface Scene {
  /** The picture with its subject moved `shift` pixels to the left of where the snapshot has it (0: the snapshot). */
  frame(shift: number): { img: Raster; box: Snapshot['box'] };
}

/** The snapshot's road (drawn once) and its subject, which a clip moves across it frame by frame. */
export function sceneFor(eventType: number, variant: number): Scene {
  const w = SNAPSHOT_WIDTH;
  const h = SNAPSHOT_HEIGHT;
  const road = new Raster(w, h, SKY);
  const horizon = Math.round(h * 0.35);
  road.fillRect(0, horizon, w, h - horizon, GRASS);
  // The road narrows towards the horizon.
  for (let y = horizon; y < h; y++) {
    const t = (y - horizon) / (h - horizon);
    const half = 30 + t * (w * 0.48);
    road.fillRect(w / 2 - half, y, half * 2, 1, ROAD);
    // Two dashed lane lines and solid edges.
    for (const lane of [-1 / 3, 1 / 3]) {
      if (Math.floor(t * 12) % 2 === 0) road.fillRect(w / 2 + lane * half - 1 - t * 2, y, 2 + t * 4, 1, MARK);
    }
    road.fillRect(w / 2 - half, y, 2 + t * 3, 1, MARK);
    road.fillRect(w / 2 + half - 2 - t * 3, y, 2 + t * 3, 1, MARK);
  }

  const random = mulberry32(eventType * 7919 + variant);
  const depth = 0.35 + random() * 0.55; // 0 far … 1 near
  const cy = horizon + depth * (h - horizon);
  const scale = 0.3 + depth;
  const half = 30 + depth * (w * 0.48);
  const cx = w / 2 + (random() - 0.5) * half * 1.2;
  const colour = VEHICLE_COLOURS[Math.floor(random() * VEHICLE_COLOURS.length)];

  return {
    frame(shift) {
      const img = new Raster(w, h, SKY);
      img.pixels.set(road.pixels);
      const at = cx - shift;
      const subject = eventType >= 1001 ? drawHazard(img, eventType, at, cy, scale) : drawVehicle(img, colour, at, cy, scale);
      // The detection box, a few pixels outside the subject, clipped to the image.
      const pad = 4;
      const x = Math.min(w - 8, Math.max(0, Math.round(subject.x - pad)));
      const y = Math.max(0, Math.round(subject.y - pad));
      const bw = Math.max(4, Math.min(w - x, Math.round(subject.w + pad * 2)));
      const bh = Math.min(h - y, Math.round(subject.h + pad * 2));
      img.strokeRect(x, y, bw, bh, BOX, 3);
      img.fillRect(6, 6, 150, 18, [20, 20, 20]);
      img.text(10, 10, `SIM ${eventType}`, [255, 255, 255], 2);
      return { img, box: { x, y, w: bw, h: bh } };
    },
  };
}

function drawVehicle(img: Raster, colour: Rgb, cx: number, cy: number, scale: number) {
  const vw = 90 * scale;
  const vh = 55 * scale;
  const x = cx - vw / 2;
  const y = cy - vh;
  img.fillRect(x, y + vh * 0.35, vw, vh * 0.5, colour); // body
  img.fillRect(x + vw * 0.18, y, vw * 0.64, vh * 0.4, colour); // cabin
  img.fillRect(x + vw * 0.25, y + vh * 0.07, vw * 0.5, vh * 0.26, [170, 210, 235]); // windscreen
  img.fillEllipse(x + vw * 0.22, y + vh * 0.88, vw * 0.1, vh * 0.12, [20, 20, 20]);
  img.fillEllipse(x + vw * 0.78, y + vh * 0.88, vw * 0.1, vh * 0.12, [20, 20, 20]);
  return { x, y, w: vw, h: vh };
}

function drawHazard(img: Raster, eventType: number, cx: number, cy: number, scale: number) {
  const r = 40 * scale;
  const colour: Rgb =
    eventType === 1009 ? [245, 120, 20] : eventType === 1004 ? [70, 130, 210] : eventType === 1003 ? [45, 40, 35] : eventType === 1008 ? [215, 215, 215] : [240, 200, 30];
  if (eventType === 1009) {
    img.fillEllipse(cx, cy - r * 0.6, r * 0.7, r, colour);
    img.fillEllipse(cx, cy - r * 0.4, r * 0.35, r * 0.55, [255, 220, 60]);
    return { x: cx - r * 0.7, y: cy - r * 1.6, w: r * 1.4, h: r * 2 };
  }
  img.fillEllipse(cx, cy - r * 0.3, r, r * 0.45, colour);
  return { x: cx - r, y: cy - r * 0.75, w: r * 2, h: r * 0.9 };
}

/** A small seeded PRNG, so the same (type, variant) draws the same picture. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

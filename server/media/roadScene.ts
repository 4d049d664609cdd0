// A generated road scene, deterministic per seed: sky, skyline, a road in perspective with lanes, a zebra crossing
// and vehicles; optionally a detection box drawn on it. Used as the snapshot of simulated cameras (the demo site)
// and by the alarm simulator for its pictures. Pure JS into an RGB raster; encode with pngEncoder.
import type { RasterImage } from './pngEncoder.ts';

export interface RoadSceneOptions {
  width: number;
  height: number;
  /** Same seed, same picture (the camera id for snapshots). */
  seed: number;
  /** How many vehicles to draw (default 3–7, from the seed). */
  vehicles?: number;
  /** A box to outline in red (a detection), in pixels. */
  highlight?: { x: number; y: number; w: number; h: number };
}

export interface RoadScene extends RasterImage {
  channels: 3;
  /** Where the vehicles were drawn, in pixels (the simulator puts its detection boxes there). */
  vehicleBoxes: { x: number; y: number; w: number; h: number }[];
}

type Rgb = readonly [number, number, number];
const VEHICLE_COLOURS: Rgb[] = [
  [200, 40, 40],
  [235, 235, 235],
  [30, 30, 35],
  [40, 80, 170],
  [160, 160, 165],
  [230, 180, 30],
  [30, 120, 70],
];

/** mulberry32: a small, fast, deterministic PRNG. */
function random(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function renderRoadScene(options: RoadSceneOptions): RoadScene {
  const { width: w, height: h } = options;
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 16 || h < 16 || w * h > 8192 * 8192) {
    throw new RangeError(`scene size out of range: ${w}×${h}`);
  }
  const rnd = random(options.seed);
  const data = new Uint8Array(w * h * 3);
  const horizon = Math.round(h * (0.32 + rnd() * 0.1));
  const setPixel = (x: number, y: number, c: Rgb) => {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    const i = (y * w + x) * 3;
    data[i] = c[0];
    data[i + 1] = c[1];
    data[i + 2] = c[2];
  };
  const fillRect = (x0: number, y0: number, x1: number, y1: number, c: Rgb) => {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(h, Math.round(y1)); y++) {
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(w, Math.round(x1)); x++) setPixel(x, y, c);
    }
  };

  // Sky: a vertical gradient; ground below the horizon.
  for (let y = 0; y < h; y++) {
    const t = y / Math.max(1, horizon);
    const c: Rgb = y < horizon ? [Math.round(110 + 90 * t), Math.round(160 + 60 * t), Math.round(225 + 15 * t)] : [86, 120, 74];
    fillRect(0, y, w, y + 1, c);
  }
  // Skyline: blocks of buildings standing on the horizon.
  for (let x = 0; x < w; ) {
    const bw = Math.round(w * (0.03 + rnd() * 0.06));
    const bh = Math.round(horizon * (0.15 + rnd() * 0.45));
    const shade = Math.round(120 + rnd() * 60);
    fillRect(x, horizon - bh, x + bw, horizon, [shade - 20, shade - 10, shade + 10]);
    x += bw + Math.round(rnd() * w * 0.01);
  }

  // The road: a trapezoid from the bottom of the frame to the vanishing point area on the horizon.
  const vanishX = w * (0.45 + rnd() * 0.1);
  const bottomLeft = w * 0.04;
  const bottomRight = w * 0.96;
  const topHalf = w * 0.06;
  const edgeAt = (y: number) => {
    const t = (y - horizon) / (h - horizon); // 0 at the horizon, 1 at the bottom
    return { left: vanishX - topHalf + (bottomLeft - (vanishX - topHalf)) * t, right: vanishX + topHalf + (bottomRight - (vanishX + topHalf)) * t, t };
  };
  for (let y = horizon; y < h; y++) {
    const e = edgeAt(y);
    fillRect(e.left, y, e.right, y + 1, [72, 74, 78]);
  }

  // Lane markings: solid edge lines, dashed lane dividers whose dashes grow towards the camera.
  const lanes = 2 + Math.floor(rnd() * 3);
  for (let y = horizon + 1; y < h; y++) {
    const e = edgeAt(y);
    const lineWidth = Math.max(1, Math.round(2 + 8 * e.t));
    for (let k = 0; k <= lanes; k++) {
      const x = e.left + ((e.right - e.left) * k) / lanes;
      const solid = k === 0 || k === lanes;
      // Depth coordinate ~ 1/t: equal steps of it are equal distances on the road.
      const depth = 1 / Math.max(0.02, e.t);
      if (solid || Math.floor(depth * 2) % 2 === 0) fillRect(x - lineWidth / 2, y, x + lineWidth / 2, y + 1, [240, 240, 235]);
    }
  }
  // Zebra crossing and stop line across the near part of the road.
  const zebraTop = Math.round(horizon + (h - horizon) * (0.62 + rnd() * 0.1));
  const zebraBottom = zebraTop + Math.round((h - horizon) * 0.08);
  for (let y = zebraTop; y < zebraBottom; y++) {
    const e = edgeAt(y);
    const stripe = (e.right - e.left) / 24;
    for (let s = 0; s < 24; s += 2) fillRect(e.left + s * stripe, y, e.left + (s + 1) * stripe, y + 1, [245, 245, 245]);
  }
  const stop = zebraTop - Math.round((h - horizon) * 0.03);
  for (let y = stop; y < stop + Math.max(2, Math.round(h * 0.006)); y++) {
    const e = edgeAt(y);
    fillRect(e.left, y, e.right, y + 1, [250, 250, 250]);
  }

  // Vehicles: boxes in the lanes, larger when nearer, drawn far to near so near ones cover far ones.
  const count = options.vehicles ?? 3 + Math.floor(rnd() * 5);
  const placed = Array.from({ length: count }, () => ({ t: 0.12 + rnd() * 0.8, lane: Math.floor(rnd() * lanes), colour: VEHICLE_COLOURS[Math.floor(rnd() * VEHICLE_COLOURS.length)] }));
  placed.sort((a, b) => a.t - b.t);
  const vehicleBoxes: RoadScene['vehicleBoxes'] = [];
  for (const v of placed) {
    const y = horizon + (h - horizon) * v.t;
    const e = edgeAt(y);
    const laneWidth = (e.right - e.left) / lanes;
    const vw = laneWidth * 0.62;
    const vh = vw * 0.78;
    const x = e.left + laneWidth * (v.lane + 0.19);
    fillRect(x, y - vh, x + vw, y, v.colour);
    fillRect(x + vw * 0.12, y - vh * 0.92, x + vw * 0.88, y - vh * 0.55, [45, 60, 80]); // windscreen
    fillRect(x + vw * 0.05, y - vh * 0.3, x + vw * 0.22, y - vh * 0.18, [250, 220, 120]); // lamps
    fillRect(x + vw * 0.78, y - vh * 0.3, x + vw * 0.95, y - vh * 0.18, [250, 220, 120]);
    fillRect(x + vw * 0.1, y, x + vw * 0.9, y + Math.max(1, vh * 0.06), [35, 35, 35]); // shadow
    vehicleBoxes.push({ x: Math.round(x), y: Math.round(y - vh), w: Math.round(vw), h: Math.round(vh) });
  }

  if (options.highlight) {
    const { x, y, w: bw, h: bh } = options.highlight;
    const t = Math.max(2, Math.round(Math.min(w, h) / 300));
    const red: Rgb = [255, 40, 40];
    fillRect(x, y, x + bw, y + t, red);
    fillRect(x, y + bh - t, x + bw, y + bh, red);
    fillRect(x, y, x + t, y + bh, red);
    fillRect(x + bw - t, y, x + bw, y + bh, red);
  }
  return { width: w, height: h, channels: 3, data, vehicleBoxes };
}

// Labelled variations of the generated road scene (roadScene.ts) for training data: with or without a fire-and-smoke
// patch (the positive class), under varied light (day, dusk, night, overcast) and viewpoint (mirrored, zoomed and
// shifted framing), with sensor noise so that a compressed image keeps texture (and stays above the §5 16 KB floor).
// Deterministic per seed. Some negatives carry a distractor (an orange vehicle-sized block or a grey haze) so that a
// classifier has something to get wrong.
import type { RasterImage } from './pngEncoder.ts';
import { renderRoadScene } from './roadScene.ts';

export type SceneLight = 'day' | 'dusk' | 'night' | 'overcast';

export interface LabelledSceneOptions {
  width: number;
  height: number;
  seed: number;
  fire: boolean;
}

export interface LabelledScene extends RasterImage {
  channels: 3;
  light: SceneLight;
  mirrored: boolean;
  /** Where the fire patch was drawn (null for a negative), in pixels of the output. */
  fireBox: { x: number; y: number; w: number; h: number } | null;
}

const LIGHTS: Record<SceneLight, { gain: number; tint: readonly [number, number, number] }> = {
  day: { gain: 1, tint: [1, 1, 1] },
  dusk: { gain: 0.75, tint: [1.15, 0.9, 0.75] },
  night: { gain: 0.38, tint: [0.8, 0.85, 1.2] },
  overcast: { gain: 0.85, tint: [0.92, 0.95, 1] },
};

function random(seed: number): () => number {
  let a = (seed ^ 0x5bd1e995) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

export function renderLabelledScene(options: LabelledSceneOptions): LabelledScene {
  const { width: w, height: h, seed } = options;
  const rnd = random(seed);
  // Viewpoint: render a larger scene and take a shifted window of it (zoom), possibly mirrored.
  const zoom = 1 + rnd() * 0.35;
  const sw = Math.round(w * zoom);
  const sh = Math.round(h * zoom);
  const scene = renderRoadScene({ width: sw, height: sh, seed: seed * 7919 + 13 });
  const ox = Math.floor(rnd() * (sw - w + 1));
  const oy = Math.floor(rnd() * (sh - h + 1));
  const mirrored = rnd() < 0.5;
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = ox + (mirrored ? w - 1 - x : x);
      const si = ((oy + y) * sw + sx) * 3;
      const di = (y * w + x) * 3;
      data[di] = scene.data[si]!;
      data[di + 1] = scene.data[si + 1]!;
      data[di + 2] = scene.data[si + 2]!;
    }
  }
  const blend = (x: number, y: number, c: readonly [number, number, number], alpha: number) => {
    if (x < 0 || y < 0 || x >= w || y >= h || alpha <= 0) return;
    const i = (y * w + x) * 3;
    for (let k = 0; k < 3; k++) data[i + k] = clamp(data[i + k]! * (1 - alpha) + c[k]! * alpha);
  };
  const blob = (cx: number, cy: number, rx: number, ry: number, colour: (dx: number, dy: number) => readonly [number, number, number], opacity: number) => {
    for (let y = Math.floor(cy - ry); y <= cy + ry; y++) {
      for (let x = Math.floor(cx - rx); x <= cx + rx; x++) {
        const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
        if (d <= 1) blend(x, y, colour(x - cx, y - cy), opacity * (1 - d * d) * (0.7 + rnd() * 0.3));
      }
    }
  };

  // The fire: a flame of hot colours at the road side or on the road, a smoke plume rising above it.
  let fireBox: LabelledScene['fireBox'] = null;
  if (options.fire) {
    const size = Math.min(w, h) * (0.12 + rnd() * 0.16);
    const cx = w * (0.15 + rnd() * 0.7);
    const cy = h * (0.55 + rnd() * 0.3);
    for (let p = 0; p < 4; p++) {
      const py = cy - size * 0.9 - p * size * 0.45;
      const grey = 70 + rnd() * 60;
      blob(cx + (rnd() - 0.5) * size * 0.6, py, size * (0.45 + p * 0.2), size * (0.35 + p * 0.12), () => [grey, grey, grey + 5], 0.55);
    }
    for (let f = 0; f < 6; f++) {
      const fx = cx + (rnd() - 0.5) * size * 0.6;
      const fy = cy - rnd() * size * 0.5;
      blob(fx, fy, size * (0.18 + rnd() * 0.2), size * (0.3 + rnd() * 0.3), (_dx, dy) => (dy < 0 ? [255, 150 + rnd() * 80, 30] : [240, 70 + rnd() * 50, 10]), 0.95);
    }
    fireBox = { x: Math.round(cx - size), y: Math.round(cy - size * 2.2), w: Math.round(size * 2), h: Math.round(size * 2.6) };
  } else if (rnd() < 0.35) {
    // Distractors: an orange block (a truck, a sign) or a thin grey haze.
    const cx = w * (0.15 + rnd() * 0.7);
    const cy = h * (0.5 + rnd() * 0.35);
    const size = Math.min(w, h) * (0.08 + rnd() * 0.1);
    if (rnd() < 0.5) blob(cx, cy, size, size * 0.6, () => [230, 120, 30], 0.9);
    else blob(cx, cy - size, size * 1.6, size, () => [150, 150, 150], 0.35);
  }

  // Light, then sensor noise (stronger at night, as a camera's gain would make it).
  const light = (['day', 'dusk', 'night', 'overcast'] as const)[Math.floor(rnd() * 4)]!;
  const { gain, tint } = LIGHTS[light];
  const noise = light === 'night' ? 28 : 14;
  for (let i = 0; i < data.length; i += 3) {
    for (let k = 0; k < 3; k++) data[i + k] = clamp(data[i + k]! * gain * tint[k]! + (rnd() - 0.5) * noise);
  }
  return { width: w, height: h, channels: 3, data, light, mirrored, fireBox };
}

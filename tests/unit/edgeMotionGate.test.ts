// The motion gate in front of the detector (server/edge/detect/motionGate.ts): a still scene is skipped (sensor
// noise and a change of the whole picture's brightness included), a person-sized change goes through, the
// reference is the last frame that went through (slow drift adds up), and a frame goes through at least every
// keepAliveMs.
import { describe, expect, it } from 'vitest';
import { GATE_WIDTH, grayDownscale, MotionGate } from '../../server/edge/detect/motionGate.ts';

const W = 640;
const H = 360;

/** A deterministic pseudo-random source (so the noise is the same on every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A 640×360 RGB street-like frame: a gradient background with texture, grey noise, and optional dark people boxes. */
function frame(o: { seed: number; noise?: number; brightness?: number; people?: { x: number; y: number; w: number; h: number }[]; shade?: number }) {
  const rnd = random(o.seed);
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let v = 90 + (y / H) * 80 + ((x >> 4) % 2) * 12 + (o.brightness ?? 0);
      for (const p of o.people ?? []) if (x >= p.x && x < p.x + p.w && y >= p.y && y < p.y + p.h) v = 30;
      // A shadow creeping over a 64×64 patch, `shade` grey levels darker.
      if (x >= 200 && x < 264 && y >= 100 && y < 164) v -= o.shade ?? 0;
      v += (rnd() - 0.5) * 2 * (o.noise ?? 3);
      const i = (y * W + x) * 3;
      rgb[i] = rgb[i + 1] = rgb[i + 2] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
  return { rgb, width: W, height: H };
}

const gray = (f: ReturnType<typeof frame>) => grayDownscale(f);

describe('grayDownscale', () => {
  it('averages the luma of the pixels each grey pixel covers', () => {
    // 4×2 RGB: left half pure red, right half pure blue; 2×1 grey.
    const rgb = new Uint8Array(4 * 2 * 3);
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 4; x++) {
        const i = (y * 4 + x) * 3;
        if (x < 2) rgb[i] = 255;
        else rgb[i + 2] = 255;
      }
    const g = grayDownscale({ rgb, width: 4, height: 2 }, 2);
    expect(g).toEqual({ gray: Uint8Array.from([Math.round(0.299 * 255), Math.round(0.114 * 255)]), width: 2, height: 1 });
  });

  it('keeps the aspect ratio at the gate width and refuses a short buffer', () => {
    const g = gray(frame({ seed: 1 }));
    expect([g.width, g.height, g.gray.length]).toEqual([GATE_WIDTH, 90, GATE_WIDTH * 90]);
    expect(() => grayDownscale({ rgb: new Uint8Array(10), width: 4, height: 4 })).toThrow(RangeError);
  });
});

describe('MotionGate', () => {
  it('lets the first frame through, then skips the same scene with fresh sensor noise', () => {
    const gate = new MotionGate();
    const first = gray(frame({ seed: 1, noise: 4 }));
    expect(gate.changed(first.gray, first.width, first.height, 0)).toBe(true);
    for (let i = 2; i < 12; i++) {
      const still = gray(frame({ seed: i, noise: 4 }));
      expect(gate.changed(still.gray, still.width, still.height, i * 100), `frame ${i}`).toBe(false);
    }
  });

  it('skips a change of the whole picture’s brightness (a cloud, the exposure)', () => {
    const gate = new MotionGate();
    const a = gray(frame({ seed: 1 }));
    const b = gray(frame({ seed: 2, brightness: 25 }));
    gate.changed(a.gray, a.width, a.height, 0);
    expect(gate.changed(b.gray, b.width, b.height, 500)).toBe(false);
  });

  it('lets through a person 40 px tall who walks in, and one who moves', () => {
    const gate = new MotionGate();
    const empty = gray(frame({ seed: 1 }));
    const arrived = gray(frame({ seed: 2, people: [{ x: 300, y: 200, w: 14, h: 40 }] }));
    const moved = gray(frame({ seed: 3, people: [{ x: 320, y: 204, w: 14, h: 40 }] }));
    const stayed = gray(frame({ seed: 4, people: [{ x: 320, y: 204, w: 14, h: 40 }] }));
    expect(gate.changed(empty.gray, empty.width, empty.height, 0)).toBe(true);
    expect(gate.changed(arrived.gray, arrived.width, arrived.height, 500)).toBe(true);
    expect(gate.changed(moved.gray, moved.width, moved.height, 1000)).toBe(true);
    expect(gate.changed(stayed.gray, stayed.width, stayed.height, 1500)).toBe(false);
  });

  it('compares with the last frame that went through, so a slow change adds up', () => {
    const gate = new MotionGate({ keepAliveMs: 1e12 });
    const shaded = (shade: number, seed: number) => gray(frame({ seed, shade }));
    const start = shaded(0, 1);
    gate.changed(start.gray, start.width, start.height, 0);
    // 2 grey levels darker a frame: each frame alone is below the noise floor; against the reference it adds up.
    const passed: number[] = [];
    for (let step = 1; step <= 10; step++) {
      const f = shaded(step * 2, step + 1);
      if (gate.changed(f.gray, f.width, f.height, step * 500)) passed.push(step);
    }
    expect(passed.length).toBeGreaterThan(0);
    expect(passed[0]).toBeGreaterThan(1);
    // Had each frame been compared with the one before it, none would have gone through.
    const stepwise = new MotionGate({ keepAliveMs: 1e12 });
    const before = shaded(10, 2);
    const after = shaded(12, 3);
    stepwise.changed(before.gray, before.width, before.height, 0);
    expect(stepwise.changed(after.gray, after.width, after.height, 500)).toBe(false);
  });

  it('lets a still frame through once keepAliveMs has passed since the last one', () => {
    const gate = new MotionGate({ keepAliveMs: 2000 });
    const f = gray(frame({ seed: 1 }));
    const results = [0, 500, 1000, 1500, 2000, 2500, 3999, 4000].map((t) => gate.changed(f.gray, f.width, f.height, t));
    expect(results).toEqual([true, false, false, false, true, false, false, true]);
  });

  it('without a frame time there is no keep-alive; a new size or a reset goes through', () => {
    const gate = new MotionGate();
    const f = gray(frame({ seed: 1 }));
    expect(gate.changed(f.gray, f.width, f.height)).toBe(true);
    expect(gate.changed(f.gray, f.width, f.height)).toBe(false);
    const small = grayDownscale(frame({ seed: 1 }), 80);
    expect(gate.changed(small.gray, small.width, small.height)).toBe(true);
    gate.reset();
    expect(gate.changed(small.gray, small.width, small.height)).toBe(true);
    expect(() => gate.changed(small.gray, small.width + 1, small.height)).toThrow(RangeError);
  });
});

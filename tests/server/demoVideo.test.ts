// The demo camera's video (server/media/DEMO_VIDEO.md): the same bytes from the same photograph, and what the
// platform's detector sees in it — the walker on the tripwire about 6 s into the loop, the visitor in the area at
// 20 s, and nothing else that the demo's events (confidence 0.5) would take for a person.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointInPolygon } from '../../server/edge/detect/geometry.ts';
import { closeDetector, detectFrame } from '../../server/ml/detector.ts';
import { runFfmpeg } from '../../server/media/ffmpeg.ts';
import { DEMO_SHAPES, writeDemoVideo } from '../../server/media/demoVideo.ts';

const dir = mkdtempSync(join(tmpdir(), 'argus-demo-video-'));
let video: string;

beforeAll(async () => {
  video = join(dir, 'people.mp4');
  await writeDemoVideo(video, { width: 640, height: 360, fps: 10 });
}, 180_000);
afterAll(async () => {
  await closeDetector();
  rmSync(dir, { recursive: true, force: true });
});

async function frameAt(seconds: number) {
  const { output } = await runFfmpeg(['-ss', String(seconds), '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  return { rgb: output, width: 640, height: 360 };
}

describe('demo video', () => {
  it('is the same bytes when built again', async () => {
    const spec = { width: 320, height: 180, fps: 5 };
    const [a, b] = [join(dir, 'a.mp4'), join(dir, 'b.mp4')];
    await writeDemoVideo(a, spec);
    await writeDemoVideo(b, spec);
    const hash = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');
    expect(hash(a)).toBe(hash(b));
  }, 180_000);

  it('shows the detector one person on the tripwire at 6 s and one in the area at 20 s, and no other', async () => {
    for (const [seconds, where] of [
      [6, 'line'],
      [20, 'area'],
    ] as const) {
      const result = await detectFrame(await frameAt(seconds), { minScore: 0.2 });
      const people = result.detections.filter((d) => d.label === 'person' && d.score >= 0.5);
      expect(people, `at ${seconds} s`).toHaveLength(1);
      const [x1, , x2, y2] = people[0].box;
      const feet = { x: (x1 + x2) / 2, y: y2 };
      if (where === 'line') expect(Math.abs(feet.x - DEMO_SHAPES.line[0].x)).toBeLessThan(0.08);
      else expect(pointInPolygon(feet, DEMO_SHAPES.area)).toBe(true);
      // Nothing else comes near the events' confidence.
      expect(result.detections.filter((d) => d.score >= 0.4)).toHaveLength(1);
    }
  }, 120_000);
});

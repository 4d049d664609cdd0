// The real detector on real photos that ship in a registry package (@vladmandic/human's assets), on the CPU.
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDetector, DetectorInputError, detect, detectFrame } from '../../server/ml/detector.ts';
import { readRealPhoto } from '../support/realPhotos.ts';

afterAll(() => closeDetector());

describe('detect', () => {
  it('finds the people in a crowd photo, boxes inside the image, best first', async () => {
    const result = await detect(readRealPhoto('crowd'), { minScore: 0.3 });
    expect(result).toMatchObject({ width: 1280, height: 1158 });
    const people = result.detections.filter((d) => d.label === 'person');
    expect(people.length).toBeGreaterThanOrEqual(15);
    expect(people[0]?.score).toBeGreaterThan(0.6);
    for (const d of result.detections) {
      expect(d.score).toBeGreaterThanOrEqual(0.3);
      const [x1, y1, x2, y2] = d.box;
      expect(0 <= x1 && x1 < x2 && x2 <= 1 && 0 <= y1 && y1 < y2 && y2 <= 1).toBe(true);
    }
    const scores = result.detections.map((d) => d.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(result.inferenceMs).toBeGreaterThan(0);
  });

  it('finds a person and a monitor (tv) in an office screenshot', async () => {
    const labels = (await detect(readRealPhoto('office'), { minScore: 0.3 })).detections.map((d) => d.label);
    expect(labels).toContain('person');
    expect(labels).toContain('tv');
  });

  it('gives the same boxes for the same picture as PNG, and relative boxes for a resized copy', async () => {
    const jpeg = readRealPhoto('figure');
    const half = await sharp(jpeg).resize(400).png().toBuffer();
    const [a, b] = [await detect(jpeg, { minScore: 0.4 }), await detect(half, { minScore: 0.4 })];
    expect(b.width).toBe(400);
    const top = (r: typeof a) => r.detections.find((d) => d.label === 'person');
    const [ta, tb] = [top(a), top(b)];
    expect(ta && tb).toBeTruthy();
    for (const [i, v] of (ta?.box ?? []).entries()) expect(Math.abs(v - (tb?.box[i] ?? 0))).toBeLessThan(0.03);
  });

  it('finds the same people in a decoded RGB frame as in its JPEG (the edge box passes frames, never encodes them)', async () => {
    const jpeg = readRealPhoto('crowd');
    const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [fromJpeg, fromFrame] = [await detect(jpeg, { minScore: 0.3 }), await detectFrame({ rgb: data, width: info.width, height: info.height }, { minScore: 0.3 })];
    expect(fromFrame).toMatchObject({ width: info.width, height: info.height });
    const people = (r: typeof fromJpeg) => r.detections.filter((d) => d.label === 'person');
    expect(people(fromFrame).length).toBeGreaterThanOrEqual(15);
    // The same pixels up to the resampling of a JPEG decode: boxes near the threshold may differ, the clear ones not.
    const clear = (r: typeof fromJpeg) => people(r).filter((d) => d.score >= 0.5).length;
    expect(Math.abs(people(fromFrame).length - people(fromJpeg).length)).toBeLessThanOrEqual(Math.ceil(people(fromJpeg).length * 0.15));
    expect(Math.abs(clear(fromFrame) - clear(fromJpeg))).toBeLessThanOrEqual(1);
    await expect(detectFrame({ rgb: data.subarray(1), width: info.width, height: info.height })).rejects.toBeInstanceOf(DetectorInputError);
  });

  it('refuses bytes that are no image', async () => {
    await expect(detect(Buffer.from('GIF89a but not really'))).rejects.toBeInstanceOf(DetectorInputError);
  });
});

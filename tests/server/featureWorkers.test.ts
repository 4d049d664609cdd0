// The feature workers (server/ml/features.ts): one per core, bounded; lone calls keep to one, a large training's
// requests spread over them all, and an image gives the same vector bit for bit whichever worker ran it. The variants a training renders in a worker
// (render.ts, which shares one decode and writes JPEGs without optimised tables) are the very pixels of the plain
// path that rendered each variant on its own from the encoded image.
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeFeatures,
  embed,
  embedVariants,
  featureRequestsInFlight,
  featureRequestsWaiting,
  featureWorkerCount,
  featureWorkers,
  featureWorkersRunning,
  MAX_FEATURE_WORKERS,
} from '../../server/ml/features.ts';
import { augmentationsFor, ROBUST_VARIANTS, type Variant } from '../../server/ml/features/augment.ts';
import { renderVariants } from '../../server/ml/features/render.ts';
import { networkInput } from '../../server/ml/features/preprocess.ts';
import { drawSample } from './support/trainImages.ts';

afterAll(() => closeFeatures());

/** Images of the kinds a training gets: PNGs and JPEGs small and large, turned by EXIF, with alpha, grey. */
async function images(): Promise<{ name: string; bytes: Buffer }[]> {
  const png = await drawSample({ positive: true, seed: 3601 });
  const big = await drawSample({ positive: false, seed: 3602, size: 600 });
  const { data, info } = await sharp(png).ensureAlpha(0.5).raw().toBuffer({ resolveWithObject: true });
  return [
    { name: 'png', bytes: png },
    { name: 'jpeg 480', bytes: await drawSample({ positive: false, seed: 3603, size: 480, format: 'jpeg' }) },
    { name: 'turned jpeg', bytes: await sharp(png).resize(400, 300, { fit: 'fill' }).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer() },
    { name: 'png with alpha', bytes: await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).png().toBuffer() },
    { name: 'grey png', bytes: await sharp(png).greyscale().png().toBuffer() },
    { name: 'png 1600×900', bytes: await sharp(big).resize(1600, 900, { fit: 'fill' }).png().toBuffer() },
    { name: 'jpeg 2000×1500', bytes: await sharp(big).resize(2000, 1500, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer() },
    { name: 'jpeg 3000×2000', bytes: await sharp(big).resize(3000, 2000, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer() },
  ];
}

/** The rendering before render.ts, as the reference: every variant from the encoded image on its own. */
async function reference(image: Buffer, v: Variant): Promise<Uint8Array> {
  const upright = () => sharp(image).rotate().removeAlpha().toColourspace('srgb');
  if (v.kind === 'original') return networkInput(image);
  if (v.kind === 'jpeg') return networkInput(await upright().jpeg({ quality: v.quality }).toBuffer());
  if (v.kind === 'resize') return networkInput(await upright().resize({ width: v.width }).png({ compressionLevel: 0 }).toBuffer());
  const base = await upright().resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  const [w, h] = [base.info.width, base.info.height];
  const { crop, flip, side, contrast, brightness, quality } = v.augmentation;
  const left = Math.min(w - 1, Math.floor(crop.x * w));
  const top = Math.min(h - 1, Math.floor(crop.y * h));
  const width = Math.max(1, Math.min(w - left, Math.round(crop.width * w)));
  const height = Math.max(1, Math.min(h - top, Math.round(crop.height * h)));
  const scale = side === null ? 1 : side / Math.max(width, height);
  const cut = sharp(base.data, { raw: { width: w, height: h, channels: 3 } }).extract({ left, top, width, height });
  const framed = await (flip ? cut.flop() : cut).resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const toned = framed.data.map((x) => Math.max(0, Math.min(255, Math.round((x - 128) * contrast + 128 + brightness))));
  return networkInput(await sharp(toned, { raw: { width: framed.info.width, height: framed.info.height, channels: 3 } }).jpeg({ quality }).toBuffer());
}

describe('feature workers', () => {
  it('are one per core, at least 1 and at most MAX_FEATURE_WORKERS; FEATURE_WORKERS asks for fewer', () => {
    expect(featureWorkerCount(2, undefined)).toBe(2);
    expect(featureWorkerCount(1, undefined)).toBe(1);
    expect(featureWorkerCount(64, undefined)).toBe(MAX_FEATURE_WORKERS);
    expect(featureWorkerCount(8, '1')).toBe(1);
    expect(featureWorkerCount(2, '8')).toBe(2);
    for (const bad of ['0', '-1', '1.5', 'two', '']) expect(featureWorkerCount(2, bad)).toBe(2);
    expect(featureWorkers()).toBe(featureWorkerCount());
  });

  it('render every variant of a training as the reference path does, pixel for pixel', async () => {
    for (const { name, bytes } of await images()) {
      const copies = augmentationsFor(`render-${name}`, { copies: 6, flip: true }).map((augmentation) => ({ kind: 'augmented' as const, augmentation }));
      const variants: Variant[] = [{ kind: 'original' }, ...copies, ROBUST_VARIANTS.jpeg60, ROBUST_VARIANTS.resize320];
      const rendered = await renderVariants(bytes, variants);
      for (const [i, v] of variants.entries()) {
        expect(Buffer.from(rendered[i] as Uint8Array).equals(Buffer.from(await reference(bytes, v))), `${name}: ${v.kind} ${i}`).toBe(true);
      }
    }
  }, 120_000);

  it('keep lone calls and small trainings to one worker; a large training is spread over all', async () => {
    await closeFeatures();
    const image = await drawSample({ positive: false, seed: 3605 });
    await Promise.all([embed(image), embed(image)]);
    expect(featureWorkersRunning()).toBe(1);
    expect(featureRequestsInFlight(10)).toBe(2);
    expect(featureRequestsInFlight(1000)).toBe(2 * featureWorkers());
  }, 120_000);

  it('give an image the same vectors bit for bit whichever worker ran it, several at once', async () => {
    const image = await drawSample({ positive: true, seed: 3604, format: 'jpeg' });
    const variants: Variant[] = [
      { kind: 'original' },
      ...augmentationsFor('feature-workers-test', { copies: 2, flip: true }).map((augmentation) => ({ kind: 'augmented' as const, augmentation })),
      ROBUST_VARIANTS.jpeg60,
    ];
    const runs = await Promise.all(Array.from({ length: 2 * featureWorkers() }, () => embedVariants(image, variants)));
    // Spread: every worker got a request.
    expect(featureWorkersRunning()).toBe(featureWorkers());
    expect(featureRequestsWaiting()).toBe(0);
    const bytes = (vectors: Float32Array[]) => vectors.map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64'));
    const [first, ...others] = runs.map((run) => bytes(run.vectors));
    expect(first).toHaveLength(variants.length);
    for (const other of others) expect(other).toEqual(first);
  }, 120_000);
});

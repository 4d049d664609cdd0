// libvips' operation cache stays off once the feature worker has run: sharp turns it on for the whole process each
// time its module is loaded, and the worker thread loads its own (server/media/sharpCacheOff.ts says why it is off).
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import '../../server/media/imageSafety.ts';
import { closeFeatures, embed } from '../../server/ml/features.ts';

afterAll(() => closeFeatures());

it('keeps libvips operation cache off after the feature worker has loaded sharp', async () => {
  expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer();
  const { vector } = await embed(image);
  expect(vector.length).toBeGreaterThan(0);
  expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
});

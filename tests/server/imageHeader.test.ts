// Issue 9, item 6: PNG and JPEG sizes read from the header bytes agree with the image library, and anything the
// reader does not understand is left to it (null).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { headerSize } from '../../server/media/imageHeader.ts';

const make = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#4080c0' } });

describe('image header sizes', () => {
  it('reads PNG and JPEG (baseline and progressive) sizes as sharp does', async () => {
    for (const [w, h] of [
      [1, 1],
      [640, 360],
      [1920, 1080],
      [333, 4097],
    ]) {
      for (const buffer of [await make(w, h).png().toBuffer(), await make(w, h).jpeg().toBuffer(), await make(w, h).jpeg({ progressive: true }).toBuffer()]) {
        const format = buffer[0] === 0xff ? 'jpeg' : 'png';
        const meta = await sharp(buffer).metadata();
        expect(headerSize(buffer, format), `${format} ${w}×${h}`).toEqual({ width: meta.width, height: meta.height });
      }
    }
  });

  it('finds the JPEG frame after EXIF and other segments', async () => {
    const buffer = await make(300, 200).jpeg().withMetadata({ exif: { IFD0: { Copyright: 'x'.repeat(2000) } } }).toBuffer();
    expect(headerSize(buffer, 'jpeg')).toEqual({ width: 300, height: 200 });
  });

  it('answers null for what it does not read plainly', async () => {
    const png = await make(10, 10).png().toBuffer();
    expect(headerSize(png.subarray(0, 20), 'png')).toBeNull();
    const broken = Buffer.from(png);
    broken.write('XXXX', 12, 'latin1');
    expect(headerSize(broken, 'png')).toBeNull();
    expect(headerSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08]), 'jpeg')).toBeNull();
    expect(headerSize(Buffer.from([0xff, 0xd8, 0x00, 0x00]), 'jpeg')).toBeNull();
    expect(headerSize(await make(10, 10).webp().toBuffer(), 'webp')).toBeNull();
  });
});

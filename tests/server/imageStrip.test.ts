// server/media/imageStrip.ts and safeSnapshot: a plain PNG or JPEG is rewritten to its pixel data alone (what a
// polyglot hides in text chunks, metadata or after the end does not survive, and the pixels are the same), anything
// else goes to the decode and re-encode, and the size bounds hold on both paths.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/apiError.ts';
import { IMAGE_BOUNDS, safeSnapshot } from '../../server/media/imageSafety.ts';
import { stripJpeg, stripPng } from '../../server/media/imageStrip.ts';
import { drawSnapshot } from '../../server/simulator/snapshot.ts';
import { chunk, HTML_PAYLOAD, hugePngHeader, pngHtmlPolyglot } from './support/hostileImages.ts';

const pixels = async (image: Buffer) => (await sharp(image).raw().toBuffer({ resolveWithObject: true })).data;

/** A JPEG with a comment, an XMP packet and an HTML document after its end. */
async function jpegPolyglot(progressive: boolean): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#a05030' } })
    .jpeg({ progressive, quality: 80 })
    .toBuffer();
  const segment = (marker: number, text: string) => {
    const body = Buffer.from(text, 'latin1');
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  return Buffer.concat([
    jpeg.subarray(0, 2),
    segment(0xfe, HTML_PAYLOAD),
    segment(0xe1, `http://ns.adobe.com/xap/1.0/\0${HTML_PAYLOAD}`),
    jpeg.subarray(2),
    Buffer.from(HTML_PAYLOAD),
  ]);
}

describe('stripPng', () => {
  it('keeps the pixels and drops a text chunk and what follows IEND', async () => {
    const polyglot = await pngHtmlPolyglot();
    const stripped = stripPng(polyglot);
    expect(stripped).not.toBeNull();
    expect(stripped!.buffer.includes(HTML_PAYLOAD)).toBe(false);
    expect([stripped!.width, stripped!.height]).toEqual([16, 16]);
    expect((await pixels(stripped!.buffer)).equals(await pixels(polyglot))).toBe(true);
  });

  it('reads palette, grey 16-bit, alpha and interlaced PNGs', async () => {
    const base = () => sharp({ create: { width: 21, height: 13, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } } });
    const variants = [
      await base().png({ palette: true }).toBuffer(),
      await base().greyscale().toColourspace('grey16').png().toBuffer(),
      await base().png().toBuffer(),
      await base().png({ progressive: true }).toBuffer(),
    ];
    for (const png of variants) {
      const stripped = stripPng(png);
      expect(stripped).not.toBeNull();
      expect((await pixels(stripped!.buffer)).equals(await pixels(png))).toBe(true);
    }
  });

  it('answers null for a wrong CRC, an unknown critical chunk, a missing end and a stream that is not zlib', () => {
    const png = drawSnapshot(3, 7).png;
    expect(stripPng(png)?.buffer.equals(png)).toBe(true); // the simulator's snapshots hold nothing else
    const badCrc = Buffer.from(png);
    badCrc[badCrc.length - 20] ^= 0xff;
    expect(stripPng(badCrc)).toBeNull();
    const iend = png.length - 12;
    expect(stripPng(Buffer.concat([png.subarray(0, iend), chunk('ZZZZ', Buffer.from('x')), png.subarray(iend)]))).toBeNull();
    expect(stripPng(png.subarray(0, iend))).toBeNull();
    const ihdrEnd = 8 + 25;
    expect(stripPng(Buffer.concat([png.subarray(0, ihdrEnd), chunk('IDAT', Buffer.from('not zlib')), chunk('IEND', Buffer.alloc(0))]))).toBeNull();
  });
});

describe('stripJpeg', () => {
  for (const progressive of [false, true]) {
    it(`keeps the pixels of a ${progressive ? 'progressive' : 'baseline'} JPEG and drops comments, XMP and what follows EOI`, async () => {
      const polyglot = await jpegPolyglot(progressive);
      const stripped = stripJpeg(polyglot);
      expect(stripped).not.toBeNull();
      expect(stripped!.buffer.includes(HTML_PAYLOAD)).toBe(false);
      expect([stripped!.width, stripped!.height]).toEqual([48, 32]);
      expect((await pixels(stripped!.buffer)).equals(await pixels(polyglot))).toBe(true);
    });
  }

  it('answers null for a JPEG with EXIF (its orientation needs the re-encode) and one without its end', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const turned = await sharp(jpeg).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect(stripJpeg(turned)).toBeNull();
    expect(stripJpeg(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
  });
});

describe('safeSnapshot', () => {
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: unknown) => e as ApiError,
    );

  it('refuses a declared 60000×60000 PNG on the structural path too', async () => {
    const error = await refusal(safeSnapshot(hugePngHeader(), IMAGE_BOUNDS.alarmImage, { field: 'snapshot' }));
    expect(error).toBeInstanceOf(ApiError);
    expect([error!.code, error!.key, error!.params.field]).toEqual([413, 'image.tooLarge', 'snapshot']);
  });

  it('re-encodes what the structural path does not read: an EXIF-turned JPEG comes back upright', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const turned = await sharp(jpeg).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const safe = await safeSnapshot(turned, IMAGE_BOUNDS.alarmImage, { accept: ['jpeg', 'png'] });
    expect([safe.width, safe.height, safe.mimeType]).toEqual([20, 40, 'image/jpeg']);
  });

  it('never stores a corrupted PNG as it came: refused or re-encoded', async () => {
    const png = Buffer.from(drawSnapshot(5, 11).png);
    png[png.length - 20] ^= 0xff;
    const outcome = await safeSnapshot(png, IMAGE_BOUNDS.alarmImage).catch((e: unknown) => e);
    if (outcome instanceof ApiError) expect(outcome.key).toBe('image.undecodable');
    else expect((outcome as { buffer: Buffer }).buffer.equals(png)).toBe(false);
  });

  it('never throws anything but a refusal on 1,500 corrupted PNGs and JPEGs (seeded)', async () => {
    const png = drawSnapshot(2, 5).png;
    const jpeg = await sharp(png).jpeg({ quality: 70 }).toBuffer();
    let seed = 20261126;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 1500; i++) {
      const source = i % 2 ? jpeg : png;
      const bytes = Buffer.from(source.subarray(0, i % 7 === 0 ? Math.floor(random() * source.length) : source.length));
      for (let flips = 1 + Math.floor(random() * 4); flips > 0; flips--) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      // The structural readers answer a result or null; they never throw.
      if (i % 2) stripJpeg(bytes);
      else stripPng(bytes);
    }
    // And a sample goes all the way through safeSnapshot: a stored image or a named refusal, never another error.
    for (let i = 0; i < 40; i++) {
      const bytes = Buffer.from(i % 2 ? jpeg : png);
      bytes[20 + Math.floor(random() * (bytes.length - 20))] ^= 0x5a;
      const outcome = await safeSnapshot(bytes, IMAGE_BOUNDS.alarmImage, { accept: ['jpeg', 'png'] }).catch((e: unknown) => e);
      if (outcome instanceof Error) expect(outcome).toBeInstanceOf(ApiError);
    }
  });
});

// server/media/imageSafety.ts: bounded decode, dimension and pixel limits, content sniffing, re-encoding, SVG refusal.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ApiError } from '../../server/http/apiError.ts';
import { IMAGE_BOUNDS, safeImage, safeImageDataUrl, sniffImageFormat } from '../../server/media/imageSafety.ts';
import { gifJsPolyglot, HTML_PAYLOAD, hugePngHeader, JS_PAYLOAD, pngHtmlPolyglot, plainImage, SVG_WITH_SCRIPT } from './support/hostileImages.ts';

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('imageSafety', () => {
  it('refuses a PNG header declaring 60000×60000 pixels before decoding, naming the field and the bounds', async () => {
    const error = await refusal(safeImage(hugePngHeader(), IMAGE_BOUNDS.avatar, { field: 'file' }));
    expect(error.code).toBe(413);
    expect(error.key).toBe('image.tooLarge');
    expect(error.params).toMatchObject({ field: 'file', width: 60000, height: 60000, maxWidth: 4096 });
  });

  it('refuses an image over the pixel count even when each side fits', async () => {
    const image = await plainImage('png', 2000, 2000);
    const error = await refusal(safeImage(image, { maxWidth: 4000, maxHeight: 4000, maxPixels: 1_000_000 }, { field: 'imageBig' }));
    expect(error.key).toBe('image.tooLarge');
    expect(error.params.field).toBe('imageBig');
  });

  it('re-encodes a PNG/HTML polyglot: the HTML does not survive', async () => {
    const polyglot = await pngHtmlPolyglot();
    expect(polyglot.includes(HTML_PAYLOAD)).toBe(true);
    const safe = await safeImage(polyglot, IMAGE_BOUNDS.avatar);
    expect(safe.mimeType).toBe('image/png');
    expect(safe.buffer.includes('<html')).toBe(false);
    expect(safe.buffer.includes('script')).toBe(false);
    expect([safe.width, safe.height]).toEqual([16, 16]);
  });

  it('refuses or re-encodes a GIF/JS polyglot: the script never comes back', async () => {
    const polyglot = gifJsPolyglot();
    expect(sniffImageFormat(polyglot)).toBe('gif');
    const outcome = await safeImage(polyglot, IMAGE_BOUNDS.avatar).then(
      (safe) => safe,
      (e: unknown) => e,
    );
    if (outcome instanceof ApiError) {
      // Its screen is 10799 wide: within the avatar bounds' side limit, so the refusal is the broken decode.
      expect(['image.undecodable', 'image.tooLarge']).toContain(outcome.key);
    } else {
      const safe = outcome as Awaited<ReturnType<typeof safeImage>>;
      expect(safe.mimeType).toBe('image/png');
      expect(safe.buffer.includes(JS_PAYLOAD)).toBe(false);
      expect(safe.buffer.subarray(0, 6).toString('latin1')).not.toMatch(/^GIF/);
    }
  });

  it('refuses an SVG carrying a script, by content and by data URL type', async () => {
    const byContent = await refusal(safeImage(SVG_WITH_SCRIPT, IMAGE_BOUNDS.logo, { field: 'imageBig' }));
    expect([byContent.code, byContent.key, byContent.params.field]).toEqual([415, 'image.svgRefused', 'imageBig']);
    const byDataUrl = await refusal(
      safeImageDataUrl(`data:image/svg+xml;base64,${SVG_WITH_SCRIPT.toString('base64')}`, IMAGE_BOUNDS.logo, { field: 'imageLittle' }),
    );
    expect(byDataUrl.key).toBe('image.svgRefused');
    // An SVG sent under a PNG data URL is still found by its content.
    const disguised = await refusal(safeImageDataUrl(`data:image/png;base64,${SVG_WITH_SCRIPT.toString('base64')}`, IMAGE_BOUNDS.logo));
    expect(disguised.key).toBe('image.svgRefused');
  });

  it('refuses what is not an image, whatever its name, and a PNG signature over other bytes', async () => {
    expect((await refusal(safeImage(Buffer.from(HTML_PAYLOAD), IMAGE_BOUNDS.avatar))).key).toBe('image.badType');
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(HTML_PAYLOAD)]);
    expect((await refusal(safeImage(fake, IMAGE_BOUNDS.avatar))).key).toBe('image.undecodable');
    const jpeg = await plainImage('jpeg');
    expect((await refusal(safeImage(jpeg.subarray(0, 40), IMAGE_BOUNDS.avatar))).key).toBe('image.undecodable');
    expect((await refusal(safeImage(jpeg, IMAGE_BOUNDS.avatar, { accept: ['png'] }))).key).toBe('image.badType');
  });

  it('keeps JPEG as JPEG and writes the other accepted formats as PNG, with their dimensions', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      const safe = await safeImage(await plainImage(format, 40, 30), IMAGE_BOUNDS.alarmImage);
      expect(safe.mimeType).toBe(format === 'jpeg' ? 'image/jpeg' : 'image/png');
      expect([safe.width, safe.height, safe.sourceFormat]).toEqual([40, 30, format]);
      const meta = await sharp(safe.buffer).metadata();
      expect(meta.format).toBe(format === 'jpeg' ? 'jpeg' : 'png');
    }
  });

  it('refuses a training sample under its minimum side', async () => {
    const error = await refusal(safeImage(await plainImage('png', 4, 4), IMAGE_BOUNDS.trainingSample));
    expect(error.key).toBe('image.tooSmall');
  });

  it('refuses a data URL whose payload is not base64', async () => {
    const error = await refusal(safeImageDataUrl('data:image/png;base64,@@@@', IMAGE_BOUNDS.logo, { field: 'imageBig' }));
    expect([error.code, error.key]).toEqual([400, 'image.badDataUrl']);
  });
});

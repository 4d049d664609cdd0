// Every image the server accepts passes through here: the type is sniffed from the bytes (never the name or the
// declared type), the header's dimensions are checked against the use's bounds before any pixel is decoded, the
// decode itself is bounded (sharp's limitInputPixels), and what is stored is a fresh PNG or JPEG encoding of the
// pixels — trailing bytes, metadata and anything a polyglot hides (PNG/HTML, GIF/JS) do not survive. SVG is refused:
// it is a document that can carry script, not pixels.
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { headerSize } from './imageHeader.ts';
import { stripJpeg, stripPng } from './imageStrip.ts';
import { ApiError } from '../http/apiError.ts';
import './sharpCacheOff.ts';

export interface ImageBounds {
  /** Largest width and height in pixels (after EXIF orientation is applied the same bounds hold). */
  maxWidth: number;
  maxHeight: number;
  /** Largest width × height. */
  maxPixels: number;
  /** Smallest width and height (default 1). */
  minSide?: number;
}

/** The bounds of each use; a caller may pass its own. */
export const IMAGE_BOUNDS = {
  avatar: { maxWidth: 4096, maxHeight: 4096, maxPixels: 4096 * 4096 },
  logo: { maxWidth: 2048, maxHeight: 2048, maxPixels: 2048 * 1024 },
  /** Alarm snapshots and evidence: up to 8K frames. */
  alarmImage: { maxWidth: 7680, maxHeight: 4320, maxPixels: 7680 * 4320 },
  cameraSnapshot: { maxWidth: 7680, maxHeight: 4320, maxPixels: 7680 * 4320 },
  trainingSample: { maxWidth: 4096, maxHeight: 4096, maxPixels: 4096 * 4096, minSide: 8 },
} satisfies Record<string, ImageBounds>;

export type ImageUse = keyof typeof IMAGE_BOUNDS;

/** Input formats the platform decodes (sniffed), by the name sharp's metadata reports. */
export type InputFormat = 'jpeg' | 'png' | 'gif' | 'webp';
const INPUT_TYPES: Record<InputFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

export interface SafeImageOptions {
  /** The request field the image came in, named in every refusal. */
  field?: string;
  /** Formats accepted as input (default all four). */
  accept?: readonly InputFormat[];
  /** Output encoding: `auto` keeps JPEG as JPEG and writes everything else as PNG (alpha kept). */
  output?: 'auto' | 'png' | 'jpeg';
  /** JPEG quality 1–100 (default 90). */
  quality?: number;
}

export interface SafeImage {
  /** The re-encoded bytes: store these, never the upload. */
  buffer: Buffer;
  mimeType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  width: number;
  height: number;
  /** What the upload was, by its content. */
  sourceFormat: InputFormat;
}

/** The format by magic number; null when the bytes are no image the platform decodes. */
export function sniffImageFormat(bytes: Uint8Array): InputFormat | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return 'gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** True for SVG (or any XML/HTML document that mentions svg) — refused with its own message. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<svg[\s>/]/i.test(head);
}

/**
 * Checks the header, decodes within the bounds and re-encodes. Refusals (ApiError, each naming the field):
 * 415 image.svgRefused, 415 image.badType, 413 image.tooLarge (dimensions or pixel count), 415 image.undecodable.
 */
export async function safeImage(bytes: Uint8Array, bounds: ImageBounds, options: SafeImageOptions = {}): Promise<SafeImage> {
  const opened = await openBoundedImage(bytes, bounds, options);
  const output = options.output ?? 'auto';
  const asJpeg = output === 'jpeg' || (output === 'auto' && opened.format === 'jpeg');
  let pipeline = opened.image.rotate(); // EXIF orientation applied, then the metadata is dropped by the re-encode
  pipeline = asJpeg
    ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: options.quality ?? 90, chromaSubsampling: '4:4:4' })
    : pipeline.png({ compressionLevel: 6 });
  let result: { data: Buffer; info: OutputInfo };
  try {
    result = await pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    throw new ApiError(415, 'image.undecodable', { field: fieldName(options) });
  }
  return {
    buffer: result.data,
    mimeType: asJpeg ? 'image/jpeg' : 'image/png',
    extension: asJpeg ? 'jpg' : 'png',
    width: result.info.width,
    height: result.info.height,
    sourceFormat: opened.format,
  };
}

export interface BoundedImage {
  /** A sharp pipeline over the input, decoding at most bounds.maxPixels (resize/raw for feature extraction). */
  image: Sharp;
  width: number;
  height: number;
  format: InputFormat;
}

/**
 * The same checks as safeImage without the re-encode: for code that wants the pixels (thumbnails, features).
 * Only the first frame of an animation is read.
 */
export async function openBoundedImage(bytes: Uint8Array, bounds: ImageBounds, options: SafeImageOptions = {}): Promise<BoundedImage> {
  const field = fieldName(options);
  const accept = options.accept ?? (Object.keys(INPUT_TYPES) as InputFormat[]);
  const types = accept.map((f) => (f === 'jpeg' ? 'jpg' : f)).join(', ');
  if (looksLikeSvg(bytes)) throw new ApiError(415, 'image.svgRefused', { field, types });
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed || !accept.includes(sniffed)) throw new ApiError(415, 'image.badType', { field, types });

  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const open = () => sharp(input, { limitInputPixels: bounds.maxPixels, failOn: 'error', pages: 1, animated: false });
  // PNG and JPEG sizes come from their header bytes; other formats (and any header read here fails on) from sharp.
  const fromHeader = headerSize(input, sniffed);
  let width: number;
  let height: number;
  if (fromHeader) {
    ({ width, height } = fromHeader);
  } else {
    let meta: Metadata;
    try {
      // Reads the header only: a 60000×60000 declaration costs nothing here and is refused below.
      // (sharp refuses to even describe an image over limitInputPixels, so the header is read without it.)
      meta = await sharp(input, { limitInputPixels: false, failOn: 'error', pages: 1 }).metadata();
    } catch {
      throw new ApiError(415, 'image.undecodable', { field });
    }
    // The decoder must agree with the magic number (a PNG signature in front of something else is not a PNG).
    if (meta.format !== sniffed) throw new ApiError(415, 'image.undecodable', { field });
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
  }
  checkSize(width, height, bounds, field);
  return { image: open(), width, height, format: sniffed };
}

/**
 * For box snapshots (hundreds a second at peak): the same refusals as safeImage, but a plain PNG or JPEG is stored
 * as a structural rewrite holding only its pixel data (imageStrip.ts: 0.07 ms instead of 3.2 ms of CPU per PNG); any
 * other image goes through safeImage's decode and re-encode.
 */
export async function safeSnapshot(bytes: Uint8Array, bounds: ImageBounds, options: SafeImageOptions = {}): Promise<SafeImage> {
  const field = fieldName(options);
  const accept = options.accept ?? (Object.keys(INPUT_TYPES) as InputFormat[]);
  const sniffed = sniffImageFormat(bytes);
  const output = options.output ?? 'auto';
  // No SVG test here: bytes that open with an image's magic number cannot open with '<' (looksLikeSvg decodes 4 kB
  // as text to tell, 2.7 % of the server's CPU under ingest); the others take safeImage's path, which tests them.
  if (sniffed && accept.includes(sniffed) && (output === 'auto' || output === sniffed)) {
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const stripped = sniffed === 'png' ? stripPng(input) : sniffed === 'jpeg' ? stripJpeg(input) : null;
    if (stripped) {
      checkSize(stripped.width, stripped.height, bounds, field);
      const jpeg = stripped.format === 'jpeg';
      return {
        buffer: stripped.buffer,
        mimeType: jpeg ? 'image/jpeg' : 'image/png',
        extension: jpeg ? 'jpg' : 'png',
        width: stripped.width,
        height: stripped.height,
        sourceFormat: stripped.format,
      };
    }
  }
  return safeImage(bytes, bounds, options);
}

/** The use's size bounds: 415 image.tooSmall, 413 image.tooLarge (naming the field and the bounds). */
function checkSize(width: number, height: number, bounds: ImageBounds, field: string): void {
  const minSide = bounds.minSide ?? 1;
  if (width < minSide || height < minSide) throw new ApiError(415, 'image.tooSmall', { field, width, height, min: minSide });
  if (width > bounds.maxWidth || height > bounds.maxHeight || width * height > bounds.maxPixels) {
    throw new ApiError(413, 'image.tooLarge', {
      field,
      width,
      height,
      maxWidth: bounds.maxWidth,
      maxHeight: bounds.maxHeight,
      maxMegapixels: Math.round((bounds.maxPixels / 1e6) * 10) / 10,
    });
  }
}

/** A data URL (`data:image/png;base64,…`) through safeImage; answers the re-encoded image and its data URL. */
export async function safeImageDataUrl(
  dataUrl: string,
  bounds: ImageBounds,
  options: SafeImageOptions & { maxBytes?: number } = {},
): Promise<SafeImage & { dataUrl: string }> {
  const field = fieldName(options);
  const match = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+);base64,/i.exec(dataUrl);
  if (!match) throw new ApiError(400, 'image.badDataUrl', { field });
  if (/svg/i.test(match[1])) throw new ApiError(415, 'image.svgRefused', { field, types: 'png, jpg, gif, webp' });
  const payload = dataUrl.slice(match[0].length).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1) throw new ApiError(400, 'image.badDataUrl', { field });
  const bytes = Buffer.from(payload, 'base64');
  if (options.maxBytes !== undefined && bytes.length > options.maxBytes) {
    throw new ApiError(413, 'upload.tooLarge', { max: `${Math.round(options.maxBytes / 1024)} KB` });
  }
  const image = await safeImage(bytes, bounds, options);
  return { ...image, dataUrl: `data:${image.mimeType};base64,${image.buffer.toString('base64')}` };
}

function fieldName(options: SafeImageOptions): string {
  return options.field ?? 'file';
}

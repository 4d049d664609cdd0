// The vector target retrieval compares for one object (a region of an image): the platform feature extractor's
// vector of the region (server/ml/features.ts, squeezed to 224×224 as embed() does) beside a 16×16 colour thumbnail
// of it (zero mean), each L2-normalised and weighted half, so a dot product is the mean of the two cosines. The
// extractor's 384 average-pooled channels keep what is in the picture but not where: different faces and people
// score 0.97 against each other (p50) and a lightly altered copy as low as 0.985 (scripts/measure-retrieval-threshold.ts);
// the thumbnail keeps the layout and colour, which a resized, re-compressed or slightly shifted copy keeps too.
import sharp from 'sharp';
import { embed, FeatureInputError, imageSize, type ImageSize } from '../../ml/features.ts';

/** A rectangle of an image in pixels (after EXIF orientation). */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

const THUMB = 16;
const MAX_PIXELS = 7680 * 4320;
const HALF = Math.SQRT1_2;
export const THUMBNAIL_DIM = THUMB * THUMB * 3;

function normalise(v: Float32Array, weight = 1): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  const k = n === 0 ? 0 : weight / Math.sqrt(n);
  return Float32Array.from(v, (x) => x * k);
}

function thumbnailVector(rgb: Uint8Array): Float32Array {
  let mean = 0;
  for (const x of rgb) mean += x;
  mean /= rgb.length;
  return Float32Array.from(rgb, (x) => (x - mean) / 255);
}

/** Decoded pixels of an encoded image (upright, sRGB, no alpha) and its size. */
export async function decodeImage(image: Uint8Array): Promise<ImageSize & { raw: Buffer }> {
  const size = await imageSize(image);
  if (size.width * size.height > MAX_PIXELS) throw new FeatureInputError('the image is too large');
  try {
    const raw = await sharp(image, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 }).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer();
    return { ...size, raw };
  } catch {
    throw new FeatureInputError('the image cannot be decoded');
  }
}

/** One vector per region of a decoded image (regions are clamped into it). */
export async function regionVectors(image: ImageSize & { raw: Buffer }, regions: readonly Region[]): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (const r of regions) {
    const left = Math.max(0, Math.min(image.width - 1, Math.round(r.left)));
    const top = Math.max(0, Math.min(image.height - 1, Math.round(r.top)));
    const width = Math.max(1, Math.min(image.width - left, Math.round(r.width)));
    const height = Math.max(1, Math.min(image.height - top, Math.round(r.height)));
    const region = () => sharp(image.raw, { raw: { width: image.width, height: image.height, channels: 3 } }).extract({ left, top, width, height });
    // Lossless, at the extractor's input size: embed() decodes it and has nothing left to resize.
    const picture = await region().resize(224, 224, { fit: 'fill' }).png({ compressionLevel: 1 }).toBuffer();
    const thumb = await region().resize(THUMB, THUMB, { fit: 'fill' }).raw().toBuffer();
    const features = normalise((await embed(picture)).vector, HALF);
    const layout = normalise(thumbnailVector(thumb), HALF);
    const vector = new Float32Array(features.length + layout.length);
    vector.set(features, 0);
    vector.set(layout, features.length);
    out.push(vector);
  }
  return out;
}

// The feature extractor's preprocessing, in one place: the main thread (scoring an uploaded image) and the ML worker
// (a training's augmented copies and robustness variants) both turn an encoded image into the network's input with
// this function, so a copy made in the worker is prepared exactly like an image scored later.
import sharp from 'sharp';
import { FEATURE_INPUT_SIZE } from './model.ts';

/** The image cannot be decoded or is larger than accepted. */
export class FeatureInputError extends Error {}

export const MAX_PIXELS = 7680 * 4320;

export interface ImageSize {
  width: number;
  height: number;
}

/** Decoded size of an encoded image (after EXIF orientation); FeatureInputError when it cannot be decoded. */
export async function imageSize(image: Uint8Array): Promise<ImageSize> {
  try {
    const meta = await sharp(image, { limitInputPixels: false, failOn: 'error' }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    const turned = (meta.orientation ?? 1) >= 5;
    return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    throw new FeatureInputError('the image cannot be decoded');
  }
}

/**
 * The network's input from an encoded image (JPEG, PNG): turned upright by its EXIF orientation, without alpha, in
 * sRGB, the whole picture squeezed to 224×224 (sharp's default kernel, Lanczos 3) — interleaved RGB bytes.
 */
export async function networkInput(image: Uint8Array): Promise<Uint8Array> {
  const size = await imageSize(image);
  if (size.width * size.height > MAX_PIXELS) throw new FeatureInputError('the image is too large');
  return decodeForNetwork(image);
}

/** networkInput's pipeline for an image whose size is known to be within bounds (the worker's own renderings). */
export async function decodeForNetwork(image: Uint8Array): Promise<Uint8Array> {
  try {
    const { data } = await sharp(image, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .resize(FEATURE_INPUT_SIZE, FEATURE_INPUT_SIZE, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  } catch {
    throw new FeatureInputError('the image cannot be decoded');
  }
}

/** decodeForNetwork's resize for interleaved RGB pixels already upright and in sRGB (the worker's renderings). */
export async function rawForNetwork(rgb: Buffer, width: number, height: number): Promise<Uint8Array> {
  const data = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(FEATURE_INPUT_SIZE, FEATURE_INPUT_SIZE, { fit: 'fill' })
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** Interleaved RGB bytes of `count` images to planar float [0, 1] (the network's NCHW input, as nsfwjs feeds it). */
export function toPlanar(images: Uint8Array[]): Float32Array {
  const plane = FEATURE_INPUT_SIZE * FEATURE_INPUT_SIZE;
  const out = new Float32Array(images.length * 3 * plane);
  for (const [n, rgb] of images.entries()) {
    const base = n * 3 * plane;
    for (let i = 0; i < plane; i++) {
      out[base + i] = (rgb[i * 3] as number) / 255;
      out[base + plane + i] = (rgb[i * 3 + 1] as number) / 255;
      out[base + 2 * plane + i] = (rgb[i * 3 + 2] as number) / 255;
    }
  }
  return out;
}

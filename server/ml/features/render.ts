// Rendering a training's variants of one image in the ML worker (augment.ts says what they are): each ends as the
// network's input, 224×224 RGB, exactly as the main thread would prepare the same picture (networkInput). The work
// is sharp's, and a sharp pipeline costs about a millisecond before it touches a pixel, so this file spends as few
// as give the same pixels (tests/server/featureWorkers.test.ts compares them with the plain path, byte for byte):
// - the image's header is read once;
// - a plain image (PNG or JPEG, 8-bit, no alpha, not turned by EXIF) is decoded once, and every variant that would decode it the same
//   way is made from those pixels: all of a PNG's, and a JPEG's where sharp would not shrink it on load (it does
//   that only for a reduction by 3 or more, pipeline.cc), so a camera-size JPEG still gets its own fast decode;
// - a copy cut from an image no larger than BASE_SIDE is cut from those pixels directly;
// - JPEGs are written without optimised Huffman tables: the tables change the file's size, never its pixels,
//   and optimising them took half of each encode;
// - the 320 px variant goes to the network from its raw pixels (a lossless PNG in between changed nothing).
import sharp, { type Metadata, type Sharp } from 'sharp';
import { type Augmentation, BASE_SIDE, type Variant } from './augment.ts';
import { FEATURE_INPUT_SIZE } from './model.ts';
import { decodeForNetwork, FeatureInputError, MAX_PIXELS, rawForNetwork } from './preprocess.ts';

interface Decoded {
  data: Buffer;
  width: number;
  height: number;
}

/** A reduction below this never makes sharp shrink a JPEG on load (it starts at 3; 2 leaves a margin). */
const NO_SHRINK_ON_LOAD = 2;

interface Source {
  image: Uint8Array;
  /** Upright size. */
  width: number;
  height: number;
  /** The decode every variant may share: a PNG or JPEG, 8 bits a channel, without alpha, upright as stored. */
  plain: boolean;
  jpeg: boolean;
  decoded?: Promise<Decoded>;
}

/** The encoded image upright, without alpha, in sRGB (its size already checked). */
const upright = (image: Uint8Array) => sharp(image, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 }).rotate().removeAlpha().toColourspace('srgb');
const fromRaw = (d: Decoded) => sharp(d.data, { raw: { width: d.width, height: d.height, channels: 3 } });
const JPEG = { optimiseCoding: false } as const;

async function raw(pipeline: Sharp): Promise<Decoded> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new FeatureInputError('the image cannot be decoded');
  return { data, width: info.width, height: info.height };
}

/** The image's header, read once: its upright size (checked) and whether its decode can be shared. */
async function sourceOf(image: Uint8Array): Promise<Source> {
  let meta: Metadata;
  try {
    meta = await sharp(image, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new FeatureInputError('the image cannot be decoded');
  }
  if (!meta.width || !meta.height) throw new FeatureInputError('the image cannot be decoded');
  const turned = (meta.orientation ?? 1) >= 5;
  const [width, height] = turned ? [meta.height, meta.width] : [meta.width, meta.height];
  if (width * height > MAX_PIXELS) throw new FeatureInputError('the image is too large');
  // Not turned by EXIF either: sharp resizes such an image before it turns it, which rounds differently.
  const plain = (meta.format === 'png' || meta.format === 'jpeg') && meta.depth === 'uchar' && !meta.hasAlpha && (meta.orientation ?? 1) === 1;
  return { image, width, height, plain, jpeg: meta.format === 'jpeg' };
}

/** Whether a resize by `reduction` may start from the shared decode and give the very pixels of its own pipeline. */
function shares(source: Source, reduction: number): boolean {
  return source.plain && (!source.jpeg || reduction < NO_SHRINK_ON_LOAD);
}

function decodedOf(source: Source): Promise<Decoded> {
  source.decoded ??= raw(upright(source.image));
  return source.decoded;
}

function original(source: Source): Promise<Uint8Array> {
  const reduction = Math.min(source.width, source.height) / FEATURE_INPUT_SIZE;
  if (!shares(source, reduction)) return decodeForNetwork(source.image);
  return decodedOf(source).then((d) => rawForNetwork(d.data, d.width, d.height));
}

/** The upright pixels copies are cut from (at most BASE_SIDE on the longer side). */
async function baseOf(source: Source): Promise<Decoded> {
  const longer = Math.max(source.width, source.height);
  if (source.plain && longer <= BASE_SIDE) return decodedOf(source);
  const inside = { width: BASE_SIDE, height: BASE_SIDE, fit: 'inside', withoutEnlargement: true } as const;
  if (shares(source, longer / BASE_SIDE)) return raw(fromRaw(await decodedOf(source)).resize(inside));
  return raw(upright(source.image).resize(inside));
}

/** A lookup table of brightness and contrast (pixel arithmetic around mid-grey, clamped). */
function toneTable(contrast: number, brightness: number): Uint8Array {
  const table = new Uint8Array(256);
  for (let v = 0; v < 256; v++) table[v] = Math.max(0, Math.min(255, Math.round((v - 128) * contrast + 128 + brightness)));
  return table;
}

async function augmented(base: Decoded, a: Augmentation): Promise<Uint8Array> {
  const left = Math.min(base.width - 1, Math.floor(a.crop.x * base.width));
  const top = Math.min(base.height - 1, Math.floor(a.crop.y * base.height));
  const width = Math.max(1, Math.min(base.width - left, Math.round(a.crop.width * base.width)));
  const height = Math.max(1, Math.min(base.height - top, Math.round(a.crop.height * base.height)));
  const scale = a.side === null ? 1 : a.side / Math.max(width, height);
  let pipeline = fromRaw(base).extract({ left, top, width, height });
  if (a.flip) pipeline = pipeline.flop();
  const framed = await raw(pipeline.resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' }));
  // Pixel arithmetic here, not sharp's linear(): that rounds differently (a level apart for many settings).
  const table = toneTable(a.contrast, a.brightness);
  const pixels = framed.data;
  for (let i = 0; i < pixels.length; i++) pixels[i] = table[pixels[i] as number] as number;
  return decodeForNetwork(await fromRaw(framed).jpeg({ quality: a.quality, ...JPEG }).toBuffer());
}

async function jpegSaved(source: Source, quality: number): Promise<Uint8Array> {
  const pipeline = source.plain ? fromRaw(await decodedOf(source)) : upright(source.image);
  return decodeForNetwork(await pipeline.jpeg({ quality, ...JPEG }).toBuffer());
}

async function resized(source: Source, width: number): Promise<Uint8Array> {
  const pipeline = shares(source, source.width / width) ? fromRaw(await decodedOf(source)) : upright(source.image);
  const d = await raw(pipeline.resize({ width }));
  return rawForNetwork(d.data, d.width, d.height);
}

/** The network inputs (224×224 RGB) of the image's variants, in order. */
export async function renderVariants(image: Uint8Array, variants: Variant[]): Promise<Uint8Array[]> {
  if (variants.length === 0) return [];
  const source = await sourceOf(image);
  let base: Promise<Decoded> | undefined;
  return Promise.all(
    variants.map(async (v) => {
      switch (v.kind) {
        case 'original':
          return original(source);
        case 'augmented':
          base ??= baseOf(source);
          return augmented(await base, v.augmentation);
        case 'jpeg':
          return jpegSaved(source, v.quality);
        case 'resize':
          return resized(source, v.width);
      }
    }),
  );
}

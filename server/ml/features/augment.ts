// What a camera does to a picture, applied to training images: copies that are cropped and shifted, mirrored (when
// the operator allows it), rescaled to a camera's frame size, brightened or darkened, and re-compressed as JPEG at
// quality 40–95 ("augmented copies"); and the two fixed changes the report measures robustness against (saved again
// as JPEG quality 60; resized to 320 pixels wide). Each copy's parameters are drawn from a generator seeded by the
// image's hash, the copy's number and the settings, so an image always gets the same copies (and a retrain finds
// them in the embedding cache). Rendering ends with the extractor's own preprocessing (networkInput).
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { seededRandom, seedFrom } from '../seededRandom.ts';
import { FeatureInputError, imageSize, MAX_PIXELS, networkInput } from './preprocess.ts';

export interface AugmentSettings {
  /** Augmented copies of each image (0 = none). */
  copies: number;
  /** Whether copies may be mirrored left–right (off when the target's meaning has a direction: arrows, text). */
  flip: boolean;
}

export const DEFAULT_AUGMENTATION: AugmentSettings = { copies: 4, flip: true };
export const MAX_COPIES = 8;
/** Camera frame sizes (longer side, pixels) a copy is rescaled to: CIF, 320p … D1. */
export const CAMERA_SIDES = [256, 320, 352, 480, 640, 704] as const;
/** Share of copies that keep the image's own size (a camera of that resolution: JPEG blocks at the image's scale). */
const KEEP_SIZE = 0.4;
export const JPEG_QUALITY = { min: 40, max: 95 } as const;
/** The decoded image copies are cut from is at most this large (cameras deliver no more detail at 224 pixels). */
const BASE_SIDE = 1280;

export interface Augmentation {
  /** The kept part of the upright image, as fractions of its width and height. */
  crop: { x: number; y: number; width: number; height: number };
  flip: boolean;
  /** Longer side after rescaling (pixels); null keeps the cropped part's size. */
  side: number | null;
  /** Contrast factor around mid-grey and brightness offset (0–255 scale). */
  contrast: number;
  brightness: number;
  /** JPEG quality the copy is saved at. */
  quality: number;
}

export type Variant =
  | { kind: 'original' }
  | { kind: 'augmented'; augmentation: Augmentation }
  | { kind: 'jpeg'; quality: number }
  | { kind: 'resize'; width: number };

/** The robustness checks of the report: the same image saved again as JPEG q60, and resized to 320 px wide. */
export const ROBUST_VARIANTS = {
  jpeg60: { kind: 'jpeg', quality: 60 },
  resize320: { kind: 'resize', width: 320 },
} as const satisfies Record<string, Variant>;
export type RobustName = keyof typeof ROBUST_VARIANTS;
export const ROBUST_NAMES = Object.keys(ROBUST_VARIANTS) as RobustName[];

const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The copies of one image: `settings.copies` parameter sets, always the same for the same image and settings. */
export function augmentationsFor(sha256: string, settings: AugmentSettings): Augmentation[] {
  const out: Augmentation[] = [];
  for (let copy = 0; copy < settings.copies; copy++) {
    const next = seededRandom(seedFrom(`argus-augment-v1|${sha256}|${copy}|${settings.flip ? 'flip' : 'keep'}`));
    // Keep 70–100 % of the area, the aspect changed by at most ±15 %, anywhere in the picture.
    const area = 0.7 + next() * 0.3;
    const aspect = 0.85 + next() * 0.3;
    const width = Math.min(1, Math.sqrt(area * aspect));
    const height = Math.min(1, Math.sqrt(area / aspect));
    const x = next() * (1 - width);
    const y = next() * (1 - height);
    const flip = next() < 0.5;
    out.push({
      crop: { x: round(x), y: round(y), width: round(width), height: round(height) },
      flip: settings.flip && flip,
      side: next() < KEEP_SIZE ? null : (CAMERA_SIDES[Math.floor(next() * CAMERA_SIDES.length)] as number),
      contrast: round(0.75 + next() * 0.5, 3),
      brightness: Math.round((next() - 0.5) * 50),
      quality: JPEG_QUALITY.min + Math.floor(next() * (JPEG_QUALITY.max - JPEG_QUALITY.min + 1)),
    });
  }
  return out;
}

/**
 * The embedding cache key of a variant of the image `sha256`: the image's own hash for the original (the key every
 * scoring path uses), otherwise a hash of the image's and the variant's description.
 */
export function variantKey(sha256: string, variant: Variant): string {
  if (variant.kind === 'original') return sha256;
  return createHash('sha256').update(`argus-variant-v1|${sha256}|${JSON.stringify(variant)}`).digest('hex');
}

interface Decoded {
  data: Buffer;
  width: number;
  height: number;
}

/** The upright RGB pixels copies are cut from (at most BASE_SIDE on the longer side). */
async function decodeBase(image: Uint8Array): Promise<Decoded> {
  const size = await imageSize(image);
  if (size.width * size.height > MAX_PIXELS) throw new FeatureInputError('the image is too large');
  const { data, info } = await sharp(image, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize({ width: BASE_SIDE, height: BASE_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A lookup table of brightness and contrast (pixel arithmetic around mid-grey, clamped). */
function toneTable(contrast: number, brightness: number): Uint8Array {
  const table = new Uint8Array(256);
  for (let v = 0; v < 256; v++) table[v] = Math.max(0, Math.min(255, Math.round((v - 128) * contrast + 128 + brightness)));
  return table;
}

async function renderAugmented(base: Decoded, a: Augmentation): Promise<Uint8Array> {
  const left = Math.min(base.width - 1, Math.floor(a.crop.x * base.width));
  const top = Math.min(base.height - 1, Math.floor(a.crop.y * base.height));
  const width = Math.max(1, Math.min(base.width - left, Math.round(a.crop.width * base.width)));
  const height = Math.max(1, Math.min(base.height - top, Math.round(a.crop.height * base.height)));
  const scale = a.side === null ? 1 : a.side / Math.max(width, height);
  let pipeline = sharp(base.data, { raw: { width: base.width, height: base.height, channels: 3 } }).extract({ left, top, width, height });
  if (a.flip) pipeline = pipeline.flop();
  const framed = await pipeline
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const table = toneTable(a.contrast, a.brightness);
  const pixels = framed.data;
  for (let i = 0; i < pixels.length; i++) pixels[i] = table[pixels[i] as number] as number;
  const jpeg = await sharp(pixels, { raw: { width: framed.info.width, height: framed.info.height, channels: 3 } })
    .jpeg({ quality: a.quality })
    .toBuffer();
  return networkInput(jpeg);
}

/** The network inputs (224×224 RGB) of the image's variants, in order; the image is decoded for copies once. */
export async function renderVariants(image: Uint8Array, variants: Variant[]): Promise<Uint8Array[]> {
  let base: Promise<Decoded> | undefined;
  return Promise.all(
    variants.map(async (v) => {
      switch (v.kind) {
        case 'original':
          return networkInput(image);
        case 'augmented':
          base ??= decodeBase(image);
          return renderAugmented(await base, v.augmentation);
        case 'jpeg': {
          const size = await imageSize(image);
          if (size.width * size.height > MAX_PIXELS) throw new FeatureInputError('the image is too large');
          const saved = await sharp(image, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 }).rotate().removeAlpha().toColourspace('srgb').jpeg({ quality: v.quality }).toBuffer();
          return networkInput(saved);
        }
        case 'resize': {
          const size = await imageSize(image);
          if (size.width * size.height > MAX_PIXELS) throw new FeatureInputError('the image is too large');
          // Saved losslessly: the change measured is the resize alone.
          const resized = await sharp(image, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
            .rotate()
            .removeAlpha()
            .toColourspace('srgb')
            .resize({ width: v.width })
            .png({ compressionLevel: 0 })
            .toBuffer();
          return networkInput(resized);
        }
      }
    }),
  );
}

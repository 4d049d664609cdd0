// What a camera does to a picture, applied to training images: copies that are cropped and shifted, mirrored (when
// the operator allows it), rescaled to a camera's frame size, brightened or darkened, and re-compressed as JPEG at
// quality 40–95 ("augmented copies"); and the two fixed changes the report measures robustness against (saved again
// as JPEG quality 60; resized to 320 pixels wide). Each copy's parameters are drawn from a generator seeded by the
// image's hash, the copy's number and the settings, so an image always gets the same copies (and a retrain finds
// them in the embedding cache). The variants are rendered in the ML worker (render.ts), ending with the extractor's
// own preprocessing.
import { createHash } from 'node:crypto';
import { seededRandom, seedFrom } from '../seededRandom.ts';

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
export const BASE_SIDE = 1280;

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

// Spec §5 training-data rules, as the console applies them before it asks the server (which checks them again).
// Each refusal is a reason code the screens translate (i18n `training:rules.<code>`) with its figures.

export const TRAINING_LIMITS = {
  perAlgorithm: 1000,
  perUpload: 100,
  minPerClass: 4,
  validationImages: 10,
  minImageBytes: 16 * 1024,
  maxImageBytes: 10 * 1024 * 1024,
} as const;

export type SampleLabel = 'positive' | 'negative' | 'unclassified';

export interface SampleCounts {
  total: number;
  positive: number;
  negative: number;
  unclassified: number;
}

export const EMPTY_COUNTS: SampleCounts = { total: 0, positive: 0, negative: 0, unclassified: 0 };

export type RuleRefusal =
  | { code: 'noFiles' }
  | { code: 'perUpload'; count: number; limit: number }
  | { code: 'perAlgorithm'; total: number; adding: number; limit: number }
  | { code: 'tooFewPositive'; count: number; min: number }
  | { code: 'tooFewNegative'; count: number; min: number }
  | { code: 'unclassified'; count: number }
  | { code: 'validationCount'; count: number; limit: number };

/** Any CJK ideograph (the §5 "Chinese characters"), including the extension blocks and compatibility ideographs. */
const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ebef}\u{30000}-\u{3134f}]/u;

export function hasChineseCharacters(name: string): boolean {
  return CHINESE.test(name);
}

/** An upload of `adding` images to an algorithm that holds `counts`. */
export function uploadRefusal(counts: SampleCounts, adding: number): RuleRefusal | null {
  if (adding < 1) return { code: 'noFiles' };
  if (adding > TRAINING_LIMITS.perUpload) return { code: 'perUpload', count: adding, limit: TRAINING_LIMITS.perUpload };
  if (counts.total + adding > TRAINING_LIMITS.perAlgorithm) {
    return { code: 'perAlgorithm', total: counts.total, adding, limit: TRAINING_LIMITS.perAlgorithm };
  }
  return null;
}

/** Training needs every image classified and at least 4 of each class. */
export function trainingRefusal(counts: SampleCounts): RuleRefusal | null {
  if (counts.unclassified > 0) return { code: 'unclassified', count: counts.unclassified };
  if (counts.positive < TRAINING_LIMITS.minPerClass) return { code: 'tooFewPositive', count: counts.positive, min: TRAINING_LIMITS.minPerClass };
  if (counts.negative < TRAINING_LIMITS.minPerClass) return { code: 'tooFewNegative', count: counts.negative, min: TRAINING_LIMITS.minPerClass };
  return null;
}

export function validationRefusal(count: number): RuleRefusal | null {
  if (count < 1) return { code: 'noFiles' };
  if (count > TRAINING_LIMITS.validationImages) return { code: 'validationCount', count, limit: TRAINING_LIMITS.validationImages };
  return null;
}

export type ImageKind = 'jpeg' | 'png';

/** The image format by content (magic bytes): jpg, jpeg and jfif are JPEG; png is PNG; anything else is refused. */
export function sniffImage(head: Uint8Array): ImageKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, i) => head[i] === byte)) return 'png';
  return null;
}

const ACCEPTED_EXTENSIONS = ['jpg', 'jpeg', 'jfif', 'png'];

export function hasAcceptedExtension(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot >= 0 && ACCEPTED_EXTENSIONS.includes(name.slice(dot + 1).toLowerCase());
}

export type FileProblem = 'chineseName' | 'tooSmall' | 'tooLarge' | 'notImage';

/** The per-file §5 checks on a name, a size and the first bytes; an empty list means the file passes. */
export function fileProblems(name: string, size: number, head: Uint8Array): FileProblem[] {
  const problems: FileProblem[] = [];
  if (hasChineseCharacters(name)) problems.push('chineseName');
  if (size < TRAINING_LIMITS.minImageBytes) problems.push('tooSmall');
  if (size > TRAINING_LIMITS.maxImageBytes) problems.push('tooLarge');
  if (sniffImage(head) === null) problems.push('notImage');
  return problems;
}

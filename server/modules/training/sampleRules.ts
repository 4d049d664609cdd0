// The §5 rules for training images, enforced on the server whatever the console checked: jpg/png/jpeg/jfif judged
// by content (JFIF is JPEG), at least 16 KB and at most 10 MB, no Chinese characters in the name, decodable; at
// most 100 per upload and 1000 per algorithm. Each refusal names the file and the rule.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ApiError } from '../../http/apiError.ts';
import { humanSize, sniffType } from '../../http/uploads.ts';
import { differenceHash } from '../../media/differenceHash.ts';
import { FeatureInputError, imageSize } from '../../ml/features.ts';

export const MIN_IMAGE_BYTES = 16 * 1024;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_PER_UPLOAD = 100;
export const MAX_PER_ALGORITHM = 1000;
export const MIN_PER_CLASS = 4;
export const MAX_EVAL_IMAGES = 10;
const THUMB_SIDE = 160;

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };
const HAN = /\p{Script=Han}/u;

export interface CheckedImage {
  fileName: string;
  buffer: Buffer;
  extension: string;
  sha256: string;
  dhash: string;
  /** A JPEG at most 160 pixels on its longer side. */
  thumbnail: Buffer;
  width: number;
  height: number;
}

/** The name rule alone (checked before the bytes are read, and for zip entries). */
export function checkImageName(fileName: string): void {
  if (HAN.test(fileName)) throw new ApiError(400, 'training.chineseName', { file: fileName.slice(0, 255) });
}

export async function checkImage(fileName: string, buffer: Buffer): Promise<CheckedImage> {
  const file = fileName.slice(0, 255);
  checkImageName(file);
  if (buffer.length > MAX_IMAGE_BYTES) throw new ApiError(413, 'training.fileTooLarge', { file, max: humanSize(MAX_IMAGE_BYTES) });
  const type = sniffType(buffer);
  const extension = type ? EXTENSIONS[type] : undefined;
  if (!extension) throw new ApiError(415, 'training.badType', { file });
  if (buffer.length < MIN_IMAGE_BYTES) throw new ApiError(400, 'training.fileTooSmall', { file, min: humanSize(MIN_IMAGE_BYTES) });
  try {
    const { width, height } = await imageSize(buffer);
    const sha256 = createHash('sha256').update(buffer).digest('hex');
    const thumbnail = await sharp(buffer, { failOn: 'error', pages: 1 }).rotate().resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer();
    return { fileName: file, buffer, extension, sha256, dhash: await differenceHash(buffer), thumbnail, width, height };
  } catch (error) {
    if (error instanceof FeatureInputError) throw new ApiError(415, 'training.undecodable', { file });
    throw error;
  }
}

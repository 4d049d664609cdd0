// An alarm as target retrieval reads it (its snapshot, box and image size), the crop rectangle of its box, and the
// cache keys of the two image vectors alarms had before migration 086 (whole snapshot and box crop, in
// image_embeddings): the purge still drops those with the snapshot. Kept apart (no imports of the alarm store) so
// the alarm store can use it.
import { createHash } from 'node:crypto';

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

export interface Candidate {
  id: number;
  imagePath: string | null;
  boxX: number;
  boxY: number;
  boxW: number;
  boxH: number;
  imageWidth: number;
  imageHeight: number;
}

/** The crop rectangle of a candidate's box, clamped into its image. */
export function cropOf(c: Candidate) {
  const left = Math.max(0, Math.min(c.boxX, c.imageWidth - 1));
  const top = Math.max(0, Math.min(c.boxY, c.imageHeight - 1));
  const width = Math.max(1, Math.min(c.boxW, c.imageWidth - left));
  const height = Math.max(1, Math.min(c.boxH, c.imageHeight - top));
  return { left, top, width, height };
}

/** The cache keys of a candidate's two vectors (none without a snapshot). */
export function candidateKeys(c: Candidate): { scene: string; crop: string } | null {
  if (!c.imagePath) return null;
  const { left, top, width, height } = cropOf(c);
  return { scene: sha256(`scene:${c.imagePath}`), crop: sha256(`crop:${c.imagePath}:${left},${top},${width},${height}`) };
}

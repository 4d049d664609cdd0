// Bounds of the handling forms, as the contract states them (WarnEventDealBody, uploadBase64): remarks and
// results at most 500 characters; evidence images JPEG/PNG, at most 5 MB each, at most 10 per alarm.

export const REMARK_MAX = 500;
export const MAX_EVIDENCE_IMAGES = 10;
export const EVIDENCE_MAX_BYTES = 5 * 1024 * 1024;
const EVIDENCE_TYPES = ['image/jpeg', 'image/png'];

export type EvidenceProblem = 'type' | 'size' | 'count';

export function evidenceProblem(files: ReadonlyArray<{ type: string; size: number }>, existing: number): EvidenceProblem | null {
  if (files.length + existing > MAX_EVIDENCE_IMAGES) return 'count';
  if (files.some((file) => !EVIDENCE_TYPES.includes(file.type))) return 'type';
  if (files.some((file) => file.size > EVIDENCE_MAX_BYTES)) return 'size';
  return null;
}

/** A file as the data URL the upload takes. */
export function fileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

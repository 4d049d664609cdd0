// The search form's values and the checks made before anything is sent: the time window (§5: start not after end,
// end not after now, at most 15 days), at most 3 images (§5), and the attributes of the chosen object type as the
// query's codes (-1 unknown; several codes only for the multi-select keys of §9); with images, the similarity a hit
// must reach (0–1, the measured default until the user changes it).
import type { ObjType } from '../../domain/attributeDictionary.ts';
import { DEFAULT_SIMILARITY } from '../../domain/retrievalThreshold.ts';
import { formatDateTime, parseDateTime } from '../../domain/validators.ts';
import type { RetrievalQuery } from './retrievalApi.ts';

export const MAX_IMAGES = 3;
export const MAX_RANGE_DAYS = 15;

export interface FormValues {
  objType: ObjType;
  /** The window as the contract writes times ("yyyy-MM-dd HH:mm:ss", the server's local time, §7). */
  start: string;
  end: string;
  plateNo: string;
  /** attributeKey → chosen codes (empty: any). */
  attributes: Record<string, number[]>;
  images: string[];
  /** The similarity threshold of an image search, as typed (a number from 0 to 1). */
  similarity: string;
}

export type FormProblem = 'startAfterEnd' | 'endInFuture' | 'rangeTooLong' | 'tooManyImages' | 'missingTime' | 'badSimilarity';

/** A date as the form keeps it. */
export const localValue = (d: Date) => formatDateTime(d);

export function initialValues(now = new Date()): FormValues {
  return { objType: 2, start: localValue(new Date(now.getTime() - 7 * 86400_000)), end: localValue(now), plateNo: '', attributes: {}, images: [], similarity: String(DEFAULT_SIMILARITY) };
}

export function formProblem(values: FormValues, now = new Date()): FormProblem | null {
  const start = parseDateTime(values.start);
  const end = parseDateTime(values.end);
  if (!start || !end) return 'missingTime';
  if (start.getTime() > end.getTime()) return 'startAfterEnd';
  if (end.getTime() > now.getTime() + 60_000) return 'endInFuture';
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * 86400_000) return 'rangeTooLong';
  if (values.images.length > MAX_IMAGES) return 'tooManyImages';
  if (values.images.length > 0 && similarityOf(values) === null) return 'badSimilarity';
  return null;
}

/** The typed threshold as a number from 0 to 1, or null when it is not one. */
export function similarityOf(values: FormValues): number | null {
  const text = values.similarity.trim();
  const n = Number(text);
  return text !== '' && Number.isFinite(n) && n >= 0 && n <= 1 ? n : null;
}

export function toQuery(values: FormValues, pageNo: number, pageSize: number): RetrievalQuery {
  const attributes: Record<string, number | number[]> = {};
  for (const [key, codes] of Object.entries(values.attributes)) {
    if (codes.length === 1) attributes[key] = codes[0];
    else if (codes.length > 1) attributes[key] = codes;
  }
  const plateNo = values.objType === 2 ? values.plateNo.trim() : '';
  const similarity = values.images.length > 0 ? similarityOf(values) : null;
  return {
    pageNo,
    pageSize,
    objType: values.objType,
    startTime: values.start,
    endTime: values.end,
    images: values.images,
    attributes,
    ...(plateNo ? { plateNo } : {}),
    ...(similarity !== null ? { similarity } : {}),
  };
}

/** How many attribute filters are set (the folded panel's count). */
export function attributeCount(values: FormValues): number {
  return Object.values(values.attributes).filter((codes) => codes.length > 0).length;
}

// The objects of an image, embedded for target retrieval: the detector's boxes (each class at its measured default
// score, src/domain/detectorDefaults.ts) and, for an alarm, its own box. At ingest (the index loop) an alarm's
// objects are stored in retrieval_crops; a query image gives itself (it may already be a crop) and its objects.
import type { Kysely } from 'kysely';
import { defaultScoreFor } from '../../../src/domain/detectorDefaults.ts';
import type { Database } from '../../db/types.ts';
import { detect } from '../../ml/detector.ts';
import { EXTRACTOR_KEY } from '../training/embeddingCache.ts';
import { type Candidate, cropOf } from './candidateKeys.ts';
import { cropIndexFor } from './cropIndex.ts';
import { decodeImage, type Region, regionVectors } from './objectVectors.ts';

/** Objects kept per image besides the alarm's own box (the best-scored first). */
export const MAX_OBJECTS = 12;
/** Smaller boxes (either side, in pixels) carry too little to compare. */
export const MIN_OBJECT_PX = 16;
/** A detected box this close to the alarm's own box is the same object: not stored twice. */
const SAME_BOX_IOU = 0.8;
/** A query whose largest object covers this much of it is itself a crop of that object: its parts are not asked. */
const FILLS_QUERY = 0.6;

export interface ObjectCrop {
  /** The detector's class; null for an alarm's own box (or a query that is itself a crop). */
  label: string | null;
  score: number | null;
  /** x1, y1, x2, y2 relative to the image. */
  box: [number, number, number, number];
  /** L2-normalised. */
  vector: Float32Array;
}

type RelBox = [number, number, number, number];

const iou = (a: RelBox, b: RelBox) => {
  const w = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const h = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const inter = w * h;
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return union <= 0 ? 0 : inter / union;
};

/** The objects the detector finds at their classes' default scores, largest-score first, big enough to compare. */
async function detectedObjects(image: Uint8Array, width: number, height: number) {
  const result = await detect(image, { minScore: 0.1 });
  return result.detections
    .filter((d) => d.score >= defaultScoreFor(d.label))
    .filter((d) => (d.box[2] - d.box[0]) * width >= MIN_OBJECT_PX && (d.box[3] - d.box[1]) * height >= MIN_OBJECT_PX)
    .slice(0, MAX_OBJECTS);
}

const toRegion = (box: RelBox, width: number, height: number): Region => ({
  left: box[0] * width,
  top: box[1] * height,
  width: (box[2] - box[0]) * width,
  height: (box[3] - box[1]) * height,
});

async function embedBoxes(image: Awaited<ReturnType<typeof decodeImage>>, boxes: { label: string | null; score: number | null; box: RelBox }[]): Promise<ObjectCrop[]> {
  const vectors = await regionVectors(
    image,
    boxes.map((b) => toRegion(b.box, image.width, image.height)),
  );
  return boxes.map((b, i) => ({ ...b, vector: vectors[i] as Float32Array }));
}

/** An alarm snapshot's objects: its own box first, then the detector's (those that are not its own box again). */
export async function alarmObjects(image: Uint8Array, alarm: Candidate): Promise<ObjectCrop[]> {
  const decoded = await decodeImage(image);
  const { width, height } = decoded;
  // The alarm's box is in the pixels of the image it was reported on; the stored snapshot may differ in size.
  const sx = width / Math.max(1, alarm.imageWidth || width);
  const sy = height / Math.max(1, alarm.imageHeight || height);
  const own = cropOf({ ...alarm, boxX: alarm.boxX * sx, boxY: alarm.boxY * sy, boxW: alarm.boxW * sx, boxH: alarm.boxH * sy, imageWidth: width, imageHeight: height });
  const ownBox: RelBox = [own.left / width, own.top / height, (own.left + own.width) / width, (own.top + own.height) / height];
  const found = (await detectedObjects(image, width, height)).filter((d) => iou(d.box, ownBox) < SAME_BOX_IOU);
  return embedBoxes(decoded, [{ label: null, score: null, box: ownBox }, ...found.map((d) => ({ label: d.label, score: d.score, box: d.box as RelBox }))]);
}

/**
 * A query image's objects: the image itself (it may be a crop of one object already) and, unless one object fills
 * most of it, each object the detector finds in it.
 */
export async function queryObjects(image: Uint8Array): Promise<ObjectCrop[]> {
  const decoded = await decodeImage(image);
  const { width, height } = decoded;
  const found = await detectedObjects(image, width, height);
  const largest = Math.max(0, ...found.map((d) => (d.box[2] - d.box[0]) * (d.box[3] - d.box[1])));
  const whole = { label: null, score: null, box: [0, 0, 1, 1] as RelBox };
  const parts = largest >= FILLS_QUERY ? [] : found.map((d) => ({ label: d.label, score: d.score, box: d.box as RelBox }));
  return embedBoxes(decoded, [whole, ...parts]);
}

/** Stores an alarm's objects (replacing any stored before) in one transaction, and in this process's index. */
export async function storeAlarmObjects(db: Kysely<Database>, alarmId: number, objects: readonly ObjectCrop[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('retrievalCrops').where('alarmId', '=', alarmId).execute();
    if (objects.length === 0) return;
    await trx
      .insertInto('retrievalCrops')
      .values(
        objects.map((o, objectNo) => ({
          alarmId,
          objectNo,
          label: o.label,
          score: o.score,
          x1: o.box[0],
          y1: o.box[1],
          x2: o.box[2],
          y2: o.box[3],
          extractor: EXTRACTOR_KEY,
          vector: Buffer.from(o.vector.buffer, o.vector.byteOffset, o.vector.byteLength),
        })),
      )
      // Another instance (or a search) indexing the same alarm at once stores the same rows.
      .onConflict((oc) => oc.columns(['alarmId', 'objectNo']).doNothing())
      .execute();
  });
  cropIndexFor(db).put(
    alarmId,
    objects.map((o, objectNo) => ({ objectNo, label: o.label, box: o.box, vector: o.vector })),
  );
}

// Image search's query side: the query images (a data URL or a stored /files path, checked by the bounded image
// check, 415 undecodable) turned into objects — the detector's boxes, or the whole image when it is itself a crop
// (objectCrops.ts) — each embedded by the platform's feature extractor. A query's objects are kept in memory by
// the image's content (the last QUERY_CACHE images), so paging through one search does not run the models again.
import { createHash } from 'node:crypto';
import { ApiError } from '../../http/apiError.ts';
import { IMAGE_BOUNDS, openBoundedImage, safeImageDataUrl } from '../../media/imageSafety.ts';
import { type FileSigner } from '../../http/fileSigning.ts';
import { DetectorBusyError, DetectorInputError } from '../../ml/detector.ts';
import { FeatureInputError } from '../../ml/features.ts';
import { imageRefBytes } from '../training/describeImage.ts';
import { type ObjectCrop, queryObjects } from './objectCrops.ts';

const QUERY_CACHE = 32;
const cache = new Map<string, ObjectCrop[]>();

/** One query image's objects, with the index of the image they come from. */
export interface QueryObject extends ObjectCrop {
  image: number;
}

async function readQuery(ref: string, field: string, dataDir: string, signer?: FileSigner): Promise<Uint8Array> {
  if (/^https?:\/\//i.test(ref)) throw new ApiError(400, 'retrieval.remoteImage', { field });
  if (ref.startsWith('data:')) return (await safeImageDataUrl(ref, IMAGE_BOUNDS.alarmImage, { field, accept: ['jpeg', 'png'] })).buffer;
  let bytes: Uint8Array;
  try {
    bytes = imageRefBytes(ref, dataDir, signer);
  } catch {
    throw new ApiError(404, 'retrieval.imageNotFound', { field });
  }
  await openBoundedImage(bytes, IMAGE_BOUNDS.alarmImage, { field, accept: ['jpeg', 'png'] });
  return bytes;
}

/** The objects of the query images, in order; each refusal names its field (images[i]). */
export async function queryImageObjects(images: readonly string[], dataDir: string, signer?: FileSigner): Promise<QueryObject[]> {
  const out: QueryObject[] = [];
  for (const [i, ref] of images.entries()) {
    const field = `images[${i}]`;
    const bytes = await readQuery(ref, field, dataDir, signer);
    const key = createHash('sha256').update(bytes).digest('hex');
    let objects = cache.get(key);
    if (!objects) {
      try {
        objects = await queryObjects(bytes);
      } catch (error) {
        if (error instanceof FeatureInputError || error instanceof DetectorInputError) throw new ApiError(415, 'image.undecodable', { field });
        if (error instanceof DetectorBusyError) throw new ApiError(429, 'retrieval.busy');
        throw error;
      }
      cache.set(key, objects);
      if (cache.size > QUERY_CACHE) cache.delete(cache.keys().next().value as string);
    }
    out.push(...objects.map((o) => ({ ...o, image: i })));
  }
  return out;
}

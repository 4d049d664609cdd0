// Image search: the query images (a data URL or a stored /files path, checked by the bounded image check, 415
// undecodable) and the candidate alarms' objects, embedded by the platform's feature extractor (server/ml/features)
// and cached in image_embeddings, so a repeated search embeds nothing new. A candidate is embedded twice: the crop
// of its box (the object) and the whole snapshot (so a scene picture finds its alarm); its score against a query
// image is the better of the two cosines.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { IMAGE_BOUNDS, openBoundedImage, safeImageDataUrl } from '../../media/imageSafety.ts';
import { embed, FeatureInputError } from '../../ml/features.ts';
import { readImage } from '../alarms/alarmStore.ts';
import { fileSigner } from '../../http/fileSigning.ts';
import { imageRefBytes } from '../training/describeImage.ts';
import { cachedEmbeddings, storeEmbedding } from '../training/embeddingCache.ts';
import { type Candidate, candidateKeys, cropOf } from './candidateKeys.ts';

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

async function vectorOf(db: Kysely<Database>, key: string, bytes: () => Promise<Uint8Array>): Promise<Float32Array> {
  const cached = (await cachedEmbeddings(db, [key])).get(key);
  if (cached) return cached;
  const { vector } = await embed(await bytes());
  await storeEmbedding(db, key, vector);
  return vector;
}

/** The feature vectors of the query images, in order; each refusal names its field (images[i]). */
export async function queryVectors(db: Kysely<Database>, images: readonly string[], dataDir: string): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (const [i, ref] of images.entries()) {
    const field = `images[${i}]`;
    if (/^https?:\/\//i.test(ref)) throw new ApiError(400, 'retrieval.remoteImage', { field });
    let bytes: Uint8Array;
    if (ref.startsWith('data:')) {
      bytes = (await safeImageDataUrl(ref, IMAGE_BOUNDS.alarmImage, { field, accept: ['jpeg', 'png'] })).buffer;
    } else {
      try {
        bytes = imageRefBytes(ref, dataDir, await fileSigner(db));
      } catch {
        throw new ApiError(404, 'retrieval.imageNotFound', { field });
      }
      await openBoundedImage(bytes, IMAGE_BOUNDS.alarmImage, { field, accept: ['jpeg', 'png'] });
    }
    try {
      out.push(await vectorOf(db, sha256(bytes), async () => bytes));
    } catch (error) {
      if (error instanceof FeatureInputError) throw new ApiError(415, 'image.undecodable', { field });
      throw error;
    }
  }
  return out;
}

/** The cached vectors of many candidates at once (one query per 500 keys): alarm id → its vectors, when both are cached. */
export async function cachedCandidateVectors(db: Kysely<Database>, candidates: readonly Candidate[]): Promise<Map<number, Float32Array[]>> {
  const keyed = candidates.flatMap((c) => {
    const keys = candidateKeys(c);
    return keys ? [{ id: c.id, keys }] : [];
  });
  const found = new Map<string, Float32Array>();
  const all = keyed.flatMap((k) => [k.keys.scene, k.keys.crop]);
  for (let i = 0; i < all.length; i += 500) {
    for (const [key, vector] of await cachedEmbeddings(db, all.slice(i, i + 500))) found.set(key, vector);
  }
  const out = new Map<number, Float32Array[]>();
  for (const { id, keys } of keyed) {
    const scene = found.get(keys.scene);
    const crop = found.get(keys.crop);
    if (scene && crop) out.set(id, [scene, crop]);
  }
  return out;
}

/** The object's crop and the whole snapshot as vectors (embedded when not cached); none when the snapshot is gone or cannot be read. */
export async function candidateVectors(db: Kysely<Database>, c: Candidate, dataDir: string): Promise<Float32Array[]> {
  const keys = candidateKeys(c);
  const imagePath = c.imagePath;
  if (!imagePath || !keys) return [];
  let file: Buffer | undefined;
  const read = async () => {
    file ??= await readImage(dataDir, imagePath);
    return file;
  };
  const out: Float32Array[] = [];
  try {
    out.push(await vectorOf(db, keys.scene, read));
    out.push(await vectorOf(db, keys.crop, async () => sharp(await read()).extract(cropOf(c)).png().toBuffer()));
  } catch (error) {
    // A missing or damaged snapshot makes the alarm unsearchable by image, not the search fail.
    if (error instanceof FeatureInputError || (error as NodeJS.ErrnoException).code === 'ENOENT' || /extract_area|Input buffer/i.test(String(error))) return out;
    throw error;
  }
  return out;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** The best similarity of any of a candidate's vectors to any query image, clamped to 0..1. */
export function bestSimilarity(queries: readonly Float32Array[], vectors: readonly Float32Array[]): number {
  let best = 0;
  for (const q of queries) for (const v of vectors) best = Math.max(best, cosine(q, v));
  return Math.min(1, Math.max(0, best));
}

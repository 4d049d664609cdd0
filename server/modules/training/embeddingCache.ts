// Feature vectors cached by image content (sha256) and extractor: a retrain embeds only the images it has not seen.
// A training's augmented copies and robustness variants are cached the same way, under a key made of the image's
// hash and the variant's parameters (server/ml/features/augment.ts variantKey): an image's copies are the same in
// every training with the same settings, so a retrain embeds only the copies of its new images.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { FEATURE_INFO } from '../../ml/features.ts';

/** The cache key of the running extractor: its name and the hash of its weights. */
export const EXTRACTOR_KEY = `${FEATURE_INFO.name}@${FEATURE_INFO.hash.slice(0, 16)}`;
/** Keys per query (a training asks for up to 11 000). */
const CHUNK = 1000;

export async function cachedEmbeddings(db: Kysely<Database>, hashes: string[]): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>();
  const unique = [...new Set(hashes)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .selectFrom('imageEmbeddings')
      .select(['sha256', 'vector'])
      .where('extractor', '=', EXTRACTOR_KEY)
      .where('sha256', 'in', unique.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      const bytes = Uint8Array.from(r.vector);
      out.set(r.sha256, new Float32Array(bytes.buffer, 0, bytes.byteLength / 4));
    }
  }
  return out;
}

export async function storeEmbedding(db: Kysely<Database>, sha256: string, vector: Float32Array): Promise<void> {
  await storeEmbeddings(db, [{ key: sha256, vector }]);
}

/** Stores several vectors in one statement; a key already there is kept. */
export async function storeEmbeddings(db: Kysely<Database>, entries: { key: string; vector: Float32Array }[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('imageEmbeddings')
    .values(entries.map((e) => ({ sha256: e.key, extractor: EXTRACTOR_KEY, vector: Buffer.from(new Uint8Array(e.vector.buffer, e.vector.byteOffset, e.vector.byteLength)) })))
    .onConflict((oc) => oc.columns(['sha256', 'extractor']).doNothing())
    .execute();
}

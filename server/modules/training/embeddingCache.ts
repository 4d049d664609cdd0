// Feature vectors cached by image content (sha256) and extractor: a retrain embeds only the images it has not seen.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { FEATURE_INFO } from '../../ml/features.ts';

/** The cache key of the running extractor: its name and the hash of its weights. */
export const EXTRACTOR_KEY = `${FEATURE_INFO.name}@${FEATURE_INFO.hash.slice(0, 16)}`;

export async function cachedEmbeddings(db: Kysely<Database>, hashes: string[]): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>();
  if (hashes.length === 0) return out;
  const rows = await db
    .selectFrom('imageEmbeddings')
    .select(['sha256', 'vector'])
    .where('extractor', '=', EXTRACTOR_KEY)
    .where('sha256', 'in', [...new Set(hashes)])
    .execute();
  for (const r of rows) {
    const bytes = Uint8Array.from(r.vector);
    out.set(r.sha256, new Float32Array(bytes.buffer, 0, bytes.byteLength / 4));
  }
  return out;
}

export async function storeEmbedding(db: Kysely<Database>, sha256: string, vector: Float32Array): Promise<void> {
  const bytes = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
  await db
    .insertInto('imageEmbeddings')
    .values({ sha256, extractor: EXTRACTOR_KEY, vector: Buffer.from(bytes) })
    .onConflict((oc) => oc.columns(['sha256', 'extractor']).doNothing())
    .execute();
}

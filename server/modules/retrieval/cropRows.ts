// Reading retrieval_crops back in a compact form: one statement per batch answers one row — every vector of the
// batch as one bytea (base64) and the rows' alarm, object, label and box as one JSON array — so a batch of 1,000
// crops is one decode into one Float32Array, not 1,000 rows of eight columns. PGlite hands a bytea over as hex text
// and parses every row in JavaScript on the server's thread: 10,000 crops took 31 s as bytea rows, 2.5–8 s as
// base64 rows (README "Target retrieval").
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { EXTRACTOR_KEY } from '../training/embeddingCache.ts';
import type { CropBatch } from './cropMatrix.ts';

/** [alarm id, object number, label, x1, y1, x2, y2, vector bytes] of each row. */
type RowMeta = [number, number, string | null, number, number, number, number, number];

function aggregate(db: Kysely<Database>, rows: ReturnType<typeof cropsOfExtractor>) {
  // Within the batch: each alarm's rows together (newest alarm first), its objects in order.
  const order = sql`${sql.ref('c.alarmId')} DESC, ${sql.ref('c.objectNo')}`;
  return db
    .selectFrom(rows.as('c'))
    .select([
      sql<string | null>`json_agg(json_build_array(${sql.ref('c.alarmId')}, ${sql.ref('c.objectNo')}, ${sql.ref('c.label')}, ${sql.ref('c.x1')}, ${sql.ref('c.y1')}, ${sql.ref('c.x2')}, ${sql.ref('c.y2')}, octet_length(${sql.ref('c.vector')})) ORDER BY ${order})::text`.as(
        'meta',
      ),
      sql<string | null>`encode(string_agg(${sql.ref('c.vector')}, ''::bytea ORDER BY ${order}), 'base64')`.as('vectors'),
    ]);
}

function cropsOfExtractor(db: Kysely<Database>) {
  return db.selectFrom('retrievalCrops').select(['alarmId', 'objectNo', 'label', 'x1', 'y1', 'x2', 'y2', 'vector']).where('extractor', '=', EXTRACTOR_KEY);
}

/** The batch from the statement's one row (an empty batch when it matched nothing). */
function decodeBatch(row: { meta: string | null; vectors: string | null } | undefined): CropBatch {
  const meta = row?.meta ? (JSON.parse(row.meta) as RowMeta[]) : [];
  const count = meta.length;
  const bytes = Buffer.from(row?.vectors ?? '', 'base64');
  // float32 little-endian, aligned: one copy of the whole batch.
  const vectors = new Float32Array(bytes.length >> 2);
  new Uint8Array(vectors.buffer).set(bytes.subarray(0, vectors.length * 4));
  const batch: CropBatch = {
    count,
    alarmIds: new Int32Array(count),
    objectNos: new Int16Array(count),
    labels: new Array<string | null>(count),
    boxes: new Float32Array(count * 4),
    offsets: new Int32Array(count + 1),
    vectors,
  };
  let at = 0;
  for (const [r, [alarmId, objectNo, label, x1, y1, x2, y2, length]] of meta.entries()) {
    batch.alarmIds[r] = alarmId;
    batch.objectNos[r] = objectNo;
    batch.labels[r] = label;
    batch.boxes.set([x1, y1, x2, y2], r * 4);
    batch.offsets[r] = at;
    at += length >> 2;
  }
  batch.offsets[count] = at;
  if (at !== vectors.length) throw new Error('retrieval vectors do not add up to their rows');
  return batch;
}

/** Up to `limit` crops of the alarms below `below`, the newest alarms first (the primary key read backwards). */
export async function readNewestCrops(db: Kysely<Database>, below: number, limit: number): Promise<CropBatch> {
  // Both keys descending: (alarm_id DESC, object_no ASC) sorted every row below `below` and encoded each vector
  // before the limit (10,000 crops took 158 s that way at load 16-27).
  const rows = cropsOfExtractor(db).where('alarmId', '<', below).orderBy('alarmId', 'desc').orderBy('objectNo', 'desc').limit(limit);
  return decodeBatch(await aggregate(db, rows).executeTakeFirst());
}

/** Every crop of these alarms (at most a few thousand ids a call). */
export async function readCropsOf(db: Kysely<Database>, alarmIds: readonly number[]): Promise<CropBatch> {
  if (alarmIds.length === 0) return decodeBatch(undefined);
  return decodeBatch(await aggregate(db, cropsOfExtractor(db).where('alarmId', 'in', alarmIds)).executeTakeFirst());
}

/** The first `count` rows of a batch (the rest cut off). */
export function headOf(batch: CropBatch, count: number): CropBatch {
  return {
    count,
    alarmIds: batch.alarmIds.subarray(0, count),
    objectNos: batch.objectNos.subarray(0, count),
    labels: batch.labels.slice(0, count),
    boxes: batch.boxes.subarray(0, count * 4),
    offsets: batch.offsets.subarray(0, count + 1),
    vectors: batch.vectors.subarray(0, batch.offsets[count]),
  };
}

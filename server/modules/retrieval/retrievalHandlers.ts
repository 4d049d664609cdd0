// searchTargetRetrieval: the objects detected in alarms, found by the §3 attributes (newest first, paged in the
// database) or by 1–3 images — each query image's objects against every candidate alarm's objects (its own box and
// what the detector found on its snapshot, retrieval_crops), crop against crop; an alarm ranks by its best pair.
// Candidates are the newest MAX_CANDIDATES alarms within the filters (their ids read in one row); their vectors
// are compared in one pass over the process's in-memory crop matrix (cropIndex.ts). The index loop (indexLoop.ts)
// indexes alarms as they are stored; a search indexes only candidates it has not reached — at most
// config.retrievalIndex.searchEmbedLimit (the rest are counted as still being indexed and not compared). Just after
// a start, candidates whose stored vectors are not read back yet are counted as loading (not compared).
import { sql } from 'kysely';
import { DEFAULT_SIMILARITY } from '../../../src/domain/retrievalThreshold.ts';
import { RETRIEVAL_LOAD_WAIT_MS } from '../../config.ts';
import { fileSigner } from '../../http/fileSigning.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { ApiError } from '../../http/apiError.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { pageResult } from '../shared/records.ts';
import type { Candidate } from './candidateKeys.ts';
import { type BestMatch, cropIndexFor } from './cropIndex.ts';
import { indexAlarm } from './indexLoop.ts';
import { queryImageObjects } from './retrievalImages.ts';
import { checkAttributes, checkWindow, MAX_QUERY_IMAGES, matchingAlarms } from './retrievalQuery.ts';

/** An image search compares at most this many alarms: the newest within the filters (the contract says so). */
export const MAX_CANDIDATES = 10_000;

type Hit = Schema<'TargetRetrievalHit'>;
type Row = Candidate & { cameraId: number; cameraName: string; alarmTime: Date; attributes: Record<string, unknown> };

const COLUMNS = ['id', 'cameraId', 'cameraName', 'alarmTime', 'imagePath', 'boxX', 'boxY', 'boxW', 'boxH', 'imageWidth', 'imageHeight', 'attributes'] as const;

/** The record's §3 attributes as codes (the object type and text values such as a plate number are not codes). */
function codes(attributes: Record<string, unknown>): Hit['attributes'] {
  const out: Hit['attributes'] = {};
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (key === 'objType') continue;
    const n = typeof value === 'string' && /^-?\d{1,5}$/.test(value) ? Number(value) : value;
    if (typeof n === 'number' && Number.isInteger(n)) out[key] = n;
  }
  return out;
}

const r4 = (v: number) => Math.round(v * 10000) / 10000;
const r1 = (v: number) => Math.round(v * 10) / 10;

function toHit(row: Row, objType: Hit['objType'], found: { match: BestMatch; queryImage: number } | null): Hit {
  const url = `/warn/event/image/${row.id}`;
  let match: Hit['match'] = null;
  if (found) {
    const b = found.match.box;
    const [w, h] = [row.imageWidth, row.imageHeight];
    match = {
      box: [r1(b[0] * w), r1(b[1] * h), r1(b[2] * w), r1(b[3] * h)],
      label: found.match.label,
      own: found.match.objectNo === 0,
      queryImage: found.queryImage,
    };
  }
  return {
    id: row.id,
    objType,
    cameraId: row.cameraId,
    cameraName: row.cameraName,
    captureTime: formatTime(row.alarmTime) as string,
    imageUrl: url,
    targetUrl: url,
    box: [row.boxX, row.boxY, row.boxX + row.boxW, row.boxY + row.boxH],
    similarity: found ? r4(Math.min(1, Math.max(0, found.match.similarity))) : null,
    match,
    attributes: codes(row.attributes),
  };
}

export const retrievalHandlers: HandlerMap = {
  async searchTargetRetrieval({ db, body, services }: Ctx<'searchTargetRetrieval'>) {
    const page = pageOf(body);
    const images = body.images ?? [];
    if (images.length > MAX_QUERY_IMAGES) throw new ApiError(400, 'retrieval.tooManyImages', { field: 'images', max: MAX_QUERY_IMAGES });
    const window = checkWindow(body);
    const attributes = checkAttributes(body);
    const matching = () => matchingAlarms(db, body, window, attributes);

    if (images.length === 0) {
      const { total } = await matching().select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = (await matching().select(COLUMNS).orderBy('alarmTime', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute()) as Row[];
      return pageResult(rows.map((r) => toHit(r, body.objType, null)), total, page);
    }

    const queries = await queryImageObjects(images, services.config.dataDir, await fileSigner(db));
    const vectors = queries.map((q) => q.vector);
    const threshold = body.similarity ?? DEFAULT_SIMILARITY;
    // The candidates' ids in one row (newest first): PGlite hands 10,000 rows over in 0.2–1.3 s, one text in 50 ms.
    const listed = await db
      .selectFrom(matching().select(['id', 'alarmTime', 'imagePath']).orderBy('alarmTime', 'desc').orderBy('id', 'desc').limit(MAX_CANDIDATES).as('c'))
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string | null>`string_agg(${sql.ref('c.id')}::text, ',' ORDER BY ${sql.ref('c.alarmTime')} DESC, ${sql.ref('c.id')} DESC) FILTER (WHERE ${sql.ref('c.imagePath')} IS NOT NULL)`.as('ids'),
      ])
      .executeTakeFirstOrThrow();
    const withImage = listed.ids ? listed.ids.split(',').map(Number) : [];
    const index = cropIndexFor(db);
    // After a start the stored vectors are read in the background (newest first); a search waits for that at most
    // loadWaitMs, then compares what is read and counts the candidates the read has not reached (`loading`).
    const loaded = await index.ready(db, services.config.retrievalIndex.loadWaitMs ?? RETRIEVAL_LOAD_WAIT_MS);
    const reached = loaded ? withImage : withImage.filter((id) => index.reached(id));
    const loading = withImage.length - reached.length;
    await index.missing(db, reached);
    const notIndexed = reached.filter((id) => !index.has(id));
    const backlog = new Set(
      notIndexed.length === 0
        ? []
        : (await db.selectFrom('embeddingBacklog').select('alarmId').where('alarmId', 'in', notIndexed).execute()).map((r) => r.alarmId),
    );
    // Not indexed: an alarm whose snapshot held nothing to embed (nothing to compare), or one the loop has not
    // reached yet (still in the backlog). The search indexes at most this many of those itself (newest first; each
    // runs the detector and the extractor): the work one request causes is bounded, loop or not.
    const limit = services.config.retrievalIndex.searchEmbedLimit;
    let embedded = 0;
    let pending = 0;
    for (const id of notIndexed) {
      if (!backlog.has(id)) continue;
      if (embedded >= limit) {
        pending += 1;
        continue;
      }
      embedded += 1;
      const row = (await db.selectFrom('alarms').select(['id', 'imagePath', 'boxX', 'boxY', 'boxW', 'boxH', 'imageWidth', 'imageHeight']).where('id', '=', id).executeTakeFirst()) as Candidate | undefined;
      // Stored in the table and in the index (storeAlarmObjects).
      if (row) await indexAlarm(db, row, services.config.dataDir);
      await db.deleteFrom('embeddingBacklog').where('alarmId', '=', id).execute();
    }
    // Place in the newest-first order: the tie-break after similarity.
    const order = new Map<number, number>();
    let cropCount = 0;
    for (const [place, id] of withImage.entries()) {
      const crops = index.cropsOf(id);
      if (crops === 0) continue;
      order.set(id, place);
      cropCount += crops;
    }
    const candidates = Number(listed.n);
    const compared = candidates - pending - loading;
    const scored = index.search(vectors, order, threshold);
    // The page's matched objects now, before any await lets the index change.
    const pageHits = scored.slice(page.offset, page.offset + page.pageSize).map((h) => {
      const match = index.matchOf(h);
      return { id: h.alarmId, match, queryImage: queries[match.query]?.image ?? 0 };
    });
    const rows = pageHits.length
      ? ((await db
          .selectFrom('alarms')
          .select(COLUMNS)
          .where(
            'id',
            'in',
            pageHits.map((h) => h.id),
          )
          .execute()) as Row[])
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const list = pageHits.flatMap((h) => {
      const row = byId.get(h.id);
      return row ? [toHit(row, body.objType, h)] : [];
    });
    const imageSearch = { candidates, compared, indexing: pending, loading, embedded, queryObjects: queries.length, crops: cropCount, threshold };
    return { ...pageResult(list, scored.length, page), imageSearch };
  },
};

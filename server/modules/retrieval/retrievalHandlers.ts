// searchTargetRetrieval: the objects detected in alarms, found by the §3 attributes (newest first, paged in the
// database) or by 1–3 images — each query image's objects against every candidate alarm's objects (its own box and
// what the detector found on its snapshot, retrieval_crops), crop against crop; an alarm ranks by its best pair.
// Candidates are the newest MAX_CANDIDATES alarms within the filters; their vectors come from the per-process
// crop index (cropIndex.ts). The index loop (indexLoop.ts) indexes alarms as they are stored; a search indexes
// only candidates it has not reached — at most config.retrievalIndex.searchEmbedLimit (the rest are counted as
// still being indexed and not compared).
import { DEFAULT_SIMILARITY } from '../../../src/domain/retrievalThreshold.ts';
import { fileSigner } from '../../http/fileSigning.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { ApiError } from '../../http/apiError.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { pageResult } from '../shared/records.ts';
import type { Candidate } from './candidateKeys.ts';
import { type AlarmCrops, bestMatch, cropIndex } from './cropIndex.ts';
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

function toHit(row: Row, objType: Hit['objType'], found: { similarity: number; crops: AlarmCrops; crop: number; queryImage: number } | null): Hit {
  const url = `/warn/event/image/${row.id}`;
  let match: Hit['match'] = null;
  if (found) {
    const b = found.crops.boxes.subarray(found.crop * 4, found.crop * 4 + 4);
    const [w, h] = [row.imageWidth, row.imageHeight];
    match = {
      box: [r1(b[0] * w), r1(b[1] * h), r1(b[2] * w), r1(b[3] * h)],
      label: found.crops.labels[found.crop] ?? null,
      own: found.crops.objectNos[found.crop] === 0,
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
    similarity: found ? r4(Math.min(1, Math.max(0, found.similarity))) : null,
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
    // Ids first (a narrow scan); the hits' whole rows are read for the page alone.
    const candidates = await matching().select(['id', 'alarmTime', 'imagePath']).orderBy('alarmTime', 'desc').orderBy('id', 'desc').limit(MAX_CANDIDATES).execute();
    const crops = await cropIndex.crops(
      db,
      candidates.filter((c) => c.imagePath).map((c) => c.id),
    );
    const backlog = new Set(
      crops.size === candidates.length
        ? []
        : (
            await db
              .selectFrom('embeddingBacklog')
              .select('alarmId')
              .where(
                'alarmId',
                'in',
                candidates.filter((c) => c.imagePath && !crops.has(c.id)).map((c) => c.id),
              )
              .execute()
          ).map((r) => r.alarmId),
    );
    // The search indexes at most this many candidates itself (newest first; each runs the detector and the
    // extractor): the work one request causes is bounded, loop or not.
    const limit = services.config.retrievalIndex.searchEmbedLimit;
    let embedded = 0;
    let pending = 0;
    let compared = 0;
    let cropCount = 0;
    const scored: { id: number; time: number; similarity: number; crops: AlarmCrops; crop: number; queryImage: number }[] = [];
    for (const c of candidates) {
      let mine = crops.get(c.id);
      // Not indexed: an alarm without a snapshot or whose snapshot held nothing to embed (nothing to compare), or
      // one the loop has not reached yet (still in the backlog: this search indexes it, within its limit).
      if (!mine && backlog.has(c.id)) {
        if (embedded >= limit) {
          pending += 1;
          continue;
        }
        embedded += 1;
        const row = (await db.selectFrom('alarms').select(['id', 'imagePath', 'boxX', 'boxY', 'boxW', 'boxH', 'imageWidth', 'imageHeight']).where('id', '=', c.id).executeTakeFirst()) as Candidate | undefined;
        if (row) await indexAlarm(db, row, services.config.dataDir);
        await db.deleteFrom('embeddingBacklog').where('alarmId', '=', c.id).execute();
        mine = (await cropIndex.crops(db, [c.id])).get(c.id);
      }
      compared += 1;
      if (!mine) continue;
      cropCount += mine.labels.length;
      const best = bestMatch(vectors, mine);
      if (best.similarity >= threshold) {
        scored.push({ id: c.id, time: c.alarmTime.getTime(), similarity: best.similarity, crops: mine, crop: best.crop, queryImage: queries[best.query]?.image ?? 0 });
      }
    }
    scored.sort((a, b) => b.similarity - a.similarity || b.time - a.time || b.id - a.id);
    const pageHits = scored.slice(page.offset, page.offset + page.pageSize);
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
    const imageSearch = { candidates: candidates.length, compared, indexing: pending, embedded, queryObjects: queries.length, crops: cropCount, threshold };
    return { ...pageResult(list, scored.length, page), imageSearch };
  },
};

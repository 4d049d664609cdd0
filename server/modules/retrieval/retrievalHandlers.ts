// searchTargetRetrieval: the objects detected in alarms, found by the §3 attributes (newest first, paged in the
// database) or by 1–3 images (ranked by embedding similarity over the newest MAX_CANDIDATES matching alarms). The
// index loop (indexLoop.ts) embeds alarms as they are stored; a search embeds only candidates it has not reached —
// at most config.retrievalIndex.searchEmbedLimit (50: about 100 images, 1–2 s here) while the loop runs (the rest
// are counted as still being indexed and not compared), all of them when it is off.
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { ApiError } from '../../http/apiError.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { pageResult } from '../shared/records.ts';
import { DEFAULT_SIMILARITY } from '../../../src/domain/retrievalThreshold.ts';
import type { Candidate } from './candidateKeys.ts';
import { bestSimilarity, cachedCandidateVectors, candidateVectors, queryVectors } from './retrievalImages.ts';
import { checkAttributes, checkWindow, MAX_QUERY_IMAGES, matchingAlarms } from './retrievalQuery.ts';

/** An image search compares at most this many alarms: the newest within the filters (the contract says so). */
export const MAX_CANDIDATES = 1000;

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

function toHit(row: Row, objType: Hit['objType'], similarity: number | null): Hit {
  const url = `/warn/event/image/${row.id}`;
  return {
    id: row.id,
    objType,
    cameraId: row.cameraId,
    cameraName: row.cameraName,
    captureTime: formatTime(row.alarmTime) as string,
    imageUrl: url,
    targetUrl: url,
    box: [row.boxX, row.boxY, row.boxX + row.boxW, row.boxY + row.boxH],
    similarity: similarity === null ? null : Math.round(similarity * 10000) / 10000,
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

    const queries = await queryVectors(db, images, services.config.dataDir);
    const threshold = body.similarity ?? DEFAULT_SIMILARITY;
    const candidates = (await matching().select(COLUMNS).orderBy('alarmTime', 'desc').orderBy('id', 'desc').limit(MAX_CANDIDATES).execute()) as Row[];
    const cached = await cachedCandidateVectors(db, candidates);
    // While the index loop runs, the search embeds at most this many candidates itself (newest first).
    const limit = services.retrievalIndex ? services.config.retrievalIndex.searchEmbedLimit : Number.POSITIVE_INFINITY;
    const hits: { row: Row; similarity: number }[] = [];
    let embedded = 0;
    let pending = 0;
    for (const row of candidates) {
      // An alarm without a snapshot has nothing to compare (and nothing to embed).
      let vectors = row.imagePath ? cached.get(row.id) : [];
      if (!vectors) {
        if (embedded >= limit) {
          pending += 1;
          continue;
        }
        embedded += 1;
        vectors = await candidateVectors(db, row, services.config.dataDir);
      }
      const similarity = bestSimilarity(queries, vectors);
      if (similarity >= threshold) hits.push({ row, similarity });
    }
    hits.sort((a, b) => b.similarity - a.similarity || b.row.alarmTime.getTime() - a.row.alarmTime.getTime() || b.row.id - a.row.id);
    const list = hits.slice(page.offset, page.offset + page.pageSize).map((h) => toHit(h.row, body.objType, h.similarity));
    const imageSearch = { candidates: candidates.length, compared: candidates.length - pending, indexing: pending, embedded, threshold };
    return { ...pageResult(list, hits.length, page), imageSearch };
  },
};

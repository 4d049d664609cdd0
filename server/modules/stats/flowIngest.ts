// POST /ingest/flow: an edge box posts passenger-flow counts per camera, counting line and direction per minute.
// Authenticated by the box's own credentials, like alarm ingest; each key is stored once (a repeat is reported).
import { type Insertable, type Kysely, sql } from 'kysely';
import type { FlowCountTable } from '../../db/dashTables.ts';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { parseTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { authenticateBox } from '../edgeBox/boxAuth.ts';
import type { Ctx } from '../shared/contractTypes.ts';

const KEEP_MS = 30 * 86400_000;
const FUTURE_SLACK_MS = 60_000;

export const flowIngestHandlers: HandlerMap = {
  async ingestFlow({ db, req, body }: Ctx<'ingestFlow'>) {
    const boxId = await authenticateBox(db, req);
    const now = Date.now();
    const rows = body.records.map((r, index) => {
      const minute = parseTime(r.minute);
      if (minute.getSeconds() !== 0 || minute.getTime() > now + FUTURE_SLACK_MS || minute.getTime() < now - KEEP_MS) {
        throw new ApiError(400, 'stats.flow.minute', { index });
      }
      return { cameraId: r.cameraId, line: r.line, direction: r.direction === 'in' ? (1 as const) : (2 as const), minute, count: r.count, boxId, simulated: body.simulated ?? false };
    });
    const cameraIds = [...new Set(rows.map((r) => r.cameraId))];
    const bound = await db.selectFrom('devices').select('id').where('id', 'in', cameraIds).where('boxId', '=', boxId).execute();
    const mine = new Set(bound.map((d) => d.id));
    const foreign = cameraIds.find((id) => !mine.has(id));
    if (foreign !== undefined) throw new ApiError(403, 'stats.flow.foreignCamera', { cameraId: foreign });
    const stored = await storeFlowCounts(db, rows);
    return { stored, repeated: rows.length - stored };
  },
};

export type FlowRow = Insertable<FlowCountTable>;

/** Stores counts in one statement (all or none); a stored key is kept as it is. Answers how many were new. */
export async function storeFlowCounts(db: Kysely<Database>, rows: FlowRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const stored = await db
    .insertInto('flowCounts')
    .values(rows)
    .onConflict((oc) => oc.columns(['cameraId', 'line', 'direction', 'minute']).doNothing())
    .returning(sql<number>`1`.as('one'))
    .execute();
  return stored.length;
}

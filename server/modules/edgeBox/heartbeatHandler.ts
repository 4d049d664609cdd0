// POST /ingest/heartbeat: an edge box (or a simulated one) says it is alive, reports its figures and the run state
// of its cameras, and receives its queued commands and what it should run. Authenticated like alarm ingest.
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { authenticateBox } from './boxAuth.ts';
import { recordBoxHeartbeat } from './boxStatus.ts';

export const heartbeatHandlers: HandlerMap = {
  async ingestHeartbeat({ db, req, body }: Ctx<'ingestHeartbeat'>) {
    const boxId = await authenticateBox(db, req);
    return recordBoxHeartbeat(db, boxId, body ?? {});
  },
};

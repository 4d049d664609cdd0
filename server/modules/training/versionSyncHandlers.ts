// Syncing a trained version to edge boxes (contract: syncTrainVersion, listTrainVersionSyncs). The console queues a
// published version for boxes; each box takes it with its next heartbeat and acknowledges it (versionSyncStore.ts).
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { boxOnlineMap } from '../edgeBox/boxStatus.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { readVersion } from './versionHandlers.ts';
import { queueModelSyncs } from './versionSyncStore.ts';

const MAX_BOXES = 500;

async function syncList(db: Kysely<Database>, versionId: number): Promise<Schema<'TrainVersionSyncList'>> {
  const boxes = await db.selectFrom('edgeBoxes').select(['id', 'name', 'simulated']).orderBy('id').limit(MAX_BOXES).execute();
  const online = await boxOnlineMap(
    db,
    boxes.map((b) => b.id),
  );
  const syncs = await db
    .selectFrom('trainVersionSyncs as s')
    .innerJoin('edgeBoxes as b', 'b.id', 's.boxId')
    .select(['s.boxId', 'b.name as boxName', 's.status', 's.reason', 's.createdAt', 's.deliveredAt', 's.finishedAt'])
    .where('s.versionId', '=', versionId)
    .orderBy('s.boxId')
    .limit(MAX_BOXES)
    .execute();
  return {
    versionId,
    boxes: boxes.map((b) => ({ id: b.id, name: b.name, online: online.get(b.id) ?? false, simulated: b.simulated })),
    syncs: syncs.map((s) => ({
      boxId: s.boxId,
      boxName: s.boxName,
      status: s.status,
      reason: s.reason,
      createTime: formatTime(s.createdAt) as string,
      deliveredTime: formatTime(s.deliveredAt),
      finishedTime: formatTime(s.finishedAt),
    })),
  };
}

export const versionSyncHandlers: HandlerMap = {
  async syncTrainVersion({ db, body, user }: Ctx<'syncTrainVersion'>) {
    const seen = new Set<number>();
    for (const id of body.boxIds) {
      if (seen.has(id)) throw new ApiError(400, 'training.syncBoxRepeat', { boxId: id });
      seen.add(id);
    }
    const version = await readVersion(db, body.versionId);
    const known = await db.selectFrom('edgeBoxes').select('id').where('id', 'in', [...seen]).execute();
    const unknown = body.boxIds.find((id) => !known.some((b) => b.id === id));
    if (unknown !== undefined) throw notFound('entity.edgeBox', unknown);
    // The publication is checked by the statement that writes (a withdraw racing this call cannot slip between).
    const queued = await queueModelSyncs(db, version.id, [...seen], user?.username ?? '');
    if (!queued) throw new ApiError(409, 'training.syncNotPublished', { version: `${version.algorithmName} ${version.version}` });
    return syncList(db, version.id);
  },

  async listTrainVersionSyncs({ db, query }: Ctx<'listTrainVersionSyncs'>) {
    const version = await readVersion(db, query.versionId);
    return syncList(db, version.id);
  },
};

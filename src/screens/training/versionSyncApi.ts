// Calls about syncing a trained version to edge boxes (contract tag uploads): the boxes with the version's syncs,
// and queueing the version for chosen boxes. Quiet: the sync panel shows failures in place.
import { ApiFailure, api, orThrow } from '../../api/client.ts';
import type { TrainVersionSync, TrainVersionSyncBox, TrainVersionSyncList, TrainVersionSyncStatus as TrainSyncStatus } from '../../api/schema.gen.ts';

export type { TrainVersionSyncList, TrainVersionSync, TrainVersionSyncBox, TrainSyncStatus };

const quiet = true;

export async function listVersionSyncs(versionId: number, signal?: AbortSignal): Promise<TrainVersionSyncList> {
  const list = await orThrow(api.get('/warehouse/train/version/syncs', { params: { query: { versionId } }, signal, quiet }));
  if (!list) throw new ApiFailure(500, 'no syncs in the answer');
  return list;
}

export async function syncVersion(versionId: number, boxIds: number[]): Promise<TrainVersionSyncList> {
  const list = await orThrow(api.post('/warehouse/train/version/sync', { body: { versionId, boxIds }, quiet }));
  if (!list) throw new ApiFailure(500, 'no syncs in the answer');
  return list;
}

/** A sync still on its way: the status table keeps refreshing while there is one. */
export const inFlight = (status: TrainSyncStatus) => status === 'pending' || status === 'delivered';

/** How often the status table refreshes while a sync is on its way (boxes heartbeat every 10–30 s). */
export const SYNC_POLL_MS = 2000;

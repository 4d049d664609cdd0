// Calls of the edge-box screens (contract tag edgeBox): list, register (the secret is answered once), edit,
// delete, restart, platform connection, box tasks. Quiet: the screens show failures where they happen.
import { api, orThrow } from '../../../api/client.ts';
import type {
  EdgeBox,
  EdgeBoxCreated,
  EdgeBoxInput,
  EdgeBoxPlatformConfig,
  EdgeBoxTask,
  EdgeBoxTaskInput,
  EdgeBoxUpdateInput,
} from '../../../api/schema.gen.ts';

export type { EdgeBox, EdgeBoxInput, EdgeBoxUpdateInput, EdgeBoxCreated, EdgeBoxPlatformConfig, EdgeBoxTask, EdgeBoxTaskInput };

const quiet = true;

export async function listBoxes(filters: { keyword: string; status: string }, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const status = filters.status === 'online' || filters.status === 'offline' ? filters.status : undefined;
  const page = await orThrow(api.post('/edgeBox/list', { body: { keyword: filters.keyword || undefined, status, pageNo, pageSize }, signal, quiet }));
  return page ?? { list: [], total: 0, pageNo, pageSize };
}

export async function addBox(body: EdgeBoxInput): Promise<EdgeBoxCreated> {
  const created = await orThrow(api.post('/edgeBox/add', { body, quiet }));
  if (!created) throw new Error('no box in the answer');
  return created;
}

export async function updateBox(body: EdgeBoxUpdateInput): Promise<void> {
  await orThrow(api.put('/edgeBox/update', { body, quiet }));
}

export async function deleteBoxes(ids: number[]): Promise<void> {
  await orThrow(api.delete('/edgeBox/delete', { body: { ids }, quiet }));
}

export async function restartBox(boxId: number): Promise<void> {
  await orThrow(api.post('/edgeBox/restart', { body: { boxId }, quiet }));
}

export async function platformConfig(boxId: number, signal?: AbortSignal): Promise<EdgeBoxPlatformConfig> {
  const config = await orThrow(api.get('/edgeBox/platformConfig', { params: { query: { boxId } }, signal, quiet }));
  if (!config) throw new Error('no configuration in the answer');
  return config;
}

export async function savePlatformConfig(body: EdgeBoxPlatformConfig): Promise<void> {
  await orThrow(api.post('/edgeBox/platformConfig', { body, quiet }));
}

export async function boxTask(boxId: number, signal?: AbortSignal): Promise<EdgeBoxTask> {
  const task = await orThrow(api.get('/edgeBox/boxTask', { params: { query: { boxId } }, signal, quiet }));
  if (!task) throw new Error('no task in the answer');
  return task;
}

export async function saveBoxTask(body: EdgeBoxTaskInput): Promise<void> {
  await orThrow(api.post('/edgeBox/boxTask', { body, quiet }));
}

export async function freeDevices(signal?: AbortSignal) {
  return (await orThrow(api.get('/device/free', { signal, quiet }))) ?? [];
}

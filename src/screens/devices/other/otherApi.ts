// Calls of the "other configuration" screen: scenes (contract tag scenes), the recheck service address and the
// analysis server's video cards (tag devices).
import { api, orThrow } from '../../../api/client.ts';
import type { DeviceVideoCard as VideoCard, Scene, SceneInput } from '../../../api/schema.gen.ts';

export type { Scene, SceneInput, VideoCard };

const quiet = true;

export async function listScenes(sceneName: string, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const page = await orThrow(api.post('/scene/table', { body: { sceneName: sceneName || undefined, pageNo, pageSize }, signal, quiet }));
  return page ?? { list: [], total: 0, pageNo, pageSize };
}

export async function addScene(body: SceneInput): Promise<void> {
  await orThrow(api.post('/scene/add', { body, quiet }));
}

export async function editScene(id: number, body: SceneInput): Promise<void> {
  await orThrow(api.put('/scene/edit', { body: { ...body, id }, quiet }));
}

export async function deleteScenes(ids: number[]): Promise<void> {
  await orThrow(api.delete('/scene/delete', { body: { sceneIdList: ids }, quiet }));
}

/** The catalogue's events and violation types (checked: held by `sceneId`). */
export async function sceneChoices(sceneId: number, signal?: AbortSignal) {
  const [events, violations] = await Promise.all([
    orThrow(api.get('/scene/menuEvents', { params: { query: { sceneId } }, signal, quiet })),
    orThrow(api.get('/scene/violations', { params: { query: { sceneId } }, signal, quiet })),
  ]);
  return { events: events ?? [], violations: violations ?? [] };
}

export async function recheckAddress(signal?: AbortSignal) {
  return (await orThrow(api.get('/device/recheckIp', { signal, quiet }))) ?? { ip: null, port: null };
}

export async function saveRecheckAddress(ip: string, port: number): Promise<void> {
  await orThrow(api.post('/device/recheckIp', { body: { ip, port }, quiet }));
}

export async function videoCards(signal?: AbortSignal): Promise<VideoCard[]> {
  return (await orThrow(api.get('/device/videoCard', { signal, quiet }))) ?? [];
}

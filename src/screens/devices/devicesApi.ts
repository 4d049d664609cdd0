// Calls of the device screens (contract tags devices, scenes, edgeBox): one typed function per operation over the
// shared client. They are `quiet`: a screen shows a failure where it happened (dialog, table, panel). A failure
// is thrown as ApiFailure with the server's message ("no snapshot obtained", "box offline", …).
import { api, orThrow } from '../../api/client.ts';
import { type UploadWatch, watchUpload } from '../../api/progressFetch.ts';
import { downloadFile } from '../../api/download.ts';
import type {
  Device,
  DeviceBatchResult,
  DeviceEventAreaConfig as EventAreaConfig,
  DeviceEventBrief,
  DeviceEventConfigSaved as SavedEventConfig,
  DeviceInfo,
  DeviceInput,
  DeviceSnapshot,
  DeviceUpdateInput,
  RecheckAlgorithm,
  Scene,
  SceneMenuEvent,
} from '../../api/schema.gen.ts';

export type {
  Device,
  DeviceInfo,
  DeviceInput,
  DeviceUpdateInput,
  DeviceSnapshot,
  DeviceBatchResult,
  DeviceEventBrief,
  EventAreaConfig,
  SavedEventConfig,
  Scene,
  RecheckAlgorithm,
  SceneMenuEvent,
};
export type DeviceKind = Device['kind'];

const quiet = true;

/** The list filters of §4 as the URL keeps them (strings; empty = any). */
export interface DeviceFilters {
  keyword: string;
  sceneId: string;
  startState: string;
  createdWithin: string;
  /** Only the devices bound to this edge box. */
  boxId: string;
}

const int = (text: string) => (/^\d+$/.test(text) ? Number(text) : undefined);

export function deviceQuery(filters: Partial<DeviceFilters>) {
  const startState = int(filters.startState ?? '');
  const createdWithin = int(filters.createdWithin ?? '');
  return {
    keyword: filters.keyword || undefined,
    sceneId: int(filters.sceneId ?? ''),
    startState: startState === 1 || startState === 2 ? startState : undefined,
    createdWithin: createdWithin === 1 || createdWithin === 2 || createdWithin === 3 ? createdWithin : undefined,
    boxId: int(filters.boxId ?? ''),
  } as const;
}

const LIST_PATH = { normal: '/device/list', image: '/device/imageList', offline: '/device/offlineList' } as const;

export async function listDevices(kind: DeviceKind, filters: Partial<DeviceFilters>, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const { boxId, ...rest } = deviceQuery(filters);
  // Offline videos are never bound to a box.
  const query = { ...rest, ...(kind === 'offline' ? {} : { boxId }), pageNo, pageSize };
  const page = await orThrow(api.get(LIST_PATH[kind], { params: { query }, signal, quiet }));
  return page ?? { list: [], total: 0, pageNo, pageSize };
}

export async function cameraInfo(cameraId: number, signal?: AbortSignal): Promise<DeviceInfo> {
  const info = await orThrow(api.get('/device/cameraInfo', { params: { query: { cameraId } }, signal, quiet }));
  if (!info) throw new Error('no device in the answer');
  return info;
}

export async function addDevice(body: DeviceInput): Promise<number> {
  return (await orThrow(api.post('/device/add', { body, quiet })))?.id ?? 0;
}

export async function updateDevice(body: DeviceUpdateInput): Promise<void> {
  await orThrow(api.put('/device/update', { body, quiet }));
}

export async function deleteDevices(kind: DeviceKind, ids: number[]): Promise<void> {
  if (kind === 'offline') await orThrow(api.delete('/device/offline/delete', { body: { ids }, quiet }));
  else await orThrow(api.delete('/device/delete', { body: { ids }, quiet }));
}

export async function startDevice(cameraId: number, eventId?: number): Promise<void> {
  await orThrow(api.put('/device/start', { body: { cameraId, eventId }, quiet }));
}

export async function stopDevice(cameraId: number, eventId?: number): Promise<void> {
  await orThrow(api.put('/device/stop', { body: { cameraId, eventId }, quiet }));
}

export async function batchStartDevices(cameraIds: number[]): Promise<DeviceBatchResult> {
  return (await orThrow(api.put('/device/batchStart', { body: { cameraIds }, quiet }))) ?? { succeeded: [], failed: [] };
}

export async function batchStopDevices(cameraIds: number[]): Promise<DeviceBatchResult> {
  return (await orThrow(api.put('/device/batchStop', { body: { cameraIds }, quiet }))) ?? { succeeded: [], failed: [] };
}

/** A fresh snapshot (or the latest picture of an image device); the server records the frame size. */
export async function takeSnapshot(cameraId: number, signal?: AbortSignal): Promise<DeviceSnapshot> {
  const snapshot = await orThrow(api.get('/device/snapshot', { params: { query: { cameraId } }, signal, quiet }));
  if (!snapshot) throw new Error('no snapshot in the answer');
  return snapshot;
}

/** Uploads the picture areas are drawn on (image cameras, unreachable live ones); answers it as the snapshot. */
export async function uploadSnapshot(cameraId: number, file: File): Promise<DeviceSnapshot> {
  const snapshot = await orThrow(
    api.post('/device/snapshot/upload', {
      // The contract types a binary field as string; the serializer sends the File itself.
      body: { cameraId, file: file as unknown as string },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('cameraId', String(body.cameraId));
        form.append('file', body.file as unknown as Blob);
        return form;
      },
      quiet,
    }),
  );
  if (!snapshot) throw new Error('no snapshot in the answer');
  return snapshot;
}

export async function allScenes(signal?: AbortSignal): Promise<Scene[]> {
  return (await orThrow(api.get('/device/scenes', { signal, quiet }))) ?? [];
}

export async function sceneEvents(sceneId: number, signal?: AbortSignal): Promise<SceneMenuEvent[]> {
  return (await orThrow(api.get('/scene/menuEvents', { params: { query: { sceneId } }, signal, quiet }))) ?? [];
}

/** Adds events (with the schema defaults) to cameras, or removes them. */
export async function changeEventTypes(cameraIds: number[], eventIds: number[], mode: 'add' | 'remove' | 'replace') {
  return orThrow(api.post('/device/eventType/batch', { body: { cameraIds, eventIds, mode }, quiet }));
}

export async function eventConfigs(cameraId: number, typeId: number, signal?: AbortSignal): Promise<SavedEventConfig[]> {
  return (await orThrow(api.get('/device/eventConfig/byPoint', { params: { query: { cameraId, type: typeId } }, signal, quiet }))) ?? [];
}

export async function saveEventConfig(body: EventAreaConfig): Promise<SavedEventConfig> {
  const saved = await orThrow(api.post('/device/eventConfig/save', { body, quiet }));
  if (!saved) throw new Error('no configuration in the answer');
  return saved;
}

/** The trained algorithms an event can use for second identification (those with a published version). */
export async function recheckAlgorithms(signal?: AbortSignal): Promise<RecheckAlgorithm[]> {
  return (await orThrow(api.get('/device/recheckAlgorithms', { signal, quiet }))) ?? [];
}

export async function deleteEventConfigs(ids: number[]): Promise<void> {
  await orThrow(api.delete('/device/eventConfig/delete', { body: { ids }, quiet }));
}

export async function exportDevices(kind: DeviceKind, filters: Partial<DeviceFilters>, fileName: string) {
  return downloadFile('/device/exportBySearch', { kind, ...deviceQuery(filters) }, fileName, { quiet });
}

export async function uploadOfflineVideo(file: File, name: string, sceneId: number | undefined, watch?: UploadWatch): Promise<Device> {
  const device = await orThrow(
    api.post('/device/offline/upload', {
      // The contract types a binary field as string; the serializer sends the File itself.
      body: { file: file as unknown as string, name, sceneId },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', body.file as unknown as Blob);
        if (body.name) form.append('name', body.name);
        if (body.sceneId !== undefined) form.append('sceneId', String(body.sceneId));
        return form;
      },
      quiet,
      ...watchUpload(watch),
    }),
  );
  if (!device) throw new Error('no device in the answer');
  return device;
}

export interface BoxOption {
  id: number;
  name: string;
  status: 'online' | 'offline';
}

/** Every edge box, for pickers. */
export async function boxOptions(signal?: AbortSignal): Promise<BoxOption[]> {
  const page = await orThrow(api.post('/edgeBox/list', { body: { pageNo: 1, pageSize: 500 }, signal, quiet }));
  return (page?.list ?? []).map((box) => ({ id: box.id, name: box.name, status: box.status }));
}

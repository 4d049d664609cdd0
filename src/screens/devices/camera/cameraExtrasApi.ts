// Calls of the camera screen's extra settings (contract tag devices): the analysis frame rate, alarm outputs
// (http / mqtt / kafka forwarding), re-sending the saved event configurations, and the cross-camera link.
import { api, orThrow } from '../../../api/client.ts';
import type { DeviceCrossCameraConfig as CrossCameraConfig, DeviceFps, DeviceOutput, DeviceOutputInput } from '../../../api/schema.gen.ts';

export type { DeviceFps, DeviceOutput, DeviceOutputInput, CrossCameraConfig };

const quiet = true;

export async function deviceFps(cameraId: number, signal?: AbortSignal): Promise<DeviceFps> {
  const fps = await orThrow(api.get('/device/fps', { params: { query: { cameraId } }, signal, quiet }));
  if (!fps) throw new Error('no frame rate in the answer');
  return fps;
}

export async function editDeviceFps(cameraId: number, fps: number): Promise<void> {
  await orThrow(api.post('/device/fps/edit', { body: { cameraId, fps }, quiet }));
}

export async function addOutput(body: DeviceOutputInput): Promise<number> {
  return (await orThrow(api.post('/device/output/add', { body, quiet })))?.id ?? 0;
}

export async function deleteOutputs(ids: number[]): Promise<void> {
  await orThrow(api.delete('/device/output/delete', { body: { ids }, quiet }));
}

export async function syncEventConfig(cameraId: number, eventId?: number): Promise<number> {
  return (await orThrow(api.put('/device/eventConfig/sync', { body: { cameraId, eventId }, quiet })))?.synced ?? 0;
}

export async function saveCrossCamera(body: CrossCameraConfig): Promise<number> {
  return (await orThrow(api.post('/device/crossCameraConfig', { body, quiet })))?.id ?? 0;
}

// Calls of the camera catalogue and control units (contract tag cameras), shown as tabs of /otherConfig: the
// console has no route of their own (src/routes.ts), so they live with the other device settings.
import { api, orThrow } from '../../../api/client.ts';
import type { CameraEntry, CameraEntryInput, CtrlUnit, CtrlUnitInput } from '../../../api/schema.gen.ts';

export type { CameraEntry, CameraEntryInput, CtrlUnit, CtrlUnitInput };

const quiet = true;

export async function listCameraEntries(keyword: string, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const page = await orThrow(api.post('/camera/list', { body: { keyword: keyword || undefined, pageNo, pageSize }, signal, quiet }));
  return page ?? { list: [], total: 0, pageNo, pageSize };
}
export async function addCameraEntry(body: CameraEntryInput): Promise<void> {
  await orThrow(api.post('/camera/add', { body, quiet }));
}
export async function updateCameraEntry(id: number, body: CameraEntryInput): Promise<void> {
  await orThrow(api.put('/camera/update', { body: { ...body, id }, quiet }));
}
export async function deleteCameraEntries(ids: number[]): Promise<void> {
  await orThrow(api.delete('/camera/delete', { body: { ids }, quiet }));
}

export async function listCtrlUnits(keyword: string, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const page = await orThrow(api.post('/ctrlunit/list', { body: { keyword: keyword || undefined, pageNo, pageSize }, signal, quiet }));
  return page ?? { list: [], total: 0, pageNo, pageSize };
}
/** Every unit, for the parent and owner pickers. */
export async function allCtrlUnits(signal?: AbortSignal): Promise<{ value: number; label: string }[]> {
  const page = await listCtrlUnits('', 1, 500, signal);
  return page.list.map((unit) => ({ value: unit.id, label: `${unit.name} (${unit.code})` }));
}
export async function addCtrlUnit(body: CtrlUnitInput): Promise<void> {
  await orThrow(api.post('/ctrlunit/add', { body, quiet }));
}
export async function updateCtrlUnit(id: number, body: CtrlUnitInput): Promise<void> {
  await orThrow(api.put('/ctrlunit/update', { body: { ...body, id }, quiet }));
}
export async function deleteCtrlUnits(ids: number[]): Promise<void> {
  await orThrow(api.delete('/ctrlunit/delete', { body: { ids }, quiet }));
}

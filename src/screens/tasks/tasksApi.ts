// Calls of the task screens (contract tags tasks and plans): detection tasks and planned tasks. Quiet: the screens
// show failures where they happen (a 409 "box offline" in the confirmation dialog, a 400 in the form).
import { api, orThrow } from '../../api/client.ts';
import type { DetectionTask, DetectionTaskBatchResult as TaskBatchResult, DetectionTaskConfig, TaskPlan, TaskPlanInput } from '../../api/schema.gen.ts';

export type { DetectionTask, DetectionTaskConfig, TaskBatchResult, TaskPlan, TaskPlanInput };

const quiet = true;
const int = (text: string) => (/^\d+$/.test(text) ? Number(text) : undefined);

export async function listTasks(filters: { keyword: string; startState: string }, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const startState = int(filters.startState);
  const body = { keyword: filters.keyword || undefined, startState: startState === 1 || startState === 2 ? (startState as 1 | 2) : undefined, pageNo, pageSize };
  const page = await orThrow(api.post('/task/list', { body, signal, quiet }));
  return page ?? { list: [], total: 0, pageNo, pageSize };
}

export async function getTask(id: number, signal?: AbortSignal): Promise<DetectionTask> {
  const task = await orThrow(api.get('/task/query/{id}', { params: { path: { id } }, signal, quiet }));
  if (!task) throw new Error('no task in the answer');
  return task;
}

export async function addTask(cameraId: number, name: string): Promise<number> {
  // An empty configuration: the server stores every default of §9.
  return (await orThrow(api.post('/task/addTask', { body: { cameraId, name, config: {} }, quiet })))?.id ?? 0;
}

export async function updateTask(id: number, name: string, config: DetectionTaskConfig): Promise<void> {
  await orThrow(api.post('/task/updateTask', { body: { id, name, config }, quiet }));
}

export async function startTask(id: number): Promise<void> {
  await orThrow(api.post('/task/start', { body: { id }, quiet }));
}

export async function stopTask(id: number): Promise<void> {
  await orThrow(api.post('/task/stop', { body: { id }, quiet }));
}

export async function batchTasks(ids: number[], start: boolean): Promise<TaskBatchResult> {
  const result = await orThrow(api.post(start ? '/task/batchStart' : '/task/batchStop', { body: { ids }, quiet }));
  return result ?? { succeeded: [], failed: [] };
}

export async function deleteTasks(ids: number[]): Promise<void> {
  await orThrow(api.delete('/task/delete', { body: { ids }, quiet }));
}

export async function listPlans(keyword: string, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const page = await orThrow(api.post('/taskPlan/list', { body: { keyword: keyword || undefined, pageNo, pageSize }, signal, quiet }));
  return page ?? { list: [], total: 0, pageNo, pageSize };
}

export async function savePlan(id: number | null, body: TaskPlanInput): Promise<void> {
  if (id === null) await orThrow(api.post('/taskPlan/add', { body, quiet }));
  else await orThrow(api.post('/taskPlan/update', { body: { ...body, id }, quiet }));
}

export async function deletePlans(ids: number[]): Promise<void> {
  await orThrow(api.post('/taskPlan/delete', { body: { ids }, quiet }));
}

export async function executePlan(id: number) {
  return (await orThrow(api.post('/taskPlan/executePlan', { body: { id }, quiet }))) ?? { succeeded: [], failed: [] };
}

/** Cameras (live and picture) for pickers: id and name. */
export async function cameraOptions(signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  const [live, image] = await Promise.all([
    orThrow(api.get('/device/list', { params: { query: { pageNo: 1, pageSize: 500 } }, signal, quiet })),
    orThrow(api.get('/device/imageList', { params: { query: { pageNo: 1, pageSize: 500 } }, signal, quiet })),
  ]);
  return [...(live?.list ?? []), ...(image?.list ?? [])].map((device) => ({ id: device.id, name: device.name }));
}

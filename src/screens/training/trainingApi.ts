// Calls of the training screens (contract tag uploads, and the warehouse list of tag algorithms). Quiet: the
// screens show failures in place. Upload bodies are multipart; the contract types binary fields as strings, so a
// serializer sends the Files themselves.
import { ApiFailure, api, orThrow } from '../../api/client.ts';
import { progressFetch, type UploadProgress } from '../../api/progressFetch.ts';
import type {
  EvalUploadResult as ValidationResult,
  TrainAugmentation,
  TrainHealth,
  TrainReport,
  TrainSample,
  TrainTask,
  WarehouseAlgorithm,
} from '../../api/schema.gen.ts';
import type { SampleCounts, SampleLabel } from '../../domain/trainingRules.ts';
import type { LoadedDataset, TrainedDetail } from '../../machines/training.machine.ts';
import type { JobSnapshot } from '../../machines/jobProgress.machine.ts';
import { listVersions } from './versionsApi.ts';

export type { WarehouseAlgorithm, TrainSample, TrainTask, TrainReport, TrainHealth, TrainAugmentation, ValidationResult };

const quiet = true;

export async function listWarehouse(name: string, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const body = { pageNo, pageSize, ...(name ? { name } : {}) };
  return (await orThrow(api.post('/custom/warehouse/list', { body, signal, quiet }))) ?? { list: [], total: 0, pageNo, pageSize };
}

export async function listSamples(algorithmId: number, label: SampleLabel | null, signal?: AbortSignal) {
  const body = { algorithmId, pageNo: 1, pageSize: 500, ...(label ? { label } : {}) };
  const page = await orThrow(api.post('/warehouse/samples/list', { body, signal, quiet }));
  if (!page) throw new ApiFailure(500, 'no samples in the answer');
  return page;
}

export async function getTrainTask(taskId: number, signal?: AbortSignal): Promise<TrainTask> {
  const task = await orThrow(api.get('/warehouse/train/progress/{id}', { params: { path: { id: taskId } }, signal, quiet }));
  if (!task) throw new ApiFailure(500, 'no training in the answer');
  return task;
}

/** The dataset as the wizard starts it: the counts, and the last training (running, or the version it made). */
export async function loadDataset(algorithmId: number): Promise<LoadedDataset<TrainReport>> {
  const page = await listSamples(algorithmId, null);
  const algorithm = await findAlgorithm(algorithmId);
  const empty = { counts: page.counts, trainTaskId: null, modelId: null, report: null, published: false };
  if (!algorithm?.lastTrainTaskId) return empty;
  const task = await getTrainTask(algorithm.lastTrainTaskId);
  if (task.state === 0 || task.state === 1) return { ...empty, trainTaskId: task.taskId };
  if (task.state === 2) {
    const versions = await listVersions(algorithmId);
    const published = versions.list.some((v) => v.modelId === task.modelId && v.published);
    return { ...empty, modelId: task.modelId ?? null, report: task.report ?? null, published };
  }
  return empty;
}

export async function findAlgorithm(algorithmId: number): Promise<WarehouseAlgorithm | null> {
  for (let pageNo = 1; pageNo <= 20; pageNo++) {
    const page = await listWarehouse('', pageNo, 100);
    const found = page.list.find((a) => a.id === algorithmId);
    if (found) return found;
    if (page.list.length < 100) return null;
  }
  return null;
}

export const multipart = (fields: Record<string, string>, files: [string, File][]) => () => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, file] of files) form.append(key, file, file.name);
  return form;
};

/** An upload's byte progress and its cancel (the signal), for the wizard's progress bar. */
export interface UploadWatch {
  onProgress(progress: UploadProgress): void;
  signal: AbortSignal;
}

const watched = (watch?: UploadWatch) => (watch ? { fetch: progressFetch(watch.onProgress), signal: watch.signal } : {});

export async function uploadImages(algorithmId: number, files: File[], watch?: UploadWatch): Promise<SampleCounts> {
  const answer = await orThrow(
    api.post('/warehouse/uploadAdjustmentFile', {
      body: { algorithmId, files: files as unknown as string[] },
      bodySerializer: multipart({ algorithmId: String(algorithmId) }, files.map((f) => ['files', f])),
      quiet,
      ...watched(watch),
    }),
  );
  if (!answer) throw new ApiFailure(500, 'no counts in the answer');
  return answer.counts;
}

export async function uploadZip(algorithmId: number, file: File, watch?: UploadWatch): Promise<SampleCounts> {
  const answer = await orThrow(
    api.post('/warehouse/uploadAdjustmentFileZip', {
      body: { algorithmId, file: file as unknown as string },
      bodySerializer: multipart({ algorithmId: String(algorithmId) }, [['file', file]]),
      quiet,
      ...watched(watch),
    }),
  );
  if (!answer) throw new ApiFailure(500, 'no counts in the answer');
  return answer.counts;
}

export async function classifySamples(ids: number[], label: SampleLabel): Promise<SampleCounts> {
  const counts = await orThrow(api.put('/warehouse/samples/classify', { body: { ids, label }, quiet }));
  if (!counts) throw new ApiFailure(500, 'no counts in the answer');
  return counts;
}

/** Deletes, then answers the algorithm's new counts (the delete itself answers none). */
export async function deleteSamples(algorithmId: number, ids: number[]): Promise<SampleCounts> {
  await orThrow(api.delete('/warehouse/samples/delete', { body: { ids }, quiet }));
  return (await listSamples(algorithmId, null)).counts;
}

export async function getHealth(algorithmId: number, signal?: AbortSignal): Promise<TrainHealth> {
  const health = await orThrow(api.post('/warehouse/samples/health', { body: { algorithmId }, signal, quiet }));
  if (!health) throw new ApiFailure(500, 'no health in the answer');
  return health;
}

export async function startTraining(algorithmId: number, augmentation?: TrainAugmentation): Promise<{ taskId: number }> {
  const answer = await orThrow(api.post('/warehouse/train', { body: { algorithmId, ...(augmentation ? { augmentation } : {}) }, quiet }));
  if (!answer) throw new ApiFailure(500, 'no task in the answer');
  return answer;
}

export async function cancelTraining(taskId: number): Promise<void> {
  await orThrow(api.post('/warehouse/train/cancel/{id}', { params: { path: { id: taskId } }, quiet }));
}

/** One poll of a training, as the progress machine reads it. */
export async function pollTraining(taskId: number): Promise<JobSnapshot<TrainedDetail<TrainReport> & { task: TrainTask }>> {
  const task = await getTrainTask(taskId);
  return { state: task.state, progress: task.progress, message: task.message, detail: { modelId: task.modelId ?? null, report: task.report ?? null, task } };
}

/** Scores 1–10 images with a trained model (kept 24 h as verification images), each decided against its threshold. */
export async function validateImages(modelId: number, files: File[]): Promise<ValidationResult> {
  const answer = await orThrow(
    api.post('/evaluate/upload', {
      body: { modelId, files: files as unknown as string[] },
      bodySerializer: multipart({ modelId: String(modelId) }, files.map((f) => ['files', f])),
      quiet,
    }),
  );
  if (!answer) throw new ApiFailure(500, 'no result in the answer');
  return answer;
}

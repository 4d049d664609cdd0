// Calls about an algorithm's model versions (contract tag uploads): the list with "ready to retrain", one version
// with its report, publish and withdraw, the package export and import. Quiet: the screens show failures in place.
import { ApiFailure, api, orThrow } from '../../api/client.ts';
import { flagHeaders } from '../../api/request.ts';
import type { TrainDatasetExportPlan as DatasetExportPlan, TrainVersion, TrainVersionDetail, TrainVersionList } from '../../api/schema.gen.ts';

export type { TrainVersion, TrainVersionDetail, TrainVersionList, DatasetExportPlan };

const quiet = true;

export async function listVersions(algorithmId: number, signal?: AbortSignal): Promise<TrainVersionList> {
  const list = await orThrow(api.post('/warehouse/train/versions', { body: { algorithmId }, signal, quiet }));
  if (!list) throw new ApiFailure(500, 'no versions in the answer');
  return list;
}

export async function getVersion(id: number, signal?: AbortSignal): Promise<TrainVersionDetail> {
  const version = await orThrow(api.get('/warehouse/train/version/{id}', { params: { path: { id } }, signal, quiet }));
  if (!version) throw new ApiFailure(500, 'no version in the answer');
  return version;
}

export async function publishVersion(id: number): Promise<TrainVersion> {
  const version = await orThrow(api.put('/warehouse/train/version/publish/{id}', { params: { path: { id } }, quiet }));
  if (!version) throw new ApiFailure(500, 'no version in the answer');
  return version;
}

export async function withdrawVersion(id: number): Promise<TrainVersion> {
  const version = await orThrow(api.put('/warehouse/train/version/withdraw/{id}', { params: { path: { id } }, quiet }));
  if (!version) throw new ApiFailure(500, 'no version in the answer');
  return version;
}

/** Publishes the version a model belongs to (the wizard knows the model of its newest training). */
export async function publishModel(algorithmId: number, modelId: number): Promise<{ published: true }> {
  const version = (await listVersions(algorithmId)).list.find((v) => v.modelId === modelId);
  if (!version) throw new ApiFailure(404, `no version of model ${modelId}`);
  await publishVersion(version.id);
  return { published: true };
}

/** Saves the threshold chosen on the report with the version of a trained model (409 once it is published). */
export async function saveVersionThreshold(algorithmId: number, modelId: number, threshold: number): Promise<void> {
  const version = (await listVersions(algorithmId)).list.find((v) => v.modelId === modelId);
  if (!version) throw new ApiFailure(404, `no version of model ${modelId}`);
  await orThrow(api.put('/warehouse/train/version/threshold', { body: { id: version.id, threshold: Math.round(threshold * 100) / 100 }, quiet: true }));
}

/** Saves the version's package (a zip) under the server's name. */
export async function exportVersion(version: TrainVersion): Promise<void> {
  const { saveFileAnswer } = await import('../../api/download.ts');
  const answer = await api.GET('/warehouse/train/version/export/{id}', {
    params: { path: { id: version.id } },
    parseAs: 'blob',
    headers: flagHeaders(undefined, { quiet: true, loading: true }),
  });
  await saveFileAnswer(answer, `${version.algorithmName}-${version.version}.zip`);
}

export async function importVersion(algorithmId: number, file: File): Promise<TrainVersion> {
  const version = await orThrow(
    api.post('/warehouse/train/version/import', {
      body: { algorithmId, file: file as unknown as string },
      bodySerializer: () => {
        const form = new FormData();
        form.append('algorithmId', String(algorithmId));
        form.append('file', file, file.name);
        return form;
      },
      quiet,
    }),
  );
  if (!version) throw new ApiFailure(500, 'no version in the answer');
  return version;
}

/** Saves the version as one portable ONNX model (a zip of model.onnx and its README). */
export async function exportOnnx(version: TrainVersion): Promise<void> {
  const { saveFileAnswer } = await import('../../api/download.ts');
  const answer = await api.GET('/warehouse/train/version/onnx/{id}', {
    params: { path: { id: version.id } },
    parseAs: 'blob',
    headers: flagHeaders(undefined, { quiet: true, loading: true }),
  });
  await saveFileAnswer(answer, `${version.algorithmName}-${version.version}-onnx.zip`);
}

/** The parts the algorithm's classified images export in (each re-imports as one zip upload). */
export async function planDatasetExport(algorithmId: number, signal?: AbortSignal): Promise<DatasetExportPlan> {
  const plan = await orThrow(api.post('/warehouse/samples/export/plan', { body: { algorithmId }, signal, quiet }));
  if (!plan) throw new ApiFailure(500, 'no plan in the answer');
  return plan;
}

/** Saves one part of the dataset under the server's name (the zip's name is its outer folder's: keep it). */
export async function exportDatasetPart(algorithmId: number, part: DatasetExportPlan['parts'][number]): Promise<void> {
  const { saveFileAnswer } = await import('../../api/download.ts');
  const answer = await api.GET('/warehouse/samples/export/{id}', {
    params: { path: { id: algorithmId }, query: { part: part.part } },
    parseAs: 'blob',
    headers: flagHeaders(undefined, { quiet: true, loading: true }),
  });
  await saveFileAnswer(answer, part.fileName);
}

// Calls of the catalogue screens (contract tags catalogue, models, system): the event catalogue, models and their
// types and scenes, the system catalogues and settings. Quiet: the resource screens show failures in place.
import { api, orThrow } from '../../api/client.ts';
import { flagHeaders } from '../../api/request.ts';
import type {
  AlgoModel,
  AlgoModelQuery,
  AlgoModelScene,
  AlgoModelSceneAdd,
  AlgoModelSceneQuery,
  AlgoModelSceneUpdate,
  AlgoModelType,
  AlgoModelTypeAdd,
  AlgoModelTypeQuery,
  AlgoModelTypeUpdate,
  AlgoModelUpdate,
  AlgorithmParams,
  AlgorithmParamsSummary,
  AlgorithmRun,
  AlgorithmRunAdd,
  AlgorithmRunBatchResult as RunBatchResult,
  AlgorithmRunQuery,
  CatalogueEvent,
  CatalogueEventAdd,
  CatalogueEventQuery,
  CatalogueEventType,
  CatalogueEventTypeAdd,
  CatalogueEventTypeQuery,
  CatalogueEventTypeUpdate,
  CatalogueEventUpdate,
  CatalogueMallAlgorithm as MallAlgorithm,
  CatalogueMallQuery,
  RecordingConfig,
  RecordingStorage,
  SystemGroup as CameraGroup,
  SystemGroupAdd,
  SystemGroupQuery,
  SystemGroupUpdate,
  SystemImgTag as ImgTag,
  SystemImgTagAdd,
  SystemImgTagQuery,
  SystemImgTagUpdate,
  SystemOutboundConfig as OutboundConfig,
  SystemOutputConfig as OutputConfig,
  SystemSearchPushConfig as SearchPushConfig,
  SystemTag,
  SystemTagAdd,
  SystemTagQuery,
  SystemTagUpdate,
  SystemTimeModel as TimeModel,
  SystemTimeModelAdd,
  SystemTimeModelQuery,
  SystemTimeModelUpdate,
  SystemUnitAdd,
  SystemUnitNode as UnitNode,
  SystemUnitUpdate,
  SystemWatermarkConfig as WatermarkConfig,
} from '../../api/schema.gen.ts';
import type { Choice } from '../../components/resource/types.ts';

export type {
  CatalogueEvent,
  CatalogueEventType,
  AlgoModel,
  AlgoModelType,
  AlgoModelScene,
  MallAlgorithm,
  TimeModel,
  ImgTag,
  SystemTag,
  CameraGroup,
  UnitNode,
  OutputConfig,
  SearchPushConfig,
  WatermarkConfig,
  OutboundConfig,
  RecordingConfig,
  RecordingStorage,
  AlgorithmRun,
  AlgorithmParams,
  AlgorithmParamsSummary,
  RunBatchResult,
};

export const quiet = true;

/** Filter values as the URL keeps them (text) → the request's fields: empty left out, numbers where asked. */
export function filterBody(filters: Record<string, string>, numeric: readonly string[] = [], booleans: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === '') continue;
    out[key] = numeric.includes(key) ? Number(value) : booleans.includes(key) ? value === 'true' : value;
  }
  return out;
}

const page = <T>(data: { list: T[]; total: number } | undefined) => data ?? { list: [] as T[], total: 0 };

export const eventsApi = {
  list: async (body: CatalogueEventQuery, signal?: AbortSignal) => page(await orThrow(api.post('/event/list', { body, signal, quiet }))),
  add: (body: CatalogueEventAdd) => orThrow(api.post('/event/add', { body, quiet })),
  update: (body: CatalogueEventUpdate) => orThrow(api.put('/event/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/event/delete', { body: { ids }, quiet })),
  disable: (ids: number[]) => orThrow(api.put('/event/disable', { body: { ids }, quiet })),
  restart: (ids: number[]) => orThrow(api.put('/event/restart', { body: { ids }, quiet })),
};

export const eventTypesApi = {
  list: async (body: CatalogueEventTypeQuery, signal?: AbortSignal) => page(await orThrow(api.post('/event/type/list', { body, signal, quiet }))),
  add: (body: CatalogueEventTypeAdd) => orThrow(api.post('/event/type/add', { body, quiet })),
  update: (body: CatalogueEventTypeUpdate) => orThrow(api.put('/event/type/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/event/type/delete', { body: { ids }, quiet })),
  choices: async (signal: AbortSignal): Promise<Choice[]> => (await eventTypesApi.list({ pageSize: 500 }, signal)).list.map((t) => ({ value: t.id, label: t.typeName })),
};

export const modelTypesApi = {
  list: async (body: AlgoModelTypeQuery, signal?: AbortSignal) => page(await orThrow(api.post('/modelType/list', { body, signal, quiet }))),
  add: (body: AlgoModelTypeAdd) => orThrow(api.post('/modelType/add', { body, quiet })),
  update: (body: AlgoModelTypeUpdate) => orThrow(api.put('/modelType/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/modelType/delete', { body: { ids }, quiet })),
  choices: async (signal: AbortSignal): Promise<Choice[]> => (await modelTypesApi.list({ pageSize: 500 }, signal)).list.map((t) => ({ value: t.id, label: t.typeName })),
};

export const modelScenesApi = {
  list: async (body: AlgoModelSceneQuery, signal?: AbortSignal) => page(await orThrow(api.post('/modelScene/list', { body, signal, quiet }))),
  add: (body: AlgoModelSceneAdd) => orThrow(api.post('/modelScene/add', { body, quiet })),
  update: (body: AlgoModelSceneUpdate) => orThrow(api.put('/modelScene/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/modelScene/delete', { body: { ids }, quiet })),
  choices: async (signal: AbortSignal): Promise<Choice[]> => (await modelScenesApi.list({ pageSize: 500 }, signal)).list.map((s) => ({ value: s.id, label: s.sceneName })),
};

export const timeModelsApi = {
  list: async (body: SystemTimeModelQuery, signal?: AbortSignal) => page(await orThrow(api.post('/timeModel/list', { body, signal, quiet }))),
  add: (body: SystemTimeModelAdd) => orThrow(api.post('/timeModel/add', { body, quiet })),
  update: (body: SystemTimeModelUpdate) => orThrow(api.put('/timeModel/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/timeModel/delete', { body: { ids }, quiet })),
};

export const imgTagsApi = {
  list: async (body: SystemImgTagQuery, signal?: AbortSignal) => page(await orThrow(api.post('/imgTag/list', { body, signal, quiet }))),
  add: (body: SystemImgTagAdd) => orThrow(api.post('/imgTag/add', { body, quiet })),
  update: (body: SystemImgTagUpdate) => orThrow(api.put('/imgTag/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/imgTag/delete', { body: { ids }, quiet })),
};

export const tagsApi = {
  list: async (body: SystemTagQuery, signal?: AbortSignal) => page(await orThrow(api.post('/tag/list', { body, signal, quiet }))),
  add: (body: SystemTagAdd) => orThrow(api.post('/tag/add', { body, quiet })),
  update: (body: SystemTagUpdate) => orThrow(api.put('/tag/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/tag/delete', { body: { ids }, quiet })),
};

export const groupsApi = {
  list: async (body: SystemGroupQuery, signal?: AbortSignal) => page(await orThrow(api.post('/group/list', { body, signal, quiet }))),
  add: (body: SystemGroupAdd) => orThrow(api.post('/group/add', { body, quiet })),
  update: (body: SystemGroupUpdate) => orThrow(api.put('/group/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/group/delete', { body: { ids }, quiet })),
  choices: async (signal: AbortSignal): Promise<Choice[]> => (await groupsApi.list({ rows: 500 }, signal)).list.map((g) => ({ value: g.id, label: g.groupName })),
};

export const unitsApi = {
  tree: async (name: string, signal?: AbortSignal) => (await orThrow(api.get('/unit/tree', { params: { query: name ? { name } : {} }, signal, quiet }))) ?? [],
  add: (body: SystemUnitAdd) => orThrow(api.post('/unit/add', { body, quiet })),
  update: (body: SystemUnitUpdate) => orThrow(api.put('/unit/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/unit/delete', { body: { ids }, quiet })),
};

/** Every camera, for the group membership picker. */
export async function cameraChoices(signal: AbortSignal): Promise<Choice[]> {
  const data = await orThrow(api.get('/device/list', { params: { query: { pageNo: 1, pageSize: 500 } }, signal, quiet }));
  return (data?.list ?? []).map((d) => ({ value: d.id, label: d.name }));
}

export interface ModelUpload {
  file: File;
  samples: File[];
  name: string;
  modelType: number;
  version: string;
  modelSceneId?: number | null;
  status?: 0 | 1 | 2;
  description?: string;
  eventIds?: number[];
}

export const modelsApi = {
  list: async (body: AlgoModelQuery, signal?: AbortSignal) => page(await orThrow(api.post('/model/list', { body, signal, quiet }))),
  add: (input: ModelUpload) =>
    orThrow(
      api.post('/model/add', {
        // The contract types a binary field as string; the serializer sends the Files themselves.
        body: { file: input.file as unknown as string, name: input.name, modelType: input.modelType, version: input.version },
        bodySerializer: () => {
          const form = new FormData();
          form.append('name', input.name);
          form.append('modelType', String(input.modelType));
          form.append('version', input.version);
          if (input.modelSceneId) form.append('modelSceneId', String(input.modelSceneId));
          if (input.status !== undefined) form.append('status', String(input.status));
          if (input.description) form.append('description', input.description);
          if (input.eventIds?.length) form.append('eventIds', input.eventIds.join(','));
          for (const sample of input.samples) form.append('samples', sample);
          // The file last: the server reads the small fields before it streams the model to disk.
          form.append('file', input.file);
          return form;
        },
        loading: true,
        quiet,
      }),
    ),
  update: (body: AlgoModelUpdate) => orThrow(api.put('/model/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/model/delete', { body: { ids }, quiet })),
  hot: async (rows: number, signal?: AbortSignal) => page(await orThrow(api.post('/model/hotList', { body: { page: 1, rows }, signal, quiet }))),
  download: async (id: number, fallbackName: string) => {
    const { saveFileAnswer } = await import('../../api/download.ts');
    const answer = await api.GET('/model/file/exportModel', { params: { query: { id } }, parseAs: 'blob', headers: flagHeaders(undefined, { quiet: true, loading: true }) });
    await saveFileAnswer(answer, fallbackName);
  },
};

export const mallApi = {
  list: async (body: CatalogueMallQuery, signal?: AbortSignal) => page(await orThrow(api.post('/algorithmMall/list', { body, signal, quiet }))),
};

export const settingsApi = {
  output: { get: (signal?: AbortSignal) => orThrow(api.get('/system/outputConfig', { signal, quiet })), save: (body: OutputConfig) => orThrow(api.post('/system/outputConfig', { body, quiet })) },
  searchPush: { get: (signal?: AbortSignal) => orThrow(api.get('/system/searchPushConfig', { signal, quiet })), save: (body: SearchPushConfig) => orThrow(api.post('/system/searchPushConfig', { body, quiet })) },
  watermark: { get: (signal?: AbortSignal) => orThrow(api.get('/system/watermarkConfig', { signal, quiet })), save: (body: WatermarkConfig) => orThrow(api.post('/system/watermarkConfig', { body, quiet })) },
  recording: { get: (signal?: AbortSignal) => orThrow(api.get('/system/recordingConfig', { signal, quiet })), save: (body: RecordingConfig) => orThrow(api.post('/system/recordingConfig', { body, quiet })) },
  outbound: { get: (signal?: AbortSignal) => orThrow(api.get('/system/outboundConfig', { signal, quiet })), save: (body: OutboundConfig) => orThrow(api.post('/system/outboundConfig', { body, quiet })) },
};

/** What continuous recordings use of the data directory's disk now. */
export const recordingStorage = (signal?: AbortSignal) => orThrow(api.get('/system/recordingStorage', { signal, quiet }));

/** Every catalogue event, for pickers (its event id, named). */
export async function eventChoices(signal: AbortSignal): Promise<Choice[]> {
  const events = (await eventsApi.list({ pageSize: 500 }, signal)).list;
  const seen = new Set<number>();
  return events.filter((e) => !seen.has(e.eventId) && seen.add(e.eventId)).map((e) => ({ value: e.eventId, label: `${e.eventName} (${e.eventId})` }));
}

export const runsApi = {
  list: async (body: AlgorithmRunQuery, signal?: AbortSignal) => page(await orThrow(api.post('/algorithmRun/list', { body, signal, quiet }))),
  add: (body: AlgorithmRunAdd) => orThrow(api.post('/algorithmRun/add', { body, quiet })),
  start: async (ids: number[]) => (await orThrow(api.put('/algorithmRun/start', { body: { ids }, quiet }))) as RunBatchResult,
  stop: async (ids: number[]) => (await orThrow(api.put('/algorithmRun/stop', { body: { ids }, quiet }))) as RunBatchResult,
  remove: (ids: number[]) => orThrow(api.delete('/algorithmRun/delete', { body: { ids }, quiet })),
};

export const paramsApi = {
  list: async (signal?: AbortSignal) => (await orThrow(api.post('/algorithm/params/list', { signal, quiet }))) ?? [],
  get: async (appName: string, signal?: AbortSignal) => (await orThrow(api.get('/algorithm/params', { params: { query: { appName } }, signal, quiet }))) as AlgorithmParams,
  save: (appName: string, params: Record<string, unknown>) => orThrow(api.put('/algorithm/params', { body: { appName, params }, quiet })),
};

/** Published versions, for putting one on cameras. */
export async function publishedModelChoices(signal: AbortSignal): Promise<Choice[]> {
  const models = (await modelsApi.list({ status: 1, pageSize: 500 }, signal)).list;
  return models.map((m) => ({ value: m.id, label: `${m.name} ${m.version}` }));
}

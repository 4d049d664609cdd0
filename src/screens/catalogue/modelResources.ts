// The model catalogue as declared resources: models (/modalBoxPage: upload a file with its samples, edit, publish
// or withdraw, download), model types (/modelTypeManage) and model scenes (/modelSceneConfig).
import i18next from 'i18next';
import type { ResourceDeclaration } from '../../components/resource/types.ts';
import { pickedFile } from '../../forms/widgets/fileWidgets.tsx';
import {
  type AlgoModel,
  type AlgoModelScene,
  type AlgoModelType,
  eventChoices,
  filterBody,
  modelScenesApi,
  modelsApi,
  modelTypesApi,
} from './catalogueApi.ts';

const STATUSES = [0, 1, 2] as const;
const sizeText = (bytes: number) => (bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

type ModelForm = {
  file?: string;
  samples?: string[];
  name: string;
  modelType: number;
  version: string;
  modelSceneId: number | null;
  status: 0 | 1 | 2;
  description?: string;
  eventIds?: number[];
};

const modelFields = {
  name: { type: 'string', minLength: 1, maxLength: 128, pattern: '\\S' },
  modelType: { type: 'integer' },
  version: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[0-9A-Za-z][0-9A-Za-z._-]*$' },
  modelSceneId: { type: 'integer' },
  status: { type: 'integer', enum: [...STATUSES] },
  description: { type: 'string', maxLength: 500 },
  eventIds: { type: 'array', maxItems: 200, items: { type: 'integer' } },
} as const;

export const modelsResource: ResourceDeclaration<AlgoModel, 'name' | 'modelType' | 'modelSceneId' | 'status' | 'createTimeRange', ModelForm> = {
  id: 'models',
  ns: 'catalogue',
  prefix: 'models',
  nameKey: 'name',
  columns: [
    { key: 'name', minWidth: 150, sortable: true },
    { key: 'version', width: 90 },
    { key: 'modelTypeName', width: 110 },
    { key: 'modelSceneName', width: 110 },
    { key: 'status', width: 90, kind: 'enum' },
    { key: 'size', width: 90, render: (model) => sizeText(model.size) },
    { key: 'downloads', width: 90, sortable: true, align: 'center' },
    { key: 'userName', width: 100 },
    { key: 'createTime', kind: 'time', width: 170, sortable: true },
  ],
  filters: [
    { key: 'name', kind: 'text', maxLength: 128 },
    { key: 'modelType', kind: 'select', lookup: 'types' },
    { key: 'modelSceneId', kind: 'select', lookup: 'scenes' },
    { key: 'status', kind: 'select', values: STATUSES },
    { key: 'createTimeRange', kind: 'select', values: [1, 2, 3] },
  ],
  lookups: { types: modelTypesApi.choices, scenes: modelScenesApi.choices, events: eventChoices },
  list: ({ filters, pageNo, pageSize, signal }) => modelsApi.list({ ...filterBody(filters, ['modelType', 'modelSceneId', 'status', 'createTimeRange']), pageNo, pageSize }, signal),
  form: {
    lookups: ['types', 'scenes', 'events'],
    pickers: { modelType: { lookup: 'types' }, modelSceneId: { lookup: 'scenes', nullable: true }, eventIds: { lookup: 'events', multiple: true } },
    // The file is immutable: an edit changes the fields; a new file is a new version.
    schema: (_lookups, row) =>
      row
        ? { type: 'object', required: ['name', 'modelType', 'version'], properties: modelFields }
        : {
            type: 'object',
            required: ['file', 'name', 'modelType', 'version'],
            properties: { file: { type: 'string', minLength: 1, maxLength: 200 }, samples: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 200 } }, ...modelFields },
          },
    uiSchema: {
      file: { 'ui:widget': 'filePick', 'ui:options': { accept: '.zip,.tar,.gz,.tgz,.onnx,.pt,.pth,.engine,.om,.rknn,.bin' } },
      samples: { 'ui:widget': 'filePick', 'ui:options': { accept: 'image/jpeg,image/png' } },
      description: { 'ui:widget': 'textarea' },
    },
    initial: (model) =>
      model
        ? { name: model.name, modelType: model.modelType, version: model.version, modelSceneId: model.modelSceneId, status: model.status, description: model.description || undefined, eventIds: model.eventIds }
        : ({ modelSceneId: null, status: 0, version: '1.0.0' } as ModelForm),
  },
  add: async (data) => {
    const file = pickedFile(data.file);
    if (!file) throw new Error(i18next.t('forms:files.none'));
    const samples = (data.samples ?? []).map(pickedFile).filter((sample): sample is File => Boolean(sample));
    await modelsApi.add({ ...data, file, samples });
  },
  update: (model, data) => modelsApi.update({ id: model.id, name: data.name, modelType: data.modelType, version: data.version, modelSceneId: data.modelSceneId, status: data.status, description: data.description ?? '', eventIds: data.eventIds ?? [] }),
  remove: (rows) => modelsApi.remove(rows.map((model) => model.id)),
  // A published model is withdrawn before it is deleted (the server refuses otherwise).
  canRemove: (model) => model.status !== 1,
  permissions: { add: 'modalBoxPage', edit: 'modalBoxPage', remove: 'modalBoxPage' },
  rowActions: [
    { key: 'download', permission: 'modalBoxPage', run: (model) => modelsApi.download(model.id, model.fileName) },
    { key: 'publish', permission: 'modalBoxPage', confirm: true, visible: (model) => model.status !== 1, run: (model) => modelsApi.update({ id: model.id, status: 1 }) },
    { key: 'withdraw', permission: 'modalBoxPage', confirm: true, visible: (model) => model.status === 1, run: (model) => modelsApi.update({ id: model.id, status: 2 }) },
  ],
};

type TypeForm = { typeName: string; typeCode: string; sort?: number; remark?: string };

export const modelTypesResource: ResourceDeclaration<AlgoModelType, 'typeName', TypeForm> = {
  id: 'modelTypes',
  ns: 'catalogue',
  prefix: 'modelTypes',
  nameKey: 'typeName',
  columns: [
    { key: 'typeName', minWidth: 140, sortable: true },
    { key: 'typeCode', width: 140, kind: 'code' },
    { key: 'sort', width: 80, sortable: true },
    { key: 'modelCount', width: 90, align: 'center' },
    { key: 'remark', minWidth: 160 },
    { key: 'createTime', kind: 'time', width: 170 },
  ],
  filters: [{ key: 'typeName', kind: 'text', maxLength: 32 }],
  list: ({ filters, pageNo, pageSize, signal }) => modelTypesApi.list({ ...filterBody(filters), pageNo, pageSize }, signal),
  form: {
    schema: {
      type: 'object',
      required: ['typeName', 'typeCode'],
      properties: {
        typeName: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' },
        typeCode: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z][A-Za-z0-9_-]*$' },
        sort: { type: 'integer', minimum: 0, maximum: 9999 },
        remark: { type: 'string', maxLength: 500 },
      },
    },
    uiSchema: { remark: { 'ui:widget': 'textarea' } },
    initial: (type) => (type ? { typeName: type.typeName, typeCode: type.typeCode, sort: type.sort, remark: type.remark || undefined } : { typeName: '', typeCode: '', sort: 0 }),
  },
  add: (data) => modelTypesApi.add(data),
  update: (type, data) => modelTypesApi.update({ id: type.id, ...data, remark: data.remark ?? '' }),
  remove: (rows) => modelTypesApi.remove(rows.map((type) => type.id)),
  permissions: { add: 'modelTypeManage', edit: 'modelTypeManage', remove: 'modelTypeManage' },
};

type SceneForm = { sceneName: string; description?: string; coverUrl?: string | null; sort?: number; status: 0 | 1 };

export const modelScenesResource: ResourceDeclaration<AlgoModelScene, 'sceneName' | 'status', SceneForm> = {
  id: 'modelScenes',
  ns: 'catalogue',
  prefix: 'modelScenes',
  nameKey: 'sceneName',
  columns: [
    { key: 'sceneName', minWidth: 140, sortable: true },
    { key: 'status', width: 90, kind: 'enum' },
    { key: 'sort', width: 80, sortable: true },
    { key: 'modelCount', width: 90, align: 'center' },
    { key: 'description', minWidth: 180 },
    { key: 'createTime', kind: 'time', width: 170 },
  ],
  filters: [
    { key: 'sceneName', kind: 'text', maxLength: 32 },
    { key: 'status', kind: 'select', values: [1, 0] },
  ],
  list: ({ filters, pageNo, pageSize, signal }) => modelScenesApi.list({ ...filterBody(filters, ['status']), pageNo, pageSize }, signal),
  form: {
    schema: {
      type: 'object',
      required: ['sceneName'],
      properties: {
        sceneName: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' },
        status: { type: 'integer', enum: [1, 0] },
        description: { type: 'string', maxLength: 500 },
        coverUrl: { type: ['string', 'null'], maxLength: 500, pattern: '^(https?://|/)\\S*$' },
        sort: { type: 'integer', minimum: 0, maximum: 9999 },
      },
    },
    uiSchema: { description: { 'ui:widget': 'textarea' } },
    initial: (scene) =>
      scene ? { sceneName: scene.sceneName, status: scene.status, description: scene.description || undefined, coverUrl: scene.coverUrl ?? undefined, sort: scene.sort } : { sceneName: '', status: 1, sort: 0 },
  },
  add: (data) => modelScenesApi.add({ ...data, coverUrl: data.coverUrl || null }),
  update: (scene, data) => modelScenesApi.update({ id: scene.id, ...data, description: data.description ?? '', coverUrl: data.coverUrl || null }),
  remove: (rows) => modelScenesApi.remove(rows.map((scene) => scene.id)),
  permissions: { add: 'modelSceneConfig', edit: 'modelSceneConfig', remove: 'modelSceneConfig' },
};

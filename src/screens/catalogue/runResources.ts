// Algorithm running (/moveManage) as a declared resource: which published version runs on which camera and box,
// the §4 start and run states and filters (the online list omits finished runs; creation-time filter), start and
// stop one run or the selected ones (each on its own: the runs that could not start are named with the reason).
import i18next from 'i18next';
import type { ResourceDeclaration } from '../../components/resource/types.ts';
import { type AlgorithmRun, cameraChoices, filterBody, modelScenesApi, publishedModelChoices, type RunBatchResult, runsApi } from './catalogueApi.ts';

const WRITE = 'moveManage';
type RunForm = { modelId: number; cameraIds: number[] };

/** Throws when some runs failed: the confirmation shows which and why, the others went through. */
function checked(result: RunBatchResult, rows: AlgorithmRun[]) {
  if (result.failed.length === 0) return;
  const nameOf = (id: number) => {
    const run = rows.find((row) => row.id === id);
    return run ? `${run.modelName} ${run.version} / ${run.cameraName}` : String(id);
  };
  const reasons = result.failed.map((failure) => `${nameOf(failure.id)}：${failure.msg}`).join('；');
  throw new Error(i18next.t('catalogue:runs.partial', { ok: result.succeeded.length, failed: result.failed.length, reasons }));
}

export const runsResource: ResourceDeclaration<AlgorithmRun, 'keyword' | 'runState' | 'startState' | 'online' | 'modelSceneId' | 'createTimeRange', RunForm> = {
  id: 'runs',
  ns: 'catalogue',
  prefix: 'runs',
  nameKey: 'modelName',
  nameOf: (run) => `${run.modelName} ${run.version} / ${run.cameraName}`,
  columns: [
    { key: 'modelName', minWidth: 140, sortable: true, render: (run) => `${run.modelName} ${run.version}` },
    { key: 'modelSceneName', width: 110 },
    { key: 'cameraName', minWidth: 160, sortable: true },
    { key: 'boxName', width: 150, render: (run, c) => run.boxName ?? c.text('platform') },
    { key: 'startState', width: 90, kind: 'enum' },
    { key: 'runState', width: 200, render: (run, c) => (run.runMessage ? `${c.enumText('runState', run.runState)}（${run.runMessage}）` : c.enumText('runState', run.runState)) },
    { key: 'startTime', kind: 'time', width: 170, sortable: true },
    { key: 'createTime', kind: 'time', width: 170, sortable: true },
    { key: 'userName', width: 90 },
  ],
  filters: [
    { key: 'keyword', kind: 'text', maxLength: 64 },
    { key: 'runState', kind: 'select', values: [0, 1, 2, 3] },
    { key: 'startState', kind: 'select', values: [1, 2] },
    { key: 'online', kind: 'select', values: ['true'] },
    { key: 'modelSceneId', kind: 'select', lookup: 'scenes' },
    { key: 'createTimeRange', kind: 'select', values: [1, 2, 3] },
  ],
  lookups: {
    models: publishedModelChoices,
    cameras: cameraChoices,
    scenes: async (signal) => (await modelScenesApi.list({ pageSize: 500 }, signal)).list.map((s) => ({ value: s.id, label: s.sceneName })),
  },
  list: ({ filters, pageNo, pageSize, signal }) => runsApi.list({ ...filterBody(filters, ['runState', 'startState', 'modelSceneId', 'createTimeRange'], ['online']), pageNo, pageSize }, signal),
  form: {
    lookups: ['models', 'cameras'],
    pickers: { modelId: { lookup: 'models' }, cameraIds: { lookup: 'cameras', multiple: true } },
    schema: {
      type: 'object',
      required: ['modelId', 'cameraIds'],
      properties: { modelId: { type: 'integer' }, cameraIds: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer' } } },
    },
    initial: () => ({ cameraIds: [] }) as unknown as RunForm,
  },
  add: (data) => runsApi.add(data),
  remove: (rows) => runsApi.remove(rows.map((run) => run.id)),
  // A started run is stopped before it is taken off its camera.
  canRemove: (run) => run.startState !== 1,
  permissions: { add: WRITE, remove: WRITE },
  rowActions: [
    { key: 'start', permission: WRITE, confirm: true, visible: (run) => run.startState !== 1, run: async (run) => checked(await runsApi.start([run.id]), [run]) },
    { key: 'stop', permission: WRITE, confirm: true, visible: (run) => run.startState === 1, run: async (run) => checked(await runsApi.stop([run.id]), [run]) },
  ],
  bulkActions: [
    { key: 'start', permission: WRITE, confirm: true, run: async (rows) => checked(await runsApi.start(rows.map((run) => run.id)), rows) },
    { key: 'stop', permission: WRITE, confirm: true, run: async (rows) => checked(await runsApi.stop(rows.map((run) => run.id)), rows) },
  ],
};

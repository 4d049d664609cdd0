// "Add to samples": the trained algorithms of the warehouse (the dialog's choices) and the call that stores an
// alarm's crop as a sample of one. Quiet: the dialog shows a failure in place.
import { api, orThrow } from '../../api/client.ts';
import type { TrainSampleUploadResult as SampleUploadResult, WarehouseAlgorithm } from '../../api/schema.gen.ts';

export type { WarehouseAlgorithm, SampleUploadResult };

const quiet = true;

/** Warehouse algorithms with a fine-tuned model, by name (at most 100: the dialog's picker searches them). */
export async function listTrainedAlgorithms(signal?: AbortSignal): Promise<WarehouseAlgorithm[]> {
  const page = await orThrow(api.post('/custom/warehouse/list', { body: { pageNo: 1, pageSize: 100, source: 'train' }, signal, quiet }));
  return [...(page?.list ?? [])].sort((a, b) => a.name.localeCompare(b.name));
}

export function addAlarmToSamples(alarmId: number, algorithmId: number, label: 'positive' | 'negative'): Promise<SampleUploadResult> {
  return orThrow(api.post('/warehouse/addAlarmSample', { body: { alarmId, algorithmId, label }, quiet }));
}

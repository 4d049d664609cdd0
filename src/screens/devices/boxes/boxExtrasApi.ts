// Calls behind the per-box drawer of /edgeDevice/box (contract tag edgeBox): the work-clothes library, the
// governance tasks and the SDC apps/topics the box reports. Quiet: the drawer shows failures in place.
import { api, orThrow } from '../../../api/client.ts';
import { type UploadWatch, watchUpload } from '../../../api/progressFetch.ts';
import type {
  EdgeBoxGovernanceTask as GovernanceTask,
  EdgeBoxGovernanceTaskInput as GovernanceTaskInput,
  EdgeBoxSdcApp as SdcApp,
  EdgeBoxSdcTopic as SdcTopic,
  EdgeBoxWorkClothes as WorkClothes,
} from '../../../api/schema.gen.ts';

export type { WorkClothes, GovernanceTask, GovernanceTaskInput, SdcApp, SdcTopic };

const quiet = true;

export async function listWorkClothes(boxId: number, keyword: string, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const page = await orThrow(api.post('/edgeBox/workClothes/list', { body: { boxId, keyword: keyword || undefined, pageNo, pageSize }, signal, quiet }));
  return page ?? { list: [], total: 0, pageNo, pageSize };
}

export async function addWorkClothes(input: { file: File; name: string; boxId?: number; remark?: string }, watch?: UploadWatch): Promise<number> {
  const answer = await orThrow(
    api.post('/edgeBox/workClothes/add', {
      // The contract types a binary field as string; the serializer sends the File itself.
      body: { file: input.file as unknown as string, name: input.name, boxId: input.boxId, remark: input.remark },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', body.file as unknown as Blob);
        form.append('name', body.name);
        if (body.boxId !== undefined) form.append('boxId', String(body.boxId));
        if (body.remark) form.append('remark', body.remark);
        return form;
      },
      quiet,
      ...watchUpload(watch),
    }),
  );
  return answer?.id ?? 0;
}

export async function deleteWorkClothes(ids: number[]): Promise<void> {
  await orThrow(api.post('/edgeBox/workClothes/delete', { body: { ids }, quiet }));
}

export async function saveGovernanceTask(body: GovernanceTaskInput): Promise<number> {
  return (await orThrow(api.post('/edgeBox/governanceTask/save', { body, quiet })))?.id ?? 0;
}

export async function cancelGovernanceTask(id: number): Promise<void> {
  await orThrow(api.post('/edgeBox/governanceTask/cancel', { body: { id }, quiet }));
}

export async function sdcApps(boxId: number, signal?: AbortSignal): Promise<SdcApp[]> {
  return (await orThrow(api.get('/edgeBox/sdc/apps', { params: { query: { boxId } }, signal, quiet }))) ?? [];
}

export async function sdcTopics(boxId: number, signal?: AbortSignal): Promise<SdcTopic[]> {
  return (await orThrow(api.get('/edgeBox/sdc/topics', { params: { query: { boxId } }, signal, quiet }))) ?? [];
}

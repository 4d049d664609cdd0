// Calls of the orchestration screens (contract tag algorithms): setup event drafts, validation on images,
// publishing, the version history and the exports. Quiet: the screens show failures in place.
import { ApiFailure, api, orThrow } from '../../api/client.ts';
import { type UploadWatch, watchUpload } from '../../api/progressFetch.ts';
import { flagHeaders } from '../../api/request.ts';
import type {
  CatalogueEventType,
  PromptSupport as PromptSupportView,
  SetupEvent,
  SetupEventAdd,
  SetupEventDetection as ValidationDetection,
  SetupEventUpdate,
  SetupEventValidation,
  SetupEventValidationImage as ValidationImage,
  SetupEventVersion,
} from '../../api/schema.gen.ts';

export type {
  SetupEvent,
  SetupEventAdd,
  SetupEventUpdate,
  SetupEventVersion,
  SetupEventValidation,
  ValidationImage,
  ValidationDetection,
  PromptSupportView,
  CatalogueEventType,
};
export type ButtonType = SetupEvent['buttonType'];

const quiet = true;

export interface DraftFilters {
  name: string;
  buttonType: ButtonType;
  sataus: '' | '0' | '1' | '2';
}

export async function listDrafts(filters: DraftFilters, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const body = {
    pageNo,
    pageSize,
    buttonType: filters.buttonType,
    ...(filters.name ? { name: filters.name } : {}),
    ...(filters.sataus ? { sataus: Number(filters.sataus) as 0 | 1 | 2 } : {}),
  };
  return (await orThrow(api.post('/custom/list', { body, signal, quiet }))) ?? { list: [], total: 0, pageNo, pageSize };
}

/** The algorithms edited most recently, whatever their menu type (the editor's start page). */
export async function listRecentDrafts(limit: number, signal?: AbortSignal): Promise<SetupEvent[]> {
  return (await orThrow(api.post('/custom/list', { body: { pageNo: 1, pageSize: limit }, signal, quiet })))?.list ?? [];
}

export async function getDraft(id: number, signal?: AbortSignal): Promise<SetupEvent> {
  const draft = await orThrow(api.get('/custom/detail', { params: { query: { id } }, signal, quiet }));
  if (!draft) throw new ApiFailure(404, 'no draft in the answer');
  return draft;
}

export async function addDraft(body: SetupEventAdd): Promise<number> {
  return (await orThrow(api.post('/custom/add', { body, quiet })))?.id ?? 0;
}

export async function updateDraft(body: SetupEventUpdate): Promise<void> {
  await orThrow(api.put('/custom/update', { body, quiet }));
}

export async function deleteDrafts(ids: number[]): Promise<void> {
  await orThrow(api.delete('/custom/delete', { body: { ids }, quiet }));
}

export async function publishDraft(id: number, typeId: number, version?: string) {
  const answer = await orThrow(api.put('/custom/publish', { body: { id, typeId, ...(version ? { version } : {}) }, quiet }));
  if (!answer) throw new ApiFailure(500, 'no version in the answer');
  return answer;
}

/** Runs the detector on 1–10 images with the draft's prompts, or with `trial` prompts and threshold (unsaved). */
export async function validateDraft(id: number, files: File[], trial: { prompts: string[]; boxThreshold: number } | null, watch?: UploadWatch): Promise<SetupEventValidation> {
  const answer = await orThrow(
    api.post('/custom/validate', {
      // The contract types binary fields as strings; the serializer sends the Files themselves.
      body: { id, files: files as unknown as string[] },
      bodySerializer: () => {
        const form = new FormData();
        form.append('id', String(id));
        if (trial) {
          form.append('prompts', JSON.stringify(trial.prompts));
          form.append('boxThreshold', String(trial.boxThreshold));
        }
        for (const file of files) form.append('files', file, file.name);
        return form;
      },
      quiet,
      ...watchUpload(watch),
    }),
  );
  if (!answer) throw new ApiFailure(500, 'no validation in the answer');
  return answer;
}

export async function listVersions(filters: { name: string; setupEventId?: number }, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const body = { pageNo, pageSize, ...(filters.name ? { name: filters.name } : {}), ...(filters.setupEventId ? { setupEventId: filters.setupEventId } : {}) };
  return (await orThrow(api.post('/custom/history/list', { body, signal, quiet }))) ?? { list: [], total: 0, pageNo, pageSize };
}

/** The event types a publish can file the algorithm under; empty when the catalogue cannot be read. */
export async function listEventTypes(): Promise<CatalogueEventType[]> {
  const answer = await api.post('/event/type/list', { body: { pageNo: 1, pageSize: 500 }, quiet });
  return answer.ok ? (answer.data?.list ?? []) : [];
}

async function saveExport(answer: { data?: unknown; error?: unknown; response: Response }, fallbackName: string) {
  const { saveFileAnswer } = await import('../../api/download.ts');
  await saveFileAnswer(answer, fallbackName);
}

const blobQuiet = () => ({ parseAs: 'blob' as const, headers: flagHeaders(undefined, { quiet: true, loading: true }) });

export async function exportCustomEvent(id: number): Promise<void> {
  await saveExport(await api.GET('/custom/event/export', { params: { query: { id } }, ...blobQuiet() }), `custom-event-${id}.zip`);
}

export async function exportPresetEvent(eventId: number): Promise<void> {
  await saveExport(await api.GET('/custom/event/exportPresetEvent', { params: { query: { id: eventId } }, ...blobQuiet() }), `preset-event-${eventId}.zip`);
}

// Calls of the alarm centre (contract tag alarms, and the alarmAudio preference of tag config). Lists are quiet
// (the screens show failures in place). Handling calls read the 409 answers too: their `data` says who handled the
// alarm first, which the screens show — so they use the raw client and the quiet flag.
import { api, orThrow } from '../../api/client.ts';
import { exportResult } from '../../api/download.ts';
import { type UploadWatch, watchUpload } from '../../api/progressFetch.ts';
import { flagHeaders } from '../../api/request.ts';
import type { WarnEvent, WarnEventBatchResult, WarnEventCamera, WarnEventDetail, WarnEventExportQuery, WarnEventFilter } from '../../api/schema.gen.ts';
import type { AlarmStatus, LifecycleAction, PerformRequest, PerformResult } from '../../machines/alarmLifecycle.machine.ts';

export type { WarnEvent, WarnEventDetail, WarnEventFilter, WarnEventCamera, WarnEventBatchResult, WarnEventExportQuery };

const quiet = { headers: flagHeaders(undefined, { quiet: true }) };

/** The failure of a raw call that is not a handled 409: thrown with the server's message. */
class CallFailed extends Error {
  readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.code = code;
  }
}

type RawAnswer = { data?: unknown; error?: unknown; response: Response };

/** The envelope of a raw answer (the middleware has normalised failures to `{code, msg, data}`). */
function envelope(answer: RawAnswer): { code: number; msg: string; data: unknown } {
  const body = (answer.data ?? answer.error) as { code?: unknown; msg?: unknown; data?: unknown } | undefined;
  const code = typeof body?.code === 'number' ? body.code : answer.response.status;
  return { code, msg: typeof body?.msg === 'string' ? body.msg : `HTTP ${answer.response.status}`, data: body?.data };
}

export async function listAlarms(filter: WarnEventFilter, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const page = await orThrow(api.post('/warn/event/list', { body: { ...filter, pageNo, pageSize }, signal, quiet: true }));
  return page ?? { list: [], total: 0, pageNo, pageSize };
}

export async function listAlarmCameras(signal?: AbortSignal): Promise<WarnEventCamera[]> {
  return (await orThrow(api.get('/warn/event/camera', { signal, quiet: true }))) ?? [];
}

/** The urgent alarms the server has (newest first, at most 50: spec §9). */
export async function listUrgentAlarms(signal?: AbortSignal): Promise<WarnEvent[]> {
  const page = await orThrow(api.post('/warn/event/urgent/list', { body: { pageNo: 1, pageSize: 50 }, signal, quiet: true }));
  return page?.list ?? [];
}

export async function alarmDetail(id: number, signal?: AbortSignal): Promise<WarnEventDetail> {
  return orThrow(api.get('/warn/event/info/{id}', { params: { path: { id } }, signal, quiet: true }));
}

/** The snapshot as a blob (it needs the token header, so no plain <img src>). */
export async function alarmImage(id: number, signal?: AbortSignal): Promise<Blob> {
  const answer = await api.GET('/warn/event/image/{id}', { params: { path: { id } }, parseAs: 'blob', signal, ...quiet });
  const result = await exportResult(answer);
  if (!result.ok) throw result.failure;
  return result.data;
}

/** Confirm or ignore several alarms; a 409 is an answer here (some ids were handled by someone else). */
export async function handleMany(
  kind: 'confirm' | 'ignore',
  ids: number[],
  expectedStatus: AlarmStatus,
  remark?: string,
): Promise<WarnEventBatchResult> {
  const body = { ids, remark: remark || undefined, expectedStatus } as never;
  const answer = kind === 'confirm' ? await api.PUT('/warn/event/confirm', { body, ...quiet }) : await api.PUT('/warn/event/ignore', { body, ...quiet });
  const { code, msg, data } = envelope(answer);
  if (code === 0 || (code === 409 && data)) return data as WarnEventBatchResult;
  throw new CallFailed(msg, code);
}

/** Deletes alarms (soft delete); ids that no longer exist are answered as notFound. */
export async function deleteAlarms(ids: number[]): Promise<{ deleted: number[]; notFound: number[] }> {
  const answer = await api.DELETE('/warn/event', { body: { ids }, ...quiet });
  const { code, msg, data } = envelope(answer);
  if (code === 0) return data as { deleted: number[]; notFound: number[] };
  if (code === 404) return { deleted: [], notFound: ids };
  throw new CallFailed(msg, code);
}

/** deal / check / again: the alarm as it now is, on success and on a 409. */
async function handleOne(action: Exclude<LifecycleAction, { type: 'confirm' | 'ignore' | 'delete' }>, id: number): Promise<PerformResult> {
  let answer: RawAnswer;
  if (action.type === 'deal') answer = await api.PUT('/warn/event/deal', { body: { id, result: action.result, remark: action.remark || undefined }, ...quiet });
  else if (action.type === 'check') answer = await api.PUT('/warn/event/check', { body: { id, result: action.result, remark: action.remark || undefined }, ...quiet });
  else answer = await api.PUT('/warn/event/again', { body: { id, remark: action.remark }, ...quiet });
  const { code, msg, data } = envelope(answer);
  const alarm = data as WarnEvent | null | undefined;
  if (code === 0 && alarm) return { kind: 'done', status: alarm.status };
  if (code === 409 && alarm) return { kind: 'refused', status: alarm.status, handleUser: alarm.handleUser, handleTime: alarm.handleTime };
  if (code === 404) return { kind: 'refused', status: null, handleUser: null, handleTime: null };
  throw new CallFailed(msg, code);
}

/** The lifecycle machine's `perform`: one alarm, one action, the server's verdict. */
export async function performAlarmAction({ id, action }: PerformRequest): Promise<PerformResult> {
  switch (action.type) {
    case 'confirm':
    case 'ignore': {
      const result = await handleMany(action.type, [id], action.expectedStatus, action.remark);
      const failure = result.failed.find((f) => f.id === id);
      if (!failure) return { kind: 'done', status: action.type === 'confirm' ? 1 : 2 };
      return { kind: 'refused', status: failure.reason === 'notFound' ? null : failure.status, handleUser: failure.handleUser, handleTime: failure.handleTime };
    }
    case 'delete': {
      await deleteAlarms([id]);
      return { kind: 'done', status: null };
    }
    default:
      return handleOne(action, id);
  }
}

/** Attaches an evidence image (a data URL) to an alarm's dealImages. */
export async function uploadDealImage(eventId: number, imageBase64: string, watch?: UploadWatch): Promise<string> {
  const data = await orThrow(api.post('/warn/event/uploadBase64', { body: { eventId, imageBase64 }, quiet: true, ...watchUpload(watch) }));
  return data.url;
}

export async function markFalseDetection(eventId: number): Promise<void> {
  await orThrow(api.post('/errDetectionLib/updateErrDetectionLib', { body: { eventId } }));
}

export async function unmarkFalseDetection(eventId: number): Promise<void> {
  await orThrow(api.post('/errDetectionLib/deleteErrDetectionLib', { body: { eventId } }));
}

/** The alarm-sound preference (§3 audio switch; default on). */
export async function fetchAlarmAudio(): Promise<boolean> {
  const item = await orThrow(api.get('/CityConfig/getConfigByKey', { params: { query: { key: 'alarmAudio' } }, quiet: true }));
  return item?.value !== '0';
}

export async function saveAlarmAudio(on: boolean): Promise<void> {
  await orThrow(api.put('/CityConfig/updateConfig', { body: { key: 'alarmAudio', value: on ? '1' : '0' } }));
}

/** Undoes the caller's own confirmation just after it (409, said by the message area, once anything else changed it). */
export async function undoConfirm(id: number): Promise<WarnEvent> {
  return (await orThrow(api.put('/warn/event/undoConfirm', { body: { id } }))) as WarnEvent;
}

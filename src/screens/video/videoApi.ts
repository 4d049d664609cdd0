// Calls of the video centre (contract tag video, and the camera list of devices). Quiet: the screen shows a
// failure where it happened.
import { api, orThrow } from '../../api/client.ts';
import type { Device as Camera, VideoDay, VideoRecord, VideoTrackPoint as TrackPoint } from '../../api/schema.gen.ts';

export type { VideoRecord, TrackPoint, Camera, VideoDay };

const quiet = true;

export interface Page<T> {
  list: T[];
  total: number;
}

export async function listCameras(keyword: string, signal?: AbortSignal): Promise<Page<Camera>> {
  const query = { keyword: keyword.trim() || undefined, pageNo: 1, pageSize: 100 };
  const page = await orThrow(api.get('/device/list', { params: { query }, signal, quiet }));
  return page ?? { list: [], total: 0 };
}

export interface RecordQuery {
  cameraId?: number;
  alarmId?: number;
  /** A day, YYYY-MM-DD: the recordings that overlap it. */
  day?: string;
  pageNo: number;
  pageSize: number;
}

export async function listRecords(q: RecordQuery, signal?: AbortSignal): Promise<Page<VideoRecord>> {
  const query = {
    cameraId: q.cameraId,
    alarmId: q.alarmId,
    startTime: q.day ? `${q.day} 00:00:00` : undefined,
    endTime: q.day ? `${q.day} 23:59:59` : undefined,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
  const page = await orThrow(api.get('/custom/listRecord', { params: { query }, signal, quiet }));
  return page ?? { list: [], total: 0 };
}

/** The recording of an alarm, or null when the box uploaded none. */
export async function recordOfAlarm(alarmId: number, signal?: AbortSignal): Promise<VideoRecord | null> {
  const page = await listRecords({ alarmId, pageNo: 1, pageSize: 1 }, signal);
  return page.list[0] ?? null;
}

export interface LiveOpen {
  url: string;
  codec: string | null;
}

/** A one-use ticket for the camera's live stream (the failure keeps the server's code: 409 not viewable now). */
export async function openLive(cameraId: number, signal?: AbortSignal): Promise<LiveOpen> {
  const data = await orThrow(api.post('/video/live/open', { body: { cameraId }, signal, quiet }));
  return { url: data.url, codec: data.codec };
}

/** A camera's recorded spans and alarms on a day (YYYY-MM-DD). */
export async function videoDay(cameraId: number, day: string, signal?: AbortSignal): Promise<VideoDay> {
  return orThrow(api.get('/video/day', { params: { query: { cameraId, day } }, signal, quiet }));
}

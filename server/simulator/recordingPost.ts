// A simulated box uploads the recording of an alarm it posted (POST /api/ingest/recording), the way a real box
// would: the clip of the seconds before the alarm, with the detection box's track.
import { formatTime, parseTime } from '../http/format.ts';
import { CLIP_SECONDS, simulatedClip } from './clip.ts';
import type { BoxCredentials, PostedAlarm } from './edgeBox.ts';

export interface RecordingResult {
  ok: boolean;
  code: number;
  msg: string;
  id?: number;
  bytes?: number;
  /** ffmpeg's CPU time for the clip. */
  cpuMs?: number | null;
}

export async function postRecording(url: string, box: BoxCredentials, alarm: PostedAlarm): Promise<RecordingResult> {
  try {
    const clip = await simulatedClip(alarm.eventType, alarm.variant);
    const end = parseTime(alarm.alarmTime);
    const form = new FormData();
    form.set('cameraId', String(alarm.cameraId));
    form.set('startTime', formatTime(new Date(end.getTime() - CLIP_SECONDS * 1000)) as string);
    form.set('endTime', alarm.alarmTime);
    form.set('boxEventId', alarm.boxEventId);
    form.set('track', JSON.stringify(clip.track));
    form.set('clip', new Blob([new Uint8Array(clip.mp4)], { type: 'video/mp4' }), 'clip.mp4');
    const res = await fetch(`${url.replace(/\/+$/, '')}/api/ingest/recording`, {
      method: 'POST',
      headers: { 'x-box-id': String(box.boxId), 'x-box-secret': box.secret },
      body: form,
    });
    const body = (await res.json()) as { code: number; msg: string; data?: { id: number } };
    return { ok: body.code === 0, code: body.code, msg: body.msg, id: body.data?.id, bytes: clip.mp4.length, cpuMs: clip.cpuMs };
  } catch (error) {
    return { ok: false, code: -1, msg: (error as Error).message };
  }
}

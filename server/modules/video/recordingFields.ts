// The recording ingest form's text fields, validated against the contract's RecordingIngestForm (multipart fields
// arrive as text and are converted here), then the track JSON inside it.
import type { ValidateFunction } from 'ajv';
import { rewriteRefs } from '../../contract/registerOperations.ts';
import type { TrackPoint } from '../../db/alarmTables.ts';
import { ApiError } from '../../http/apiError.ts';
import { formValidator, invalidForm, jsonField, valueValidator } from '../../http/boxForm.ts';
import { formatTime, parseTime } from '../../http/format.ts';
import type { Lang } from '../../http/messages.ts';
import type { SchemaError } from '../../http/validationMessages.ts';

export interface RecordingFields {
  cameraId: number;
  startTime: Date;
  endTime: Date;
  boxEventId: string | null;
  track: TrackPoint[];
  kind: 'clip' | 'continuous';
}

export const MAX_RECORDING_SECONDS = 600;
const MAX_FUTURE_MS = 60_000;

let validators: { form: ValidateFunction; track: ValidateFunction } | null = null;

/** Compiles the validators (the server does it at start: compiled by the first recording, they held it ~65 ms). */
export function prepareRecordingFields(): void {
  compile();
}

function compile() {
  validators ??= {
    form: formValidator('RecordingIngestForm', 'clip'),
    track: valueValidator((schemas) => ({ type: 'array', maxItems: 1000, items: { ...rewriteRefs(schemas.VideoTrackPoint), additionalProperties: false } })),
  };
  return validators;
}

function timeField(name: string, text: string): Date {
  const time = parseTime(text);
  if (Number.isNaN(time.getTime()) || formatTime(time) !== text) throw new ApiError(400, 'video.badTime', { field: name });
  return time;
}

export function parseRecordingFields(raw: Record<string, string>, lang: Lang): RecordingFields {
  const { form, track } = compile();
  const data: Record<string, unknown> = { ...raw };
  if (!form(data)) throw invalidForm(form.errors as SchemaError[], lang);
  const startTime = timeField('startTime', data.startTime as string);
  const endTime = timeField('endTime', data.endTime as string);
  if (startTime.getTime() >= endTime.getTime()) throw new ApiError(400, 'video.timeOrder');
  if (endTime.getTime() - startTime.getTime() > MAX_RECORDING_SECONDS * 1000) throw new ApiError(400, 'video.recordingTooLong', { seconds: MAX_RECORDING_SECONDS });
  if (endTime.getTime() > Date.now() + MAX_FUTURE_MS) throw new ApiError(400, 'video.futureTime');
  const points: unknown = typeof data.track === 'string' && data.track !== '' ? jsonField('track', data.track) : [];
  if (!track(points)) throw invalidForm(track.errors as SchemaError[], lang, '/track');
  return {
    cameraId: data.cameraId as number,
    startTime,
    endTime,
    boxEventId: (data.boxEventId as string | undefined) ?? null,
    track: points as TrackPoint[],
    kind: data.kind === 'continuous' ? 'continuous' : 'clip',
  };
}

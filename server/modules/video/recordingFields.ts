// The recording ingest form's text fields, validated against the contract's RecordingIngestForm (multipart fields
// arrive as text and are converted here), then the track JSON inside it.
import { Ajv, type ValidateFunction } from 'ajv';
import { loadContract } from '../../contract/loadContract.ts';
import { rewriteRefs, SCHEMA_ID } from '../../contract/registerOperations.ts';
import type { TrackPoint } from '../../db/alarmTables.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, parseTime } from '../../http/format.ts';
import type { Lang } from '../../http/messages.ts';
import { describeSchemaErrors, type SchemaError } from '../../http/validationMessages.ts';

export interface RecordingFields {
  cameraId: number;
  startTime: Date;
  endTime: Date;
  boxEventId: string | null;
  track: TrackPoint[];
}

export const MAX_RECORDING_SECONDS = 600;
const MAX_FUTURE_MS = 60_000;

let validators: { form: ValidateFunction; track: ValidateFunction } | null = null;

function compile() {
  if (validators) return validators;
  const schemas = loadContract().schemas as Record<string, Record<string, any>>;
  const ajv = new Ajv({ coerceTypes: true, allErrors: true, strict: false });
  ajv.addSchema({ $id: SCHEMA_ID, type: 'object', definitions: rewriteRefs(schemas) });
  const form = structuredClone(schemas.RecordingIngestForm);
  delete form.properties.clip;
  form.required = form.required.filter((f: string) => f !== 'clip');
  const track = { type: 'array', maxItems: 1000, items: { ...rewriteRefs(schemas.VideoTrackPoint), additionalProperties: false } };
  validators = { form: ajv.compile(rewriteRefs(form)), track: ajv.compile(track) };
  return validators;
}

function invalid(errors: SchemaError[], lang: Lang, prefix = ''): ApiError {
  const detail = describeSchemaErrors(
    errors.map((e) => ({ ...e, instancePath: prefix + e.instancePath })),
    'body',
    lang,
  );
  return new ApiError(400, 'alarms.invalid', { detail });
}

function timeField(name: string, text: string): Date {
  const time = parseTime(text);
  if (Number.isNaN(time.getTime()) || formatTime(time) !== text) throw new ApiError(400, 'video.badTime', { field: name });
  return time;
}

export function parseRecordingFields(raw: Record<string, string>, lang: Lang): RecordingFields {
  const { form, track } = compile();
  const data: Record<string, unknown> = { ...raw };
  if (!form(data)) throw invalid(form.errors as SchemaError[], lang);
  const startTime = timeField('startTime', data.startTime as string);
  const endTime = timeField('endTime', data.endTime as string);
  if (startTime.getTime() >= endTime.getTime()) throw new ApiError(400, 'video.timeOrder');
  if (endTime.getTime() - startTime.getTime() > MAX_RECORDING_SECONDS * 1000) throw new ApiError(400, 'video.recordingTooLong', { seconds: MAX_RECORDING_SECONDS });
  if (endTime.getTime() > Date.now() + MAX_FUTURE_MS) throw new ApiError(400, 'video.futureTime');
  let points: unknown = [];
  if (typeof data.track === 'string' && data.track !== '') {
    try {
      points = JSON.parse(data.track);
    } catch (error) {
      throw new ApiError(400, 'alarms.ingest.badJson', { field: 'track', detail: (error as Error).message.slice(0, 120) });
    }
  }
  if (!track(points)) throw invalid(track.errors as SchemaError[], lang, '/track');
  return {
    cameraId: data.cameraId as number,
    startTime,
    endTime,
    boxEventId: (data.boxEventId as string | undefined) ?? null,
    track: points as TrackPoint[],
  };
}

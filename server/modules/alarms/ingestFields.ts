// The ingest form's text fields, validated against the contract's AlarmIngestForm (multipart bodies are not
// validated by the route: every field arrives as text and is converted here), then the JSON fields inside it.
import type { ValidateFunction } from 'ajv';
import { rewriteRefs } from '../../contract/registerOperations.ts';
import { formValidator, invalidForm, jsonField, valueValidator } from '../../http/boxForm.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, parseTime } from '../../http/format.ts';
import type { Lang } from '../../http/messages.ts';
import type { SchemaError } from '../../http/validationMessages.ts';
import { isEventType } from './eventTypes.ts';

export interface IngestFields {
  cameraId: number;
  eventType: number;
  alarmTime: Date;
  confidence: number;
  box: { x: number; y: number; w: number; h: number };
  attributes: Record<string, string | number | boolean>;
  simulated: boolean;
  boxEventId: string | null;
}

/** An alarm may be stamped at most this far ahead of the server clock (box clocks drift). */
export const MAX_FUTURE_MS = 60_000;

let validators: { form: ValidateFunction; box: ValidateFunction } | null = null;

/** Compiles the validators (the server does it at start: compiled by the first alarm, they held it ~65 ms). */
export function prepareIngestFields(): void {
  compile();
}

function compile() {
  validators ??= {
    form: formValidator('AlarmIngestForm', 'snapshot'),
    box: valueValidator((schemas) => ({ ...rewriteRefs(schemas.WarnEventBox), additionalProperties: false })),
  };
  return validators;
}

export function parseIngestFields(raw: Record<string, string>, lang: Lang): IngestFields {
  const { form, box } = compile();
  const data: Record<string, unknown> = { ...raw };
  // An unknown type id is reported as such, not as "must be at most 50".
  if (data.eventType !== undefined && !isEventType(Number(data.eventType))) throw new ApiError(400, 'alarms.ingest.unknownType');
  if (!form(data)) throw invalidForm(form.errors as SchemaError[], lang);
  const alarmTime = parseTime(data.alarmTime as string);
  // A time that parses by rolling over (2026-02-31) does not format back to itself.
  if (Number.isNaN(alarmTime.getTime()) || formatTime(alarmTime) !== data.alarmTime) {
    throw new ApiError(400, 'alarms.invalid', {
      detail: lang === 'zh' ? '参数 alarmTime 不是有效的时间' : 'alarmTime is not a valid time',
    });
  }
  if (alarmTime.getTime() > Date.now() + MAX_FUTURE_MS) throw new ApiError(400, 'alarms.ingest.futureTime');
  const boxValue = jsonField('box', data.box as string);
  if (!box(boxValue)) throw invalidForm(box.errors as SchemaError[], lang, '/box');
  const attributes = data.attributes === undefined || data.attributes === '' ? {} : jsonField('attributes', data.attributes as string);
  if (!validAttributes(attributes)) throw new ApiError(400, 'alarms.ingest.badAttributes');
  return {
    cameraId: data.cameraId as number,
    eventType: data.eventType as number,
    alarmTime,
    confidence: data.confidence as number,
    box: boxValue as IngestFields['box'],
    attributes,
    simulated: data.simulated === true,
    boxEventId: (data.boxEventId as string | undefined) ?? null,
  };
}

function validAttributes(value: unknown): value is Record<string, string | number | boolean> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([k, v]) => k.length > 0 && k.length <= 64 && (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))),
  );
}

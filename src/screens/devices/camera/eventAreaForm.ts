// Between a saved event-area configuration (as the server reads it back) and the form the operator fills in:
// the night window comes out of `times` into its own fields (§4: restored when the first entry has type 2), the
// engine's derived fields stay out of the form, and the two defaults that depend on the moment the form opens are
// set (§9: video window 15 minutes back from now; with act 1 the activity window is the last 24 hours).
import type { RJSFSchema } from '@rjsf/utils';
import eventAreaSchema from '../../../../schemas/event-area.schema.json';
import { type Shape, type TimeWindow, timesFromWire, timesToWire } from '../../../domain/eventAreaWire.ts';
import type { EventAreaConfig, RecheckAlgorithm, SavedEventConfig } from '../devicesApi.ts';

/** Catalogue events that watch a drawn area (区域入侵 51, 区域事件 1002) or a drawn line (越界检测 52): §5. */
export const AREA_EVENT_IDS: ReadonlySet<number> = new Set([51, 1002]);
export const LINE_EVENT_IDS: ReadonlySet<number> = new Set([52]);

export type EventAreaFormData = EventAreaConfig & {
  areas?: Shape[];
  lineAreas?: Shape[];
  times?: TimeWindow[];
};

/** Fields the server derives or computes; they are read back, never sent. */
const READ_BACK_ONLY = ['idKey', 'eventTimeId', 'secondaryParam', 'udrSetting', 'area', 'lineArea', 'tripwiresSetting', 'updateTime'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** Local time as the server shows it: "YYYY-MM-DD HH:mm:ss". */
export function formatDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export const VIDEO_WINDOW_MS = 15 * 60 * 1000;
export const ACTIVITY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The form's data from a saved configuration. */
export function formFromSaved(saved: SavedEventConfig, now: Date = new Date()): EventAreaFormData {
  const data: Record<string, unknown> = { ...saved };
  for (const key of READ_BACK_ONLY) delete data[key];
  const times = timesFromWire((saved.times ?? []) as TimeWindow[], saved);
  const form = { ...data, ...times } as EventAreaFormData;
  if (AREA_EVENT_IDS.has(saved.eventId)) form.hasUdrVertice = true;
  if (LINE_EVENT_IDS.has(saved.eventId)) form.hasTripwire = true;
  if (!form.videoStartTime || !form.videoEndTime) {
    form.videoStartTime = formatDateTime(new Date(now.getTime() - VIDEO_WINDOW_MS));
    form.videoEndTime = formatDateTime(now);
  }
  if ((form.act ?? 1) === 1 && (!form.actStartTime || !form.actEndTime)) {
    form.actStartTime = formatDateTime(new Date(now.getTime() - ACTIVITY_WINDOW_MS));
    form.actEndTime = formatDateTime(now);
  }
  return form;
}

/** The body of saveEventConfig: the night window goes back to the first entry of `times` (type 2). */
export function bodyFromForm(form: EventAreaFormData): EventAreaConfig {
  const times = timesToWire({
    times: (form.times ?? []) as TimeWindow[],
    nightMode: form.nightMode === true,
    nightModeStartTime: form.nightModeStartTime ?? '18:00',
    nightModeEndTime: form.nightModeEndTime ?? '07:00',
  });
  const body: Record<string, unknown> = { ...form, times };
  for (const key of READ_BACK_ONLY) delete body[key];
  return body as EventAreaConfig;
}

/** What an operator sees of a configuration, to compare what was saved with what is read back. */
export function comparable(form: EventAreaFormData) {
  const { videoStartTime: _v1, videoEndTime: _v2, actStartTime: _a1, actEndTime: _a2, ...rest } = form;
  return rest;
}

/**
 * The form's schema with the second-identification choices: none, or an algorithm with a published trained version.
 * A saved choice that is no longer among them (its version withdrawn) stays choosable, so the form shows it as it is.
 */
export function eventAreaSchemaWith(algorithms: readonly RecheckAlgorithm[], current?: number | null): RJSFSchema {
  const ids = algorithms.map((a) => a.algorithmId);
  if (current != null && !ids.includes(current)) ids.push(current);
  const { properties } = eventAreaSchema;
  return { ...eventAreaSchema, properties: { ...properties, recheckAlgorithmId: { ...properties.recheckAlgorithmId, enum: [null, ...ids] } } } as RJSFSchema;
}

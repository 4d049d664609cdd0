// Event-area configurations: the rules a saved configuration must satisfy (spec §5 drawing and time rules), and
// the configuration as read back — what was saved plus the engine fields derived from its relative shapes at the
// device's current frame size (spec §3 "Saved config fields read back").
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  type EventAreaForm,
  type FrameSize,
  lengthInPixels,
  round4,
  type Shape,
  type TimeWindow,
  timesFromWire,
  toWire,
} from '../../../src/domain/eventAreaWire.ts';
import type { DeviceEventConfigTable } from '../../db/deviceConfigTables.ts';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { Schema } from '../shared/contractTypes.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type EventConfigRow = Selectable<DeviceEventConfigTable>;
type Saved = Schema<'DeviceEventConfigSaved'>;

/** Columns of the row, not part of the stored form. */
const KEY_FIELDS = ['id', 'idKey', 'cameraId', 'eventId', 'typeId', 'appName', 'eventName', 'status'] as const;

export const MIN_LINE_PIXELS = 50;

export function idKeyOf(eventId: number, typeId: number, appName: string): string {
  return `${eventId}_${typeId}_${appName}`;
}

export function frameOf(device: { width: number | null; height: number | null }): FrameSize | null {
  return device.width && device.height ? { width: device.width, height: device.height } : null;
}

/** Points snapped to the 4 decimals relative coordinates are stored with. */
export function roundShapes(shapes: Shape[] | undefined): Shape[] {
  return (shapes ?? []).map((s) => ({ ...s, points: s.points.map((p) => ({ x: round4(p.x), y: round4(p.y) })) }));
}

function fail(field: string, rule: string, params: Record<string, unknown> = {}): never {
  throw new ApiError(400, 'devices.rule', { field, rule: `devices.rule.${rule}`, ...params });
}

const seconds = (clock: string) => {
  const [h, m, s = '0'] = clock.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};

/** Polygons 3–50 points, lines exactly 2 and at least 50 px on the frame. */
export function checkShapes(field: string, shapes: Shape[], type: 1 | 5, frame: FrameSize | null): void {
  if (shapes.length > 0 && !frame) throw new ApiError(409, 'devices.noFrameSize');
  shapes.forEach((s, i) => {
    const where = `${field}[${i}]`;
    if (s.type !== type) fail(where, type === 1 ? 'polygonOnly' : 'lineOnly');
    if (type === 1 && (s.points.length < 3 || s.points.length > 50)) fail(where, 'polygonPoints');
    if (type === 5 && s.points.length !== 2) fail(where, 'linePoints');
    if (type === 5 && frame && lengthInPixels(s.points, frame) < MIN_LINE_PIXELS) fail(where, 'lineLength', { min: MIN_LINE_PIXELS });
  });
}

/** startTime not after endTime (the night window, type 2, may cross midnight). */
export function checkTimes(field: string, times: TimeWindow[]): void {
  times.forEach((t, i) => {
    if (t.type !== 2 && seconds(t.startTime) > seconds(t.endTime)) fail(`${field}[${i}]`, 'timeOrder');
  });
}

/** The rules of saveEventConfig beyond the schema; answers the form as it is stored. */
export function checkedEventConfig(body: Record<string, any>, frame: FrameSize | null): Record<string, any> {
  const areas = roundShapes(body.areas);
  const lineAreas = roundShapes(body.lineAreas);
  // Shapes drawn for a linked camera (cross-camera configuration) are on that camera's snapshot.
  const own = areas.filter((s) => !s.crossCameraId || s.crossCameraId === body.cameraId);
  checkShapes('areas', own, 1, frame);
  checkShapes('lineAreas', lineAreas, 5, frame);
  if (body.hasUdrVertice && own.length === 0) fail('areas', 'intrusionNeedsArea');
  if (body.hasTripwire && lineAreas.length !== 1) fail('lineAreas', 'boundaryNeedsOneLine');
  const normal = (body.times ?? []).filter((t: TimeWindow) => t.type !== 2);
  checkTimes('times', normal);
  checkTimes('timeSelectTimes', body.timeSelectTimes ?? []);
  if (body.minObjectHeight != null && body.maxObjectHeight != null && body.minObjectHeight > body.maxObjectHeight) fail('minObjectHeight', 'objectHeightOrder');
  const { confidence, confidenceMin, confidenceMax } = body;
  if (confidence != null && ((confidenceMin != null && confidence < confidenceMin) || (confidenceMax != null && confidence > confidenceMax))) {
    fail('confidence', 'confidenceRange', { min: confidenceMin ?? 0, max: confidenceMax ?? 100 });
  }
  const form: Record<string, any> = {};
  for (const [key, value] of Object.entries(body)) if (!(KEY_FIELDS as readonly string[]).includes(key)) form[key] = value;
  form.areas = areas;
  form.lineAreas = lineAreas;
  // Stored as read back: the night window first (type 2) when night mode is on, then the normal windows.
  const night = body.nightMode ? [{ startTime: body.nightModeStartTime, endTime: body.nightModeEndTime, type: 2 }] : [];
  form.times = [...night, ...normal.map((t: TimeWindow) => ({ startTime: t.startTime, endTime: t.endTime, type: 1 }))];
  return form;
}

/** The engine fields of a stored form at a frame size (empty when nothing is drawn or the size is unknown). */
function derived(form: Record<string, any>, cameraId: number, frame: FrameSize | null) {
  const areas: Shape[] = (form.areas ?? []).filter((s: Shape) => !s.crossCameraId || s.crossCameraId === cameraId);
  const lineAreas: Shape[] = form.lineAreas ?? [];
  if (!frame || (areas.length === 0 && lineAreas.length === 0)) {
    return { area: '', lineArea: '', udrSetting: { udrNum: 0, udrVertices: [] }, tripwiresSetting: [] };
  }
  const night = timesFromWire(form.times ?? [], form);
  const model: EventAreaForm = { areas, lineAreas, lineDirection: form.lineDirection ?? 0, ...night };
  const wire = toWire(model, frame);
  return { area: wire.area, lineArea: wire.lineArea, udrSetting: wire.udrSetting, tripwiresSetting: wire.tripwiresSetting };
}

export function toSaved(row: EventConfigRow, frame: FrameSize | null): Saved {
  const form = row.config as Record<string, any>;
  const times = (form.times ?? []) as TimeWindow[];
  return {
    ...(form as object),
    id: row.id,
    idKey: idKeyOf(row.eventId, row.typeId, row.appName),
    cameraId: row.deviceId,
    eventId: row.eventId,
    typeId: row.typeId,
    appName: row.appName,
    eventName: row.eventName ?? undefined,
    status: row.status as 0 | 1 | 2,
    // The time definition is stored with the configuration.
    eventTimeId: times.length > 0 ? row.id : null,
    secondaryParam: row.secondaryParam,
    ...derived(form, row.deviceId, frame),
    updateTime: formatTime(row.updatedAt)!,
  } as Saved;
}

export async function savedConfigsOf(db: Db, device: { id: number; width: number | null; height: number | null }, typeId?: number): Promise<Saved[]> {
  let q = db.selectFrom('deviceEventConfigs').selectAll().where('deviceId', '=', device.id);
  if (typeId !== undefined) q = q.where('typeId', '=', typeId);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => toSaved(r, frameOf(device)));
}

/** 400 unless the second-identification algorithm (when one is named) has a published trained version. */
export async function checkRecheckAlgorithm(db: Db, algorithmId: number | null | undefined): Promise<void> {
  if (algorithmId == null) return;
  const published = await db.selectFrom('trainVersions').select('id').where('algorithmId', '=', algorithmId).where('publishedAt', 'is not', null).executeTakeFirst();
  if (!published) fail('recheckAlgorithmId', 'recheckAlgorithm');
}

/** Started devices left without any configuration are stopped (nothing left to analyse). */
export async function stopDevicesWithoutConfigs(db: Db, deviceIds: number[], now = new Date()): Promise<void> {
  for (const id of new Set(deviceIds)) {
    const left = await db.selectFrom('deviceEventConfigs').select('id').where('deviceId', '=', id).executeTakeFirst();
    if (!left) await db.updateTable('devices').set({ startState: 2, runState: 0, startedAt: null, updatedAt: now }).where('id', '=', id).where('startState', '=', 1).execute();
  }
}

// The filters of a target retrieval: the time window (§5: at most 15 days, not after now), the object type and the
// §3 attribute keys of that type (unknown, -1, also matches an object the engine reported nothing for), cameras and
// plate substring. Alarms carry their detected object's type and attributes in their attributes JSON (`objType`
// and the §3 keys), as boxes and the simulator post them.
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { ATTRIBUTE_DICTIONARY, OBJECT_TYPE_NAMES, OBJ_TYPES, UNKNOWN_VALUE } from '../../../src/domain/attributeDictionary.ts';
import { MULTI_SELECT_KEYS } from '../../../src/domain/attributeControl.ts';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { parseTime } from '../../http/format.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { containsPattern } from '../shared/records.ts';

export type RetrievalQuery = Schema<'TargetRetrievalQuery'>;

export const MAX_RANGE_DAYS = 15;
export const MAX_QUERY_IMAGES = 3;

/** The attribute keys each object type's dictionary holds (visible or not: a record may carry any of them). */
const KEYS_BY_TYPE = new Map<number, Set<string>>(
  OBJECT_TYPE_NAMES.map((name) => [OBJ_TYPES[name], new Set(ATTRIBUTE_DICTIONARY[name].map((e) => e.attributeKey as string))]),
);

export interface Window {
  start: Date;
  end: Date;
}

export function checkWindow(query: RetrievalQuery, now = new Date()): Window {
  const start = parseTime(query.startTime);
  const end = parseTime(query.endTime);
  if (start.getTime() > end.getTime()) throw new ApiError(400, 'retrieval.timeRange', { field: 'startTime' });
  // The console sends whole seconds; a minute of clock skew between browser and server is not an error.
  if (end.getTime() > now.getTime() + 60_000) throw new ApiError(400, 'retrieval.futureEnd', { field: 'endTime' });
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * 24 * 3600_000) {
    throw new ApiError(400, 'retrieval.rangeTooLong', { field: 'startTime', days: MAX_RANGE_DAYS });
  }
  return { start, end };
}

/** Each asked attribute as the text codes it matches (JSON values are compared as text: 3 and "3" alike). */
export function checkAttributes(query: RetrievalQuery): Map<string, string[]> {
  const keys = KEYS_BY_TYPE.get(query.objType) ?? new Set<string>();
  const out = new Map<string, string[]>();
  for (const [key, value] of Object.entries(query.attributes ?? {})) {
    if (!keys.has(key) || key === 'plateNo') throw new ApiError(400, 'retrieval.unknownAttribute', { field: `attributes.${key}`, key });
    const codes = Array.isArray(value) ? value : [value];
    if (codes.length > 1 && !MULTI_SELECT_KEYS.has(key)) throw new ApiError(400, 'retrieval.badAttributeValue', { field: `attributes.${key}`, key });
    out.set(key, [...new Set(codes.map(String))]);
  }
  return out;
}

type AlarmQuery = SelectQueryBuilder<Database, 'alarms', object>;

/** The alarms whose detected object matches the filters (not deleted, in the window). */
export function matchingAlarms(db: Kysely<Database>, query: RetrievalQuery, window: Window, attributes: Map<string, string[]>): AlarmQuery {
  let q = db
    .selectFrom('alarms')
    .where('deletedAt', 'is', null)
    .where('alarmTime', '>=', window.start)
    .where('alarmTime', '<=', window.end)
    .where(sql<boolean>`attributes->>'objType' = ${String(query.objType)}`);
  if (query.cameraIds && query.cameraIds.length > 0) q = q.where('cameraId', 'in', query.cameraIds);
  const plate = query.plateNo?.trim();
  if (plate) q = q.where(sql<boolean>`attributes->>'plateNo' ILIKE ${containsPattern(plate)}`);
  for (const [key, codes] of attributes) {
    const unknown = codes.includes(String(UNKNOWN_VALUE));
    const listed = sql.join(codes.map((c) => sql`${c}`));
    q = unknown
      ? q.where(sql<boolean>`(attributes->>${key} IS NULL OR attributes->>${key} IN (${listed}))`)
      : q.where(sql<boolean>`attributes->>${key} IN (${listed})`);
  }
  return q;
}

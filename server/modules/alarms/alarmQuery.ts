// The alarm filters shared by the list, the export and the urgent list: a query over live (not deleted) alarms.
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { parseTime } from '../../http/format.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { containsPattern } from '../shared/records.ts';
import { kindRange, typesMatching } from './eventTypes.ts';

export type WarnEventFilter = Schema<'WarnEventFilter'>;

/** Start and end of a filter's time window; the end is inclusive to the second. 400 when it runs backwards. */
export function timeWindow(filter: { startTime?: string; endTime?: string }): { start: Date | null; endExclusive: Date | null } {
  const start = filter.startTime ? parseTime(filter.startTime) : null;
  const end = filter.endTime ? parseTime(filter.endTime) : null;
  if (start && end && start.getTime() > end.getTime()) throw new ApiError(400, 'alarms.timeRange');
  return { start, endExclusive: end ? new Date(end.getTime() + 1000) : null };
}

export function liveAlarms(db: Kysely<Database>) {
  // Written exactly as the partial indexes' predicate so the planner can use them.
  return db.selectFrom('alarms').where('deletedAt', 'is', null);
}

export type AlarmSelect = ReturnType<typeof liveAlarms>;

export function filteredAlarms(db: Kysely<Database>, filter: WarnEventFilter): AlarmSelect {
  const { start, endExclusive } = timeWindow(filter);
  let query = liveAlarms(db);
  if (start) query = query.where('alarmTime', '>=', start);
  if (endExclusive) query = query.where('alarmTime', '<', endExclusive);
  const cameras = [...(filter.cameraIds ?? []), ...(filter.cameraId ? [filter.cameraId] : [])];
  if (filter.cameraId && filter.cameraIds?.length) {
    // Both given: every filter applies, so the camera must be in the list too.
    query = filter.cameraIds.includes(filter.cameraId) ? query.where('cameraId', '=', filter.cameraId) : query.where(sql<SqlBool>`false`);
  } else if (cameras.length === 1) query = query.where('cameraId', '=', cameras[0]);
  else if (cameras.length > 1) query = query.where('cameraId', 'in', cameras);
  if (filter.eventTypes?.length) {
    query = filter.eventTypes.length === 1 ? query.where('eventType', '=', filter.eventTypes[0]) : query.where('eventType', 'in', filter.eventTypes);
  }
  if (filter.eventKind) {
    const [low, high] = kindRange(filter.eventKind);
    query = query.where('eventType', '>=', low).where('eventType', '<=', high);
  }
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.sceneId) query = query.where('sceneId', '=', filter.sceneId);
  if (filter.simulated !== undefined) query = query.where('simulated', '=', filter.simulated);
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    const types = typesMatching(keyword);
    query = query.where((eb) =>
      eb.or([
        eb('cameraName', 'ilike', pattern),
        eb('handleRemark', 'ilike', pattern),
        eb('dealResult', 'ilike', pattern),
        ...(types.length ? [eb('eventType', 'in', types)] : []),
      ]),
    );
  }
  return query;
}

const sortColumns = {
  alarmTime: 'alarmTime',
  createTime: 'createdAt',
  seq: 'seq',
  confidence: 'confidence',
  status: 'status',
  eventType: 'eventType',
  cameraName: 'cameraName',
} as const;

/** The list order: sortField/sortOrder (default alarmTime desc), ties broken by id desc. */
export function sorted(query: AlarmSelect, filter: WarnEventFilter): AlarmSelect {
  const column = sortColumns[filter.sortField ?? 'alarmTime'];
  return query.orderBy(column, filter.sortOrder ?? 'desc').orderBy('id', 'desc');
}

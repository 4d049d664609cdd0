// Statistics over the stored alarms: the common filters, local calendar days and hours, and grouped counts.
// Days and hours are the server's local ones (times are shown in local server time, contract conventions);
// the database buckets alarm_time AT TIME ZONE <the server's zone>, so PostgreSQL's own setting does not matter.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { liveAlarms } from '../alarms/alarmQuery.ts';
import { kindRange } from '../alarms/eventTypes.ts';
import type { Schema } from '../shared/contractTypes.ts';

export type StatsFilter = Schema<'EventStatsFilter'>;

export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Live alarms narrowed by the statistics filters; simulated alarms only with includeSimulated. */
export function statsAlarms(db: Kysely<Database>, filter: StatsFilter) {
  let query = liveAlarms(db);
  if (filter.cameraIds?.length) query = query.where('cameraId', 'in', filter.cameraIds);
  if (filter.sceneId) query = query.where('sceneId', '=', filter.sceneId);
  if (filter.eventTypes?.length) query = query.where('eventType', 'in', filter.eventTypes);
  if (filter.eventKind) {
    const [low, high] = kindRange(filter.eventKind);
    query = query.where('eventType', '>=', low).where('eventType', '<=', high);
  }
  if (!filter.includeSimulated) query = query.where('simulated', '=', false);
  return query;
}

/** The alarm's local calendar day, YYYY-MM-DD. */
export const localDay = sql<string>`to_char(alarm_time AT TIME ZONE ${sql.lit(TIME_ZONE)}, 'YYYY-MM-DD')`;
/** The alarm's local hour, 0–23. */
export const localHour = sql<string>`extract(hour from alarm_time AT TIME ZONE ${sql.lit(TIME_ZONE)})`;
/** Road events are the type ids from 1001. */
export const roadCount = sql<string>`count(*) FILTER (WHERE event_type >= 1001)`;

export function dateText(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** Local midnight of a YYYY-MM-DD text. */
export function parseDate(text: string): Date {
  const [y, m, d] = text.split('-').map(Number);
  return new Date(y, m - 1, d);
}

export function startOfToday(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** 400 when a date lies after today. */
export function notInFuture(field: string, date: Date): void {
  if (date.getTime() > startOfToday().getTime()) throw new ApiError(400, 'stats.futureDate', { field });
}

export interface KindCounts {
  total: number;
  violation: number;
  road: number;
}

export function kindCounts(total: number | string, road: number | string): KindCounts {
  return { total: Number(total), violation: Number(total) - Number(road), road: Number(road) };
}

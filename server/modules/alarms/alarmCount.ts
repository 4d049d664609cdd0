// The list's total. A filter of time range, status, kind and simulated flag only is answered from the hourly
// counts (alarm_hour_counts, kept by triggers): whole hours summed, the two partial hours at the ends counted
// exactly — in one statement, so one snapshot. Other filters (cameras, types, scene, keyword) are selective
// enough for the indexes, and short ranges are counted directly.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { filteredAlarms, timeWindow, type WarnEventFilter } from './alarmQuery.ts';

const HOUR_MS = 3600_000;
/** Below this many whole hours the direct count is as cheap. */
const MIN_WHOLE_HOURS = 6;

export async function countAlarms(db: Kysely<Database>, filter: WarnEventFilter): Promise<number> {
  const { start, endExclusive } = timeWindow(filter);
  const summarisable =
    !filter.cameraId && !filter.cameraIds?.length && !filter.eventTypes?.length && !filter.sceneId && !filter.keyword?.trim();
  // Hours aligned like the table's date_bin (an hour boundary in UTC, and so in every whole-hour time zone).
  const firstWhole = start ? Math.ceil(start.getTime() / HOUR_MS) * HOUR_MS : null;
  const endWhole = endExclusive ? Math.floor(endExclusive.getTime() / HOUR_MS) * HOUR_MS : null;
  const wholeHours = firstWhole !== null && endWhole !== null ? (endWhole - firstWhole) / HOUR_MS : Number.POSITIVE_INFINITY;
  if (!summarisable || wholeHours < MIN_WHOLE_HOURS) {
    const { total } = await filteredAlarms(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(total);
  }

  let hours = db.selectFrom('alarmHourCounts').select(sql<string>`coalesce(sum(n), 0)`.as('n'));
  if (firstWhole !== null) hours = hours.where('hour', '>=', new Date(firstWhole));
  if (endWhole !== null) hours = hours.where('hour', '<', new Date(endWhole));
  if (filter.status !== undefined) hours = hours.where('status', '=', filter.status);
  if (filter.eventKind) hours = hours.where('road', '=', filter.eventKind === 'road');
  if (filter.simulated !== undefined) hours = hours.where('simulated', '=', filter.simulated);

  // The ragged ends: the same filters, within the partial hours only.
  const edge = (from: Date | null, to: Date | null) => {
    let q = filteredAlarms(db, { ...filter, startTime: undefined, endTime: undefined });
    if (from) q = q.where('alarmTime', '>=', from);
    if (to) q = q.where('alarmTime', '<', to);
    return q.select((eb) => eb.fn.countAll<string>().as('n'));
  };
  const head = start && firstWhole !== null && firstWhole > start.getTime() ? edge(start, new Date(firstWhole)) : null;
  const tail = endExclusive && endWhole !== null && endWhole < endExclusive.getTime() ? edge(new Date(endWhole), endExclusive) : null;
  const { rows } = await sql<{ total: string | number }>`
    SELECT (${hours}) + ${head ? sql`(${head})` : sql`0`} + ${tail ? sql`(${tail})` : sql`0`} AS total`.execute(db);
  return Number(rows[0].total);
}

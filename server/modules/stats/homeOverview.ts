// The traffic home dashboard in one call (getHomeOverview). Today's figures, the hourly series and the trend come
// from the hourly counts (alarm_hour_counts, kept by triggers) when the filter allows — no type filter, or exactly
// the road events — so the dashboard stays fast on a large alarm table; other filters count the alarms directly.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { toWarnEvent, urgentTypes } from '../alarms/alarmRecords.ts';
import { EVENT_TYPE_IDS, kindOf, typeName } from '../alarms/eventTypes.ts';
import { isBoxOnline } from '../edgeBox/boxStatus.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { addDays, dateText, localDay, localHour, startOfToday, statsAlarms, TIME_ZONE } from './statsQueries.ts';

type Filter = { eventTypes?: number[]; includeSimulated?: boolean };
interface Bucket {
  key: string;
  total: number;
  handled: number;
  road: number;
}

const ROAD_TYPES = EVENT_TYPE_IDS.filter((id) => id >= 1001);

/** The hourly counts answer a filter of no types, or of exactly the road events (true) — else null. */
function hourCountsScope(filter: Filter): { road?: boolean } | null {
  const types = filter.eventTypes ?? [];
  if (types.length === 0) return {};
  const set = new Set(types);
  if (set.size === ROAD_TYPES.length && ROAD_TYPES.every((id) => set.has(id))) return { road: true };
  return null;
}

/** Counts per local day or hour since `from`: total, handled (status not new) and road events. */
async function counted(db: Kysely<Database>, filter: Filter, from: Date, by: 'day' | 'hour'): Promise<Bucket[]> {
  const scope = hourCountsScope(filter);
  if (scope) {
    const local = sql`(hour AT TIME ZONE ${sql.lit(TIME_ZONE)})`;
    const key = by === 'day' ? sql<string>`to_char(${local}, 'YYYY-MM-DD')` : sql<string>`extract(hour from ${local})::text`;
    let q = db
      .selectFrom('alarmHourCounts')
      .select([
        key.as('key'),
        sql<string>`sum(n)`.as('total'),
        sql<string>`coalesce(sum(n) FILTER (WHERE status <> 0), 0)`.as('handled'),
        sql<string>`coalesce(sum(n) FILTER (WHERE road), 0)`.as('road'),
      ])
      .where('hour', '>=', from)
      .groupBy(key);
    if (scope.road !== undefined) q = q.where('road', '=', scope.road);
    if (!filter.includeSimulated) q = q.where('simulated', '=', false);
    const rows = await q.execute();
    return rows.map((r) => ({ key: r.key, total: Number(r.total), handled: Number(r.handled), road: Number(r.road) }));
  }
  const key = by === 'day' ? localDay : sql<string>`${localHour}::text`;
  const rows = await statsAlarms(db, filter)
    .where('alarmTime', '>=', from)
    .select([
      key.as('key'),
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE status <> 0)`.as('handled'),
      sql<string>`count(*) FILTER (WHERE event_type >= 1001)`.as('road'),
    ])
    .groupBy(key)
    .execute();
  return rows.map((r) => ({ key: r.key, total: Number(r.total), handled: Number(r.handled), road: Number(r.road) }));
}

async function devicesOnline(db: Kysely<Database>, now: Date) {
  const boxes = await db
    .selectFrom('edgeBoxes')
    .leftJoin('edgeBoxPlatformConfigs', 'edgeBoxPlatformConfigs.boxId', 'edgeBoxes.id')
    .select(['edgeBoxes.id', 'edgeBoxes.lastHeartbeatAt', 'edgeBoxPlatformConfigs.heartbeatSeconds'])
    .execute();
  const boxOnline = new Map(boxes.map((b) => [b.id, isBoxOnline(b.lastHeartbeatAt, b.heartbeatSeconds, now)]));
  const cameras = await db.selectFrom('devices').select(['boxId', 'online', 'runState']).where('kind', '=', 'normal').execute();
  return {
    cameras: {
      total: cameras.length,
      online: cameras.filter((c) => c.online === true || (c.boxId !== null && boxOnline.get(c.boxId) === true)).length,
      running: cameras.filter((c) => c.runState === 1).length,
    },
    boxes: { total: boxes.length, online: [...boxOnline.values()].filter(Boolean).length },
  };
}

export const homeOverviewHandlers: HandlerMap = {
  async getHomeOverview({ db, body, lang }: Ctx<'getHomeOverview'>) {
    const now = new Date();
    const today = startOfToday();
    const days = body.trendDays ?? 7;
    const trendStart = addDays(today, -(days - 1));
    const filter: Filter = { eventTypes: body.eventTypes, includeSimulated: body.includeSimulated };

    const [perDay, perHour, byTypeRows, devices, urgentSet] = await Promise.all([
      counted(db, filter, trendStart, 'day'),
      counted(db, filter, today, 'hour'),
      statsAlarms(db, filter)
        .where('alarmTime', '>=', today)
        .select((eb) => ['eventType', eb.fn.countAll<string>().as('n')])
        .groupBy('eventType')
        .execute(),
      devicesOnline(db, now),
      urgentTypes(db),
    ]);
    const limit = body.urgentLimit ?? 5;
    const urgentKinds = [...urgentSet].filter((id) => !filter.eventTypes?.length || filter.eventTypes.includes(id));
    const urgentRows =
      limit > 0 && urgentKinds.length > 0
        ? await statsAlarms(db, { ...filter, eventTypes: urgentKinds })
            .where('status', '=', 0)
            .selectAll()
            .orderBy('alarmTime', 'desc')
            .orderBy('id', 'desc')
            .limit(limit)
            .execute()
        : [];

    const dayMap = new Map(perDay.map((b) => [b.key, b]));
    const trend = Array.from({ length: days }, (_, i) => {
      const date = dateText(addDays(trendStart, i));
      const b = dayMap.get(date);
      return { date, total: b?.total ?? 0, handled: b?.handled ?? 0 };
    });
    const todayBucket = dayMap.get(dateText(today)) ?? { key: '', total: 0, handled: 0, road: 0 };
    const hourMap = new Map(perHour.map((b) => [Number(b.key), b.total]));
    return {
      today: {
        total: todayBucket.total,
        handled: todayBucket.handled,
        unhandled: todayBucket.total - todayBucket.handled,
        handledShare: todayBucket.total ? Math.round((todayBucket.handled / todayBucket.total) * 10000) / 10000 : 0,
        violation: todayBucket.total - todayBucket.road,
        road: todayBucket.road,
      },
      byType: byTypeRows
        .map((r) => ({ eventType: r.eventType, eventTypeName: typeName(r.eventType, lang), eventKind: kindOf(r.eventType), count: Number(r.n) }))
        .sort((a, b) => b.count - a.count || a.eventType - b.eventType),
      ...devices,
      trend,
      hourly: Array.from({ length: 24 }, (_, hour) => hourMap.get(hour) ?? 0),
      urgent: urgentRows.map((r) => toWarnEvent(r, lang, urgentSet)),
      updateTime: formatTime(now)!,
    };
  },
};

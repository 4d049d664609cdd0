// getAlarmTrend: alarms per hour or day of a window, by kind and handled, from the hourly counts when no type filter
// narrows them (else counted directly), and the series of the eight types with the most alarms.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Lang } from '../../http/messages.ts';
import { typeName } from '../alarms/eventTypes.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { statsAlarms, TIME_ZONE } from './statsQueries.ts';
import { bucketKeys, type StatsWindow, statsWindow, wholeBuckets } from './statsWindow.ts';

type Query = Schema<'StatsWindowQuery'>;
export type AlarmTrend = Schema<'AlarmTrend'>;
const TYPE_SERIES = 8;

export async function alarmTrend(db: Kysely<Database>, body: Query, lang: Lang): Promise<AlarmTrend> {
  const window = statsWindow(body);
  const { from, until } = wholeBuckets(window);
  const keys = bucketKeys(window);
  const format = window.granularity === 'hour' ? 'YYYY-MM-DD HH24:00' : 'YYYY-MM-DD';
  const filter = { eventTypes: body.eventTypes, includeSimulated: body.includeSimulated };
  const totals = await bucketTotals(db, filter, from, until, format);
  const byKey = new Map(totals.map((r) => [r.key, r]));
  const points = keys.map((time) => {
    const r = byKey.get(time);
    const total = r?.total ?? 0;
    const road = r?.road ?? 0;
    return { time, total, violation: total - road, road, handled: r?.handled ?? 0 };
  });

  // Grouped by the truncated local time (cheap per row), formatted once per group.
  const unit = sql.lit(window.granularity);
  const typeBucket = sql<Date>`date_trunc(${unit}, alarm_time AT TIME ZONE ${sql.lit(TIME_ZONE)})`;
  const grouped = statsAlarms(db, filter)
    .where('alarmTime', '>=', from)
    .where('alarmTime', '<', until)
    .select((eb) => ['eventType', typeBucket.as('bucket'), eb.fn.countAll<string>().as('n')])
    .groupBy(['eventType', sql`2`]);
  const { rows: typeRows } = await sql<{ eventType: number; key: string; n: string }>`
    SELECT g.event_type AS "eventType", to_char(g.bucket, ${sql.lit(format)}) AS key, g.n FROM (${grouped}) AS g`.execute(db);
  const index = new Map(keys.map((k, i) => [k, i]));
  const series = new Map<number, number[]>();
  for (const r of typeRows) {
    const i = index.get(r.key);
    if (i === undefined) continue;
    const counts = series.get(r.eventType) ?? keys.map(() => 0);
    counts[i] += Number(r.n);
    series.set(r.eventType, counts);
  }
  const types = [...series]
    .map(([eventType, counts]) => ({ eventType, eventTypeName: typeName(eventType, lang), total: counts.reduce((s, n) => s + n, 0), counts }))
    .sort((a, b) => b.total - a.total || a.eventType - b.eventType)
    .slice(0, TYPE_SERIES);
  return { granularity: window.granularity, total: points.reduce((s, p) => s + p.total, 0), points, types };
}

interface Totals {
  key: string;
  total: number;
  handled: number;
  road: number;
}

async function bucketTotals(db: Kysely<Database>, filter: { eventTypes?: number[]; includeSimulated?: boolean }, from: Date, until: Date, format: string): Promise<Totals[]> {
  if (!filter.eventTypes?.length) {
    const key = sql<string>`to_char(hour AT TIME ZONE ${sql.lit(TIME_ZONE)}, ${sql.lit(format)})`;
    let q = db
      .selectFrom('alarmHourCounts')
      .select([
        key.as('key'),
        sql<string>`sum(n)`.as('total'),
        sql<string>`coalesce(sum(n) FILTER (WHERE status <> 0), 0)`.as('handled'),
        sql<string>`coalesce(sum(n) FILTER (WHERE road), 0)`.as('road'),
      ])
      .where('hour', '>=', from)
      .where('hour', '<', until)
      .groupBy(sql`1`);
    if (!filter.includeSimulated) q = q.where('simulated', '=', false);
    return (await q.execute()).map((r) => ({ key: r.key, total: Number(r.total), handled: Number(r.handled), road: Number(r.road) }));
  }
  const bucket = sql<Date>`date_trunc(${sql.lit(format === 'YYYY-MM-DD' ? 'day' : 'hour')}, alarm_time AT TIME ZONE ${sql.lit(TIME_ZONE)})`;
  const grouped = statsAlarms(db, filter)
    .where('alarmTime', '>=', from)
    .where('alarmTime', '<', until)
    .select([
      bucket.as('bucket'),
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE status <> 0)`.as('handled'),
      sql<string>`count(*) FILTER (WHERE event_type >= 1001)`.as('road'),
    ])
    .groupBy(sql`1`);
  const { rows } = await sql<{ key: string; total: string; handled: string; road: string }>`
    SELECT to_char(g.bucket, ${sql.lit(format)}) AS key, g.total, g.handled, g.road FROM (${grouped}) AS g`.execute(db);
  return rows.map((r) => ({ key: r.key, total: Number(r.total), handled: Number(r.handled), road: Number(r.road) }));
}

export type { StatsWindow };

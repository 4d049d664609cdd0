// stats: home and event statistics computed from the stored alarms (deleted never count, simulated only on
// request): per hour of a day, per day of a range, totals, per type over a week, and top-N rankings.
import { sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { timeWindow } from '../alarms/alarmQuery.ts';
import { kindOf, typeName } from '../alarms/eventTypes.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { statsExportHandlers } from './statsExport.ts';
import {
  addDays,
  dateText,
  kindCounts,
  localDay,
  localHour,
  notInFuture,
  parseDate,
  roadCount,
  startOfToday,
  statsAlarms,
} from './statsQueries.ts';

export const MAX_RANGE_DAYS = 31;

export const statsHandlers: HandlerMap = {
  async getEventStatsDay({ db, body }: Ctx<'getEventStatsDay'>) {
    const day = body.date ? parseDate(body.date) : startOfToday();
    notInFuture('date', day);
    const rows = await statsAlarms(db, body)
      .where('alarmTime', '>=', day)
      .where('alarmTime', '<', addDays(day, 1))
      .select((eb) => [localHour.as('hour'), eb.fn.countAll<string>().as('total'), roadCount.as('road')])
      .groupBy(localHour)
      .execute();
    const byHour = new Map(rows.map((r) => [Number(r.hour), r]));
    const points = Array.from({ length: 24 }, (_, hour) => {
      const r = byHour.get(hour);
      return { hour, ...kindCounts(r?.total ?? 0, r?.road ?? 0) };
    });
    return { date: dateText(day), total: points.reduce((s, p) => s + p.total, 0), points };
  },

  async getEventStatsRange({ db, body }: Ctx<'getEventStatsRange'>) {
    const start = parseDate(body.startDate);
    const end = parseDate(body.endDate);
    if (start.getTime() > end.getTime()) throw new ApiError(400, 'stats.dateOrder');
    const days = dayList(start, end);
    if (days.length > MAX_RANGE_DAYS) throw new ApiError(400, 'stats.rangeTooLong', { max: MAX_RANGE_DAYS });
    const counts = await perDay(db, body, start, end);
    const points = days.map((date) => ({ date, ...(counts.get(date) ?? kindCounts(0, 0)) }));
    return { startDate: body.startDate, endDate: body.endDate, total: points.reduce((s, p) => s + p.total, 0), points };
  },

  async getEventStatsTotal({ db, body }: Ctx<'getEventStatsTotal'>) {
    const { start, endExclusive } = timeWindow(body);
    let windowed = statsAlarms(db, body);
    if (start) windowed = windowed.where('alarmTime', '>=', start);
    if (endExclusive) windowed = windowed.where('alarmTime', '<', endExclusive);
    const byStatus = (status: number) => sql<string>`count(*) FILTER (WHERE status = ${sql.lit(status)})`;
    const [totals, today] = await Promise.all([
      windowed
        .select((eb) => [
          eb.fn.countAll<string>().as('total'),
          roadCount.as('road'),
          byStatus(0).as('s0'),
          byStatus(1).as('s1'),
          byStatus(2).as('s2'),
          byStatus(3).as('s3'),
          byStatus(4).as('s4'),
        ])
        .executeTakeFirstOrThrow(),
      statsAlarms(db, body)
        .where('alarmTime', '>=', startOfToday())
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const kinds = kindCounts(totals.total, totals.road);
    return {
      total: kinds.total,
      today: Number(today.n),
      byStatus: {
        unhandled: Number(totals.s0),
        confirmed: Number(totals.s1),
        ignored: Number(totals.s2),
        dealt: Number(totals.s3),
        checked: Number(totals.s4),
      },
      byKind: { violation: kinds.violation, road: kinds.road },
    };
  },

  async getEventStatsWeek({ db, body, lang }: Ctx<'getEventStatsWeek'>) {
    const end = body.endDate ? parseDate(body.endDate) : startOfToday();
    notInFuture('endDate', end);
    const start = addDays(end, -6);
    const dates = dayList(start, end);
    const rows = await statsAlarms(db, body)
      .where('alarmTime', '>=', start)
      .where('alarmTime', '<', addDays(end, 1))
      .select((eb) => ['eventType', localDay.as('day'), eb.fn.countAll<string>().as('n')])
      .groupBy(['eventType', localDay])
      .execute();
    const index = new Map(dates.map((d, i) => [d, i]));
    const totals = dates.map(() => 0);
    const byType = new Map<number, number[]>();
    for (const r of rows) {
      const i = index.get(r.day);
      if (i === undefined) continue;
      const counts = byType.get(r.eventType) ?? dates.map(() => 0);
      counts[i] += Number(r.n);
      totals[i] += Number(r.n);
      byType.set(r.eventType, counts);
    }
    const series = [...byType]
      .map(([eventType, counts]) => ({
        eventType,
        eventTypeName: typeName(eventType, lang),
        eventKind: kindOf(eventType),
        counts,
        total: counts.reduce((s, n) => s + n, 0),
      }))
      .sort((a, b) => b.total - a.total || a.eventType - b.eventType);
    return { dates, totals, series };
  },

  async listTopCameras(ctx: Ctx<'listTopCameras'>) {
    return topN(ctx, 'camera');
  },

  async listTopEventTypes(ctx: Ctx<'listTopEventTypes'>) {
    return topN(ctx, 'eventType');
  },

  async listTopScenes(ctx: Ctx<'listTopScenes'>) {
    return topN(ctx, 'scene');
  },

  ...statsExportHandlers,
};

/** Every date from start to end inclusive, as YYYY-MM-DD. */
function dayList(start: Date, end: Date): string[] {
  const out: string[] = [];
  for (let d = start; d.getTime() <= end.getTime() && out.length <= MAX_RANGE_DAYS; d = addDays(d, 1)) out.push(dateText(d));
  return out;
}

async function perDay(db: Ctx<'getEventStatsRange'>['db'], filter: Ctx<'getEventStatsRange'>['body'], start: Date, end: Date) {
  const rows = await statsAlarms(db, filter)
    .where('alarmTime', '>=', start)
    .where('alarmTime', '<', addDays(end, 1))
    .select((eb) => [localDay.as('day'), eb.fn.countAll<string>().as('total'), roadCount.as('road')])
    .groupBy(localDay)
    .execute();
  return new Map(rows.map((r) => [r.day, kindCounts(r.total, r.road)]));
}

async function topN({ db, body, lang }: Ctx<'listTopCameras'>, by: 'camera' | 'eventType' | 'scene') {
  const start = body.startTime ? undefined : startOfToday();
  const window = timeWindow(body);
  let base = statsAlarms(db, body).where('alarmTime', '>=', window.start ?? (start as Date));
  if (window.endExclusive) base = base.where('alarmTime', '<', window.endExclusive);
  const limit = body.topN ?? 5;
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  let rows: { id: number; name: string; count: number; kind?: 'violation' | 'road' }[];
  if (by === 'eventType') {
    const grouped = await base
      .select((eb) => ['eventType', eb.fn.countAll<string>().as('n')])
      .groupBy('eventType')
      .execute();
    rows = grouped.map((r) => ({ id: r.eventType, name: typeName(r.eventType, lang), kind: kindOf(r.eventType), count: Number(r.n) }));
  } else {
    const idColumn = by === 'camera' ? 'cameraId' : 'sceneId';
    // The name of the camera or scene as it was on its latest alarm in the window.
    const name = by === 'camera' ? sql<string>`(array_agg(camera_name ORDER BY seq DESC))[1]` : sql<string>`(array_agg(scene_name ORDER BY seq DESC))[1]`;
    const grouped = await base
      .where(idColumn, 'is not', null)
      .select((eb) => [eb.ref(idColumn).as('id'), name.as('name'), eb.fn.countAll<string>().as('n')])
      .groupBy(idColumn)
      .execute();
    rows = grouped.map((r) => ({ id: Number(r.id), name: r.name ?? '', count: Number(r.n) }));
  }
  rows.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'zh') || a.id - b.id);
  const all = Number(total);
  return {
    total: all,
    list: rows.slice(0, limit).map((r, i) => ({ rank: i + 1, ...r, share: all ? Math.round((r.count / all) * 10000) / 10000 : 0 })),
  };
}

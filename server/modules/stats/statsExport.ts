// stats: the event-statistics spreadsheet — alarm counts grouped by camera, event type, scene or day, with the
// counts per status; at most 10 pages (spec §5).
import { sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { FileReply, type HandlerMap, XLSX_TYPE } from '../../http/handler.ts';
import type { Lang } from '../../http/messages.ts';
import { writeXlsx } from '../../http/xlsx.ts';
import { timeWindow } from '../alarms/alarmQuery.ts';
import { kindOf, typeName } from '../alarms/eventTypes.ts';
import { timestamp } from '../alarms/exportHandlers.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { localDay, statsAlarms } from './statsQueries.ts';

const byStatus = (status: number) => sql<string>`count(*) FILTER (WHERE status = ${sql.lit(status)})`;

export const statsExportHandlers: HandlerMap = {
  async exportEventStatistics({ db, body, lang }: Ctx<'exportEventStatistics'>) {
    const groupBy = body.groupBy ?? 'eventType';
    const pageSize = body.pageSize ?? 20;
    const pageCount = body.pageCount ?? 1;
    const { start, endExclusive } = timeWindow(body);
    let base = statsAlarms(db, body);
    if (start) base = base.where('alarmTime', '>=', start);
    if (endExclusive) base = base.where('alarmTime', '<', endExclusive);
    if (groupBy === 'scene') base = base.where('sceneId', 'is not', null);

    const key =
      groupBy === 'camera'
        ? sql<string>`camera_id::text`
        : groupBy === 'scene'
          ? sql<string>`scene_id::text`
          : groupBy === 'day'
            ? localDay
            : sql<string>`event_type::text`;
    const name =
      groupBy === 'camera'
        ? sql<string>`(array_agg(camera_name ORDER BY seq DESC))[1]`
        : groupBy === 'scene'
          ? sql<string>`(array_agg(scene_name ORDER BY seq DESC))[1]`
          : sql<string>`''`;
    let query = base
      .select((eb) => [
        key.as('key'),
        name.as('name'),
        eb.fn.countAll<string>().as('total'),
        byStatus(0).as('s0'),
        byStatus(1).as('s1'),
        byStatus(2).as('s2'),
        byStatus(3).as('s3'),
        byStatus(4).as('s4'),
      ])
      .groupBy(key);
    query = groupBy === 'day' ? query.orderBy(key) : query.orderBy(sql`count(*)`, 'desc').orderBy(key);
    const rows = await query
      .limit(pageSize * pageCount)
      .offset(((body.pageNo ?? 1) - 1) * pageSize)
      .execute();
    if (rows.length === 0) throw new ApiError(404, 'stats.export.nothing');

    const label = (r: (typeof rows)[number]) => {
      if (groupBy === 'eventType') return typeName(Number(r.key), lang);
      return groupBy === 'day' ? r.key : r.name;
    };
    const buffer = await writeXlsx({
      lang,
      name: lang === 'zh' ? '事件统计' : 'Event statistics',
      header: [...groupHeader[lang][groupBy], ...countHeader[lang]],
      widths: [14, 30, 10, 10, 10, 10, 10, 10],
      rows: rows.map((r) => [
        groupBy === 'day' ? r.key : Number(r.key),
        groupBy === 'eventType' ? `${label(r)} (${kindOf(Number(r.key)) === 'road' ? (lang === 'zh' ? '道路事件' : 'road') : lang === 'zh' ? '违法' : 'violation'})` : label(r),
        Number(r.total),
        Number(r.s0),
        Number(r.s1),
        Number(r.s2),
        Number(r.s3),
        Number(r.s4),
      ]),
    });
    return new FileReply(buffer, XLSX_TYPE, `event-statistics-${timestamp(new Date())}.xlsx`);
  },
};

const groupHeader: Record<Lang, Record<'camera' | 'eventType' | 'scene' | 'day', string[]>> = {
  zh: { camera: ['摄像机编号', '摄像机'], eventType: ['类型编号', '事件类型'], scene: ['场景编号', '场景'], day: ['日期', ''] },
  en: { camera: ['Camera ID', 'Camera'], eventType: ['Type ID', 'Event type'], scene: ['Scene ID', 'Scene'], day: ['Date', ''] },
};

const countHeader: Record<Lang, string[]> = {
  zh: ['合计', '未处理', '已确认', '已忽略', '已处置', '已核查'],
  en: ['Total', 'New', 'Confirmed', 'Ignored', 'Dealt', 'Checked'],
};

// GET /video/day: what the video centre's day timeline draws for one camera — the recordings that overlap the day
// (continuous segments and alarm clips) and the day's alarms, in one call. The day is local server time, as every
// time the console shows.
import { formatTime, parseTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { typeName } from '../alarms/eventTypes.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';

export const MAX_DAY_SPANS = 3000;
export const MAX_DAY_ALARMS = 1000;

/** The local day's start and the next day's start (23 or 25 hours apart on a clock change). */
export function dayBounds(day: string): { start: Date; end: Date } {
  const start = parseTime(`${day} 00:00:00`);
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  return { start, end };
}

export const videoDayHandlers: HandlerMap = {
  async getVideoDay({ db, query, lang }: Ctx<'getVideoDay'>) {
    const camera = await db.selectFrom('devices').select('id').where('id', '=', query.cameraId).executeTakeFirst();
    if (!camera) throw notFound('entity.camera', query.cameraId);
    const { start, end } = dayBounds(query.day);
    const alarms = db
      .selectFrom('alarms')
      .where('cameraId', '=', camera.id)
      .where('deletedAt', 'is', null)
      .where('alarmTime', '>=', start)
      .where('alarmTime', '<', end);
    const [spans, shown, total] = await Promise.all([
      db
        .selectFrom('videoRecords')
        .select(['id', 'kind', 'startTime', 'endTime', 'playUrl', 'alarmId'])
        .where('cameraId', '=', camera.id)
        .where('startTime', '<', end)
        .where('endTime', '>', start)
        .orderBy('startTime')
        .orderBy('id')
        .limit(MAX_DAY_SPANS)
        .execute(),
      alarms.select(['id', 'alarmTime', 'eventType', 'status']).orderBy('alarmTime').orderBy('id').limit(MAX_DAY_ALARMS).execute(),
      alarms.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      cameraId: camera.id,
      day: query.day,
      spans: spans.map((s) => ({ id: s.id, kind: s.kind, startTime: formatTime(s.startTime)!, endTime: formatTime(s.endTime)!, playUrl: s.playUrl, alarmId: s.alarmId })),
      alarms: shown.map((a) => ({ id: a.id, alarmTime: formatTime(a.alarmTime)!, eventType: a.eventType, eventName: typeName(a.eventType, lang), status: a.status })),
      alarmsTotal: Number(total.n),
    };
  },
};

// alarms: reading — the filtered list, cameras with alarms, the urgent list, catch-up by seq, one alarm with
// its history, and the snapshot image.
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { notFound, pageResult } from '../shared/records.ts';
import { countAlarms } from './alarmCount.ts';
import { filteredAlarms, liveAlarms, sorted, timeWindow } from './alarmQuery.ts';
import { findLiveAlarm, readHistory, toWarnEvent, urgentTypes } from './alarmRecords.ts';
import { latestSeq, readImage } from './alarmStore.ts';
import { cameraCounts } from './cameraCounts.ts';
import { alarmWatermarkFields, applyWatermark, watermarkFor } from '../system/watermark.ts';

export const alarmListHandlers: HandlerMap = {
  async listWarnEvents({ db, body, lang }: Ctx<'listWarnEvents'>) {
    const page = pageOf(body);
    const query = filteredAlarms(db, body);
    const [total, rows, urgent] = await Promise.all([
      countAlarms(db, body),
      sorted(query, body).selectAll().limit(page.pageSize).offset(page.offset).execute(),
      urgentTypes(db),
    ]);
    return pageResult(
      rows.map((r) => toWarnEvent(r, lang, urgent)),
      total,
      page,
    );
  },

  async listWarnEventCameras({ db, query }: Ctx<'listWarnEventCameras'>) {
    const { start, endExclusive } = timeWindow(query);
    const road = query.eventKind ? query.eventKind === 'road' : null;
    return (await cameraCounts(db, start, endExclusive, road))
      .map((r) => ({ ...r, lastAlarmTime: formatTime(r.lastAlarmTime) as string }))
      .sort((a, b) => a.cameraName.localeCompare(b.cameraName, 'zh') || a.cameraId - b.cameraId);
  },

  async listUrgentWarnEvents({ db, body, lang }: Ctx<'listUrgentWarnEvents'>) {
    const page = { pageNo: body.pageNo ?? 1, pageSize: Math.min(50, body.pageSize ?? 50) };
    const urgent = await urgentTypes(db);
    const query = filteredAlarms(db, {
      startTime: body.startTime,
      endTime: body.endTime,
      cameraIds: body.cameraIds,
      status: body.status,
      eventTypes: [...urgent] as never,
    });
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      query
        .selectAll()
        .orderBy('alarmTime', 'desc')
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset((page.pageNo - 1) * page.pageSize)
        .execute(),
    ]);
    return pageResult(
      rows.map((r) => toWarnEvent(r, lang, urgent)),
      count.total as string,
      page,
    );
  },

  async listWarnEventsSince({ db, query, lang }: Ctx<'listWarnEventsSince'>) {
    const limit = query.limit ?? 200;
    const [rows, latest, urgent] = await Promise.all([
      liveAlarms(db)
        .selectAll()
        .where('seq', '>', query.afterSeq)
        .orderBy('seq')
        .limit(limit + 1)
        .execute(),
      latestSeq(db),
      urgentTypes(db),
    ]);
    const list = rows.slice(0, limit).map((r) => toWarnEvent(r, lang, urgent));
    return {
      list,
      lastSeq: list.length ? list[list.length - 1].seq : query.afterSeq,
      latestSeq: latest,
      hasMore: rows.length > limit,
    };
  },

  async getWarnEventInfo({ db, params, lang }: Ctx<'getWarnEventInfo'>) {
    const id = Number((params as { id: number }).id);
    const row = await findLiveAlarm(db, id);
    if (!row) throw notFound('entity.alarm', id);
    const [urgent, history] = await Promise.all([urgentTypes(db), readHistory(db, id)]);
    return { ...toWarnEvent(row, lang, urgent), history };
  },

  async getWarnEventImage({ db, params, reply, services, lang, user }: Ctx<'getWarnEventImage'>) {
    const id = Number((params as { id: number }).id);
    const row = await findLiveAlarm(db, id);
    if (!row) throw notFound('entity.alarm', id);
    if (!row.imagePath) throw new ApiError(404, 'alarms.imageMissing', { id });
    let bytes: Buffer;
    try {
      bytes = await readImage(services.config.dataDir, row.imagePath);
    } catch {
      throw new ApiError(404, 'alarms.imageMissing', { id });
    }
    // The watermark setting (applyTo alarmImage) marks the image as it is viewed; the stored evidence stays as sent.
    const watermark = await watermarkFor(db, 'alarmImage');
    if (watermark) bytes = await applyWatermark(bytes, watermark, alarmWatermarkFields(row, lang, user?.username ?? ''));
    return reply
      .header('content-type', row.imagePath.endsWith('.png') ? 'image/png' : 'image/jpeg')
      // A watermarked image follows the setting, so it is checked again rather than kept for a day.
      .header('cache-control', watermark ? 'private, no-cache' : 'private, max-age=86400')
      .send(bytes);
  },
};

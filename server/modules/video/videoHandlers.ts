// video: the video centre's clip downloads, recordings and a camera's latest frame, on the database.
// This server has no media service: a download job is recorded and ends at once as failed with that reason,
// recordings are those registered in video_records, and the latest frame is the latest alarm snapshot.
import { readFile } from 'node:fs/promises';
import type { Selectable } from 'kysely';
import type { VideoDownloadTable } from '../../db/alarmTables.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf, parseTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { translate } from '../../http/messages.ts';
import { imageFilePath, removeImageFile } from '../alarms/alarmStore.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { containsPattern, notFound, pageResult } from '../shared/records.ts';

export const MAX_CLIP_HOURS = 12;
export const MAX_OPEN_JOBS = 5;

export const videoHandlers: HandlerMap = {
  async requestVideoDownload({ db, body, user, lang }: Ctx<'requestVideoDownload'>) {
    const start = parseTime(body.startTime);
    const end = parseTime(body.endTime);
    if (start.getTime() >= end.getTime()) throw new ApiError(400, 'video.timeOrder');
    if (end.getTime() > Date.now()) throw new ApiError(400, 'video.endInFuture');
    if (end.getTime() - start.getTime() > MAX_CLIP_HOURS * 3600_000) throw new ApiError(400, 'video.tooLong', { hours: MAX_CLIP_HOURS });
    const camera = await db.selectFrom('devices').select(['id', 'name']).where('id', '=', body.cameraId).executeTakeFirst();
    if (!camera) throw notFound('entity.camera', body.cameraId);
    const open = await db
      .selectFrom('videoDownloads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('createUserId', '=', user!.id)
      .where('status', 'in', [0, 1])
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= MAX_OPEN_JOBS) throw new ApiError(429, 'video.tooManyJobs', { count: Number(open.n) });
    const row = await db
      .insertInto('videoDownloads')
      .values({
        name: body.name ?? `${camera.name} ${body.startTime}`,
        cameraId: camera.id,
        cameraName: camera.name,
        startTime: start,
        endTime: end,
        // The job's only possible outcome without a media service, recorded so the list tells the operator why.
        status: 3,
        progress: 0,
        errorMsg: translate(lang, 'video.noMediaService'),
        createUserId: user!.id,
        createUser: user!.username,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDownload(row);
  },

  async listVideoDownloads({ db, query }: Ctx<'listVideoDownloads'>) {
    const page = pageOf(query);
    let q = db.selectFrom('videoDownloads');
    if (query.name?.trim()) q = q.where('name', 'ilike', containsPattern(query.name.trim()));
    if (query.cameraId) q = q.where('cameraId', '=', query.cameraId);
    if (query.status !== undefined) q = q.where('status', '=', query.status);
    if (query.startTime) q = q.where('createdAt', '>=', parseTime(query.startTime));
    if (query.endTime) q = q.where('createdAt', '<', new Date(parseTime(query.endTime).getTime() + 1000));
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute(),
    ]);
    return pageResult(rows.map(toDownload), count.total, page);
  },

  async deleteVideoDownload({ db, body, services }: Ctx<'deleteVideoDownload'>) {
    const row = await db.deleteFrom('videoDownloads').where('id', '=', body.id).returning(['id', 'filePath']).executeTakeFirst();
    if (!row) throw notFound('entity.videoDownload', body.id);
    await removeImageFile(services.config.dataDir, row.filePath);
    return null;
  },

  async getCameraLatestFrame({ db, query, services }: Ctx<'getCameraLatestFrame'>) {
    const camera = await db.selectFrom('devices').select('id').where('id', '=', query.cameraId).executeTakeFirst();
    if (!camera) throw notFound('entity.camera', query.cameraId);
    const alarms = await db
      .selectFrom('alarms')
      .select(['alarmTime', 'imagePath'])
      .where('deletedAt', 'is', null)
      .where('cameraId', '=', camera.id)
      .where('imagePath', 'is not', null)
      .orderBy('alarmTime', 'desc')
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    for (const alarm of alarms) {
      const bytes = await readFile(imageFilePath(services.config.dataDir, alarm.imagePath!)).catch(() => null);
      if (!bytes) continue;
      const type = alarm.imagePath!.endsWith('.png') ? 'image/png' : 'image/jpeg';
      return { cameraId: camera.id, imageUrl: `data:${type};base64,${bytes.toString('base64')}`, time: formatTime(alarm.alarmTime) as string, source: 'alarm' };
    }
    throw new ApiError(404, 'video.noSnapshot');
  },

  async listVideoRecords({ db, query }: Ctx<'listVideoRecords'>) {
    const page = pageOf(query);
    const start = query.startTime ? parseTime(query.startTime) : null;
    const end = query.endTime ? parseTime(query.endTime) : null;
    if (start && end && start.getTime() > end.getTime()) throw new ApiError(400, 'alarms.timeRange');
    let q = db.selectFrom('videoRecords');
    if (query.cameraId) q = q.where('cameraId', '=', query.cameraId);
    // A record overlaps the window when it starts before the window ends and ends after it starts.
    if (end) q = q.where('startTime', '<=', end);
    if (start) q = q.where('endTime', '>=', start);
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('startTime', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute(),
    ]);
    return pageResult(
      rows.map((r) => ({
        id: r.id,
        cameraId: r.cameraId,
        cameraName: r.cameraName,
        startTime: formatTime(r.startTime) as string,
        endTime: formatTime(r.endTime) as string,
        duration: Math.max(0, Math.round((r.endTime.getTime() - r.startTime.getTime()) / 1000)),
        size: r.size === null ? null : Number(r.size),
        playUrl: r.playUrl,
        createTime: formatTime(r.createdAt) as string,
      })),
      count.total,
      page,
    );
  },
};

function toDownload(row: Selectable<VideoDownloadTable>) {
  return {
    id: row.id,
    name: row.name,
    cameraId: row.cameraId,
    cameraName: row.cameraName,
    startTime: formatTime(row.startTime) as string,
    endTime: formatTime(row.endTime) as string,
    status: row.status as 0 | 1 | 2 | 3,
    progress: row.progress,
    size: row.size === null ? null : Number(row.size),
    url: row.status === 2 && row.filePath ? `/files/${row.filePath}` : null,
    errorMsg: row.errorMsg,
    createUser: row.createUser,
    createTime: formatTime(row.createdAt) as string,
  };
}

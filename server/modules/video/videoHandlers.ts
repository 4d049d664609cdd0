// video: the video centre's clip downloads, recordings and a camera's latest frame. Recordings are the clips the
// boxes upload (POST /ingest/recording, video_records); a download job joins those that overlap its range
// (downloadJob.ts) or fails with the reason when none does; the latest frame is the last frame of the camera's
// latest recording, else the snapshot of its latest alarm.
import type { Selectable } from 'kysely';
import type { VideoDownloadTable } from '../../db/alarmTables.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf, parseTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { translate } from '../../http/messages.ts';
import { readImage, removeImageFile } from '../alarms/alarmStore.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { containsPattern, notFound, pageResult } from '../shared/records.ts';
import { MAX_CLIPS_PER_DOWNLOAD, startDownloadJob } from './downloadJob.ts';
import { latestRecordingFrame, toRecord } from './recordRows.ts';

export const MAX_CLIP_HOURS = 12;
export const MAX_OPEN_JOBS = 5;
/** A pending or running job not touched for this long belongs to a server that stopped: it is marked failed. */
const STALE_JOB_MS = 10 * 60_000;

async function failStaleJobs(db: Ctx<'listVideoDownloads'>['db'], lang: Ctx<'listVideoDownloads'>['lang']) {
  await db
    .updateTable('videoDownloads')
    .set({ status: 3, errorMsg: translate(lang, 'video.interrupted'), updatedAt: new Date() })
    .where('status', 'in', [0, 1])
    .where('updatedAt', '<', new Date(Date.now() - STALE_JOB_MS))
    .execute();
}

export const videoHandlers: HandlerMap = {
  async requestVideoDownload({ db, body, user, lang, services }: Ctx<'requestVideoDownload'>) {
    const start = parseTime(body.startTime);
    const end = parseTime(body.endTime);
    if (start.getTime() >= end.getTime()) throw new ApiError(400, 'video.timeOrder');
    if (end.getTime() > Date.now()) throw new ApiError(400, 'video.endInFuture');
    if (end.getTime() - start.getTime() > MAX_CLIP_HOURS * 3600_000) throw new ApiError(400, 'video.tooLong', { hours: MAX_CLIP_HOURS });
    const camera = await db.selectFrom('devices').select(['id', 'name']).where('id', '=', body.cameraId).executeTakeFirst();
    if (!camera) throw notFound('entity.camera', body.cameraId);
    await failStaleJobs(db, lang);
    const open = await db
      .selectFrom('videoDownloads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('createUserId', '=', user!.id)
      .where('status', 'in', [0, 1])
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= MAX_OPEN_JOBS) throw new ApiError(429, 'video.tooManyJobs', { count: Number(open.n) });
    // The recordings that overlap the range, oldest first, in the order they are joined.
    const sources = await db
      .selectFrom('videoRecords')
      .select(['filePath'])
      .where('cameraId', '=', camera.id)
      .where('filePath', 'is not', null)
      .where('startTime', '<', end)
      .where('endTime', '>', start)
      .orderBy('startTime')
      .orderBy('id')
      .limit(MAX_CLIPS_PER_DOWNLOAD + 1)
      .execute();
    const failure =
      sources.length === 0
        ? translate(lang, 'video.noRecording')
        : sources.length > MAX_CLIPS_PER_DOWNLOAD
          ? translate(lang, 'video.tooManyClips', { max: MAX_CLIPS_PER_DOWNLOAD })
          : null;
    const row = await db
      .insertInto('videoDownloads')
      .values({
        name: body.name ?? `${camera.name} ${body.startTime}`,
        cameraId: camera.id,
        cameraName: camera.name,
        startTime: start,
        endTime: end,
        // No recording covers the range: the job is recorded as failed, so the list tells the operator why.
        status: failure ? 3 : 0,
        progress: 0,
        errorMsg: failure,
        createUserId: user!.id,
        createUser: user!.username,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!failure) startDownloadJob(db, services.config.dataDir, row.id, sources as { filePath: string }[], lang);
    return toDownload(row);
  },

  async listVideoDownloads({ db, query, lang }: Ctx<'listVideoDownloads'>) {
    await failStaleJobs(db, lang);
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
    const fromRecording = await latestRecordingFrame(db, services.config.dataDir, camera.id);
    if (fromRecording) return fromRecording;
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
      const bytes = await readImage(services.config.dataDir, alarm.imagePath!).catch(() => null);
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
    if (query.alarmId) q = q.where('alarmId', '=', query.alarmId);
    // A record overlaps the window when it starts before the window ends and ends after it starts.
    if (end) q = q.where('startTime', '<=', end);
    if (start) q = q.where('endTime', '>=', start);
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('startTime', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute(),
    ]);
    return pageResult(rows.map(toRecord), count.total, page);
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

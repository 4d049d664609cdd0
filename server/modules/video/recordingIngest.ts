// POST /ingest/recording: an edge box uploads a recording of a camera bound to it — an alarm's clip (linked by its
// boxEventId) or a segment of continuous recording (kind=continuous). Authenticated by the box's id and secret; the
// file streamed to disk (recordingUpload.ts), checked by its bytes and structure, and registered as a recording.
import { ApiError } from '../../http/apiError.ts';
import type { HandlerContext, HandlerMap } from '../../http/handler.ts';
import { NotMp4Error } from '../../media/mp4Info.ts';
import { authenticateBox } from '../edgeBox/boxAuth.ts';
import { parseRecordingFields } from './recordingFields.ts';
import { readRecordingConfig, statfsUsage } from './recordingRetention.ts';
import { checkMp4File, recordingPath, removeRecordingFile } from './recordingStore.ts';
import { readRecordingUpload } from './recordingUpload.ts';

/** A continuous segment may run this much past the camera's segment length (its last GOP, the box's clock). */
export const SEGMENT_SLACK_SECONDS = 10;

export const recordingIngestHandlers: HandlerMap = {
  async ingestRecording({ db, req, lang, services }: HandlerContext) {
    const boxId = await authenticateBox(db, req);
    const dataDir = services.config.dataDir;
    const upload = await readRecordingUpload(req, { dataDir, diskUsage: services.config.recordingDisk ?? statfsUsage, config: () => readRecordingConfig(db) }).catch(
      (error: unknown) => {
        // At the floor: the retention loop makes room now rather than at its next round.
        if (error instanceof ApiError && error.code === 507) services.recordingRetention?.wake();
        throw error;
      },
    );
    const filePath = upload.filePath;
    try {
      const fields = parseRecordingFields(upload.fields, lang);
      const camera = await db.selectFrom('devices').select(['id', 'name', 'boxId', 'recordSegmentSeconds']).where('id', '=', fields.cameraId).executeTakeFirst();
      if (!camera || camera.boxId !== boxId) throw new ApiError(403, 'alarms.ingest.foreignCamera', { cameraId: fields.cameraId });
      let alarmId: number | null = null;
      if (fields.kind === 'continuous') {
        if (fields.boxEventId) throw new ApiError(400, 'video.recording.continuousWithEvent');
        // The camera's segment length (its recording settings, migration 083).
        const longest = camera.recordSegmentSeconds + SEGMENT_SLACK_SECONDS;
        if (fields.endTime.getTime() - fields.startTime.getTime() > longest * 1000) throw new ApiError(400, 'video.recordingTooLong', { seconds: longest });
      } else if (fields.boxEventId) {
        const alarm = await db.selectFrom('alarms').select('id').where('boxId', '=', boxId).where('boxEventId', '=', fields.boxEventId).executeTakeFirst();
        if (!alarm) throw new ApiError(404, 'video.noSuchAlarm', { boxEventId: fields.boxEventId });
        alarmId = alarm.id;
      }
      let info: { width: number; height: number };
      try {
        info = await checkMp4File(recordingPath(dataDir, filePath));
      } catch (error) {
        if (error instanceof NotMp4Error) throw new ApiError(400, 'video.badClip', { reason: error.message });
        throw error;
      }
      const values = {
        cameraId: camera.id,
        cameraName: camera.name,
        boxId,
        alarmId,
        kind: fields.kind,
        startTime: fields.startTime,
        endTime: fields.endTime,
        size: upload.size,
        playUrl: `/files/${filePath}`,
        filePath,
        track: JSON.stringify(fields.track),
        width: info.width,
        height: info.height,
      };
      // One recording per alarm, decided by the unique index: a repeat answers the first one.
      const inserted = await db
        .insertInto('videoRecords')
        .values(values)
        .onConflict((oc) => oc.column('alarmId').where('alarmId', 'is not', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (fields.kind === 'continuous') services.recordingRetention?.wake();
      if (inserted) return { id: inserted.id };
      await removeRecordingFile(dataDir, filePath);
      const first = await db.selectFrom('videoRecords').select('id').where('alarmId', '=', alarmId).executeTakeFirstOrThrow();
      return { id: first.id };
    } catch (error) {
      await removeRecordingFile(dataDir, filePath);
      throw error;
    }
  },
};

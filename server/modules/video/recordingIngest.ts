// POST /ingest/recording: an edge box uploads the clip it recorded (around an alarm it posted). Authenticated by
// the box's id and secret; the clip checked by its bytes and structure, stored, and registered as a recording.
import { ApiError } from '../../http/apiError.ts';
import type { HandlerContext, HandlerMap } from '../../http/handler.ts';
import { readUpload } from '../../http/uploads.ts';
import { NotMp4Error } from '../../media/mp4Info.ts';
import { authenticateBox } from '../edgeBox/boxAuth.ts';
import { parseRecordingFields } from './recordingFields.ts';
import { checkMp4, recordingPath, removeRecordingFile, writeRecordingFile } from './recordingStore.ts';

export const RECORDING_MAX_BYTES = 8 * 1024 * 1024;

export const recordingIngestHandlers: HandlerMap = {
  async ingestRecording({ db, req, lang, services }: HandlerContext) {
    const boxId = await authenticateBox(db, req);
    const upload = await readUpload(req, { field: 'clip', maxBytes: RECORDING_MAX_BYTES, types: { 'video/mp4': 'mp4' } });
    const fields = parseRecordingFields(upload.fields, lang);
    const camera = await db.selectFrom('devices').select(['id', 'name', 'boxId']).where('id', '=', fields.cameraId).executeTakeFirst();
    if (!camera || camera.boxId !== boxId) throw new ApiError(403, 'alarms.ingest.foreignCamera', { cameraId: fields.cameraId });
    let alarmId: number | null = null;
    if (fields.boxEventId) {
      const alarm = await db.selectFrom('alarms').select('id').where('boxId', '=', boxId).where('boxEventId', '=', fields.boxEventId).executeTakeFirst();
      if (!alarm) throw new ApiError(404, 'video.noSuchAlarm', { boxEventId: fields.boxEventId });
      alarmId = alarm.id;
    }

    const dataDir = services.config.dataDir;
    const filePath = await writeRecordingFile(dataDir, 'recordings', upload.buffer);
    try {
      let info: { width: number; height: number };
      try {
        info = checkMp4(upload.buffer, recordingPath(dataDir, filePath));
      } catch (error) {
        if (error instanceof NotMp4Error) throw new ApiError(400, 'video.badClip', { reason: error.message });
        throw error;
      }
      const values = {
        cameraId: camera.id,
        cameraName: camera.name,
        boxId,
        alarmId,
        startTime: fields.startTime,
        endTime: fields.endTime,
        size: upload.buffer.length,
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

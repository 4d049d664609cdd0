// alarms: what operators attach to an alarm — evidence images (base64 upload), the error-detection library
// (false detections) and labelling tasks in Label Studio.
import { sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { humanSize, sniffType } from '../../http/uploads.ts';
import { IMAGE_BOUNDS, safeImage } from '../../media/imageSafety.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { findLiveAlarm, writeHistory } from './alarmRecords.ts';
import { removeImageFile, writeImageFile } from './alarmStore.ts';
import { createLabelTask } from './labelStudio.ts';

export const EVIDENCE_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_DEAL_IMAGES = 10;

export const evidenceHandlers: HandlerMap = {
  async uploadWarnEventImageBase64({ db, body, user, services }: Ctx<'uploadWarnEventImageBase64'>) {
    const match = /^data:image\/(jpeg|jpg|png);base64,/.exec(body.imageBase64)!;
    const declared = match[1] === 'png' ? 'image/png' : 'image/jpeg';
    const payload = body.imageBase64.slice(match[0].length).replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload) || payload.length % 4 === 1) throw new ApiError(400, 'alarms.image.badBase64');
    const bytes = Buffer.from(payload, 'base64');
    if (bytes.length > EVIDENCE_MAX_BYTES) throw new ApiError(413, 'upload.tooLarge', { max: humanSize(EVIDENCE_MAX_BYTES) });
    // The bytes must be an image of the declared type, whatever the data URL says; what is stored is re-encoded.
    if (sniffType(bytes) !== declared) throw new ApiError(415, 'upload.badType', { types: 'jpg, png' });
    const image = await safeImage(bytes, IMAGE_BOUNDS.alarmImage, { field: 'imageBase64', accept: ['jpeg', 'png'] });
    if (body.eventId && !(await findLiveAlarm(db, body.eventId))) throw notFound('entity.alarm', body.eventId);

    const dataDir = services.config.dataDir;
    const relative = await writeImageFile(dataDir, 'alarm', image.buffer, image.extension, Boolean(services.config.databaseUrl));
    const url = `/files/${relative}`;
    if (!body.eventId) return { url };
    const eventId = body.eventId;
    try {
      const attached = await db.transaction().execute(async (trx) => {
        // Appended only while under the cap, in one statement: concurrent uploads cannot exceed it.
        const row = await trx
          .updateTable('alarms')
          .set({ dealImages: sql`deal_images || jsonb_build_array(${url}::text)` as never })
          .where('id', '=', eventId)
          .where('deletedAt', 'is', null)
          .where(sql<boolean>`jsonb_array_length(deal_images) < ${MAX_DEAL_IMAGES}`)
          .returning(['id', 'status'])
          .executeTakeFirst();
        if (row) {
          await writeHistory(trx, [
            { alarmId: eventId, action: 'imageUpload', fromStatus: row.status, toStatus: row.status, userName: user!.username, remark: url },
          ]);
        }
        return row;
      });
      if (!attached) {
        if (!(await findLiveAlarm(db, eventId))) throw notFound('entity.alarm', eventId);
        throw new ApiError(409, 'alarms.image.limit', { max: MAX_DEAL_IMAGES });
      }
    } catch (error) {
      await removeImageFile(dataDir, relative);
      throw error;
    }
    return { url };
  },

  async updateErrDetectionLib({ db, body, user }: Ctx<'updateErrDetectionLib'>) {
    const alarm = await findLiveAlarm(db, body.eventId);
    if (!alarm) throw notFound('entity.alarm', body.eventId);
    const box = body.box ?? { x: alarm.boxX, y: alarm.boxY, w: alarm.boxW, h: alarm.boxH };
    if (box.x + box.w > alarm.imageWidth || box.y + box.h > alarm.imageHeight) {
      throw new ApiError(400, 'alarms.errLib.boxOutside', { width: alarm.imageWidth, height: alarm.imageHeight });
    }
    const who = user!.username;
    const now = new Date();
    const entry = await db.transaction().execute(async (trx) => {
      const values = {
        cameraId: alarm.cameraId,
        eventType: alarm.eventType,
        boxX: box.x,
        boxY: box.y,
        boxW: box.w,
        boxH: box.h,
        remark: body.remark || null,
      };
      const row = await trx
        .insertInto('errDetectionLib')
        .values({ ...values, alarmId: alarm.id, createUser: who })
        .onConflict((oc) => oc.column('alarmId').doUpdateSet({ ...values, updatedAt: now }))
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable('alarms').set({ errDetection: true }).where('id', '=', alarm.id).execute();
      await writeHistory(trx, [
        { alarmId: alarm.id, action: 'errDetectionAdd', fromStatus: alarm.status, toStatus: alarm.status, userName: who, remark: body.remark },
      ]);
      return row;
    });
    return {
      id: entry.id,
      eventId: entry.alarmId,
      cameraId: entry.cameraId,
      eventType: entry.eventType,
      box: { x: entry.boxX, y: entry.boxY, w: entry.boxW, h: entry.boxH },
      remark: entry.remark,
      createUser: entry.createUser,
      createTime: formatTime(entry.createdAt) as string,
    };
  },

  async deleteErrDetectionLib({ db, body, user }: Ctx<'deleteErrDetectionLib'>) {
    const removed = await db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('errDetectionLib').where('alarmId', '=', body.eventId).returning('alarmId').executeTakeFirst();
      if (!row) return false;
      const alarm = await trx.updateTable('alarms').set({ errDetection: false }).where('id', '=', body.eventId).returning('status').executeTakeFirst();
      await writeHistory(trx, [
        { alarmId: body.eventId, action: 'errDetectionRemove', fromStatus: alarm?.status ?? null, toStatus: alarm?.status ?? null, userName: user!.username },
      ]);
      return true;
    });
    if (!removed) throw new ApiError(404, 'alarms.errLib.notInLib', { id: body.eventId });
    return null;
  },

  async addLabelStudioTask(ctx: Ctx<'addLabelStudioTask'>) {
    return createLabelTask(ctx);
  },
};

// The picture areas are drawn on. The reference platform has no media server: a simulated camera's frame is
// rendered (a road scene, the same one for the same camera); an image camera shows the newest of the last picture
// its box posted with an alarm and a picture uploaded for it; a live camera that cannot be reached shows its
// uploaded picture, if any. Uploads pass the image safety check and are stored re-encoded.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { readUpload } from '../../http/uploads.ts';
import { IMAGE_BOUNDS, safeImage } from '../../media/imageSafety.ts';
import { encodePng } from '../../media/pngEncoder.ts';
import { renderRoadScene } from '../../media/roadScene.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { type DeviceRow, findDevice } from './deviceRecords.ts';
import { filesRoot, removeStoredFile, storeFile } from './storedFiles.ts';

const DEFAULT_FRAME = { width: 1920, height: 1080 };
export const SNAPSHOT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
const UPLOAD_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };

type Snapshot = Schema<'DeviceSnapshot'>;

/** The stored (uploaded or rendered) picture of the device, when its file is still there. */
function storedPicture(device: DeviceRow, dataDir: string): { path: string; at: Date } | null {
  if (!device.snapshotPath || !device.snapshotAt || !device.width || !device.height) return null;
  return existsSync(join(filesRoot(dataDir), device.snapshotPath)) ? { path: device.snapshotPath, at: device.snapshotAt } : null;
}

async function lastAlarmPicture(db: Kysely<Database>, cameraId: number) {
  return db
    .selectFrom('alarms')
    .select(['imagePath', 'imageWidth', 'imageHeight', 'alarmTime'])
    .where('cameraId', '=', cameraId)
    .where('imagePath', 'is not', null)
    .where('deletedAt', 'is', null)
    .orderBy('alarmTime', 'desc')
    .limit(1)
    .executeTakeFirst();
}

async function renderedFrame(db: Kysely<Database>, device: DeviceRow, dataDir: string, now: Date): Promise<Snapshot> {
  const width = device.width ?? DEFAULT_FRAME.width;
  const height = device.height ?? DEFAULT_FRAME.height;
  // The scene is the same for the same camera: render it once per frame size, then serve the stored picture.
  let path = device.snapshotPath;
  if (!path || device.width !== width || device.height !== height || !existsSync(join(filesRoot(dataDir), path))) {
    path = storeFile(dataDir, 'snapshots', 'png', encodePng(renderRoadScene({ width, height, seed: device.id })));
    removeStoredFile(dataDir, device.snapshotPath);
  }
  await db.updateTable('devices').set({ snapshotPath: path, snapshotAt: now, width, height, online: true }).where('id', '=', device.id).execute();
  return { imageUrl: `/files/${path}`, width, height, time: formatTime(now)! };
}

export const snapshotHandlers: HandlerMap = {
  async getDeviceSnapshot({ db, query, services }: Ctx<'getDeviceSnapshot'>) {
    const device = await findDevice(db, query.cameraId);
    const dataDir = services.config.dataDir;
    const now = new Date();
    const stored = storedPicture(device, dataDir);
    if (device.kind === 'image') {
      const alarm = await lastAlarmPicture(db, device.id);
      if (alarm?.imagePath && (!stored || alarm.alarmTime > stored.at)) {
        // The newer picture replaces the stored one (the device's frame size is the picture's).
        await db.updateTable('devices').set({ width: alarm.imageWidth, height: alarm.imageHeight, snapshotPath: null, snapshotAt: null }).where('id', '=', device.id).execute();
        removeStoredFile(dataDir, device.snapshotPath);
        return { imageUrl: `/files/${alarm.imagePath}`, width: alarm.imageWidth, height: alarm.imageHeight, time: formatTime(alarm.alarmTime)! };
      }
      if (stored) return { imageUrl: `/files/${stored.path}`, width: device.width!, height: device.height!, time: formatTime(stored.at)! };
    }
    if (device.simulated) return renderedFrame(db, device, dataDir, now);
    if (device.kind !== 'offline') await db.updateTable('devices').set({ online: false }).where('id', '=', device.id).execute();
    // The stream gave nothing: the picture uploaded for it, when there is one.
    if (stored && device.kind === 'normal') return { imageUrl: `/files/${stored.path}`, width: device.width!, height: device.height!, time: formatTime(stored.at)! };
    throw new ApiError(404, 'devices.noSnapshot');
  },

  async uploadDeviceSnapshot({ db, req, services }: Ctx<'uploadDeviceSnapshot'>) {
    const upload = await readUpload(req, { field: 'file', maxBytes: SNAPSHOT_UPLOAD_MAX_BYTES, types: UPLOAD_TYPES });
    const cameraId = Number(upload.fields.cameraId);
    if (!/^[1-9]\d{0,9}$/.test(upload.fields.cameraId ?? '') || cameraId > 2147483647) {
      throw new ApiError(400, 'devices.rule', { field: 'cameraId', rule: 'devices.rule.positiveInteger' });
    }
    const device = await findDevice(db, cameraId);
    if (device.kind === 'offline') throw new ApiError(409, 'devices.offlineSnapshot');
    const image = await safeImage(upload.buffer, IMAGE_BOUNDS.cameraSnapshot, { field: 'file' });
    const dataDir = services.config.dataDir;
    const path = storeFile(dataDir, 'snapshots', image.extension, image.buffer);
    const now = new Date();
    const row = await db
      .updateTable('devices')
      .set({ snapshotPath: path, snapshotAt: now, width: image.width, height: image.height, updatedAt: now })
      .where('id', '=', cameraId)
      .returning('id')
      .executeTakeFirst();
    if (!row) {
      // Deleted meanwhile.
      removeStoredFile(dataDir, path);
      throw notFound('entity.device', cameraId);
    }
    removeStoredFile(dataDir, device.snapshotPath);
    return { imageUrl: `/files/${path}`, width: image.width, height: image.height, time: formatTime(now)! };
  },
};

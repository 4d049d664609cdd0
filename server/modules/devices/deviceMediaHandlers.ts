// Streams of a device: play relays and offline video uploads (the snapshot areas are drawn on: snapshotHandlers.ts).
// The reference platform has no media server: a relay is the record of a requested stream with its play URLs.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { NotMp4Error, readMp4Info } from '../../media/mp4Info.ts';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { asClientError } from '../../http/clientErrors.ts';
import { clientSignal, formParts, stopIfGone } from '../../http/formParts.ts';
import { promoteStaged, removeStaged, type StagedFile, stageFile } from '../../http/stagedUploads.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { findDevice, toDevice } from './deviceRecords.ts';
import { removeStoredFile } from './storedFiles.ts';

const RELAY_IDLE_MS = 5 * 60_000;
const MAX_VIDEO_BYTES = 2 * 1024 ** 3;

interface UploadedVideo {
  staged: StagedFile;
  fileName: string;
  fields: Record<string, string>;
}

/** Streams the multipart file to a private staged file (videos are too large to hold in memory), with the form fields. */
async function receiveVideo(req: FastifyRequest, dataDir: string, signal: AbortSignal): Promise<UploadedVideo> {
  if (!req.isMultipart()) throw new ApiError(415, 'upload.missing', { field: 'file' });
  const fields: Record<string, string> = {};
  let upload: UploadedVideo | null = null;
  try {
    for await (const part of formParts(req, { fileSize: MAX_VIDEO_BYTES, files: 1 })) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || upload) {
        part.file.resume();
        continue;
      }
      const staged = await stageFile(part, dataDir, { maxBytes: MAX_VIDEO_BYTES, prefix: 'offline', extension: 'mp4', signal });
      upload = { staged, fileName: part.filename, fields };
    }
  } catch (error) {
    await removeStaged(upload?.staged);
    throw asClientError(error, MAX_VIDEO_BYTES) ?? error;
  }
  if (!upload) throw new ApiError(400, 'upload.missing', { field: 'file' });
  return upload;
}

function relayUrls(host: string, key: string) {
  return { rtmpUrl: `rtmp://${host}:1935/live/${key}`, flvUrl: `http://${host}:8088/live/${key}.flv`, hlsUrl: `http://${host}:8088/live/${key}/index.m3u8` };
}

export const deviceMediaHandlers: HandlerMap = {
  async getDeviceRtmpUrl({ db, query, req }: Ctx<'getDeviceRtmpUrl'>) {
    const device = await findDevice(db, query.cameraId);
    if (device.kind === 'image') throw new ApiError(409, 'devices.imageNoStream');
    const now = new Date();
    const existing = await db.selectFrom('deviceRelays').selectAll().where('deviceId', '=', device.id).executeTakeFirst();
    const alive = existing && now.getTime() - existing.lastUsedAt.getTime() < RELAY_IDLE_MS;
    const key = alive ? existing.relayKey : `${device.id}-${randomBytes(8).toString('hex')}`;
    await db
      .insertInto('deviceRelays')
      .values({ deviceId: device.id, relayKey: key, startedAt: now, lastUsedAt: now })
      .onConflict((oc) => oc.column('deviceId').doUpdateSet(alive ? { lastUsedAt: now } : { relayKey: key, startedAt: now, lastUsedAt: now }))
      .execute();
    return { cameraId: device.id, ...relayUrls(req.hostname.replace(/:\d+$/, ''), key) };
  },

  async stopDeviceRtmp({ db, query }: Ctx<'stopDeviceRtmp'>) {
    await findDevice(db, query.cameraId);
    await db.deleteFrom('deviceRelays').where('deviceId', '=', query.cameraId).execute();
    return null;
  },

  async uploadOfflineVideo({ db, req, reply, services }: Ctx<'uploadOfflineVideo'>) {
    const dataDir = services.config.dataDir;
    const signal = clientSignal(reply);
    const upload = await receiveVideo(req, dataDir, signal);
    let relative: string | null = null;
    try {
      const info = (() => {
        try {
          return readMp4Info(upload.staged.path);
        } catch (error) {
          if (error instanceof NotMp4Error) throw new ApiError(415, 'upload.badType', { types: 'mp4' });
          throw error;
        }
      })();
      const name = (upload.fields.name ?? upload.fileName.replace(/\.[^.]*$/, '')).trim();
      if (name.length < 1 || name.length > 128) throw new ApiError(400, 'devices.rule', { field: 'name', rule: 'devices.rule.videoName' });
      let sceneId: number | null = null;
      if (upload.fields.sceneId !== undefined && upload.fields.sceneId !== '') {
        sceneId = Number(upload.fields.sceneId);
        if (!Number.isInteger(sceneId) || sceneId < 1) throw new ApiError(400, 'devices.rule', { field: 'sceneId', rule: 'devices.rule.positiveInteger' });
        if (!(await db.selectFrom('scenes').select('id').where('id', '=', sceneId).executeTakeFirst())) throw notFound('entity.scene', sceneId);
      }
      const same = await db.selectFrom('devices').select('id').where('kind', '=', 'offline').where('name', '=', name).executeTakeFirst();
      if (same) throw new ApiError(409, 'conflict.duplicate', { field: 'field.videoName', value: name });
      stopIfGone(signal);
      // Accepted: the video leaves the private staging folder for files/offline/.
      relative = await promoteStaged(upload.staged, dataDir, 'offline', 'mp4');
      const row = await db
        .insertInto('devices')
        .values({
          name,
          kind: 'offline',
          sceneId,
          startState: 2,
          runState: 0,
          videoPath: relative,
          fileSize: upload.staged.size,
          duration: info.duration,
          width: info.width,
          height: info.height,
          sourceFps: info.fps,
          fps: Math.max(1, Math.min(5, Math.floor(info.fps ?? 5))),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return toDevice(await findDevice(db, row.id), []);
    } catch (error) {
      await removeStaged(upload.staged);
      removeStoredFile(dataDir, relative);
      throw error;
    }
  },
};

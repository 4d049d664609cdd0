// Streams of a device: play relays and offline video uploads (the snapshot areas are drawn on: snapshotHandlers.ts).
// The reference platform has no media server: a relay is the record of a requested stream with its play URLs.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { NotMp4Error, readMp4Info } from '../../media/mp4Info.ts';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { asClientError } from '../../http/clientErrors.ts';
import { fieldText, humanSize } from '../../http/uploads.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { findDevice, toDevice } from './deviceRecords.ts';
import { filesRoot, removeStoredFile } from './storedFiles.ts';

const RELAY_IDLE_MS = 5 * 60_000;
const MAX_VIDEO_BYTES = 2 * 1024 ** 3;

interface UploadedVideo {
  relative: string;
  fileName: string;
  fields: Record<string, string>;
  bytes: number;
}

/** Streams the multipart file to disk (videos are too large to hold in memory), with the form fields. */
async function receiveVideo(req: FastifyRequest, dataDir: string): Promise<UploadedVideo> {
  if (!req.isMultipart()) throw new ApiError(415, 'upload.missing', { field: 'file' });
  const fields: Record<string, string> = {};
  let upload: UploadedVideo | null = null;
  for await (const part of req.parts({ limits: { fileSize: MAX_VIDEO_BYTES, files: 1 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = fieldText(part.fieldname, part.value);
      continue;
    }
    if (part.fieldname !== 'file' || upload) {
      part.file.resume();
      continue;
    }
    const relative = `offline/${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.mp4`;
    const absolute = join(filesRoot(dataDir), relative);
    mkdirSync(join(filesRoot(dataDir), 'offline'), { recursive: true });
    try {
      await pipeline(part.file, createWriteStream(absolute));
    } catch (error) {
      removeStoredFile(dataDir, relative);
      throw asClientError(error, MAX_VIDEO_BYTES) ?? error;
    }
    upload = { relative, fileName: part.filename, fields, bytes: statSync(absolute).size };
    if (part.file.truncated) {
      removeStoredFile(dataDir, relative);
      throw new ApiError(413, 'upload.tooLarge', { max: humanSize(MAX_VIDEO_BYTES) });
    }
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

  async uploadOfflineVideo({ db, req, services }: Ctx<'uploadOfflineVideo'>) {
    const dataDir = services.config.dataDir;
    const upload = await receiveVideo(req, dataDir);
    try {
      const info = (() => {
        try {
          return readMp4Info(join(filesRoot(dataDir), upload.relative));
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
      const row = await db
        .insertInto('devices')
        .values({
          name,
          kind: 'offline',
          sceneId,
          startState: 2,
          runState: 0,
          videoPath: upload.relative,
          fileSize: upload.bytes,
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
      removeStoredFile(dataDir, upload.relative);
      throw error;
    }
  },
};

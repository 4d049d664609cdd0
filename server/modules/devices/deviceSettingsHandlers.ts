// Per-device settings beside the event configurations: alarm outputs, the analysis frame rate, the platform-wide
// recheck service address, and the analysis server's video cards.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { findDevice } from './deviceRecords.ts';

const RECHECK_IP = 'devices.recheckIp';
const RECHECK_PORT = 'devices.recheckPort';

export async function listOutputs(db: Kysely<Database>, deviceId: number): Promise<Schema<'DeviceOutput'>[]> {
  const rows = await db.selectFrom('deviceOutputs').selectAll().where('deviceId', '=', deviceId).orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    cameraId: r.deviceId,
    name: r.name,
    outputType: r.outputType,
    target: r.target,
    topic: r.topic,
    eventIds: r.eventIds,
    enabled: r.enabled,
    createTime: formatTime(r.createdAt)!,
  }));
}

/** http targets are http(s) URLs; mqtt and kafka targets are host:port and need a topic. */
function checkTarget(outputType: string, target: string, topic: string | undefined) {
  if (outputType === 'http') {
    let url: URL | null = null;
    try {
      url = new URL(target);
    } catch {
      // reported below
    }
    if (!url || !['http:', 'https:'].includes(url.protocol)) throw new ApiError(400, 'devices.outputTarget', { type: outputType });
    return;
  }
  if (!/^[0-9A-Za-z.-]+:\d{1,5}$/.test(target) || Number(target.split(':').pop()) > 65535) throw new ApiError(400, 'devices.outputTarget', { type: outputType });
  if (!topic?.trim()) throw new ApiError(400, 'devices.outputTopic', { type: outputType });
}

async function setting(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db.selectFrom('siteSettings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** NVIDIA cards as the driver lists them under /proc; none on a server without one. */
function videoCards(): Schema<'DeviceVideoCard'>[] {
  const dir = '/proc/driver/nvidia/gpus';
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((bus, index) => {
    const info = readFileSync(`${dir}/${bus}/information`, 'utf8');
    const model = /Model:\s*(.+)/.exec(info)?.[1]?.trim() ?? 'NVIDIA GPU';
    return { index, name: model, memoryTotal: 0, memoryUsed: 0, utilization: 0, decodeChannels: null, usedChannels: 0, temperature: null };
  });
}

export const deviceSettingsHandlers: HandlerMap = {
  async addDeviceOutput({ db, body }: Ctx<'addDeviceOutput'>) {
    await findDevice(db, body.cameraId);
    checkTarget(body.outputType, body.target, body.topic);
    const same = await db
      .selectFrom('deviceOutputs')
      .select('id')
      .where('deviceId', '=', body.cameraId)
      .where('outputType', '=', body.outputType)
      .where('target', '=', body.target)
      .executeTakeFirst();
    if (same) throw new ApiError(409, 'devices.outputExists', { type: body.outputType, target: body.target });
    const row = await db
      .insertInto('deviceOutputs')
      .values({
        deviceId: body.cameraId,
        name: body.name,
        outputType: body.outputType,
        target: body.target,
        topic: body.outputType === 'http' ? null : (body.topic ?? null),
        eventIds: JSON.stringify([...new Set(body.eventIds ?? [])]),
        enabled: body.enabled ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  },

  async deleteDeviceOutputs({ db, body }: Ctx<'deleteDeviceOutputs'>) {
    const ids = [...new Set(body.ids)];
    const found = new Set((await db.selectFrom('deviceOutputs').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound('entity.output', missing);
    await db.deleteFrom('deviceOutputs').where('id', 'in', ids).execute();
    return null;
  },

  async getDeviceFps({ db, query }: Ctx<'getDeviceFps'>) {
    const device = await findDevice(db, query.cameraId);
    return { cameraId: device.id, fps: device.fps ?? 5, sourceFps: device.sourceFps };
  },

  async editDeviceFps({ db, body }: Ctx<'editDeviceFps'>) {
    const device = await findDevice(db, body.cameraId);
    if (device.sourceFps && body.fps > Math.ceil(device.sourceFps)) throw new ApiError(400, 'devices.fpsAboveSource', { fps: body.fps, source: device.sourceFps });
    await db.updateTable('devices').set({ fps: body.fps, updatedAt: new Date() }).where('id', '=', body.cameraId).execute();
    return null;
  },

  async getRecheckIp({ db }: Ctx<'getRecheckIp'>) {
    const ip = await setting(db, RECHECK_IP);
    const port = await setting(db, RECHECK_PORT);
    return { ip, port: port === null ? null : Number(port) };
  },

  async saveRecheckIp({ db, body }: Ctx<'saveRecheckIp'>) {
    const now = new Date();
    await db
      .insertInto('siteSettings')
      .values([
        { key: RECHECK_IP, value: body.ip, updatedAt: now },
        { key: RECHECK_PORT, value: String(body.port), updatedAt: now },
      ])
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updatedAt: now })))
      .execute();
    return null;
  },

  getVideoCardInfo: async (_ctx: Ctx<'getVideoCardInfo'>) => videoCards(),
};


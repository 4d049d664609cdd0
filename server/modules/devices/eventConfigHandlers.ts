// Per-camera event-area configurations (spec §3): save one (keyed by camera + eventId + typeId + appName), read them
// by point or by serial, delete, change events on many cameras at once, link cameras (cross-camera), sync.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { queueBoxCommand } from '../edgeBox/boxStatus.ts';
import { requireCatalogueEvents } from '../scenes/sceneStore.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { checkBoxOnline } from './analysis.ts';
import { fileUrl, findDevice, requireDevices } from './deviceRecords.ts';
import {
  checkedEventConfig,
  checkRecheckAlgorithm,
  checkShapes,
  frameOf,
  roundShapes,
  savedConfigsOf,
  stopDevicesWithoutConfigs,
  toSaved,
} from './eventConfigRecords.ts';
import { type EventKey, eventAreaDefaults } from './formDefaults.ts';
import { maskedRtspUrl } from './rtspCredentials.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Inserts or replaces the configuration of a key; a new one runs at once on a started device. */
async function upsertConfig(db: Db, key: EventKey, eventName: string | null, form: Record<string, unknown>, deviceStarted: boolean) {
  const now = new Date();
  return db
    .insertInto('deviceEventConfigs')
    .values({ deviceId: key.cameraId, eventId: key.eventId, typeId: key.typeId, appName: key.appName, eventName, status: deviceStarted ? 1 : 0, config: JSON.stringify(form) })
    .onConflict((oc) =>
      oc.columns(['deviceId', 'eventId', 'typeId', 'appName']).doUpdateSet((eb) => ({
        config: eb.ref('excluded.config'),
        eventName: eb.fn.coalesce('excluded.eventName', 'deviceEventConfigs.eventName'),
        updatedAt: now,
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The catalogue's name of an event key, when the catalogue has it. */
async function catalogueName(db: Db, key: EventKey): Promise<string | null> {
  const row = await db
    .selectFrom('catalogueEvents')
    .select('eventName')
    .where('eventId', '=', key.eventId)
    .where('typeId', '=', key.typeId)
    .where('appName', '=', key.appName)
    .executeTakeFirst();
  return row?.eventName ?? null;
}

export const eventConfigHandlers: HandlerMap = {
  async saveEventConfig({ db, body }: Ctx<'saveEventConfig'>) {
    const device = await findDevice(db, body.cameraId);
    const frame = frameOf(device);
    const form = checkedEventConfig(body as Record<string, any>, frame);
    await checkRecheckAlgorithm(db, body.recheckAlgorithmId);
    const key = { cameraId: body.cameraId, eventId: body.eventId, typeId: body.typeId, appName: body.appName };
    const eventName = body.eventName ?? (await catalogueName(db, key));
    const row = await upsertConfig(db, key, eventName, form, device.startState === 1);
    // A running analysis reads the saved configuration; a box-run device gets it with its next heartbeat.
    if (device.boxId && device.startState === 1) await queueBoxCommand(db, device.boxId, 'syncConfig', { cameraId: device.id, configIds: [row.id] });
    return toSaved(row, frame);
  },

  async getEventConfigByPoint({ db, query }: Ctx<'getEventConfigByPoint'>) {
    const device = await findDevice(db, query.cameraId);
    return savedConfigsOf(db, device, query.type);
  },

  async getEventConfigBySerial({ db, query }: Ctx<'getEventConfigBySerial'>) {
    const device = await db.selectFrom('devices').select(['id', 'width', 'height']).where('id', '=', query.cameraId).where('serialnumber', '=', query.serialnumber).executeTakeFirst();
    if (!device) throw notFound('entity.device', `${query.cameraId} / ${query.serialnumber}`);
    return savedConfigsOf(db, device);
  },

  async deleteEventConfigs({ db, body }: Ctx<'deleteEventConfigs'>) {
    const ids = [...new Set(body.ids)];
    await db.transaction().execute(async (trx) => {
      const rows = await trx.deleteFrom('deviceEventConfigs').where('id', 'in', ids).returning(['id', 'deviceId']).execute();
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw notFound('entity.eventConfig', missing);
      await stopDevicesWithoutConfigs(trx, rows.map((r) => r.deviceId));
    });
    return null;
  },

  async changeDeviceEventTypes({ db, body }: Ctx<'changeDeviceEventTypes'>) {
    await requireDevices(db, body.cameraIds);
    await requireCatalogueEvents(db, body.eventIds);
    const wanted = body.eventIds.length
      ? await db.selectFrom('catalogueEvents').select(['eventId', 'typeId', 'appName', 'eventName']).where('eventId', 'in', body.eventIds).execute()
      : [];
    return db.transaction().execute(async (trx) => {
      let removed = 0;
      if (body.mode === 'remove' && body.eventIds.length) {
        removed = (await trx.deleteFrom('deviceEventConfigs').where('deviceId', 'in', body.cameraIds).where('eventId', 'in', body.eventIds).returning('id').execute()).length;
      }
      if (body.mode === 'replace') {
        let q = trx.deleteFrom('deviceEventConfigs').where('deviceId', 'in', body.cameraIds);
        if (body.eventIds.length) q = q.where('eventId', 'not in', body.eventIds);
        removed = (await q.returning('id').execute()).length;
      }
      let added = 0;
      if (body.mode !== 'remove') {
        const devices = await trx.selectFrom('devices').select(['id', 'startState']).where('id', 'in', body.cameraIds).execute();
        for (const device of devices) {
          for (const ev of wanted) {
            const key = { cameraId: device.id, eventId: ev.eventId, typeId: ev.typeId, appName: ev.appName };
            const form = checkedEventConfig(eventAreaDefaults(key), null);
            const row = await trx
              .insertInto('deviceEventConfigs')
              .values({ deviceId: device.id, eventId: ev.eventId, typeId: ev.typeId, appName: ev.appName, eventName: ev.eventName, status: device.startState === 1 ? 1 : 0, config: JSON.stringify(form) })
              .onConflict((oc) => oc.columns(['deviceId', 'eventId', 'typeId', 'appName']).doNothing())
              .returning('id')
              .executeTakeFirst();
            if (row) added++;
          }
        }
      }
      await stopDevicesWithoutConfigs(trx, body.cameraIds);
      return { added, removed };
    });
  },

  async saveCrossCameraConfig({ db, body }: Ctx<'saveCrossCameraConfig'>) {
    const device = await findDevice(db, body.cameraId);
    const linkedIds = body.cameraBoxList.map((c) => c.cameraId);
    if (linkedIds.includes(body.cameraId)) throw new ApiError(400, 'devices.rule', { field: 'cameraBoxList', rule: 'devices.rule.crossSelf' });
    if (body.crossMirrorNumber > body.cameraBoxList.length) {
      throw new ApiError(400, 'devices.rule', { field: 'crossMirrorNumber', rule: 'devices.rule.crossNumber', max: body.cameraBoxList.length });
    }
    await requireDevices(db, linkedIds);
    const linked = await db
      .selectFrom('devices')
      .select(['id', 'name', 'rtspUrl', 'rtspSecretEnc', 'snapshotPath', 'width', 'height'])
      .where('id', 'in', linkedIds)
      .execute();
    const crossAreas = roundShapes(body.areas);
    crossAreas.forEach((s, i) => {
      if (!s.crossCameraId || !linkedIds.includes(s.crossCameraId)) throw new ApiError(400, 'devices.rule', { field: `areas[${i}].crossCameraId`, rule: 'devices.rule.crossArea' });
      const on = linked.find((d) => d.id === s.crossCameraId)!;
      checkShapes(`areas[${i}]`, [s], s.type, frameOf(on));
    });
    const key = { cameraId: body.cameraId, eventId: body.eventId, typeId: body.typeId, appName: body.appName };
    const id = await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('deviceEventConfigs')
        .select('config')
        .where('deviceId', '=', key.cameraId)
        .where('eventId', '=', key.eventId)
        .where('typeId', '=', key.typeId)
        .where('appName', '=', key.appName)
        .executeTakeFirst();
      const form = (existing?.config as Record<string, any>) ?? checkedEventConfig(eventAreaDefaults(key), null);
      form.crossMirror = true;
      form.crossMirrorNumber = body.crossMirrorNumber;
      form.cameraBoxList = body.cameraBoxList.map((c) => {
        const d = linked.find((x) => x.id === c.cameraId)!;
        return { cameraId: d.id, cameraName: c.cameraName ?? d.name, cameraUrl: c.cameraUrl ? maskedRtspUrl(c.cameraUrl, null) : maskedRtspUrl(d.rtspUrl, d.rtspSecretEnc), thumbNail: c.thumbNail ?? fileUrl(d.snapshotPath) };
      });
      // The shapes drawn on linked cameras are replaced; the camera's own shapes stay.
      form.areas = [...((form.areas ?? []) as { crossCameraId?: number | null }[]).filter((s) => !s.crossCameraId || s.crossCameraId === key.cameraId), ...crossAreas];
      const row = await upsertConfig(trx, key, await catalogueName(trx, key), form, device.startState === 1);
      return row.id;
    });
    return { id };
  },

  async listRecheckAlgorithms({ db }: Ctx<'listRecheckAlgorithms'>) {
    // Each algorithm's newest published version (DISTINCT ON keeps the first row of each algorithm in this order).
    const rows = await db
      .selectFrom('trainVersions as v')
      .innerJoin('setupEvents as e', 'e.id', 'v.algorithmId')
      .distinctOn('v.algorithmId')
      .select(['v.algorithmId', 'e.name', 'v.version', 'v.threshold'])
      .where('v.publishedAt', 'is not', null)
      .orderBy('v.algorithmId')
      .orderBy('v.publishedAt', 'desc')
      .orderBy('v.id', 'desc')
      .limit(1000)
      .execute();
    return rows
      .map((r) => ({ algorithmId: r.algorithmId, name: r.name, version: r.version, threshold: Math.min(1, Math.max(0, Number(r.threshold))) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN') || a.algorithmId - b.algorithmId);
  },

  async syncEventConfig({ db, body }: Ctx<'syncEventConfig'>) {
    const device = await findDevice(db, body.cameraId);
    let q = db.selectFrom('deviceEventConfigs').select('id').where('deviceId', '=', device.id);
    if (body.eventId !== undefined) q = q.where('eventId', '=', body.eventId);
    const configs = await q.execute();
    if (device.startState !== 1) return { synced: 0 };
    if (device.boxId) {
      // Queued either way: an offline box picks it up with its next heartbeat, and the caller is told it is offline.
      await queueBoxCommand(db, device.boxId, 'syncConfig', { cameraId: device.id, configIds: configs.map((c) => c.id) });
      await checkBoxOnline(db, device.boxId);
    }
    // The platform's own engine reads the saved configurations directly; nothing to send beyond counting them.
    return { synced: configs.length };
  },
};

// devices: the cameras (live stream, picture capture) and offline videos the platform analyses — lists with the
// filters of §4, one device with its outputs, add / edit / delete, scenes from the device screen, free devices.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { deleteScenesById, insertScene, listAllScenes } from '../scenes/sceneStore.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { isUniqueViolation, notFound, optional, pageResult } from '../shared/records.ts';
import { stopDevice } from './analysis.ts';
import { type DeviceFilter, type DeviceKind, deviceQuery, eventBriefs, filterDevices, findDevice, requireDevices, settleOfflineRuns, toDevice } from './deviceRecords.ts';
import { listOutputs } from './deviceSettingsHandlers.ts';
import { removeStoredFile } from './storedFiles.ts';
import { encryptStreamPassword } from './streamSecrets.ts';
import { checkStreamUrl, sealRtspUrl } from './rtspCredentials.ts';
import { streamFilePolicy } from './streamFiles.ts';

async function listPage(db: Kysely<Database>, kind: DeviceKind, query: DeviceFilter & { pageNo?: number; pageSize?: number }) {
  const page = pageOf(query);
  if (kind === 'offline') await settleOfflineRuns(db);
  const filtered = filterDevices(deviceQuery(db), { ...query, kind });
  const { total } = await filtered.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  const rows = await filtered.orderBy('devices.createdAt', 'desc').orderBy('devices.id', 'desc').limit(page.pageSize).offset(page.offset).execute();
  const events = await eventBriefs(db, rows.map((r) => r.id));
  return pageResult(rows.map((r) => toDevice(r, events.get(r.id))), total as string, page);
}

/** 409 when another device already uses the name (or the serial number). */
async function checkUnique(db: Kysely<Database>, ownId: number, name: string, serialnumber: string | null, kinds: DeviceKind[]) {
  const sameName = await db.selectFrom('devices').select('id').where('name', '=', name).where('kind', 'in', kinds).where('id', '!=', ownId).executeTakeFirst();
  if (sameName) throw new ApiError(409, 'conflict.duplicate', { field: 'field.deviceName', value: name });
  if (serialnumber) {
    const sameSerial = await db.selectFrom('devices').select('id').where('serialnumber', '=', serialnumber).where('id', '!=', ownId).executeTakeFirst();
    if (sameSerial) throw new ApiError(409, 'conflict.duplicate', { field: 'field.serialnumber', value: serialnumber });
  }
}

async function checkRefs(db: Kysely<Database>, body: { boxId?: number | null; sceneId?: number | null; cameraEntryId?: number | null }) {
  if (body.boxId && !(await db.selectFrom('edgeBoxes').select('id').where('id', '=', body.boxId).executeTakeFirst())) throw notFound('entity.edgeBox', body.boxId);
  if (body.sceneId && !(await db.selectFrom('scenes').select('id').where('id', '=', body.sceneId).executeTakeFirst())) throw notFound('entity.scene', body.sceneId);
  if (body.cameraEntryId && !(await db.selectFrom('cameraEntries').select('id').where('id', '=', body.cameraEntryId).executeTakeFirst())) {
    throw notFound('entity.cameraEntry', body.cameraEntryId);
  }
}

/** The catalogue camera a device corresponds to: one link, kept on the catalogue entry. */
async function linkCameraEntry(db: Kysely<Database>, deviceId: number, cameraEntryId: number | null | undefined) {
  if (cameraEntryId === undefined) return;
  await db.updateTable('cameraEntries').set({ deviceId: null }).where('deviceId', '=', deviceId).execute();
  if (cameraEntryId !== null) await db.updateTable('cameraEntries').set({ deviceId, updatedAt: new Date() }).where('id', '=', cameraEntryId).execute();
}

/** Turns a unique-index race (two requests past the duplicate check) into the same 409. */
async function asConflict<T>(field: string, value: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'conflict.duplicate', { field, value });
    throw error;
  }
}

/** The stream transport and recording settings sent (absent ones are left as they are, or at their defaults). */
function recordingColumns(body: Pick<Schema<'DeviceInput'>, 'streamTransport' | 'recording'>) {
  const r = body.recording;
  return {
    ...(body.streamTransport ? { streamTransport: body.streamTransport } : {}),
    ...(r
      ? { recordContinuous: r.continuous ?? false, recordSegmentSeconds: r.segmentSeconds ?? 60, recordPreSeconds: r.preSeconds ?? 3, recordPostSeconds: r.postSeconds ?? 5 }
      : {}),
  };
}

export const deviceHandlers: HandlerMap = {
  listDevices: ({ db, query }: Ctx<'listDevices'>) => listPage(db, 'normal', query),
  listImageDevices: ({ db, query }: Ctx<'listImageDevices'>) => listPage(db, 'image', query),
  listOfflineDevices: ({ db, query }: Ctx<'listOfflineDevices'>) => listPage(db, 'offline', query),

  async getCameraInfo({ db, query }: Ctx<'getCameraInfo'>) {
    await settleOfflineRuns(db);
    const row = await findDevice(db, query.cameraId);
    const events = await eventBriefs(db, [row.id]);
    return { ...toDevice(row, events.get(row.id)), outputs: await listOutputs(db, row.id) };
  },

  async addDevice({ db, body, services }: Ctx<'addDevice'>) {
    if ((body.kind as string) === 'offline') throw new ApiError(400, 'devices.offlineViaUpload');
    if (body.kind === 'normal' && !body.rtspUrl) throw new ApiError(400, 'devices.rtspRequired');
    const serialnumber = optional(body.serialnumber);
    await checkUnique(db, 0, body.name, serialnumber, ['normal', 'image']);
    await checkRefs(db, body);
    await checkStreamUrl(db, optional(body.rtspUrl), null, streamFilePolicy(services.config, body.boxId ?? null));
    const passwordEnc = body.password ? await encryptStreamPassword(db, body.password) : null;
    const sealed = await sealRtspUrl(db, optional(body.rtspUrl));
    const id = await asConflict('field.serialnumber', serialnumber ?? '', () =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('devices')
          .values({
            name: body.name,
            kind: body.kind,
            serialnumber,
            ip: optional(body.ip),
            port: body.port ?? null,
            rtspUrl: sealed?.rtspUrl ?? null,
            rtspSecretEnc: sealed?.rtspSecretEnc ?? null,
            username: optional(body.username),
            passwordEnc,
            brand: optional(body.brand),
            boxId: body.boxId ?? null,
            sceneId: body.sceneId ?? null,
            startState: 2,
            runState: 0,
            fps: body.fps ?? 5,
            ...recordingColumns(body),
            longitude: body.longitude ?? null,
            latitude: body.latitude ?? null,
            address: optional(body.address),
            remark: optional(body.remark),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await linkCameraEntry(trx, row.id, body.cameraEntryId);
        return row.id;
      }),
    );
    return { id };
  },

  async updateDevice({ db, body, services }: Ctx<'updateDevice'>) {
    const device = await findDevice(db, body.id);
    const kinds: DeviceKind[] = device.kind === 'offline' ? ['offline'] : ['normal', 'image'];
    const serialnumber = body.serialnumber === undefined ? device.serialnumber : optional(body.serialnumber);
    await checkUnique(db, body.id, body.name, serialnumber, kinds);
    await checkRefs(db, body);
    await checkStreamUrl(db, optional(body.rtspUrl), device.rtspUrl, streamFilePolicy(services.config, body.boxId === undefined ? device.boxId : body.boxId));
    const passwordEnc = body.password ? await encryptStreamPassword(db, body.password) : undefined;
    const keep = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
    const sealed = (await sealRtspUrl(db, optional(body.rtspUrl) ?? undefined, device)) ?? { rtspUrl: device.rtspUrl, rtspSecretEnc: device.rtspSecretEnc };
    const rtspUrl = sealed.rtspUrl;
    await asConflict('field.serialnumber', serialnumber ?? '', () =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('devices')
          .set({
            name: body.name,
            serialnumber,
            ip: keep(body.ip, device.ip),
            port: keep(body.port, device.port),
            rtspUrl,
            rtspSecretEnc: sealed.rtspSecretEnc,
            username: keep(body.username, device.username),
            ...(passwordEnc ? { passwordEnc } : {}),
            brand: keep(body.brand, device.brand),
            boxId: keep(body.boxId, device.boxId),
            sceneId: keep(body.sceneId, device.sceneId),
            fps: keep(body.fps, device.fps),
            ...recordingColumns(body),
            longitude: keep(body.longitude, device.longitude),
            latitude: keep(body.latitude, device.latitude),
            address: keep(body.address, device.address),
            remark: keep(body.remark, device.remark),
            // A new stream on a running device restarts its analysis (from now).
            ...((rtspUrl !== device.rtspUrl || sealed.rtspSecretEnc !== device.rtspSecretEnc) && device.startState === 1 ? { startedAt: new Date(), runState: 1, runMessage: null } : {}),
            updatedAt: new Date(),
          })
          .where('id', '=', body.id)
          .execute();
        await linkCameraEntry(trx, body.id, body.cameraEntryId);
      }),
    );
    return null;
  },

  async deleteDevices({ db, body, services }: Ctx<'deleteDevices'>) {
    await requireDevices(db, body.ids, ['normal', 'image']);
    const rows = await db.transaction().execute(async (trx) => {
      // A started device, or a camera whose detection task is started, must be stopped first (nothing is deleted).
      const started = await trx
        .selectFrom('devices')
        .leftJoin('detectionTasks', 'detectionTasks.deviceId', 'devices.id')
        .select('devices.name')
        .where('devices.id', 'in', body.ids)
        .where((eb) => eb.or([eb('devices.startState', '=', 1), eb('detectionTasks.startState', '=', 1)]))
        .executeTakeFirst();
      if (started) throw new ApiError(409, 'devices.deleteStarted', { name: started.name });
      // Configurations, outputs, tasks, relays, plan memberships and box assignments go with the device (cascades).
      return trx.deleteFrom('devices').where('id', 'in', body.ids).returning('snapshotPath').execute();
    });
    for (const r of rows) removeStoredFile(services.config.dataDir, r.snapshotPath);
    return null;
  },

  async deleteOfflineDevices({ db, body, services }: Ctx<'deleteOfflineDevices'>) {
    await requireDevices(db, body.ids, ['offline']);
    for (const id of body.ids) await stopDevice(db, id);
    const rows = await db.deleteFrom('devices').where('id', 'in', body.ids).where('kind', '=', 'offline').returning(['videoPath', 'snapshotPath']).execute();
    for (const r of rows) {
      removeStoredFile(services.config.dataDir, r.videoPath);
      removeStoredFile(services.config.dataDir, r.snapshotPath);
    }
    return null;
  },

  async listFreeDevices({ db, query }: Ctx<'listFreeDevices'>) {
    let q = deviceQuery(db).where('devices.boxId', 'is', null).where('devices.kind', 'in', ['normal', 'image']);
    const keyword = query?.keyword?.trim();
    if (keyword) q = filterDevices(q, { keyword });
    const rows = await q.orderBy('devices.name').limit(1000).execute();
    return rows.map((r): Schema<'DeviceBrief'> => ({ id: r.id, name: r.name, kind: r.kind, ip: r.ip, serialnumber: r.serialnumber, sceneName: r.sceneName }));
  },

  async addDeviceScene({ db, body }: Ctx<'addDeviceScene'>) {
    const cameraIds = body.cameraIds ?? [];
    await requireDevices(db, cameraIds);
    const id = await db.transaction().execute(async (trx) => {
      const sceneId = await insertScene(trx, { sceneName: body.sceneName, eventIds: [], violationIds: [] });
      if (cameraIds.length > 0) await trx.updateTable('devices').set({ sceneId, updatedAt: new Date() }).where('id', 'in', cameraIds).execute();
      return sceneId;
    });
    return { id };
  },

  async deleteDeviceScenes({ db, body }: Ctx<'deleteDeviceScenes'>) {
    await deleteScenesById(db, body.ids);
    return null;
  },

  listDeviceScenes: ({ db }: Ctx<'listDeviceScenes'>) => listAllScenes(db),
};

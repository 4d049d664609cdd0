// edgeBox: the edge boxes (list with derived online status, register with a one-time secret, edit, delete,
// restart) and the settings they reach the platform with. Commands reach a box with its next heartbeat answer.
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { hashToken } from '../../auth/tokens.ts';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { removeStoredFile } from '../devices/storedFiles.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, isUniqueViolation, notFound, optional, pageResult } from '../shared/records.ts';
import { DEFAULT_HEARTBEAT_SECONDS, isBoxOnline, queueBoxCommand } from './boxStatus.ts';

export async function requireBox(db: Kysely<Database>, id: number) {
  const box = await db
    .selectFrom('edgeBoxes')
    .leftJoin('edgeBoxPlatformConfigs', 'edgeBoxPlatformConfigs.boxId', 'edgeBoxes.id')
    .selectAll('edgeBoxes')
    .select('edgeBoxPlatformConfigs.heartbeatSeconds')
    .where('edgeBoxes.id', '=', id)
    .executeTakeFirst();
  if (!box) throw notFound('entity.edgeBox', id);
  return box;
}

async function checkNameFree(db: Kysely<Database>, name: string, ownId: number) {
  if (await db.selectFrom('edgeBoxes').select('id').where('name', '=', name).where('id', '!=', ownId).executeTakeFirst()) {
    throw new ApiError(409, 'conflict.duplicate', { field: 'field.boxName', value: name });
  }
}

/** A unique-index race on name or serial number answers the same 409 as the checks. */
async function guardUnique<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'conflict.duplicate', { field: 'field.boxName', value: name });
    throw error;
  }
}

export const edgeBoxHandlers: HandlerMap = {
  async listEdgeBoxes({ db, body }: Ctx<'listEdgeBoxes'>) {
    const page = pageOf(body);
    const now = new Date();
    let q = db.selectFrom('edgeBoxes').leftJoin('edgeBoxPlatformConfigs', 'edgeBoxPlatformConfigs.boxId', 'edgeBoxes.id');
    const keyword = body.keyword?.trim();
    if (keyword) {
      const p = containsPattern(keyword);
      q = q.where((eb) => eb.or([eb('edgeBoxes.name', 'ilike', p), eb('edgeBoxes.serialNumber', 'ilike', p), eb('edgeBoxes.ip', 'ilike', p)]));
    }
    const online = sql<boolean>`(edge_boxes.last_heartbeat_at IS NOT NULL AND edge_boxes.last_heartbeat_at >= ${now}::timestamptz - (3 * COALESCE(edge_box_platform_configs.heartbeat_seconds, ${DEFAULT_HEARTBEAT_SECONDS})) * interval '1 second')`;
    if (body.status === 'online') q = q.where(online);
    if (body.status === 'offline') q = q.where(sql<boolean>`NOT ${online}`);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll('edgeBoxes')
      .select((eb) => [
        'edgeBoxPlatformConfigs.heartbeatSeconds',
        eb.selectFrom('devices').select(eb.fn.countAll().as('n')).whereRef('devices.boxId', '=', 'edgeBoxes.id').as('cameraCount'),
      ])
      .orderBy('edgeBoxes.id')
      .limit(page.pageSize)
      .offset(page.offset)
      .execute();
    const list = rows.map(
      (r): Schema<'EdgeBox'> => ({
        id: r.id,
        name: r.name,
        serialNumber: r.serialNumber,
        ip: r.ip,
        model: r.model,
        version: r.version,
        simulated: r.simulated,
        status: isBoxOnline(r.lastHeartbeatAt, r.heartbeatSeconds, now) ? 'online' : 'offline',
        lastHeartbeat: formatTime(r.lastHeartbeatAt),
        cameraCount: Number(r.cameraCount ?? 0),
        cpuUsage: r.cpuUsage,
        memoryUsage: r.memoryUsage,
        diskUsage: r.diskUsage,
        longitude: r.longitude,
        latitude: r.latitude,
        address: r.address,
        remark: r.remark,
        createTime: formatTime(r.createdAt)!,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async addEdgeBox({ db, body }: Ctx<'addEdgeBox'>) {
    if (await db.selectFrom('edgeBoxes').select('id').where('serialNumber', '=', body.serialNumber).executeTakeFirst()) {
      throw new ApiError(409, 'conflict.duplicate', { field: 'field.serialNumber', value: body.serialNumber });
    }
    await checkNameFree(db, body.name, 0);
    // 32 random bytes; only the hash is kept, the secret is answered once, here.
    const secret = randomBytes(32).toString('base64url');
    const row = await guardUnique(body.name, () =>
      db
        .insertInto('edgeBoxes')
        .values({
          name: body.name,
          serialNumber: body.serialNumber,
          secretHash: hashToken(secret),
          ip: optional(body.ip),
          model: optional(body.model),
          longitude: body.longitude ?? null,
          latitude: body.latitude ?? null,
          address: optional(body.address),
          remark: optional(body.remark),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return { id: row.id, serialNumber: body.serialNumber, secret };
  },

  async updateEdgeBox({ db, body }: Ctx<'updateEdgeBox'>) {
    const box = await requireBox(db, body.id);
    await checkNameFree(db, body.name, body.id);
    const keep = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
    await guardUnique(body.name, () =>
      db
        .updateTable('edgeBoxes')
        .set({
          name: body.name,
          ip: keep(body.ip, box.ip),
          model: keep(body.model, box.model),
          longitude: keep(body.longitude, box.longitude),
          latitude: keep(body.latitude, box.latitude),
          address: keep(body.address, box.address),
          remark: keep(body.remark, box.remark),
        })
        .where('id', '=', body.id)
        .execute(),
    );
    return null;
  },

  async deleteEdgeBoxes({ db, body, services }: Ctx<'deleteEdgeBoxes'>) {
    const ids = [...new Set(body.ids)];
    const found = new Set((await db.selectFrom('edgeBoxes').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound('entity.edgeBox', missing);
    const pictures = await db.transaction().execute(async (trx) => {
      const bound = await trx.selectFrom('devices').innerJoin('edgeBoxes', 'edgeBoxes.id', 'devices.boxId').select(['edgeBoxes.name']).where('devices.boxId', 'in', ids).executeTakeFirst();
      if (bound) throw new ApiError(409, 'edgeBox.hasDevices', { name: bound.name });
      const files = await trx.selectFrom('workClothes').select('imagePath').where('boxId', 'in', ids).execute();
      // Tasks, platform settings, commands and the box's own library go with it; its secret hash is gone too.
      await trx.deleteFrom('edgeBoxes').where('id', 'in', ids).execute();
      return files;
    });
    for (const f of pictures) removeStoredFile(services.config.dataDir, f.imagePath);
    return null;
  },

  async restartEdgeBox({ db, body }: Ctx<'restartEdgeBox'>) {
    const box = await requireBox(db, body.boxId);
    if (!isBoxOnline(box.lastHeartbeatAt, box.heartbeatSeconds)) throw new ApiError(409, 'edgeBox.offline', { name: box.name });
    await queueBoxCommand(db, box.id, 'restart');
    return null;
  },

  async getEdgeBoxPlatformConfig({ db, query, req }: Ctx<'getEdgeBoxPlatformConfig'>) {
    await requireBox(db, query.boxId);
    const saved = await db.selectFrom('edgeBoxPlatformConfigs').selectAll().where('boxId', '=', query.boxId).executeTakeFirst();
    if (saved) {
      const { updatedAt: _updated, ...config } = saved;
      return { ...config, protocol: config.protocol as 'http' | 'https' };
    }
    // Until saved: the defaults, reaching the platform where the console reached it.
    const port = Number(req.port) || (req.protocol === 'https' ? 443 : 80);
    return {
      boxId: query.boxId,
      platformHost: req.hostname,
      platformPort: port,
      protocol: 'https',
      heartbeatSeconds: DEFAULT_HEARTBEAT_SECONDS,
      uploadImage: true,
      uploadVideo: false,
      timeSyncServer: null,
    } satisfies Schema<'EdgeBoxPlatformConfig'>;
  },

  async saveEdgeBoxPlatformConfig({ db, body }: Ctx<'saveEdgeBoxPlatformConfig'>) {
    await requireBox(db, body.boxId);
    const values = {
      platformHost: body.platformHost,
      platformPort: body.platformPort,
      protocol: body.protocol ?? 'https',
      heartbeatSeconds: body.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS,
      uploadImage: body.uploadImage ?? true,
      uploadVideo: body.uploadVideo ?? false,
      timeSyncServer: body.timeSyncServer ?? null,
      updatedAt: new Date(),
    };
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('edgeBoxPlatformConfigs')
        .values({ boxId: body.boxId, ...values })
        .onConflict((oc) => oc.column('boxId').doUpdateSet(values))
        .execute();
      await queueBoxCommand(trx, body.boxId, 'platformConfig', { ...values, updatedAt: undefined });
    });
    return null;
  },
};

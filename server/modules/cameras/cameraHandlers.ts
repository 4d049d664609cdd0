// cameras: the camera catalogue — control units (a tree through parentId) owning camera points, each point
// registered with its code and optionally linked to the analysed device it corresponds to.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, isUniqueViolation, notFound, optional, pageResult } from '../shared/records.ts';
import { checkStreamUrl, maskedRtspUrl, sealRtspUrl } from '../devices/rtspCredentials.ts';

type EntryInput = Schema<'CameraEntryInput'>;

async function checkCode(db: Kysely<Database>, table: 'cameraEntries' | 'ctrlUnits', code: string, ownId: number) {
  const other = await db.selectFrom(table).select('id').where('code', '=', code).where('id', '!=', ownId).executeTakeFirst();
  if (other) throw new ApiError(409, 'conflict.duplicate', { field: 'field.code', value: code });
}

async function guardCode<T>(code: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'conflict.duplicate', { field: 'field.code', value: code });
    throw error;
  }
}

async function checkEntryRefs(db: Kysely<Database>, body: EntryInput, ownId: number) {
  if (body.ctrlUnitId && !(await db.selectFrom('ctrlUnits').select('id').where('id', '=', body.ctrlUnitId).executeTakeFirst())) {
    throw notFound('entity.ctrlUnit', body.ctrlUnitId);
  }
  if (body.deviceId) {
    if (!(await db.selectFrom('devices').select('id').where('id', '=', body.deviceId).executeTakeFirst())) throw notFound('entity.device', body.deviceId);
    const linked = await db.selectFrom('cameraEntries').select('code').where('deviceId', '=', body.deviceId).where('id', '!=', ownId).executeTakeFirst();
    if (linked) throw new ApiError(409, 'cameras.deviceLinked', { code: linked.code });
  }
}

const entryValues = (body: EntryInput) => ({
  name: body.name,
  code: body.code,
  ctrlUnitId: body.ctrlUnitId ?? null,
  deviceId: body.deviceId ?? null,
  ip: optional(body.ip),
  port: body.port ?? null,
  rtspUrl: optional(body.rtspUrl),
  brand: optional(body.brand),
  longitude: body.longitude ?? null,
  latitude: body.latitude ?? null,
  address: optional(body.address),
  remark: optional(body.remark),
});

/** The ids of a unit's subtree (itself included). */
async function subtree(db: Kysely<Database>, id: number): Promise<Set<number>> {
  const units = await db.selectFrom('ctrlUnits').select(['id', 'parentId']).execute();
  const out = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const u of units) {
      if (u.parentId !== null && out.has(u.parentId) && !out.has(u.id)) {
        out.add(u.id);
        grew = true;
      }
    }
  }
  return out;
}

async function deleteAllOrNothing(db: Kysely<Database>, table: 'cameraEntries' | 'ctrlUnits', ids: number[], entity: 'entity.cameraEntry' | 'entity.ctrlUnit') {
  const unique = [...new Set(ids)];
  const found = new Set((await db.selectFrom(table).select('id').where('id', 'in', unique).execute()).map((r) => r.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(entity, missing);
  return unique;
}

export const cameraHandlers: HandlerMap = {
  async listCameras({ db, body }: Ctx<'listCameras'>) {
    const page = pageOf(body);
    let q = db.selectFrom('cameraEntries').leftJoin('ctrlUnits', 'ctrlUnits.id', 'cameraEntries.ctrlUnitId');
    const keyword = body.keyword?.trim();
    if (keyword) {
      const p = containsPattern(keyword);
      q = q.where((eb) => eb.or([eb('cameraEntries.name', 'ilike', p), eb('cameraEntries.code', 'ilike', p), eb('cameraEntries.ip', 'ilike', p)]));
    }
    if (body.ctrlUnitId) q = q.where('cameraEntries.ctrlUnitId', '=', body.ctrlUnitId);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll('cameraEntries').select('ctrlUnits.name as ctrlUnitName').orderBy('cameraEntries.code').limit(page.pageSize).offset(page.offset).execute();
    const list = rows.map(
      (r): Schema<'CameraEntry'> => ({
        id: r.id,
        name: r.name,
        code: r.code,
        ctrlUnitId: r.ctrlUnitId,
        ctrlUnitName: r.ctrlUnitName,
        deviceId: r.deviceId,
        ip: r.ip,
        port: r.port,
        rtspUrl: maskedRtspUrl(r.rtspUrl, r.rtspSecretEnc),
        brand: r.brand,
        longitude: r.longitude,
        latitude: r.latitude,
        address: r.address,
        remark: r.remark,
        createTime: formatTime(r.createdAt)!,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async addCamera({ db, body }: Ctx<'addCamera'>) {
    await checkCode(db, 'cameraEntries', body.code, 0);
    await checkEntryRefs(db, body, 0);
    await checkStreamUrl(db, optional(body.rtspUrl));
    const sealed = await sealRtspUrl(db, optional(body.rtspUrl));
    const row = await guardCode(body.code, () => db.insertInto('cameraEntries').values({ ...entryValues(body), ...sealed }).returning('id').executeTakeFirstOrThrow());
    return { id: row.id };
  },

  async updateCamera({ db, body }: Ctx<'updateCamera'>) {
    const current = await db.selectFrom('cameraEntries').select(['id', 'rtspUrl', 'rtspSecretEnc']).where('id', '=', body.id).executeTakeFirst();
    if (!current) throw notFound('entity.cameraEntry', body.id);
    await checkCode(db, 'cameraEntries', body.code, body.id);
    await checkEntryRefs(db, body, body.id);
    await checkStreamUrl(db, optional(body.rtspUrl), current.rtspUrl);
    const sealed = await sealRtspUrl(db, optional(body.rtspUrl), current);
    await guardCode(body.code, () =>
      db.updateTable('cameraEntries').set({ ...entryValues(body), ...sealed, updatedAt: new Date() }).where('id', '=', body.id).execute(),
    );
    return null;
  },

  async deleteCameras({ db, body }: Ctx<'deleteCameras'>) {
    const ids = await deleteAllOrNothing(db, 'cameraEntries', body.ids, 'entity.cameraEntry');
    // Linked devices keep running; they only lose the link (kept on the entry).
    await db.deleteFrom('cameraEntries').where('id', 'in', ids).execute();
    return null;
  },

  async listCtrlUnits({ db, body }: Ctx<'listCtrlUnits'>) {
    const page = pageOf(body);
    let q = db.selectFrom('ctrlUnits as u').leftJoin('ctrlUnits as p', 'p.id', 'u.parentId');
    const keyword = body.keyword?.trim();
    if (keyword) q = q.where((eb) => eb.or([eb('u.name', 'ilike', containsPattern(keyword)), eb('u.code', 'ilike', containsPattern(keyword))]));
    if (body.parentId) q = q.where('u.parentId', '=', body.parentId);
    else if (body.roots) q = q.where('u.parentId', 'is', null);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .select((eb) => [
        'u.id',
        'u.name',
        'u.code',
        'u.parentId',
        'u.address',
        'u.createdAt',
        'p.name as parentName',
        eb.selectFrom('cameraEntries').select(eb.fn.countAll().as('n')).whereRef('cameraEntries.ctrlUnitId', '=', 'u.id').as('cameraCount'),
        eb.selectFrom('ctrlUnits as c').select(eb.fn.countAll().as('n')).whereRef('c.parentId', '=', 'u.id').as('childCount'),
      ])
      .orderBy('u.code')
      .limit(page.pageSize)
      .offset(page.offset)
      .execute();
    const list = rows.map(
      (r): Schema<'CtrlUnit'> => ({
        id: r.id,
        name: r.name,
        code: r.code,
        parentId: r.parentId,
        parentName: r.parentName,
        address: r.address,
        cameraCount: Number(r.cameraCount ?? 0),
        childCount: Number(r.childCount ?? 0),
        createTime: formatTime(r.createdAt)!,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async addCtrlUnit({ db, body }: Ctx<'addCtrlUnit'>) {
    await checkCode(db, 'ctrlUnits', body.code, 0);
    if (body.parentId && !(await db.selectFrom('ctrlUnits').select('id').where('id', '=', body.parentId).executeTakeFirst())) throw notFound('entity.ctrlUnit', body.parentId);
    const row = await guardCode(body.code, () =>
      db.insertInto('ctrlUnits').values({ name: body.name, code: body.code, parentId: body.parentId ?? null, address: optional(body.address) }).returning('id').executeTakeFirstOrThrow(),
    );
    return { id: row.id };
  },

  async updateCtrlUnit({ db, body }: Ctx<'updateCtrlUnit'>) {
    if (!(await db.selectFrom('ctrlUnits').select('id').where('id', '=', body.id).executeTakeFirst())) throw notFound('entity.ctrlUnit', body.id);
    if (body.parentId) {
      if (!(await db.selectFrom('ctrlUnits').select('id').where('id', '=', body.parentId).executeTakeFirst())) throw notFound('entity.ctrlUnit', body.parentId);
      if ((await subtree(db, body.id)).has(body.parentId)) throw new ApiError(409, 'cameras.unitCycle');
    }
    await checkCode(db, 'ctrlUnits', body.code, body.id);
    await guardCode(body.code, () =>
      db.updateTable('ctrlUnits').set({ name: body.name, code: body.code, parentId: body.parentId ?? null, address: optional(body.address) }).where('id', '=', body.id).execute(),
    );
    return null;
  },

  async deleteCtrlUnits({ db, body }: Ctx<'deleteCtrlUnits'>) {
    const ids = await deleteAllOrNothing(db, 'ctrlUnits', body.ids, 'entity.ctrlUnit');
    // A unit may go with its children when they are deleted together; otherwise children or cameras block it.
    const child = await db.selectFrom('ctrlUnits').select('parentId').where('parentId', 'in', ids).where('id', 'not in', ids).executeTakeFirst();
    if (child) throw new ApiError(409, 'conflict.hasChildren', { entity: 'entity.ctrlUnit' });
    const camera = await db.selectFrom('cameraEntries').select('id').where('ctrlUnitId', 'in', ids).executeTakeFirst();
    if (camera) throw new ApiError(409, 'cameras.unitHasCameras');
    await db.transaction().execute(async (trx) => {
      // Children first, so the parent reference never dangles mid-statement.
      await trx.updateTable('ctrlUnits').set({ parentId: null }).where('id', 'in', ids).execute();
      await trx.deleteFrom('ctrlUnits').where('id', 'in', ids).execute();
    });
    return null;
  },
};

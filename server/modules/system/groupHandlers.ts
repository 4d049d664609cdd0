// system: camera groups (/group/*) — a tree of named groups of cameras (the groupId event-area configurations
// use). Sibling names are unique; cameraIds replaces a group's membership; a group with child groups, or named by an
// event configuration, is not deleted (its cameras stay, only the membership goes).
import { sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { checkNoCycle, type Db, duplicate, guardUnique, inUse, lockRows } from '../catalogue/records.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, notFound, pageResult } from '../shared/records.ts';

async function siblingTaken(db: Db, parentId: number | null, name: string, ownId: number) {
  let q = db.selectFrom('cameraGroups').select('id').where('groupName', '=', name).where('id', '!=', ownId);
  q = parentId === null ? q.where('parentId', 'is', null) : q.where('parentId', '=', parentId);
  return Boolean(await q.executeTakeFirst());
}

async function checkParent(db: Db, parentId: number | null | undefined) {
  if (parentId && !(await db.selectFrom('cameraGroups').select('id').where('id', '=', parentId).executeTakeFirst())) throw notFound('catalogue.entity.group', parentId);
}

/** 404 naming the camera ids that do not exist. */
export async function checkCameras(db: Db, cameraIds: number[]): Promise<number[]> {
  const unique = [...new Set(cameraIds)];
  if (unique.length === 0) return unique;
  const found = new Set((await db.selectFrom('devices').select('id').where('id', 'in', unique).execute()).map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw new ApiError(404, 'catalogue.unknownCameras', { ids: missing.slice(0, 20).join(', ') });
  return unique;
}

async function setMembers(db: Db, groupId: number, cameraIds: number[]) {
  await db.deleteFrom('cameraGroupMembers').where('groupId', '=', groupId).execute();
  if (cameraIds.length) await db.insertInto('cameraGroupMembers').values(cameraIds.map((deviceId) => ({ groupId, deviceId }))).execute();
}

export const groupHandlers: HandlerMap = {
  async listSystemGroups({ db, body }: Ctx<'listSystemGroups'>) {
    const page = pageOf({ pageNo: body.page, pageSize: body.rows ?? 100 });
    let q = db.selectFrom('cameraGroups as g');
    const name = body.groupName?.trim();
    if (name) q = q.where('g.groupName', 'ilike', containsPattern(name));
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll('g').orderBy('g.sort').orderBy('g.id').limit(page.pageSize).offset(page.offset).execute();
    const members = rows.length
      ? await db.selectFrom('cameraGroupMembers').select(['groupId', 'deviceId']).where('groupId', 'in', rows.map((r) => r.id)).orderBy('deviceId').execute()
      : [];
    const list = rows.map((r): Schema<'SystemGroup'> => {
      const cameraIds = members.filter((m) => m.groupId === r.id).map((m) => m.deviceId);
      return { id: r.id, groupName: r.groupName, parentId: r.parentId, sort: r.sort, cameraIds, cameraCount: cameraIds.length, remark: r.remark, createTime: formatTime(r.createdAt) as string };
    });
    return pageResult(list, total as string, page);
  },

  async addSystemGroup({ db, body }: Ctx<'addSystemGroup'>) {
    const groupName = body.groupName.trim();
    const parentId = body.parentId ?? null;
    await checkParent(db, parentId);
    const cameraIds = await checkCameras(db, body.cameraIds ?? []);
    if (await siblingTaken(db, parentId, groupName, 0)) throw duplicate('catalogue.field.groupName', groupName);
    const id = await guardUnique('catalogue.field.groupName', groupName, () =>
      db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('cameraGroups').values({ groupName, parentId, sort: body.sort ?? 0, remark: body.remark ?? '' }).returning('id').executeTakeFirstOrThrow();
        await setMembers(trx, row.id, cameraIds);
        return row.id;
      }),
    );
    return { id };
  },

  async updateSystemGroup({ db, body }: Ctx<'updateSystemGroup'>) {
    await db.transaction().execute(async (trx) => {
      const { rows } = await lockRows(trx, 'cameraGroups', [body.id], 'catalogue.entity.group');
      const row = rows[0];
      const parentId = body.parentId === undefined ? row.parentId : body.parentId;
      const groupName = body.groupName?.trim() ?? row.groupName;
      await checkParent(trx, parentId);
      const all = await trx.selectFrom('cameraGroups').select(['id', 'parentId']).execute();
      checkNoCycle(new Map(all.map((g) => [g.id, g.parentId])), row.id, parentId, 'catalogue.entity.group');
      const cameraIds = body.cameraIds ? await checkCameras(trx, body.cameraIds) : null;
      if (await siblingTaken(trx, parentId, groupName, row.id)) throw duplicate('catalogue.field.groupName', groupName);
      await guardUnique('catalogue.field.groupName', groupName, () =>
        trx
          .updateTable('cameraGroups')
          .set({ groupName, parentId, ...(body.sort !== undefined ? { sort: body.sort } : {}), ...(body.remark !== undefined ? { remark: body.remark } : {}) })
          .where('id', '=', row.id)
          .execute(),
      );
      if (cameraIds) await setMembers(trx, row.id, cameraIds);
    });
    return null;
  },

  async deleteSystemGroups({ db, body }: Ctx<'deleteSystemGroups'>) {
    await db.transaction().execute(async (trx) => {
      const { ids, rows } = await lockRows(trx, 'cameraGroups', body.ids, 'catalogue.entity.group');
      for (const row of rows) {
        const children = await trx.selectFrom('cameraGroups').select((eb) => eb.fn.countAll().as('n')).where('parentId', '=', row.id).where('id', 'not in', ids).executeTakeFirstOrThrow();
        if (Number(children.n) > 0) throw inUse('catalogue.entity.group', row.groupName, children.n as string, 'catalogue.what.children');
        const configs = await sql<{ n: string }>`SELECT count(*) AS n FROM device_event_configs WHERE config->>'groupId' = ${String(row.id)}`.execute(trx);
        const n = Number(configs.rows[0]?.n ?? 0);
        if (n > 0) throw inUse('catalogue.entity.group', row.groupName, n, 'catalogue.what.eventConfigs');
      }
      await trx.updateTable('cameraGroups').set({ parentId: null }).where('id', 'in', ids).execute();
      await trx.deleteFrom('cameraGroups').where('id', 'in', ids).execute();
    });
    return null;
  },
};

// system: the unit tree (/unit/*) — organisational units cameras belong to, at most 10 levels. Sibling names are
// unique and a non-empty unit code is unique; a unit moves with its subtree but never under itself; cameraIds sets
// the cameras directly in a unit; a unit with child units or cameras is not deleted.
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { ancestors, checkNoCycle, type Db, duplicate, guardUnique, inUse, lockRows } from '../catalogue/records.ts';
import { checkCameras } from './groupHandlers.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsText, withAncestors } from '../shared/tree.ts';
import { notFound } from '../shared/records.ts';

export const MAX_UNIT_DEPTH = 10;

interface UnitRow {
  id: number;
  unitName: string;
  unitCode: string;
  parentId: number | null;
  sort: number;
  remark: string;
}

/** The cameras directly in a unit become exactly these (they leave any other unit; the unit's others leave it). */
async function setCameras(db: Db, unitId: number, cameraIds: number[]) {
  await db.updateTable('devices').set({ unitId: null }).where('unitId', '=', unitId).execute();
  if (cameraIds.length) await db.updateTable('devices').set({ unitId }).where('id', 'in', cameraIds).execute();
}

async function allUnits(db: Db): Promise<UnitRow[]> {
  return db.selectFrom('units').select(['id', 'unitName', 'unitCode', 'parentId', 'sort', 'remark']).execute();
}

function parentsOf(units: UnitRow[]) {
  return new Map(units.map((u) => [u.id, u.parentId]));
}

/** Levels below a unit, itself included (1 for a leaf). */
function subtreeHeight(units: UnitRow[], id: number): number {
  const children = units.filter((u) => u.parentId === id);
  return 1 + Math.max(0, ...children.map((c) => subtreeHeight(units, c.id)));
}

async function checkNames(db: Db, parentId: number | null, unitName: string, unitCode: string, ownId: number) {
  let q = db.selectFrom('units').select('id').where('unitName', '=', unitName).where('id', '!=', ownId);
  q = parentId === null ? q.where('parentId', 'is', null) : q.where('parentId', '=', parentId);
  if (await q.executeTakeFirst()) throw duplicate('catalogue.field.unitName', unitName);
  if (unitCode && (await db.selectFrom('units').select('id').where('unitCode', '=', unitCode).where('id', '!=', ownId).executeTakeFirst())) {
    throw duplicate('catalogue.field.unitCode', unitCode);
  }
}

/** 404 for an unknown parent; 400 when the unit (with `height` levels) would go deeper than 10. */
function checkPlace(units: UnitRow[], parentId: number | null, height: number) {
  if (parentId === null) return;
  if (!units.some((u) => u.id === parentId)) throw notFound('catalogue.entity.unit', parentId);
  if (ancestors(parentsOf(units), parentId).length + height > MAX_UNIT_DEPTH) throw new ApiError(400, 'catalogue.tooDeep', { entity: 'catalogue.entity.unit', max: MAX_UNIT_DEPTH });
}

export const unitHandlers: HandlerMap = {
  async getUnitTree({ db, query }: Ctx<'getUnitTree'>) {
    const units = await allUnits(db);
    const cameras = await db.selectFrom('devices').select(['id', 'unitId']).where('unitId', 'is not', null).orderBy('id').execute();
    const direct = new Map<number, number[]>();
    for (const c of cameras) direct.set(c.unitId as number, [...(direct.get(c.unitId as number) ?? []), c.id]);
    const own = new Map([...direct].map(([unit, ids]) => [unit, ids.length]));
    const name = query.name?.trim();
    const kept = name ? withAncestors(units.map((u) => ({ ...u, parentId: u.parentId ?? 0 })), (u) => containsText(name, u.unitName, u.unitCode)) : null;
    const build = (parentId: number | null, level: number): Schema<'SystemUnitNode'>[] =>
      units
        .filter((u) => u.parentId === parentId)
        .sort((a, b) => a.sort - b.sort || a.id - b.id)
        .map((u) => {
          const children = build(u.id, level + 1);
          // Cameras of the unit and below count whatever the name filter keeps.
          const total = (id: number): number => (own.get(id) ?? 0) + units.filter((c) => c.parentId === id).reduce((sum, c) => sum + total(c.id), 0);
          return { ...u, level, cameraCount: total(u.id), cameraIds: direct.get(u.id) ?? [], children: kept ? children.filter((c) => kept.has(c.id)) : children };
        });
    const roots = build(null, 1);
    return kept ? roots.filter((r) => kept.has(r.id)) : roots;
  },

  async addUnit({ db, body }: Ctx<'addUnit'>) {
    const unitName = body.unitName.trim();
    const unitCode = body.unitCode ?? '';
    const parentId = body.parentId ?? null;
    const id = await db.transaction().execute(async (trx) => {
      // The parent row is locked so a concurrent move cannot make the new unit deeper than checked.
      if (parentId !== null) await lockRows(trx, 'units', [parentId], 'catalogue.entity.unit');
      checkPlace(await allUnits(trx), parentId, 1);
      await checkNames(trx, parentId, unitName, unitCode, 0);
      const cameraIds = await checkCameras(trx, body.cameraIds ?? []);
      const row = await guardUnique('catalogue.field.unitName', unitName, () =>
        trx.insertInto('units').values({ unitName, unitCode, parentId, sort: body.sort ?? 0, remark: body.remark ?? '' }).returning('id').executeTakeFirstOrThrow(),
      );
      await setCameras(trx, row.id, cameraIds);
      return row.id;
    });
    return { id };
  },

  async updateUnit({ db, body }: Ctx<'updateUnit'>) {
    await db.transaction().execute(async (trx) => {
      const { rows } = await lockRows(trx, 'units', [body.id], 'catalogue.entity.unit');
      const row = rows[0];
      const parentId = body.parentId === undefined ? row.parentId : body.parentId;
      const unitName = body.unitName?.trim() ?? row.unitName;
      const unitCode = body.unitCode ?? row.unitCode;
      const units = await allUnits(trx);
      if (parentId !== row.parentId) {
        checkNoCycle(parentsOf(units), row.id, parentId, 'catalogue.entity.unit');
        checkPlace(units, parentId, subtreeHeight(units, row.id));
      }
      await checkNames(trx, parentId, unitName, unitCode, row.id);
      const cameraIds = body.cameraIds ? await checkCameras(trx, body.cameraIds) : null;
      await guardUnique('catalogue.field.unitName', unitName, () =>
        trx
          .updateTable('units')
          .set({ unitName, unitCode, parentId, ...(body.sort !== undefined ? { sort: body.sort } : {}), ...(body.remark !== undefined ? { remark: body.remark } : {}) })
          .where('id', '=', row.id)
          .execute(),
      );
      if (cameraIds) await setCameras(trx, row.id, cameraIds);
    });
    return null;
  },

  async deleteUnits({ db, body }: Ctx<'deleteUnits'>) {
    await db.transaction().execute(async (trx) => {
      const { ids, rows } = await lockRows(trx, 'units', body.ids, 'catalogue.entity.unit');
      for (const row of rows) {
        const children = await trx.selectFrom('units').select((eb) => eb.fn.countAll().as('n')).where('parentId', '=', row.id).where('id', 'not in', ids).executeTakeFirstOrThrow();
        if (Number(children.n) > 0) throw inUse('catalogue.entity.unit', row.unitName, children.n as string, 'catalogue.what.children');
        const cameras = await trx.selectFrom('devices').select((eb) => eb.fn.countAll().as('n')).where('unitId', '=', row.id).executeTakeFirstOrThrow();
        if (Number(cameras.n) > 0) throw inUse('catalogue.entity.unit', row.unitName, cameras.n as string, 'catalogue.what.cameras');
      }
      await trx.updateTable('units').set({ parentId: null }).where('id', 'in', ids).execute();
      await trx.deleteFrom('units').where('id', 'in', ids).execute();
    });
    return null;
  },
};

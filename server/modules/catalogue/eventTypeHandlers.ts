// catalogue: event types (/event/type/*), a tree by parentId. Sibling names are unique (a unique index backs the
// check); a type with events or child types is not deleted unless its children go with it.
import { sql } from 'kysely';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, notFound, pageResult } from '../shared/records.ts';
import { checkNoCycle, type Db, duplicate, guardUnique, inUse, lockRows } from './records.ts';

const eventCount = sql<string>`(SELECT count(*) FROM catalogue_events e WHERE e.type_id = t.id)`;

async function siblingTaken(db: Db, parentId: number | null, name: string, ownId: number): Promise<boolean> {
  let q = db.selectFrom('catalogueEventTypes').select('id').where('typeName', '=', name).where('id', '!=', ownId);
  q = parentId === null ? q.where('parentId', 'is', null) : q.where('parentId', '=', parentId);
  return Boolean(await q.executeTakeFirst());
}

async function requireParent(db: Db, parentId: number | null | undefined) {
  if (parentId === null || parentId === undefined) return;
  if (!(await db.selectFrom('catalogueEventTypes').select('id').where('id', '=', parentId).executeTakeFirst())) throw notFound('catalogue.entity.eventType', parentId);
}

export const catalogueEventTypeHandlers: HandlerMap = {
  async listCatalogueEventTypes({ db, body }: Ctx<'listCatalogueEventTypes'>) {
    const page = pageOf(body);
    let q = db.selectFrom('catalogueEventTypes as t');
    const name = body.typeName?.trim();
    if (name) q = q.where('t.typeName', 'ilike', containsPattern(name));
    if (body.parentId !== undefined) q = q.where('t.parentId', '=', body.parentId);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll('t').select(eventCount.as('eventCount')).orderBy('t.sort').orderBy('t.id').limit(page.pageSize).offset(page.offset).execute();
    const list = rows.map(
      (r): Schema<'CatalogueEventType'> => ({
        id: r.id,
        typeName: r.typeName,
        parentId: r.parentId,
        sort: r.sort,
        remark: r.remark,
        eventCount: Number(r.eventCount),
        createTime: formatTime(r.createdAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async addCatalogueEventType({ db, body }: Ctx<'addCatalogueEventType'>) {
    const typeName = body.typeName.trim();
    const parentId = body.parentId ?? null;
    await requireParent(db, parentId);
    if (await siblingTaken(db, parentId, typeName, 0)) throw duplicate('catalogue.field.typeName', typeName);
    const row = await guardUnique('catalogue.field.typeName', typeName, () =>
      db.insertInto('catalogueEventTypes').values({ typeName, parentId, sort: body.sort ?? 0, remark: body.remark ?? '' }).returning('id').executeTakeFirstOrThrow(),
    );
    return { id: row.id };
  },

  async updateCatalogueEventType({ db, body }: Ctx<'updateCatalogueEventType'>) {
    await db.transaction().execute(async (trx) => {
      const { rows } = await lockRows(trx, 'catalogueEventTypes', [body.id], 'catalogue.entity.eventType');
      const row = rows[0];
      const parentId = body.parentId === undefined ? row.parentId : body.parentId;
      const typeName = body.typeName?.trim() ?? row.typeName;
      await requireParent(trx, parentId);
      const all = await trx.selectFrom('catalogueEventTypes').select(['id', 'parentId']).execute();
      checkNoCycle(new Map(all.map((t) => [t.id, t.parentId])), row.id, parentId, 'catalogue.entity.eventType');
      if (await siblingTaken(trx, parentId, typeName, row.id)) throw duplicate('catalogue.field.typeName', typeName);
      await guardUnique('catalogue.field.typeName', typeName, () =>
        trx
          .updateTable('catalogueEventTypes')
          .set({ typeName, parentId, ...(body.sort !== undefined ? { sort: body.sort } : {}), ...(body.remark !== undefined ? { remark: body.remark } : {}) })
          .where('id', '=', row.id)
          .execute(),
      );
    });
    return null;
  },

  async deleteCatalogueEventTypes({ db, body }: Ctx<'deleteCatalogueEventTypes'>) {
    await db.transaction().execute(async (trx) => {
      const { ids, rows } = await lockRows(trx, 'catalogueEventTypes', body.ids, 'catalogue.entity.eventType');
      for (const row of rows) {
        const events = await trx.selectFrom('catalogueEvents').select((eb) => eb.fn.countAll().as('n')).where('typeId', '=', row.id).executeTakeFirstOrThrow();
        const children = await trx.selectFrom('catalogueEventTypes').select((eb) => eb.fn.countAll().as('n')).where('parentId', '=', row.id).where('id', 'not in', ids).executeTakeFirstOrThrow();
        const uses = Number(events.n) + Number(children.n);
        if (uses > 0) throw inUse('catalogue.entity.eventType', row.typeName, uses, 'catalogue.what.events');
      }
      // Children deleted together with their parent: the references go first.
      await trx.updateTable('catalogueEventTypes').set({ parentId: null }).where('id', 'in', ids).execute();
      await trx.deleteFrom('catalogueEventTypes').where('id', 'in', ids).execute();
    });
    return null;
  },
};

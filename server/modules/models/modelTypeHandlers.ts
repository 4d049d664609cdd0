// models: model types (/modelType/*) and model scenes (/modelScene/*), the two catalogues a model is filed under.
// Names (and type codes) are unique; a type or scene that models use is not deleted.
import { sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { type Db, duplicate, guardUnique, inUse, lockRows } from '../catalogue/records.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, pageResult } from '../shared/records.ts';
import { ORCHESTRATION_TYPE_CODE } from './mallPublish.ts';

/** Publishing files orchestrated algorithms under this type (mallPublish.ts): it stays, with its code. */
const systemType = (name: string) => new ApiError(409, 'catalogue.systemModelType', { name, code: ORCHESTRATION_TYPE_CODE });

const typeModels = sql<string>`(SELECT count(*) FROM models m WHERE m.model_type_id = t.id)`;
const sceneModels = sql<string>`(SELECT count(*) FROM models m WHERE m.model_scene_id = s.id)`;

async function typeTaken(db: Db, field: 'typeName' | 'typeCode', value: string, ownId: number) {
  return Boolean(await db.selectFrom('modelTypes').select('id').where(field, '=', value).where('id', '!=', ownId).executeTakeFirst());
}

async function checkType(db: Db, typeName: string, typeCode: string, ownId: number) {
  if (await typeTaken(db, 'typeName', typeName, ownId)) throw duplicate('catalogue.field.typeName', typeName);
  if (await typeTaken(db, 'typeCode', typeCode, ownId)) throw duplicate('catalogue.field.typeCode', typeCode);
}

async function sceneTaken(db: Db, sceneName: string, ownId: number) {
  return Boolean(await db.selectFrom('modelScenes').select('id').where('sceneName', '=', sceneName).where('id', '!=', ownId).executeTakeFirst());
}

export const modelTypeHandlers: HandlerMap = {
  async listModelTypes({ db, body }: Ctx<'listModelTypes'>) {
    const page = pageOf(body);
    let q = db.selectFrom('modelTypes as t');
    const name = body.typeName?.trim();
    if (name) q = q.where('t.typeName', 'ilike', containsPattern(name));
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll('t').select(typeModels.as('modelCount')).orderBy('t.sort').orderBy('t.id').limit(page.pageSize).offset(page.offset).execute();
    const list = rows.map(
      (r): Schema<'AlgoModelType'> => ({
        id: r.id,
        typeName: r.typeName,
        typeCode: r.typeCode,
        sort: r.sort,
        remark: r.remark,
        modelCount: Number(r.modelCount),
        createTime: formatTime(r.createdAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async addModelType({ db, body }: Ctx<'addModelType'>) {
    const typeName = body.typeName.trim();
    await checkType(db, typeName, body.typeCode, 0);
    const row = await guardUnique('catalogue.field.typeName', typeName, () =>
      db.insertInto('modelTypes').values({ typeName, typeCode: body.typeCode, sort: body.sort ?? 0, remark: body.remark ?? '' }).returning('id').executeTakeFirstOrThrow(),
    );
    return { id: row.id };
  },

  async updateModelType({ db, body }: Ctx<'updateModelType'>) {
    await db.transaction().execute(async (trx) => {
      const { rows } = await lockRows(trx, 'modelTypes', [body.id], 'catalogue.entity.modelType');
      const typeName = body.typeName?.trim() ?? rows[0].typeName;
      const typeCode = body.typeCode ?? rows[0].typeCode;
      if (rows[0].typeCode === ORCHESTRATION_TYPE_CODE && typeCode !== ORCHESTRATION_TYPE_CODE) throw systemType(rows[0].typeName);
      await checkType(trx, typeName, typeCode, body.id);
      await guardUnique('catalogue.field.typeName', typeName, () =>
        trx
          .updateTable('modelTypes')
          .set({ typeName, typeCode, ...(body.sort !== undefined ? { sort: body.sort } : {}), ...(body.remark !== undefined ? { remark: body.remark } : {}) })
          .where('id', '=', body.id)
          .execute(),
      );
    });
    return null;
  },

  async deleteModelTypes({ db, body }: Ctx<'deleteModelTypes'>) {
    await db.transaction().execute(async (trx) => {
      const { ids, rows } = await lockRows(trx, 'modelTypes', body.ids, 'catalogue.entity.modelType');
      for (const row of rows) {
        if (row.typeCode === ORCHESTRATION_TYPE_CODE) throw systemType(row.typeName);
        const { n } = await trx.selectFrom('models').select((eb) => eb.fn.countAll().as('n')).where('modelTypeId', '=', row.id).executeTakeFirstOrThrow();
        if (Number(n) > 0) throw inUse('catalogue.entity.modelType', row.typeName, n as string, 'catalogue.what.models');
      }
      await trx.deleteFrom('modelTypes').where('id', 'in', ids).execute();
    });
    return null;
  },

  async listModelScenes({ db, body }: Ctx<'listModelScenes'>) {
    const page = pageOf(body);
    let q = db.selectFrom('modelScenes as s');
    const name = body.sceneName?.trim();
    if (name) q = q.where('s.sceneName', 'ilike', containsPattern(name));
    if (body.status !== undefined) q = q.where('s.status', '=', body.status);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll('s').select(sceneModels.as('modelCount')).orderBy('s.sort').orderBy('s.id').limit(page.pageSize).offset(page.offset).execute();
    const list = rows.map(
      (r): Schema<'AlgoModelScene'> => ({
        id: r.id,
        sceneName: r.sceneName,
        description: r.description,
        coverUrl: r.coverUrl,
        sort: r.sort,
        status: r.status,
        modelCount: Number(r.modelCount),
        createTime: formatTime(r.createdAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async addModelScene({ db, body }: Ctx<'addModelScene'>) {
    const sceneName = body.sceneName.trim();
    if (await sceneTaken(db, sceneName, 0)) throw duplicate('catalogue.field.sceneName', sceneName);
    const row = await guardUnique('catalogue.field.sceneName', sceneName, () =>
      db
        .insertInto('modelScenes')
        .values({ sceneName, description: body.description ?? '', coverUrl: body.coverUrl ?? null, sort: body.sort ?? 0, status: body.status ?? 1 })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return { id: row.id };
  },

  async updateModelScene({ db, body }: Ctx<'updateModelScene'>) {
    await db.transaction().execute(async (trx) => {
      const { rows } = await lockRows(trx, 'modelScenes', [body.id], 'catalogue.entity.modelScene');
      const sceneName = body.sceneName?.trim() ?? rows[0].sceneName;
      if (await sceneTaken(trx, sceneName, body.id)) throw duplicate('catalogue.field.sceneName', sceneName);
      await guardUnique('catalogue.field.sceneName', sceneName, () =>
        trx
          .updateTable('modelScenes')
          .set({
            sceneName,
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.coverUrl !== undefined ? { coverUrl: body.coverUrl } : {}),
            ...(body.sort !== undefined ? { sort: body.sort } : {}),
            ...(body.status !== undefined ? { status: body.status } : {}),
          })
          .where('id', '=', body.id)
          .execute(),
      );
    });
    return null;
  },

  async deleteModelScenes({ db, body }: Ctx<'deleteModelScenes'>) {
    await db.transaction().execute(async (trx) => {
      const { ids, rows } = await lockRows(trx, 'modelScenes', body.ids, 'catalogue.entity.modelScene');
      for (const row of rows) {
        const { n } = await trx.selectFrom('models').select((eb) => eb.fn.countAll().as('n')).where('modelSceneId', '=', row.id).executeTakeFirstOrThrow();
        if (Number(n) > 0) throw inUse('catalogue.entity.modelScene', row.sceneName, n as string, 'catalogue.what.models');
      }
      await trx.deleteFrom('modelScenes').where('id', 'in', ids).execute();
    });
    return null;
  },
};

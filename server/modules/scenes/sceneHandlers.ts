// scenes: the scene table (by name, paged), add, edit, rename, delete by id list, and the catalogue events and
// violation types of a scene with `checked` marking those the scene holds.
import { sql } from 'kysely';
import { pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { typeKey, typeName } from '../alarms/eventTypes.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, pageResult } from '../shared/records.ts';
import { deleteScenesById, insertScene, renameScene, requireScene, sceneQuery, toScenes, updateScene } from './sceneStore.ts';

const started = sql<boolean>`EXISTS (SELECT 1 FROM devices d WHERE d.scene_id = scenes.id AND d.start_state = 1)`;

export const sceneHandlers: HandlerMap = {
  async listScenes({ db, body }: Ctx<'listScenes'>) {
    const page = pageOf(body);
    let q = sceneQuery(db);
    const name = body.sceneName?.trim();
    if (name) q = q.where('scenes.sceneName', 'ilike', containsPattern(name));
    if (body.status === 1) q = q.where(started);
    if (body.status === 0) q = q.where(sql<boolean>`NOT ${started}`);
    const { total } = await q.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('scenes.sceneName').orderBy('scenes.id').limit(page.pageSize).offset(page.offset).execute();
    return pageResult(await toScenes(db, rows), total as string, page);
  },

  async addScene({ db, body }: Ctx<'addScene'>) {
    const id = await db.transaction().execute((trx) =>
      insertScene(trx, { sceneName: body.sceneName, eventIds: body.eventIds ?? [], violationIds: body.violationIds ?? [], remark: body.remark }),
    );
    return { id };
  },

  async editScene({ db, body }: Ctx<'editScene'>) {
    await updateScene(db, body.id, { sceneName: body.sceneName, eventIds: body.eventIds ?? [], violationIds: body.violationIds ?? [], remark: body.remark });
    return null;
  },

  async renameScene({ db, body }: Ctx<'renameScene'>) {
    await renameScene(db, body.sceneId, body.sceneName);
    return null;
  },

  async deleteScenes({ db, body }: Ctx<'deleteScenes'>) {
    await deleteScenesById(db, body.sceneIdList);
    return null;
  },

  async listSceneMenuEvents({ db, query }: Ctx<'listSceneMenuEvents'>) {
    await requireScene(db, query.sceneId);
    const held = new Set((await db.selectFrom('sceneEvents').select('eventId').where('sceneId', '=', query.sceneId).execute()).map((r) => r.eventId));
    const rows = await db
      .selectFrom('catalogueEvents')
      .leftJoin('catalogueEventTypes', 'catalogueEventTypes.id', 'catalogueEvents.typeId')
      .select(['catalogueEvents.eventId', 'catalogueEvents.eventName', 'catalogueEvents.typeId', 'catalogueEventTypes.typeName', 'catalogueEventTypes.sort'])
      .orderBy('catalogueEventTypes.sort')
      .orderBy('catalogueEvents.typeId')
      .orderBy('catalogueEvents.eventId')
      .execute();
    return rows.map(
      (r): Schema<'SceneMenuEvent'> => ({ eventId: r.eventId, eventName: r.eventName, typeId: r.typeId, typeName: r.typeName, checked: held.has(r.eventId) }),
    );
  },

  async listSceneViolations({ db, query, lang }: Ctx<'listSceneViolations'>) {
    await requireScene(db, query.sceneId);
    const held = new Set((await db.selectFrom('sceneViolations').select('violationId').where('sceneId', '=', query.sceneId).execute()).map((r) => r.violationId));
    return Array.from({ length: 50 }, (_, i): Schema<'SceneViolation'> => {
      const id = i + 1;
      return { id, key: typeKey(id) ?? `violation${id}`, name: typeName(id, lang), checked: held.has(id) };
    });
  },
};

// Scenes: a name, the catalogue events and violation types offered for its devices; its status is derived —
// 1 started when at least one of its devices is started, else 0. Shared by the scene screen and the device screen.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { isUniqueViolation, notFound, optional } from '../shared/records.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SceneFields {
  sceneName: string;
  eventIds: number[];
  violationIds: number[];
  remark?: string;
}

export function sceneQuery(db: Db) {
  return db
    .selectFrom('scenes')
    .select((eb) => [
      'scenes.id',
      'scenes.sceneName',
      'scenes.remark',
      'scenes.createdAt',
      'scenes.updatedAt',
      eb.selectFrom('devices').select(eb.fn.countAll().as('n')).whereRef('devices.sceneId', '=', 'scenes.id').as('cameraCount'),
      sql<boolean>`EXISTS (SELECT 1 FROM devices d WHERE d.scene_id = scenes.id AND d.start_state = 1)`.as('started'),
    ]);
}

type SceneRow = Awaited<ReturnType<ReturnType<typeof sceneQuery>['execute']>>[number];

export async function toScenes(db: Db, rows: SceneRow[]): Promise<Schema<'Scene'>[]> {
  const ids = rows.map((r) => r.id);
  const events = ids.length ? await db.selectFrom('sceneEvents').selectAll().where('sceneId', 'in', ids).orderBy('eventId').execute() : [];
  const violations = ids.length ? await db.selectFrom('sceneViolations').selectAll().where('sceneId', 'in', ids).orderBy('violationId').execute() : [];
  return rows.map((r) => ({
    id: r.id,
    sceneName: r.sceneName,
    status: r.started ? 1 : 0,
    cameraCount: Number(r.cameraCount ?? 0),
    eventIds: events.filter((e) => e.sceneId === r.id).map((e) => e.eventId),
    violationIds: violations.filter((v) => v.sceneId === r.id).map((v) => v.violationId),
    remark: r.remark,
    createTime: formatTime(r.createdAt)!,
    updateTime: formatTime(r.updatedAt),
  }));
}

export async function listAllScenes(db: Db): Promise<Schema<'Scene'>[]> {
  return toScenes(db, await sceneQuery(db).orderBy('scenes.sceneName').execute());
}

/** 404 naming the first event id the catalogue does not have. */
export async function requireCatalogueEvents(db: Db, eventIds: number[]): Promise<void> {
  const unique = [...new Set(eventIds)];
  if (unique.length === 0) return;
  const known = new Set((await db.selectFrom('catalogueEvents').select('eventId').where('eventId', 'in', unique).execute()).map((r) => r.eventId));
  const missing = unique.find((id) => !known.has(id));
  if (missing !== undefined) throw notFound('entity.catalogueEvent', missing);
}

async function checkNameFree(db: Db, sceneName: string, ownId: number) {
  const other = await db.selectFrom('scenes').select('id').where('sceneName', '=', sceneName).where('id', '!=', ownId).executeTakeFirst();
  if (other) throw new ApiError(409, 'conflict.duplicate', { field: 'field.sceneName', value: sceneName });
}

async function writeMembers(trx: Db, sceneId: number, fields: SceneFields) {
  await trx.deleteFrom('sceneEvents').where('sceneId', '=', sceneId).execute();
  await trx.deleteFrom('sceneViolations').where('sceneId', '=', sceneId).execute();
  const eventIds = [...new Set(fields.eventIds)];
  const violationIds = [...new Set(fields.violationIds)];
  if (eventIds.length) await trx.insertInto('sceneEvents').values(eventIds.map((eventId) => ({ sceneId, eventId }))).execute();
  if (violationIds.length) await trx.insertInto('sceneViolations').values(violationIds.map((violationId) => ({ sceneId, violationId }))).execute();
}

/** Turns a unique-index race on the name into the same 409 as the check. */
async function guardName<T>(sceneName: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'conflict.duplicate', { field: 'field.sceneName', value: sceneName });
    throw error;
  }
}

export async function insertScene(trx: Db, fields: SceneFields): Promise<number> {
  await checkNameFree(trx, fields.sceneName, 0);
  await requireCatalogueEvents(trx, fields.eventIds);
  return guardName(fields.sceneName, async () => {
    const row = await trx.insertInto('scenes').values({ sceneName: fields.sceneName, status: 0, remark: optional(fields.remark) }).returning('id').executeTakeFirstOrThrow();
    await writeMembers(trx, row.id, fields);
    return row.id;
  });
}

export async function requireScene(db: Db, id: number): Promise<void> {
  if (!(await db.selectFrom('scenes').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('entity.scene', id);
}

export async function updateScene(db: Kysely<Database>, id: number, fields: SceneFields): Promise<void> {
  await requireScene(db, id);
  await checkNameFree(db, fields.sceneName, id);
  await requireCatalogueEvents(db, fields.eventIds);
  await guardName(fields.sceneName, () =>
    db.transaction().execute(async (trx) => {
      await trx.updateTable('scenes').set({ sceneName: fields.sceneName, remark: optional(fields.remark), updatedAt: new Date() }).where('id', '=', id).execute();
      await writeMembers(trx, id, fields);
    }),
  );
}

export async function renameScene(db: Kysely<Database>, id: number, sceneName: string): Promise<void> {
  await requireScene(db, id);
  await checkNameFree(db, sceneName, id);
  await guardName(sceneName, () => db.updateTable('scenes').set({ sceneName, updatedAt: new Date() }).where('id', '=', id).execute());
}

/**
 * All or nothing: 404 for an unknown id; 409 naming a scene that cameras still use and how many (nothing is
 * detached silently). The database refuses the delete of a used scene itself (devices.scene_id ON DELETE RESTRICT),
 * so a camera given the scene meanwhile is answered the same way.
 */
export async function deleteScenesById(db: Kysely<Database>, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = new Set((await db.selectFrom('scenes').select('id').where('id', 'in', unique).execute()).map((r) => r.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound('entity.scene', missing);
  await refuseUsedScenes(db, unique);
  try {
    // The member rows (events, violations) cascade.
    await db.deleteFrom('scenes').where('id', 'in', unique).execute();
  } catch (error) {
    // 23001 restrict violation (23503 on a database whose key checks at the end of the statement).
    if (!['23001', '23503'].includes(String((error as { code?: unknown } | null)?.code))) throw error;
    await refuseUsedScenes(db, unique);
    throw error;
  }
}

/** 409 when cameras use one of the scenes: the first such scene by name, its camera count, and how many scenes are used. */
async function refuseUsedScenes(db: Kysely<Database>, ids: number[]): Promise<void> {
  const used = await db
    .selectFrom('scenes')
    .innerJoin('devices', 'devices.sceneId', 'scenes.id')
    .select((eb) => ['scenes.id', 'scenes.sceneName', eb.fn.countAll<string>().as('cameras')])
    .where('scenes.id', 'in', ids)
    .groupBy(['scenes.id', 'scenes.sceneName'])
    .orderBy('scenes.sceneName')
    .execute();
  if (used.length === 0) return;
  throw new ApiError(409, 'scenes.inUse', { name: used[0].sceneName, count: Number(used[0].cameras), scenes: used.length });
}

// models: the model catalogue (/model/*) — list, upload (streamed, checksummed), edit, delete (a published model
// must be withdrawn first), the hot list (published models by downloads, page/rows) and the download of a file,
// which counts towards the model's downloads.
import { createReadStream, existsSync } from 'node:fs';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import { clientSignal, stopIfGone } from '../../http/formParts.ts';
import { promoteStaged, removeStaged } from '../../http/stagedUploads.ts';
import { FileReply, type HandlerMap } from '../../http/handler.ts';
import { type Db, duplicate, guardUnique, lockRows } from '../catalogue/records.ts';
import { createdSince } from '../algorithms/setupEventStore.ts';
import { IMAGE_BOUNDS, safeImage } from '../../media/imageSafety.ts';
import { removeStoredFile, storedFilePath, storeFile } from '../devices/storedFiles.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, notFound, pageResult } from '../shared/records.ts';
import { modelFields, receiveModelFile } from './modelFiles.ts';

export function modelQuery(db: Db) {
  return db
    .selectFrom('models as m')
    .innerJoin('modelTypes as t', 't.id', 'm.modelTypeId')
    .leftJoin('modelScenes as s', 's.id', 'm.modelSceneId')
    .selectAll('m')
    .select(['t.typeName', 's.sceneName', 's.coverUrl as sceneCoverUrl']);
}
export type ModelRow = Awaited<ReturnType<ReturnType<typeof modelQuery>['executeTakeFirstOrThrow']>>;

export function toModel(r: ModelRow): Schema<'AlgoModel'> {
  return {
    id: r.id,
    name: r.name,
    modelType: r.modelTypeId,
    modelTypeName: r.typeName,
    modelSceneId: r.modelSceneId,
    modelSceneName: r.sceneName,
    version: r.version,
    fileName: r.fileName,
    size: Number(r.size),
    checksum: r.checksum,
    status: r.status,
    downloads: r.downloads,
    description: r.description,
    eventIds: r.eventIds,
    userName: r.userName,
    createTime: formatTime(r.createdAt) as string,
    updateTime: formatTime(r.updatedAt) as string,
  };
}

/** 404 for an unknown type, scene or catalogue event id (the first one). */
export async function checkRefs(db: Db, refs: { modelType?: number; modelSceneId?: number | null; eventIds?: number[] }): Promise<void> {
  if (refs.modelType !== undefined && !(await db.selectFrom('modelTypes').select('id').where('id', '=', refs.modelType).executeTakeFirst())) {
    throw notFound('catalogue.entity.modelType', refs.modelType);
  }
  if (refs.modelSceneId && !(await db.selectFrom('modelScenes').select('id').where('id', '=', refs.modelSceneId).executeTakeFirst())) {
    throw notFound('catalogue.entity.modelScene', refs.modelSceneId);
  }
  if (refs.eventIds?.length) {
    const known = new Set((await db.selectFrom('catalogueEvents').select('eventId').where('eventId', 'in', refs.eventIds).execute()).map((r) => r.eventId));
    const missing = refs.eventIds.filter((id) => !known.has(id));
    if (missing.length) throw new ApiError(404, 'catalogue.unknownEvents', { field: 'eventIds', ids: missing.join(', ') });
  }
}

async function versionTaken(db: Db, name: string, version: string, ownId: number) {
  return Boolean(await db.selectFrom('models').select('id').where('name', '=', name).where('version', '=', version).where('id', '!=', ownId).executeTakeFirst());
}

export const modelHandlers: HandlerMap = {
  async listModels({ db, body }: Ctx<'listModels'>) {
    const page = pageOf(body);
    let q = modelQuery(db);
    const name = body.name?.trim();
    if (name) q = q.where('m.name', 'ilike', containsPattern(name));
    if (body.modelType !== undefined) q = q.where('m.modelTypeId', '=', body.modelType);
    if (body.modelSceneId !== undefined) q = q.where('m.modelSceneId', '=', body.modelSceneId);
    if (body.status !== undefined) q = q.where('m.status', '=', body.status);
    const since = createdSince(body.createTimeRange);
    if (since) q = q.where('m.createdAt', '>=', since);
    const { total } = await q.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('m.createdAt', 'desc').orderBy('m.id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    return pageResult(rows.map(toModel), total as string, page);
  },

  async listHotModels({ db, body }: Ctx<'listHotModels'>) {
    const page = pageOf({ pageNo: body.page, pageSize: body.rows ?? 10 });
    let q = modelQuery(db).where('m.status', '=', 1);
    if (body.modelType !== undefined) q = q.where('m.modelTypeId', '=', body.modelType);
    const { total } = await q.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('m.downloads', 'desc').orderBy('m.id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    return pageResult(rows.map(toModel), total as string, page);
  },

  async addModel({ db, req, reply, services, user }: Ctx<'addModel'>) {
    const dataDir = services.config.dataDir;
    const signal = clientSignal(reply);
    const file = await receiveModelFile(req, dataDir, signal);
    const samplePaths: string[] = [];
    let filePath: string | null = null;
    try {
      const fields = modelFields(file.fields);
      // Samples are decoded and re-encoded before anything is written: a bad one refuses the whole upload.
      const samples = await Promise.all(file.samples.map((bytes) => safeImage(bytes, IMAGE_BOUNDS.logo, { field: 'samples', accept: ['jpeg', 'png'] })));
      await checkRefs(db, { modelType: fields.modelType, modelSceneId: fields.modelSceneId, eventIds: fields.eventIds });
      const label = `${fields.name} ${fields.version}`;
      if (await versionTaken(db, fields.name, fields.version, 0)) throw duplicate('catalogue.field.modelVersion', label);
      stopIfGone(signal);
      // Accepted: the file leaves the private staging folder for files/models/ (served to downloads from there).
      filePath = await promoteStaged(file.staged, dataDir, 'models', file.extension);
      const now = new Date();
      for (const sample of samples) samplePaths.push(storeFile(dataDir, 'models/samples', sample.extension, sample.buffer));
      const stored = filePath;
      const row = await guardUnique('catalogue.field.modelVersion', label, () =>
        db.transaction().execute(async (trx) => {
          const model = await trx
          .insertInto('models')
          .values({
            name: fields.name,
            version: fields.version,
            modelTypeId: fields.modelType,
            modelSceneId: fields.modelSceneId,
            fileName: file.fileName.slice(0, 255),
            filePath: stored,
            size: file.staged.size,
            checksum: file.staged.sha256,
            status: fields.status,
            description: fields.description,
            eventIds: JSON.stringify(fields.eventIds),
            userName: user?.username ?? '',
            publishedAt: fields.status === 1 ? now : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
          if (samplePaths.length) {
            await trx.insertInto('modelSamples').values(samplePaths.map((imagePath, sort) => ({ modelId: model.id, imagePath, sort }))).execute();
          }
          return model;
        }),
      );
      return { id: row.id };
    } catch (error) {
      await removeStaged(file.staged);
      removeStoredFile(dataDir, filePath);
      for (const path of samplePaths) removeStoredFile(dataDir, path);
      throw error;
    }
  },

  async updateModel({ db, body }: Ctx<'updateModel'>) {
    await db.transaction().execute(async (trx) => {
      const { rows } = await lockRows(trx, 'models', [body.id], 'catalogue.entity.model');
      const row = rows[0];
      const eventIds = body.eventIds ? [...new Set(body.eventIds)] : undefined;
      await checkRefs(trx, { modelType: body.modelType, modelSceneId: body.modelSceneId, eventIds });
      const name = body.name?.trim() ?? row.name;
      const version = body.version ?? row.version;
      const label = `${name} ${version}`;
      if (await versionTaken(trx, name, version, row.id)) throw duplicate('catalogue.field.modelVersion', label);
      const now = new Date();
      const publishing = body.status === 1 && row.status !== 1;
      await guardUnique('catalogue.field.modelVersion', label, () =>
        trx
          .updateTable('models')
          .set({
            name,
            version,
            ...(body.modelType !== undefined ? { modelTypeId: body.modelType } : {}),
            ...(body.modelSceneId !== undefined ? { modelSceneId: body.modelSceneId } : {}),
            ...(body.status !== undefined ? { status: body.status } : {}),
            ...(publishing ? { publishedAt: now } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(eventIds ? { eventIds: JSON.stringify(eventIds) } : {}),
            updatedAt: now,
          })
          .where('id', '=', row.id)
          .execute(),
      );
    });
    return null;
  },

  async deleteModels({ db, body, services }: Ctx<'deleteModels'>) {
    const paths = await db.transaction().execute(async (trx) => {
      const { ids, rows } = await lockRows(trx, 'models', body.ids, 'catalogue.entity.model');
      const published = rows.find((row) => row.status === 1);
      if (published) throw new ApiError(409, 'catalogue.publishedModel', { name: `${published.name} ${published.version}` });
      const runs = await trx.selectFrom('algorithmRuns').select('modelId').where('modelId', 'in', ids).executeTakeFirst();
      if (runs) {
        const used = rows.find((row) => row.id === runs.modelId)!;
        throw new ApiError(409, 'catalogue.inUse', { entity: 'catalogue.entity.model', name: `${used.name} ${used.version}`, count: 1, what: 'catalogue.what.runs' });
      }
      const samples = await trx.selectFrom('modelSamples').select('imagePath').where('modelId', 'in', ids).execute();
      await trx.deleteFrom('models').where('id', 'in', ids).execute();
      return [...rows.map((row) => row.filePath), ...samples.map((sample) => sample.imagePath)];
    });
    // Files go once the rows are gone (a failed delete leaves both).
    for (const path of paths) removeStoredFile(services.config.dataDir, path);
    return null;
  },

  async exportModelFile({ db, query, user, services }: Ctx<'exportModelFile'>) {
    const row = await db.selectFrom('models').selectAll().where('id', '=', query.id).executeTakeFirst();
    if (!row) throw notFound('catalogue.entity.model', query.id);
    // The mall offers published models; model management may fetch any.
    if (row.status !== 1 && !user?.modules.has('modalBoxPage')) throw new ApiError(409, 'catalogue.modelNotPublished', { name: `${row.name} ${row.version}` });
    // A trained version's classifier file is private (training/…): storedFilePath finds it under its root.
    const absolute = storedFilePath(services.config.dataDir, row.filePath);
    if (!existsSync(absolute)) throw notFound('catalogue.entity.model', query.id);
    if (row.status === 1) await db.updateTable('models').set((eb) => ({ downloads: eb('downloads', '+', 1) })).where('id', '=', row.id).execute();
    return new FileReply(createReadStream(absolute), 'application/octet-stream', row.fileName);
  },
};

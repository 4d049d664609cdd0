// algorithms: setup events (custom algorithm drafts) — list, add, edit, delete, publish to the warehouse, the
// warehouse list and the history of published versions. Validation on images: setupEventValidate.ts; exports:
// setupEventExport.ts.
import { sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { catalogueEventsChanged } from '../catalogue/disabledEvents.ts';
import { removeStoredFile } from '../devices/storedFiles.ts';
import { publishToMall } from '../models/mallPublish.ts';
import { trainingSummaries } from '../training/warehouseSummary.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, isUniqueViolation, notFound, pageResult } from '../shared/records.ts';
import {
  checkedParam,
  checkNameFree,
  compareVersions,
  createdSince,
  eventUseCount,
  nextVersion,
  requireSetupEvent,
  setupEventQuery,
  sha256,
  toSetupEvent,
} from './setupEventStore.ts';

/** Turns a unique-index race on the name into the same 409 as the check. */
async function guardName<T>(name: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw new ApiError(409, 'conflict.duplicate', { field: 'algorithms.field.name', value: name });
    throw error;
  }
}

export const setupEventHandlers: HandlerMap = {
  async listSetupEvents({ db, body, user }: Ctx<'listSetupEvents'>) {
    const page = pageOf(body);
    let q = setupEventQuery(db);
    const name = body.name?.trim();
    if (name) q = q.where((eb) => eb.or([eb('name', 'ilike', containsPattern(name)), eb('eventName', 'ilike', containsPattern(name))]));
    if (body.sataus !== undefined) q = q.where('sataus', '=', body.sataus);
    if (body.customEventType !== undefined) q = q.where('customEventType', '=', body.customEventType);
    if (body.buttonType !== undefined) q = q.where('buttonType', '=', body.buttonType);
    const since = createdSince(body.createTimeRange);
    if (since) q = q.where('createdAt', '>=', since);
    if (body.mine && user) q = q.where('userName', '=', user.username);
    const { total } = await q.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    return pageResult(rows.map(toSetupEvent), total as string, page);
  },

  async getSetupEvent({ db, query }: Ctx<'getSetupEvent'>) {
    return toSetupEvent(await requireSetupEvent(db, query.id));
  },

  async addSetupEvent({ db, body, user }: Ctx<'addSetupEvent'>) {
    const param = body.param ?? '{}';
    checkedParam(param);
    const name = body.name.trim();
    await checkNameFree(db, name, 0);
    const row = await guardName(name, () =>
      db
        .insertInto('setupEvents')
        .values({
          name,
          description: body.desc ?? '',
          param,
          customEventType: body.customEventType,
          eventName: body.eventName?.trim() || name,
          version: body.version ?? '1.0.0',
          remark: body.remark ?? '',
          info1: body.info1 ?? '',
          buttonType: body.buttonType ?? 'validate',
          userName: user?.username ?? '',
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return { id: row.id };
  },

  async updateSetupEvent({ db, body }: Ctx<'updateSetupEvent'>) {
    if (body.param !== undefined) checkedParam(body.param);
    const name = body.name?.trim();
    if (name !== undefined) await checkNameFree(db, name, body.id);
    // One statement: the edit and the published → changed transition cannot be split by a concurrent publish.
    const updated = await guardName(name, () =>
      db
        .updateTable('setupEvents')
        .set({
          ...(name !== undefined ? { name } : {}),
          ...(body.desc !== undefined ? { description: body.desc } : {}),
          ...(body.param !== undefined ? { param: body.param } : {}),
          ...(body.customEventType !== undefined ? { customEventType: body.customEventType } : {}),
          ...(body.eventName !== undefined ? { eventName: body.eventName.trim() } : {}),
          ...(body.version !== undefined ? { version: body.version } : {}),
          ...(body.remark !== undefined ? { remark: body.remark } : {}),
          ...(body.info1 !== undefined ? { info1: body.info1 } : {}),
          ...(body.buttonType !== undefined ? { buttonType: body.buttonType } : {}),
          sataus: sql<0 | 1 | 2>`CASE WHEN sataus = 1 THEN 2 ELSE sataus END`,
          updatedAt: new Date(),
        })
        .where('id', '=', body.id)
        .returning('id')
        .executeTakeFirst(),
    );
    if (!updated) throw notFound('algorithms.entity.setupEvent', body.id);
    return null;
  },

  async deleteSetupEvents({ db, body }: Ctx<'deleteSetupEvents'>) {
    const ids = [...new Set(body.ids)];
    await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('setupEvents').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute();
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw notFound('algorithms.entity.setupEvent', missing);
      for (const r of rows) {
        if (r.eventId === null) continue;
        const count = await eventUseCount(trx, r.eventId);
        if (count > 0) throw new ApiError(409, 'algorithms.eventInUse', { name: r.name, count });
      }
      const catalogueIds = rows.map((r) => r.catalogueEventId).filter((id): id is number => id !== null);
      await trx.deleteFrom('setupEvents').where('id', 'in', ids).execute();
      if (catalogueIds.length) await trx.deleteFrom('catalogueEvents').where('id', 'in', catalogueIds).execute();
    });
    return null;
  },

  async publishSetupEvent({ db, body, user, services }: Ctx<'publishSetupEvent'>) {
    const dataDir = services.config.dataDir;
    let stalePath: string | null = null;
    const result = await db.transaction().execute(async (trx): Promise<Schema<'SetupEventPublishResult'>> => {
      // The row stays locked to the end: a concurrent edit or publish waits and then sees this one's result.
      const row = await requireSetupEvent(trx, body.id, true);
      checkedParam(row.param);
      if (row.customEventType !== 3 && row.validatedParamSha256 !== sha256(row.param)) {
        throw new ApiError(409, 'algorithms.notValidated', { name: row.name });
      }
      const type = await trx.selectFrom('catalogueEventTypes').select('id').where('id', '=', body.typeId).executeTakeFirst();
      if (!type) throw notFound('algorithms.entity.eventType', body.typeId);
      const version = body.version ?? (row.publishedVersion ? nextVersion(row.version) : row.version);
      if (row.publishedVersion && compareVersions(version, row.publishedVersion) <= 0) {
        throw new ApiError(400, 'algorithms.versionNotGreater', { version, current: row.publishedVersion });
      }
      const eventId = row.eventId ?? Number((await sql<{ id: string }>`SELECT nextval('setup_event_ids') AS id`.execute(trx)).rows[0]?.id);
      const eventName = row.eventName || row.name;
      const appName = body.appName ?? '';
      const remark = body.remark ?? row.remark;
      const now = new Date();
      const catalogue = row.catalogueEventId
        ? await trx
            .updateTable('catalogueEvents')
            .set({ eventName, typeId: body.typeId, appName, version, remark, enabled: true, updatedAt: now })
            .where('id', '=', row.catalogueEventId)
            .returning('id')
            .executeTakeFirst()
        : undefined;
      const catalogueEventId =
        catalogue?.id ??
        (
          await trx
            .insertInto('catalogueEvents')
            .values({ eventId, eventName, eventType: 'custom', appName, typeId: body.typeId, version, remark })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      await trx
        .insertInto('setupEventVersions')
        .values({
          setupEventId: row.id,
          version,
          name: row.name,
          eventName,
          eventId,
          description: row.description,
          param: row.param,
          customEventType: row.customEventType,
          typeId: body.typeId,
          appName,
          remark,
          userName: user?.username ?? '',
        })
        .execute();
      await trx
        .updateTable('setupEvents')
        .set({ sataus: 1, eventId, version, publishedVersion: version, publishedAt: now, catalogueEventId, remark, updatedAt: now })
        .where('id', '=', row.id)
        .execute();
      // The version goes to the algorithm mall in the same transaction.
      stalePath = (await publishToMall(trx, dataDir, row.id, user?.username ?? '')).stalePath;
      return { id: row.id, eventId, catalogueEventId, version };
    });
    // Publishing enables the event's catalogue entry: ingest takes its alarms from now on.
    catalogueEventsChanged(db);
    removeStoredFile(dataDir, stalePath);
    return result;
  },

  async listWarehouseAlgorithms({ db, body }: Ctx<'listWarehouseAlgorithms'>) {
    const page = pageOf(body);
    let q = setupEventQuery(db).where('sataus', 'in', [1, 2]);
    const name = body.name?.trim();
    if (name) q = q.where((eb) => eb.or([eb('name', 'ilike', containsPattern(name)), eb('eventName', 'ilike', containsPattern(name))]));
    if (body.customEventType !== undefined) q = q.where('customEventType', '=', body.customEventType);
    // source train: a training has made a model of it (server/modules/training); setup: none has.
    const trained = sql<boolean>`exists (select 1 from train_jobs j where j.algorithm_id = setup_events.id and j.state = 2)`;
    if (body.source === 'train') q = q.where(trained);
    if (body.source === 'setup') q = q.where(sql<boolean>`not ${trained}`);
    const since = createdSince(body.createTimeRange);
    if (since) q = q.where('createdAt', '>=', since);
    const { total } = await q.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    const training = await trainingSummaries(
      db,
      rows.map((r) => r.id),
    );
    const list = rows.map(
      (r): Schema<'WarehouseAlgorithm'> => ({
        id: r.id,
        name: r.name,
        eventId: r.eventId ?? 0,
        eventName: r.eventName || r.name,
        version: r.publishedVersion ?? r.version,
        customEventType: r.customEventType,
        source: training.get(r.id)?.trained ? 'train' : 'setup',
        sampleCount: training.get(r.id)?.sampleCount ?? 0,
        positiveCount: training.get(r.id)?.positiveCount ?? 0,
        negativeCount: training.get(r.id)?.negativeCount ?? 0,
        unclassifiedCount: training.get(r.id)?.unclassifiedCount ?? 0,
        trainState: training.get(r.id)?.trainState ?? null,
        lastTrainTaskId: training.get(r.id)?.lastTrainTaskId ?? null,
        versionCount: training.get(r.id)?.versionCount ?? 0,
        publishedTrainVersion: training.get(r.id)?.publishedTrainVersion ?? null,
        lastReport: training.get(r.id)?.lastReport ?? null,
        downloads: r.downloads,
        userName: r.userName,
        createTime: formatTime(r.createdAt) as string,
        updateTime: formatTime(r.updatedAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async listSetupEventVersions({ db, body }: Ctx<'listSetupEventVersions'>) {
    const page = pageOf(body);
    if (body.setupEventId !== undefined) await requireSetupEvent(db, body.setupEventId);
    let q = db
      .selectFrom('setupEventVersions as v')
      .innerJoin('setupEvents as e', 'e.id', 'v.setupEventId')
      .selectAll('v')
      .select('e.publishedVersion');
    if (body.setupEventId !== undefined) q = q.where('v.setupEventId', '=', body.setupEventId);
    const name = body.name?.trim();
    if (name) q = q.where((eb) => eb.or([eb('v.name', 'ilike', containsPattern(name)), eb('v.eventName', 'ilike', containsPattern(name))]));
    const { total } = await q.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('v.publishedAt', 'desc').orderBy('v.id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    const list = rows.map(
      (r): Schema<'SetupEventVersion'> => ({
        id: r.id,
        setupEventId: r.setupEventId,
        version: r.version,
        name: r.name,
        eventName: r.eventName,
        eventId: r.eventId,
        desc: r.description,
        param: r.param,
        customEventType: r.customEventType,
        typeId: r.typeId,
        remark: r.remark,
        userName: r.userName,
        current: r.version === r.publishedVersion,
        publishTime: formatTime(r.publishedAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },
};

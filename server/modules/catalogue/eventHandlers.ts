// catalogue: the algorithm events (/event/*) — list, add, edit, delete, disable and restart (spec §4). An event is
// keyed by (eventId, typeId, appName), the key camera event configurations use; a key in use does not change and
// an event in use is not deleted (disable it instead). Events published by orchestration belong to their draft.
import { sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { Handler, HandlerMap } from '../../http/handler.ts';
import { queueBoxCommand } from '../edgeBox/boxStatus.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, notFound, pageResult } from '../shared/records.ts';
import { catalogueEventsChanged } from './disabledEvents.ts';
import { type Db, duplicate, guardUnique, inUse, lockRows } from './records.ts';

type EventKey = { eventId: number; typeId: number; appName: string };
const keyText = (k: EventKey) => `${k.eventId} / ${k.typeId} / ${k.appName}`;

function eventQuery(db: Db) {
  return db
    .selectFrom('catalogueEvents as e')
    .leftJoin('catalogueEventTypes as t', 't.id', 'e.typeId')
    .selectAll('e')
    .select('t.typeName');
}

type EventRow = Awaited<ReturnType<ReturnType<typeof eventQuery>['executeTakeFirstOrThrow']>>;

function toEvent(r: EventRow): Schema<'CatalogueEvent'> {
  return {
    id: r.id,
    eventId: r.eventId,
    eventName: r.eventName,
    eventType: r.eventType as Schema<'CatalogueEvent'>['eventType'],
    appName: r.appName,
    typeId: r.typeId,
    typeName: r.typeName ?? undefined,
    enabled: r.enabled,
    version: r.version,
    remark: r.remark,
    createTime: formatTime(r.createdAt) as string,
    updateTime: formatTime(r.updatedAt) as string,
  };
}

/** Camera configurations of the key, scenes offering the event id, detection tasks naming it, and orchestration drafts owning the row. */
async function usesOf(db: Db, id: number, key: EventKey): Promise<number> {
  const row = await sql<{ n: string }>`
    SELECT (SELECT count(*) FROM device_event_configs WHERE event_id = ${key.eventId} AND type_id = ${key.typeId} AND app_name = ${key.appName})
         + (SELECT count(*) FROM setup_events WHERE catalogue_event_id = ${id})
         + (SELECT count(*) FROM scene_events s WHERE s.event_id = ${key.eventId}
              AND NOT EXISTS (SELECT 1 FROM catalogue_events o WHERE o.event_id = ${key.eventId} AND o.id <> ${id})) AS n`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

async function requireType(db: Db, typeId: number) {
  const type = await db.selectFrom('catalogueEventTypes').select('id').where('id', '=', typeId).executeTakeFirst();
  if (!type) throw notFound('catalogue.entity.eventType', typeId);
}

async function keyTaken(db: Db, key: EventKey, ownId: number): Promise<boolean> {
  const other = await db
    .selectFrom('catalogueEvents')
    .select('id')
    .where('eventId', '=', key.eventId)
    .where('typeId', '=', key.typeId)
    .where('appName', '=', key.appName)
    .where('id', '!=', ownId)
    .executeTakeFirst();
  return Boolean(other);
}

const handlers: HandlerMap = {
  async listCatalogueEvents({ db, body }: Ctx<'listCatalogueEvents'>) {
    const page = pageOf(body);
    let q = eventQuery(db);
    const name = body.eventName?.trim();
    if (name) q = q.where('e.eventName', 'ilike', containsPattern(name));
    if (body.eventId !== undefined) q = q.where('e.eventId', '=', body.eventId);
    if (body.eventType !== undefined) q = q.where('e.eventType', '=', body.eventType);
    if (body.typeId !== undefined) q = q.where('e.typeId', '=', body.typeId);
    if (body.typeIds) q = q.where('e.typeId', 'in', body.typeIds.split(',').map(Number));
    if (body.appName !== undefined) q = q.where('e.appName', '=', body.appName);
    if (body.enabled !== undefined) q = q.where('e.enabled', '=', body.enabled);
    const { total } = await q.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('e.eventType').orderBy('e.eventId').orderBy('e.id').limit(page.pageSize).offset(page.offset).execute();
    return pageResult(rows.map(toEvent), total as string, page);
  },

  async addCatalogueEvent({ db, body }: Ctx<'addCatalogueEvent'>) {
    const key = { eventId: body.eventId, typeId: body.typeId, appName: body.appName ?? '' };
    await requireType(db, key.typeId);
    if (await keyTaken(db, key, 0)) throw duplicate('catalogue.field.event', keyText(key));
    const row = await guardUnique('catalogue.field.event', keyText(key), () =>
      db
        .insertInto('catalogueEvents')
        .values({
          ...key,
          eventName: body.eventName.trim(),
          eventType: body.eventType,
          enabled: body.enabled ?? true,
          version: body.version ?? '1.0.0',
          remark: body.remark ?? '',
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return { id: row.id };
  },

  async updateCatalogueEvent({ db, body }: Ctx<'updateCatalogueEvent'>) {
    await db.transaction().execute(async (trx) => {
      const { rows } = await lockRows(trx, 'catalogueEvents', [body.id], 'catalogue.entity.event');
      const row = rows[0];
      if (row.eventType === 'custom') {
        const locked = (['eventId', 'eventType', 'appName', 'enabled', 'version'] as const).find((field) => body[field] !== undefined && body[field] !== row[field]);
        if (locked) throw new ApiError(400, 'catalogue.customEventLocked', { field: locked });
      }
      if (body.typeId !== undefined) await requireType(trx, body.typeId);
      const key = { eventId: body.eventId ?? row.eventId, typeId: body.typeId ?? row.typeId, appName: body.appName ?? row.appName };
      const keyChanged = key.eventId !== row.eventId || key.typeId !== row.typeId || key.appName !== row.appName;
      if (keyChanged) {
        if (await keyTaken(trx, key, row.id)) throw duplicate('catalogue.field.event', keyText(key));
        const uses = await usesOf(trx, row.id, row);
        if (uses > 0) throw inUse('catalogue.entity.event', row.eventName, uses, 'catalogue.what.configs');
      }
      await guardUnique('catalogue.field.event', keyText(key), () =>
        trx
          .updateTable('catalogueEvents')
          .set({
            ...key,
            ...(body.eventName !== undefined ? { eventName: body.eventName.trim() } : {}),
            ...(body.eventType !== undefined ? { eventType: body.eventType } : {}),
            ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
            ...(body.version !== undefined ? { version: body.version } : {}),
            ...(body.remark !== undefined ? { remark: body.remark } : {}),
            updatedAt: new Date(),
          })
          .where('id', '=', row.id)
          .execute(),
      );
    });
    return null;
  },

  async deleteCatalogueEvents({ db, body }: Ctx<'deleteCatalogueEvents'>) {
    await db.transaction().execute(async (trx) => {
      const { ids, rows } = await lockRows(trx, 'catalogueEvents', body.ids, 'catalogue.entity.event');
      for (const row of rows) {
        const uses = await usesOf(trx, row.id, row);
        if (uses > 0) throw inUse('catalogue.entity.event', row.eventName, uses, 'catalogue.what.configs');
      }
      await trx.deleteFrom('catalogueEvents').where('id', 'in', ids).execute();
    });
    return null;
  },

  async disableCatalogueEvents({ db, body }: Ctx<'disableCatalogueEvents'>) {
    await db.transaction().execute(async (trx) => {
      const { ids } = await lockRows(trx, 'catalogueEvents', body.ids, 'catalogue.entity.event');
      await trx.updateTable('catalogueEvents').set({ enabled: false, updatedAt: new Date() }).where('id', 'in', ids).where('enabled', '=', true).execute();
    });
    return null;
  },

  async restartCatalogueEvents({ db, body }: Ctx<'restartCatalogueEvents'>) {
    await db.transaction().execute(async (trx) => {
      const locked = await lockRows(trx, 'catalogueEvents', body.ids, 'catalogue.entity.event');
      await trx.updateTable('catalogueEvents').set({ enabled: true, updatedAt: new Date() }).where('id', 'in', locked.ids).execute();
      // The boxes that run the events' apps reload them with their next heartbeat.
      const events = locked.rows.map((r) => ({ eventId: r.eventId, typeId: r.typeId, appName: r.appName }));
      const boxes = await trx
        .selectFrom('deviceEventConfigs as c')
        .innerJoin('devices as d', 'd.id', 'c.deviceId')
        .select('d.boxId')
        .distinct()
        .where('d.boxId', 'is not', null)
        .where((eb) => eb.or(events.map((e) => eb.and([eb('c.eventId', '=', e.eventId), eb('c.typeId', '=', e.typeId), eb('c.appName', '=', e.appName)]))))
        .execute();
      for (const { boxId } of boxes) await queueBoxCommand(trx, boxId as number, 'reloadEvents', { events });
    });
    return null;
  },
};

/**
 * Every handler but the list may change the catalogue's events: after each, committed or not, ingest reads the
 * disabled ones again (disabledEvents.ts). A handler added here is covered without being named.
 */
export const catalogueEventHandlers: HandlerMap = Object.fromEntries(
  Object.entries(handlers).map(([name, handle]): [string, Handler] => [
    name,
    name === 'listCatalogueEvents'
      ? handle
      : async (ctx) => {
          try {
            return await handle(ctx);
          } finally {
            catalogueEventsChanged(ctx.db);
          }
        },
  ]),
);

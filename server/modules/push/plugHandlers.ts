// push: third-party endpoints (/plugIndustry/*) per industry, switched on and off (§4), their delivery log and a
// test push. Alarms reach an endpoint through the outbox (migration 051's trigger) and the delivery loop; the
// endpoint's secret is answered only masked.
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { duplicate, guardUnique } from '../catalogue/records.ts';
import { eventNames } from '../licensing/records.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, notFound, pageResult } from '../shared/records.ts';
import { masked } from './signing.ts';

const MASK = '******';

interface EndpointFields {
  protocol?: 'http' | 'kafka' | 'mqtt';
  pushUrl?: string;
  authToken?: string;
}

/** The endpoint as it will be stored: http only, an http(s) URL and a secret to sign with. */
function checkEndpoint(fields: Required<EndpointFields>) {
  if (fields.protocol !== 'http') throw new ApiError(400, 'push.protocolUnsupported', { protocol: fields.protocol });
  let url: URL | null = null;
  try {
    url = new URL(fields.pushUrl);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ApiError(400, 'push.badUrl');
  if (!fields.authToken) throw new ApiError(400, 'push.needsSecret');
}

const FIELD_NAME = 'push.field.industryName' as const;

export const plugHandlers: HandlerMap = {
  async listPlugIndustries({ db, body }: Ctx<'listPlugIndustries'>) {
    const page = pageOf(body);
    let q = db.selectFrom('plugIndustries');
    const name = body.industryName?.trim();
    if (name) q = q.where('industryName', 'ilike', containsPattern(name));
    if (body.pushSwitch !== undefined) q = q.where('pushSwitch', '=', body.pushSwitch);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('id').limit(page.pageSize).offset(page.offset).execute();
    const list = rows.map(
      (r): Schema<'SystemPlugIndustry'> => ({
        id: r.id,
        industryName: r.industryName,
        protocol: r.protocol,
        pushUrl: r.pushUrl,
        topic: r.topic,
        authToken: masked(r.authToken),
        eventIds: r.eventIds,
        pushSwitch: r.pushSwitch,
        withImage: r.withImage,
        remark: r.remark,
        lastPushTime: formatTime(r.lastPushAt),
        lastPushState: r.lastPushState,
        createTime: formatTime(r.createdAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async addPlugIndustry({ db, body }: Ctx<'addPlugIndustry'>) {
    const industryName = body.industryName.trim();
    const authToken = body.authToken === MASK ? '' : (body.authToken ?? '');
    checkEndpoint({ protocol: body.protocol, pushUrl: body.pushUrl, authToken });
    const eventIds = [...new Set(body.eventIds ?? [])];
    await eventNames(db, eventIds);
    const taken = await db.selectFrom('plugIndustries').select('id').where('industryName', '=', industryName).executeTakeFirst();
    if (taken) throw duplicate(FIELD_NAME, industryName);
    const row = await guardUnique(FIELD_NAME, industryName, () =>
      db
        .insertInto('plugIndustries')
        .values({
          industryName,
          protocol: body.protocol,
          pushUrl: body.pushUrl,
          topic: body.topic ?? '',
          authToken,
          eventIds: JSON.stringify(eventIds),
          pushSwitch: body.pushSwitch ?? 0,
          withImage: body.withImage ?? true,
          remark: body.remark ?? '',
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return { id: row.id };
  },

  async updatePlugIndustry({ db, body }: Ctx<'updatePlugIndustry'>) {
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('plugIndustries').selectAll().where('id', '=', body.id).forUpdate().executeTakeFirst();
      if (!row) throw notFound('push.entity.industry', body.id);
      const industryName = body.industryName?.trim() ?? row.industryName;
      // Absent or the mask keeps the stored secret.
      const authToken = body.authToken === undefined || body.authToken === MASK ? row.authToken : body.authToken;
      const protocol = body.protocol ?? row.protocol;
      const pushUrl = body.pushUrl ?? row.pushUrl;
      checkEndpoint({ protocol, pushUrl, authToken });
      if (body.eventIds) await eventNames(trx, body.eventIds);
      const taken = await trx.selectFrom('plugIndustries').select('id').where('industryName', '=', industryName).where('id', '!=', row.id).executeTakeFirst();
      if (taken) throw duplicate(FIELD_NAME, industryName);
      await guardUnique(FIELD_NAME, industryName, () =>
        trx
          .updateTable('plugIndustries')
          .set({
            industryName,
            protocol,
            pushUrl,
            authToken,
            ...(body.topic !== undefined ? { topic: body.topic } : {}),
            ...(body.eventIds ? { eventIds: JSON.stringify([...new Set(body.eventIds)]) } : {}),
            ...(body.pushSwitch !== undefined ? { pushSwitch: body.pushSwitch } : {}),
            ...(body.withImage !== undefined ? { withImage: body.withImage } : {}),
            ...(body.remark !== undefined ? { remark: body.remark } : {}),
          })
          .where('id', '=', row.id)
          .execute(),
      );
    });
    return null;
  },

  async deletePlugIndustries({ db, body }: Ctx<'deletePlugIndustries'>) {
    await db.transaction().execute(async (trx) => {
      const ids = [...new Set(body.ids)];
      const rows = await trx.selectFrom('plugIndustries').select('id').where('id', 'in', ids).forUpdate().execute();
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw notFound('push.entity.industry', missing);
      await trx.deleteFrom('plugIndustries').where('id', 'in', ids).execute();
    });
    return null;
  },

  async switchPlugIndustryPush({ db, body }: Ctx<'switchPlugIndustryPush'>) {
    await db.transaction().execute(async (trx) => {
      const ids = [...new Set(body.ids)];
      const rows = await trx.selectFrom('plugIndustries').select('id').where('id', 'in', ids).forUpdate().execute();
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw notFound('push.entity.industry', missing);
      await trx.updateTable('plugIndustries').set({ pushSwitch: body.pushSwitch }).where('id', 'in', ids).execute();
    });
    return null;
  },

  async testPlugIndustry({ db, body, services }: Ctx<'testPlugIndustry'>) {
    const endpoint = await db.selectFrom('plugIndustries').select('id').where('id', '=', body.id).executeTakeFirst();
    if (!endpoint) throw notFound('push.entity.industry', body.id);
    const row = await db.insertInto('pushDeliveries').values({ industryId: endpoint.id, kind: 'test' }).returning('id').executeTakeFirstOrThrow();
    services.pushDelivery?.wake();
    return { id: row.id };
  },

  async listPlugDeliveries({ db, body }: Ctx<'listPlugDeliveries'>) {
    const endpoint = await db.selectFrom('plugIndustries').select('id').where('id', '=', body.industryId).executeTakeFirst();
    if (!endpoint) throw notFound('push.entity.industry', body.industryId);
    const page = pageOf(body);
    let q = db.selectFrom('pushDeliveries').where('industryId', '=', endpoint.id);
    if (body.status !== undefined) q = q.where('status', '=', body.status);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    const list = rows.map(
      (r): Schema<'SystemPlugDelivery'> => ({
        id: r.id,
        industryId: r.industryId,
        alarmId: r.alarmId,
        kind: r.kind,
        status: r.status,
        attempts: r.attempts,
        httpStatus: r.httpStatus,
        lastError: r.lastError,
        nextAttemptTime: r.status === 0 ? formatTime(r.nextAttemptAt) : null,
        deliveredTime: formatTime(r.deliveredAt),
        createTime: formatTime(r.createdAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },
};

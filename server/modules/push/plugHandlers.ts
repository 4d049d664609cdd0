// push: third-party endpoints (/plugIndustry/*) per industry, switched on and off (§4), their delivery log and a
// test push. Alarms reach an endpoint through the outbox (migration 051's trigger) and the delivery loop; the
// endpoint's secret is answered only masked, so are credentials inside its address (pushUrls.ts).
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { describeStoredError } from '../../http/outbound.ts';
import { duplicate, guardUnique } from '../catalogue/records.ts';
import { eventNames } from '../licensing/records.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, notFound, pageResult } from '../shared/records.ts';
import { checkEndpoint, maskedPushUrl, newSecret, pushUrlToStore } from './pushUrls.ts';
import { masked } from './signing.ts';

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
        pushUrl: maskedPushUrl(r.pushUrl),
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
    const authToken = newSecret(body.authToken) ?? '';
    const pushUrl = pushUrlToStore(body.pushUrl, null);
    await checkEndpoint(db, { protocol: body.protocol, pushUrl, authToken }, true);
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
          pushUrl,
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
    // Checked before the transaction (the address's name is resolved: no lock is held meanwhile), written only if
    // the address and secret are still those the checks read.
    const before = await db.selectFrom('plugIndustries').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!before) throw notFound('push.entity.industry', body.id);
    const industryName = body.industryName?.trim() ?? before.industryName;
    const secret = newSecret(body.authToken);
    const authToken = secret ?? before.authToken;
    const protocol = body.protocol ?? before.protocol;
    const pushUrl = body.pushUrl === undefined ? before.pushUrl : pushUrlToStore(body.pushUrl, before.pushUrl);
    const urlChanged = pushUrl !== before.pushUrl;
    if (urlChanged && secret === undefined) throw new ApiError(400, 'push.newSecretForUrl');
    await checkEndpoint(db, { protocol, pushUrl, authToken }, urlChanged || protocol !== before.protocol);
    if (body.eventIds) await eventNames(db, body.eventIds);
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('plugIndustries').select(['id', 'pushUrl', 'authToken']).where('id', '=', body.id).forUpdate().executeTakeFirst();
      if (!row) throw notFound('push.entity.industry', body.id);
      if (row.pushUrl !== before.pushUrl || row.authToken !== before.authToken) throw new ApiError(409, 'push.changedMeanwhile');
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

  async listPlugDeliveries({ db, body, lang }: Ctx<'listPlugDeliveries'>) {
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
        // A refusal by the outbound allow-list is stored as its reason and said in the reader's language.
        lastError: describeStoredError(r.lastError, lang),
        nextAttemptTime: r.status === 0 ? formatTime(r.nextAttemptAt) : null,
        deliveredTime: formatTime(r.deliveredAt),
        createTime: formatTime(r.createdAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },
};

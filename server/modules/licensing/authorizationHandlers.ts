// licensing: authorization applications (/authorization/*): created by an applicant (status 0), granted or
// rejected by an administrator (1 / 3), arranged onto edge boxes (2; carried by each box's next heartbeat), the
// status polled. Every status change is one conditional write (UPDATE … WHERE status … RETURNING).
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf, parseTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { MessageKey } from '../../http/messages.ts';
import { createdSince } from '../algorithms/setupEventStore.ts';
import type { Db } from '../catalogue/records.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { containsPattern, notFound, pageResult } from '../shared/records.ts';
import { applyNumber, arrangementsOf, selectAuthorizations, shownStatus, toAuthorization } from './authorizationStore.ts';
import { eventNames, namesOf } from './records.ts';

const ENTITY: MessageKey = 'licensing.entity.authorization';

/** 404 when the application does not exist, else 409 naming its status and what was refused. */
async function refuse(db: Db, id: number, action: MessageKey): Promise<never> {
  const row = await db.selectFrom('authorizations as a').select(['a.applyNo', shownStatus.as('status')]).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ENTITY, id);
  throw new ApiError(409, 'licensing.wrongStatus', { applyNo: row.applyNo, status: `licensing.status.${Number(row.status)}`, action });
}

export const authorizationHandlers: HandlerMap = {
  async listAuthorizations({ db, body, lang }: Ctx<'listAuthorizations'>) {
    const page = pageOf(body);
    let q = selectAuthorizations(db);
    const keyword = body.keyword?.trim();
    if (keyword) {
      const p = containsPattern(keyword);
      q = q.where((eb) => eb.or([eb('a.applyNo', 'ilike', p), eb('a.companyName', 'ilike', p), eb('a.contactName', 'ilike', p)]));
    }
    if (body.status !== undefined) q = q.where(shownStatus, '=', body.status);
    const since = createdSince(body.createTimeRange);
    if (since) q = q.where('a.createdAt', '>=', since);
    const { total } = await q.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('a.createdAt', 'desc').orderBy('a.id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    const names = await namesOf(db, rows.map((r) => r.eventIds));
    const arrangements = await arrangementsOf(db, rows.map((r) => r.id), lang);
    return pageResult(
      rows.map((r) => toAuthorization(r, names, arrangements.get(r.id) ?? [])),
      total as string,
      page,
    );
  },

  async addAuthorization({ db, body, user }: Ctx<'addAuthorization'>) {
    const eventIds = [...new Set(body.eventIds)];
    await eventNames(db, eventIds);
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('authorizations')
        .values({
          applyNo: `NEW${randomBytes(8).toString('hex')}`,
          eventIds: JSON.stringify(eventIds),
          quantity: body.quantity,
          companyName: body.companyName.trim(),
          contactName: body.contactName.trim(),
          phone: body.phone,
          remark: body.remark ?? '',
          userName: user?.username ?? '',
        })
        .returning(['id', 'createdAt'])
        .executeTakeFirstOrThrow();
      await trx.updateTable('authorizations').set({ applyNo: applyNumber(row.id, row.createdAt) }).where('id', '=', row.id).execute();
      return row.id;
    });
    return { id };
  },

  async updateAuthorization({ db, body }: Ctx<'updateAuthorization'>) {
    if (body.eventIds) await eventNames(db, body.eventIds);
    // Editing a rejected application sends it back for a decision (status 0).
    const row = await db
      .updateTable('authorizations')
      .set({
        status: 0,
        updatedAt: new Date(),
        ...(body.eventIds ? { eventIds: JSON.stringify([...new Set(body.eventIds)]) } : {}),
        ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
        ...(body.companyName !== undefined ? { companyName: body.companyName.trim() } : {}),
        ...(body.contactName !== undefined ? { contactName: body.contactName.trim() } : {}),
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(body.remark !== undefined ? { remark: body.remark } : {}),
      })
      .where('id', '=', body.id)
      .where('status', 'in', [0, 3])
      .returning('id')
      .executeTakeFirst();
    if (!row) await refuse(db, body.id, 'licensing.action.edit');
    return null;
  },

  async deleteAuthorizations({ db, body }: Ctx<'deleteAuthorizations'>) {
    await db.transaction().execute(async (trx) => {
      const ids = [...new Set(body.ids)].sort((a, b) => a - b);
      const rows = await trx.selectFrom('authorizations as a').select(['a.id', shownStatus.as('status')]).where('a.id', 'in', ids).orderBy('a.id').forUpdate().execute();
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw notFound(ENTITY, missing);
      const held = rows.find((r) => Number(r.status) === 1 || Number(r.status) === 2);
      if (held) await refuse(trx, held.id, 'licensing.action.delete');
      await trx.deleteFrom('authorizations').where('id', 'in', ids).execute();
    });
    return null;
  },

  async grantAuthorization({ db, body, user }: Ctx<'grantAuthorization'>) {
    const now = new Date();
    let validTo: Date | null = null;
    if (body.approved) {
      if (body.grantedQuantity === undefined) throw new ApiError(400, 'licensing.grantNeedsQuantity');
      if (body.validTo) {
        validTo = parseTime(body.validTo);
        if (Number.isNaN(validTo.getTime()) || validTo <= now) throw new ApiError(400, 'licensing.validToPast');
      }
    }
    const granted = body.approved ? (body.grantedQuantity as number) : null;
    let q = db
      .updateTable('authorizations')
      .set({
        status: body.approved ? 1 : 3,
        grantedQuantity: granted,
        validTo,
        grantRemark: body.grantRemark ?? '',
        grantUser: user?.username ?? '',
        grantedAt: now,
        updatedAt: now,
      })
      .where('id', '=', body.id)
      .where('status', '=', 0);
    if (granted !== null) q = q.where('quantity', '>=', granted);
    const row = await q.returning('id').executeTakeFirst();
    if (row) return null;
    const current = await db.selectFrom('authorizations').select(['status', 'quantity']).where('id', '=', body.id).executeTakeFirst();
    if (current?.status === 0 && granted !== null) throw new ApiError(400, 'licensing.grantTooMany', { granted, quantity: current.quantity });
    return refuse(db, body.id, 'licensing.action.grant');
  },

  async arrangeAuthorization({ db, body }: Ctx<'arrangeAuthorization'>) {
    const seen = new Set<number>();
    for (const item of body.items) {
      if (seen.has(item.boxId)) throw new ApiError(400, 'licensing.arrangeRepeat', { boxId: item.boxId });
      seen.add(item.boxId);
    }
    await db.transaction().execute(async (trx) => {
      const app = await trx.selectFrom('authorizations as a').select(['a.id', 'a.applyNo', 'a.grantedQuantity', shownStatus.as('status')]).where('a.id', '=', body.id).forUpdate().executeTakeFirst();
      if (!app) throw notFound(ENTITY, body.id);
      const status = Number(app.status);
      if (status !== 1 && status !== 2) await refuse(trx, body.id, 'licensing.action.arrange');
      const total = body.items.reduce((sum, i) => sum + i.quantity, 0);
      const granted = app.grantedQuantity ?? 0;
      if (total > granted) throw new ApiError(400, 'licensing.arrangeTooMany', { total, granted });
      const boxIds = [...seen];
      const boxes = await trx.selectFrom('edgeBoxes').select('id').where('id', 'in', boxIds).execute();
      const unknown = boxIds.find((id) => !boxes.some((b) => b.id === id));
      if (unknown !== undefined) throw notFound('licensing.entity.box', unknown);
      await trx.deleteFrom('authorizationArrangements').where('authorizationId', '=', app.id).execute();
      const app2 = await trx.selectFrom('authorizations').select(['eventIds', 'validTo']).where('id', '=', app.id).executeTakeFirstOrThrow();
      for (const item of body.items) {
        // The box takes the arrangement with its next heartbeat; delivered is done (see arrangementsOf).
        const command = await trx
          .insertInto('edgeBoxCommands')
          .values({
            boxId: item.boxId,
            command: 'authorization',
            payload: JSON.stringify({ applyNo: app.applyNo, eventIds: app2.eventIds, channels: item.quantity, validTo: app2.validTo?.toISOString() ?? null }),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('authorizationArrangements').values({ authorizationId: app.id, boxId: item.boxId, quantity: item.quantity, commandId: command.id }).execute();
      }
      await trx.updateTable('authorizations').set({ status: 2, updatedAt: new Date() }).where('id', '=', app.id).execute();
    });
    return null;
  },

  async getAuthorizationStatus({ db, params, lang }: Ctx<'getAuthorizationStatus'>) {
    const id = Number((params as { id: number }).id);
    const row = await db.selectFrom('authorizations as a').select(['a.id', 'a.updatedAt', shownStatus.as('status')]).where('a.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(ENTITY, id);
    const arrangements = (await arrangementsOf(db, [id], lang)).get(id) ?? [];
    const pushing = arrangements.filter((a) => a.state === 1).length;
    const progress = arrangements.length === 0 ? 100 : Math.round(((arrangements.length - pushing) / arrangements.length) * 100);
    return { id: row.id, status: Number(row.status) as 0 | 1 | 2 | 3 | 4, progress, arrangements, updateTime: formatTime(row.updatedAt) as string };
  },
};

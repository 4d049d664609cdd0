// licensing: licence applications (/apply/lic/*): the machine a licence is requested for and its size. One pending
// application per machine code (a partial unique index backs the check); fields change only while pending.
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { createdSince } from '../algorithms/setupEventStore.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, isUniqueViolation, notFound, pageResult } from '../shared/records.ts';

async function pendingConflict<T>(machineCode: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'licensing.licPending', { machineCode });
    throw error;
  }
}

export const licApplyHandlers: HandlerMap = {
  async listLicApplies({ db, body }: Ctx<'listLicApplies'>) {
    const page = pageOf(body);
    let q = db.selectFrom('licApplies');
    const keyword = body.keyword?.trim();
    if (keyword) {
      const p = containsPattern(keyword);
      q = q.where((eb) => eb.or([eb('companyName', 'ilike', p), eb('contactName', 'ilike', p), eb('machineCode', 'ilike', p)]));
    }
    if (body.status !== undefined) q = q.where('status', '=', body.status);
    const since = createdSince(body.createTimeRange);
    if (since) q = q.where('createdAt', '>=', since);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    const list = rows.map(
      (r): Schema<'CatalogueLicApply'> => ({
        id: r.id,
        companyName: r.companyName,
        contactName: r.contactName,
        phone: r.phone,
        email: r.email,
        machineCode: r.machineCode,
        channelCount: r.channelCount,
        validDays: r.validDays,
        status: r.status,
        licenceCode: r.licenceCode,
        remark: r.remark,
        userName: r.userName,
        createTime: formatTime(r.createdAt) as string,
        updateTime: formatTime(r.updatedAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async addLicApply({ db, body, user }: Ctx<'addLicApply'>) {
    const row = await pendingConflict(body.machineCode, () =>
      db
        .insertInto('licApplies')
        .values({
          companyName: body.companyName.trim(),
          contactName: body.contactName.trim(),
          phone: body.phone,
          email: String(body.email ?? ''),
          machineCode: body.machineCode,
          channelCount: body.channelCount,
          validDays: body.validDays,
          remark: body.remark ?? '',
          userName: user?.username ?? '',
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return { id: row.id };
  },

  async updateLicApply({ db, body }: Ctx<'updateLicApply'>) {
    if (body.status === 1 && !body.licenceCode) throw new ApiError(400, 'licensing.licNeedsCode');
    const fields = {
      ...(body.companyName !== undefined ? { companyName: body.companyName.trim() } : {}),
      ...(body.contactName !== undefined ? { contactName: body.contactName.trim() } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
      ...(body.email !== undefined && body.email !== null ? { email: String(body.email) } : {}),
      ...(body.machineCode !== undefined ? { machineCode: body.machineCode } : {}),
      ...(body.channelCount !== undefined ? { channelCount: body.channelCount } : {}),
      ...(body.validDays !== undefined ? { validDays: body.validDays } : {}),
      ...(body.remark !== undefined ? { remark: body.remark } : {}),
    };
    const decision = body.status !== undefined ? { status: body.status, licenceCode: body.status === 1 ? (body.licenceCode ?? null) : null } : {};
    // Fields and decisions apply only to a pending application: the check is part of the write.
    const row = await pendingConflict(body.machineCode ?? '', () =>
      db
        .updateTable('licApplies')
        .set({ ...fields, ...decision, updatedAt: new Date() })
        .where('id', '=', body.id)
        .where('status', '=', 0)
        .returning('id')
        .executeTakeFirst(),
    );
    if (row) return null;
    const exists = await db.selectFrom('licApplies').select('id').where('id', '=', body.id).executeTakeFirst();
    if (!exists) throw notFound('licensing.entity.licApply', body.id);
    throw new ApiError(409, 'licensing.licNotPending');
  },

  async deleteLicApplies({ db, body }: Ctx<'deleteLicApplies'>) {
    await db.transaction().execute(async (trx) => {
      const ids = [...new Set(body.ids)];
      const rows = await trx.selectFrom('licApplies').select('id').where('id', 'in', ids).forUpdate().execute();
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw notFound('licensing.entity.licApply', missing);
      await trx.deleteFrom('licApplies').where('id', 'in', ids).execute();
    });
    return null;
  },
};

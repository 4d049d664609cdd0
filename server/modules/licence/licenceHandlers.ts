// licence: the installed licence's state (public, checked before sign-in) and company applications from the
// public contact form, rate limited per client IP.
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { optional } from '../shared/records.ts';

export const APPLICATIONS_PER_HOUR = 5;

/** This server's machine code, quoted when requesting a licence (the same derivation the demo seed uses). */
export function thisMachineCode(): string {
  return createHash('sha256').update(hostname()).digest('hex').slice(0, 16).toUpperCase();
}

export const licenceHandlers: HandlerMap = {
  async getLicence({ db }: Ctx<'getLicence'>) {
    const row = await db.selectFrom('licence').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) {
      return { status: 'missing', company: null, expireTime: null, machineCode: thisMachineCode(), maxCameras: 0, modules: [] };
    }
    return {
      status: row.expireAt.getTime() > Date.now() ? 'valid' : 'expired',
      company: row.company,
      expireTime: formatTime(row.expireAt),
      machineCode: row.machineCode,
      maxCameras: row.maxCameras,
      modules: row.modules
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    };
  },

  async applyCompany({ db, body, ip }: Ctx<'applyCompany'>) {
    const id = await db.transaction().execute(async (trx) => {
      // Concurrent applications from one IP queue on this lock, so the count below cannot be outrun.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`applyCompany:${ip}`}))`.execute(trx);
      const { count } = await trx
        .selectFrom('companyApplications')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('ip', '=', ip)
        .where('createdAt', '>', new Date(Date.now() - 3600_000))
        .executeTakeFirstOrThrow();
      if (Number(count) >= APPLICATIONS_PER_HOUR) throw new ApiError(429, 'rateLimited');
      const row = await trx
        .insertInto('companyApplications')
        .values({
          companyName: body.companyName,
          contact: body.contact,
          phone: body.phone,
          email: optional(body.email),
          purpose: optional(body.purpose),
          machineCode: optional(body.machineCode),
          ip,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    return { id };
  },
};

// licensing: activation codes (/activation/*). Each code is signed with this installation's Ed25519 key and binds
// the events, the channels, the validity and this installation's id; activating verifies it offline and binds it
// to a device in one conditional write (status 0 → 1), so a code activates once.
import { sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, pageResult } from '../shared/records.ts';
import { createdSince } from '../algorithms/setupEventStore.ts';
import { type ActivationClaims, newNonce, signCode, verifyCode } from './activationCode.ts';
import { installation } from './installation.ts';
import { DAY_MS, eventNames } from './records.ts';

type CodeRow = {
  id: number;
  code: string;
  status: 0 | 1;
  validDays: number;
  channelCount: number;
  eventIds: number[];
  activateBefore: Date;
  deviceSerial: string | null;
  activatedAt: Date | null;
  expiresAt: Date | null;
  remark: string;
  userName: string;
  createdAt: Date;
};

/** Expired (2) is read from the dates: unused past its deadline, or activated past its validity. */
function shownStatus(row: Pick<CodeRow, 'status' | 'activateBefore' | 'expiresAt'>, now: Date): 0 | 1 | 2 {
  if (row.status === 0) return row.activateBefore <= now ? 2 : 0;
  return row.expiresAt && row.expiresAt <= now ? 2 : 1;
}

const expiredNow = sql<boolean>`((status = 0 AND activate_before <= now()) OR (status = 1 AND expires_at <= now()))`;

export function toActivationCode(row: CodeRow, now = new Date()): Schema<'CatalogueActivationCode'> {
  return {
    id: row.id,
    code: row.code,
    activateBefore: formatTime(row.activateBefore) as string,
    status: shownStatus(row, now),
    validDays: row.validDays,
    channelCount: row.channelCount,
    eventIds: row.eventIds,
    deviceSerial: row.deviceSerial,
    activateTime: formatTime(row.activatedAt),
    expireTime: formatTime(row.expiresAt),
    remark: row.remark,
    userName: row.userName,
    createTime: formatTime(row.createdAt) as string,
  };
}

const COLUMNS = ['id', 'code', 'status', 'validDays', 'channelCount', 'eventIds', 'activateBefore', 'deviceSerial', 'activatedAt', 'expiresAt', 'remark', 'userName', 'createdAt'] as const;

export const activationHandlers: HandlerMap = {
  async listActivationCodes({ db, body }: Ctx<'listActivationCodes'>) {
    const page = pageOf(body);
    let q = db.selectFrom('activationCodes');
    const code = body.code?.trim();
    if (code) q = q.where('code', 'like', containsPattern(code));
    const serial = body.deviceSerial?.trim();
    if (serial) q = q.where('deviceSerial', 'ilike', containsPattern(serial));
    if (body.status === 2) q = q.where(expiredNow);
    else if (body.status !== undefined) q = q.where('status', '=', body.status).where(sql<boolean>`NOT ${expiredNow}`);
    const since = createdSince(body.createTimeRange);
    if (since) q = q.where('createdAt', '>=', since);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.select(COLUMNS).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    const now = new Date();
    return pageResult(
      rows.map((r) => toActivationCode(r, now)),
      total as string,
      page,
    );
  },

  async addActivationCodes({ db, body, user }: Ctx<'addActivationCodes'>) {
    const eventIds = [...new Set(body.eventIds ?? [])].sort((a, b) => a - b);
    await eventNames(db, eventIds);
    const inst = await installation(db);
    const activateBefore = new Date(Date.now() + (body.activateWithinDays ?? 30) * DAY_MS);
    const values = Array.from({ length: body.quantity }, () => {
      const claims: ActivationClaims = {
        ins: inst.installationId,
        n: newNonce(),
        ev: eventIds,
        ch: body.channelCount,
        vd: body.validDays,
        ab: Math.floor(activateBefore.getTime() / 1000),
      };
      return {
        nonce: claims.n,
        code: signCode(inst, claims),
        validDays: body.validDays,
        channelCount: body.channelCount,
        eventIds: JSON.stringify(eventIds),
        activateBefore: new Date(claims.ab * 1000),
        remark: body.remark ?? '',
        userName: user?.username ?? '',
      };
    });
    const rows = await db.insertInto('activationCodes').values(values).returning(COLUMNS).execute();
    return { list: rows.sort((a, b) => a.id - b.id).map((r) => toActivationCode(r)) };
  },

  async deleteActivationCodes({ db, body }: Ctx<'deleteActivationCodes'>) {
    await db.transaction().execute(async (trx) => {
      const ids = [...new Set(body.ids)].sort((a, b) => a - b);
      const rows = await trx.selectFrom('activationCodes').select(['id', 'status', 'expiresAt', 'activateBefore']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw new ApiError(404, 'notFound.record', { entity: 'licensing.entity.activation', id: missing });
      const bound = rows.find((r) => shownStatus(r, new Date()) === 1);
      if (bound) throw new ApiError(409, 'licensing.code.activatedNoDelete', { id: bound.id });
      await trx.deleteFrom('activationCodes').where('id', 'in', ids).execute();
    });
    return null;
  },

  async activateActivationCode({ db, body }: Ctx<'activateActivationCode'>) {
    const inst = await installation(db);
    const now = new Date();
    const result = verifyCode(inst, body.code, now);
    if ('refusal' in result) {
      const params: Record<string, unknown> = {};
      if (result.refusal === 'foreign') params.installation = foreignInstallation(body.code);
      if (result.refusal === 'expired') params.time = deadlineOf(body.code);
      throw new ApiError(400, `licensing.code.${result.refusal}`, params);
    }
    const { claims } = result;
    const deviceSerial = body.deviceSerial.trim();
    // The check (unused, before its deadline) and the write are one statement: two activations cannot both win.
    const row = await db
      .updateTable('activationCodes')
      .set({ status: 1, deviceSerial, activatedAt: now, expiresAt: new Date(now.getTime() + claims.vd * DAY_MS) })
      .where('nonce', '=', claims.n)
      .where('status', '=', 0)
      .where('activateBefore', '>', now)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (row) return toActivationCode(row, now);
    const existing = await db.selectFrom('activationCodes').select(['deviceSerial', 'activatedAt', 'activateBefore']).where('nonce', '=', claims.n).executeTakeFirst();
    if (!existing) throw new ApiError(404, 'licensing.code.unknown');
    if (existing.activatedAt) throw new ApiError(409, 'licensing.code.used', { device: existing.deviceSerial, time: formatTime(existing.activatedAt) });
    throw new ApiError(400, 'licensing.code.expired', { time: formatTime(existing.activateBefore) });
  },
};

function claimsOf(code: string): Partial<ActivationClaims> {
  try {
    return JSON.parse(Buffer.from(code.trim().split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return {};
  }
}

function foreignInstallation(code: string): string {
  return String(claimsOf(code).ins ?? '').slice(0, 64);
}

function deadlineOf(code: string): string {
  const ab = claimsOf(code).ab;
  return typeof ab === 'number' ? (formatTime(new Date(ab * 1000)) as string) : '';
}

// alarms: the handling state machine, enforced by the server. Every transition is one compare-and-set UPDATE
// (`... WHERE status = <expected>`), so when operators handle the same alarm at once exactly one UPDATE matches;
// the others find the row changed and are told who handled it (409).
//
//   0 new ──confirm──► 1 confirmed ──deal──► 3 dealt ──check──► 4 checked
//   0 new ──ignore───► 2 ignored ──confirm (expectedStatus 2)──► 1;  1 ──ignore (expectedStatus 1)──► 2
//   3 / 4 ──again──► 1 (againCount + 1, deal and check cleared);  any ──delete──► gone (soft)
// With the system setting checkerNotHandler on, the check is refused (403) to the person who dealt with the alarm.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerContext, HandlerMap } from '../../http/handler.ts';
import type { MessageKey } from '../../http/messages.ts';
import { storedConfig } from '../config/systemConfig.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { type AlarmRow, findLiveAlarm, type HandleAction, STATUS, toWarnEvent, urgentTypes, writeHistory } from './alarmRecords.ts';

type BatchFailure = Schema<'WarnEventBatchFailure'>;

export const transitionHandlers: HandlerMap = {
  async confirmWarnEvents(ctx: Ctx<'confirmWarnEvents'>) {
    const { ids, remark, expectedStatus = STATUS.new } = ctx.body;
    return batchTransition(ctx, { ids, remark, from: expectedStatus, to: STATUS.confirmed, action: 'confirm' });
  },

  async ignoreWarnEvents(ctx: Ctx<'ignoreWarnEvents'>) {
    const { ids, remark, expectedStatus = STATUS.new } = ctx.body;
    return batchTransition(ctx, { ids, remark, from: expectedStatus, to: STATUS.ignored, action: 'ignore' });
  },

  async deleteWarnEvents({ db, body, user, services }: Ctx<'deleteWarnEvents'>) {
    const ids = [...new Set(body.ids)];
    const now = new Date();
    const rows = await db
      .updateTable('alarms')
      .set({ deletedAt: now, deletedBy: user!.username })
      .where('id', 'in', ids)
      .where('deletedAt', 'is', null)
      .returning('id')
      .execute();
    const deleted = rows.map((r) => r.id).sort((a, b) => a - b);
    const gone = new Set(deleted);
    const notFound = ids.filter((id) => !gone.has(id));
    if (deleted.length === 0) throw new ApiError(404, 'alarms.notFoundAny', {}, { deleted, notFound });
    await services.realtime?.statusChanged({ ids: deleted, status: null, deleted: true, handleUser: user!.username, handleTime: formatTime(now) });
    return { deleted, notFound };
  },

  async dealWarnEvent(ctx: Ctx<'dealWarnEvent'>) {
    const { id, result, remark } = ctx.body;
    const now = new Date();
    return singleTransition(ctx, id, 'deal', [STATUS.confirmed], STATUS.dealt, remark, (user) => ({
      dealResult: result,
      dealUser: user,
      dealTime: now,
    }));
  },

  async checkWarnEvent(ctx: Ctx<'checkWarnEvent'>) {
    const { id, result, remark } = ctx.body;
    if (result === 2 && !remark?.trim()) throw new ApiError(400, 'alarms.checkRemark');
    const now = new Date();
    return singleTransition(
      ctx,
      id,
      'check',
      [STATUS.dealt],
      STATUS.checked,
      remark,
      (user) => ({ checkResult: result, checkUser: user, checkTime: now }),
      checkerMayNotBeHandler,
    );
  },

  async reopenWarnEvent(ctx: Ctx<'reopenWarnEvent'>) {
    const { id, remark } = ctx.body;
    return singleTransition(ctx, id, 'again', [STATUS.dealt, STATUS.checked], STATUS.confirmed, remark, () => ({
      againCount: sql`again_count + 1`,
      dealResult: null,
      dealUser: null,
      dealTime: null,
      checkResult: null,
      checkUser: null,
      checkTime: null,
    }));
  },
};

interface BatchArgs {
  ids: number[];
  remark?: string;
  from: number;
  to: number;
  action: HandleAction;
}

async function batchTransition({ db, user, services }: HandlerContext, args: BatchArgs) {
  const ids = [...new Set(args.ids)];
  const who = user!.username;
  const now = new Date();
  const succeeded = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('alarms')
      .set({ status: args.to, handleUser: who, handleTime: now, handleRemark: args.remark || null })
      .where('id', 'in', ids)
      .where('status', '=', args.from)
      .where('deletedAt', 'is', null)
      .returning('id')
      .execute();
    await writeHistory(
      trx,
      rows.map((r) => ({ alarmId: r.id, action: args.action, fromStatus: args.from, toStatus: args.to, userName: who, remark: args.remark })),
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  });
  if (succeeded.length) {
    await services.realtime?.statusChanged({ ids: succeeded, status: args.to as never, deleted: false, handleUser: who, handleTime: formatTime(now) });
  }
  const done = new Set(succeeded);
  const failed = await describeFailures(
    db,
    ids.filter((id) => !done.has(id)),
  );
  const data = { succeeded, failed };
  if (failed.length === 0) return data;
  if (succeeded.length === 0 && failed.every((f) => f.reason === 'notFound')) throw new ApiError(404, 'alarms.notFoundAny', {}, data);
  const example = failed.find((f) => f.reason === 'conflict') ?? failed[0];
  throw new ApiError(
    409,
    'alarms.conflict.batch',
    {
      count: failed.length,
      id: example.id,
      status: example.status === null ? 'alarms.nobody' : statusKey(example.status),
      user: example.handleUser ?? 'alarms.nobody',
    },
    data,
  );
}

/** Why each id failed: its current state and who handled it, or notFound (unknown or deleted). */
async function describeFailures(db: Kysely<Database>, ids: number[]): Promise<BatchFailure[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('alarms')
    .select(['id', 'status', 'handleUser', 'handleTime'])
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) return { id, reason: 'notFound', status: null, handleUser: null, handleTime: null };
    return { id, reason: 'conflict', status: row.status as BatchFailure['status'], handleUser: row.handleUser, handleTime: formatTime(row.handleTime) };
  });
}

/** A rule checked under the alarm's row lock, before the write: a message key refuses the transition (403). */
type TransitionRule = (trx: Kysely<Database>, current: { dealUser: string | null }, who: string) => Promise<MessageKey | null>;

/** checkerNotHandler (system setting): whoever dealt with the alarm cannot also check it. */
const checkerMayNotBeHandler: TransitionRule = async (trx, current, who) => {
  if (current.dealUser !== who) return null;
  const { checkerNotHandler } = await storedConfig(trx, { only: ['checkerNotHandler'] });
  return checkerNotHandler === 'true' ? 'alarms.checkerIsHandler' : null;
};

async function singleTransition(
  { db, user, lang, services }: HandlerContext,
  id: number,
  action: 'deal' | 'check' | 'again',
  from: number[],
  to: number,
  remark: string | undefined,
  fields: (user: string) => Record<string, unknown>,
  rule?: TransitionRule,
) {
  const who = user!.username;
  const now = new Date();
  let refused = null as MessageKey | null;
  const row = await db.transaction().execute(async (trx) => {
    // The row lock makes the read-check-write one step: a concurrent handler waits here, then sees the new status.
    const current = await trx
      .selectFrom('alarms')
      .select(['status', 'dealUser'])
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!current || !from.includes(current.status)) return undefined;
    refused = rule ? await rule(trx, current, who) : null;
    if (refused) return undefined;
    const updated = await trx
      .updateTable('alarms')
      .set({ ...fields(who), status: to, handleUser: who, handleTime: now, handleRemark: remark || null } as never)
      .where('id', '=', id)
      .where('status', '=', current.status)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeHistory(trx, [{ alarmId: id, action, fromStatus: current.status, toStatus: to, userName: who, remark }]);
    return updated as AlarmRow;
  });
  const urgent = await urgentTypes(db);
  if (!row) {
    const latest = await findLiveAlarm(db, id);
    if (!latest) throw new ApiError(404, 'notFound.record', { entity: 'entity.alarm', id });
    if (refused) throw new ApiError(403, refused, { id }, toWarnEvent(latest, lang, urgent));
    throw new ApiError(
      409,
      'alarms.conflict.state',
      {
        id,
        status: statusKey(latest.status),
        user: latest.handleUser ?? 'alarms.nobody',
        time: formatTime(latest.handleTime) ?? '-',
        action: `alarms.action.${action}`,
      },
      toWarnEvent(latest, lang, urgent),
    );
  }
  await services.realtime?.statusChanged({ ids: [id], status: to as never, deleted: false, handleUser: who, handleTime: formatTime(now) });
  return toWarnEvent(row, lang, urgent);
}

function statusKey(status: number): MessageKey {
  return `alarms.status.${status}` as MessageKey;
}

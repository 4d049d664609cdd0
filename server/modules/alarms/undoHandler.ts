// alarms: undoing one's own confirmation just after it (the console's toast offers Undo for a few seconds). The
// undo is allowed only while nothing else has happened to the alarm: under the alarm's row lock, its latest
// history entry must be the caller's confirmation, at most UNDO_WINDOW_MS old, and the alarm still confirmed.
// The alarm goes back to the status it was confirmed from, with the handle* fields of the entry before (an
// ignore it was confirmed from), else empty.
import { formatTime } from '../../http/format.ts';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { MessageKey } from '../../http/messages.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { type AlarmRow, findLiveAlarm, STATUS, toWarnEvent, urgentTypes, writeHistory } from './alarmRecords.ts';

/** How long after the confirmation the server still undoes it (the console offers Undo for less). */
export const UNDO_WINDOW_MS = 60_000;

export const undoHandlers: HandlerMap = {
  async undoConfirmWarnEvent({ db, body, user, lang, services }: Ctx<'undoConfirmWarnEvent'>) {
    const { id } = body;
    const who = user!.username;
    let refusal: MessageKey = 'alarms.undo.changed';
    const row = await db.transaction().execute(async (trx) => {
      // The row lock orders this against every other transition of the alarm (they lock or compare-and-set it).
      const current = await trx.selectFrom('alarms').select(['status']).where('id', '=', id).where('deletedAt', 'is', null).forUpdate().executeTakeFirst();
      if (!current || current.status !== STATUS.confirmed) return undefined;
      const [last, before] = await trx
        .selectFrom('alarmHandleLogs')
        .select(['action', 'fromStatus', 'toStatus', 'userName', 'remark', 'createdAt'])
        .where('alarmId', '=', id)
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      if (last?.action !== 'confirm' || last.toStatus !== STATUS.confirmed || last.fromStatus === null) return undefined;
      if (last.userName !== who) {
        refusal = 'alarms.undo.notYours';
        return undefined;
      }
      if (Date.now() - new Date(last.createdAt).getTime() > UNDO_WINDOW_MS) {
        refusal = 'alarms.undo.late';
        return undefined;
      }
      // The handling the confirmation replaced: the ignore it was confirmed from, else none (a new alarm).
      const previous = before && before.toStatus === last.fromStatus && last.fromStatus !== STATUS.new ? before : null;
      const restored = await trx
        .updateTable('alarms')
        .set({
          status: last.fromStatus,
          handleUser: previous?.userName ?? null,
          handleTime: previous?.createdAt ?? null,
          handleRemark: previous?.remark ?? null,
        })
        .where('id', '=', id)
        .where('status', '=', STATUS.confirmed)
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeHistory(trx, [{ alarmId: id, action: 'undo', fromStatus: STATUS.confirmed, toStatus: last.fromStatus, userName: who }]);
      return restored as AlarmRow;
    });
    const urgent = await urgentTypes(db);
    if (!row) {
      const latest = await findLiveAlarm(db, id);
      if (!latest) throw new ApiError(404, 'notFound.record', { entity: 'entity.alarm', id });
      throw new ApiError(409, refusal, { id }, toWarnEvent(latest, lang, urgent));
    }
    await services.realtime?.statusChanged({
      ids: [id],
      status: row.status as never,
      deleted: false,
      handleUser: row.handleUser,
      handleTime: formatTime(row.handleTime),
    });
    return toWarnEvent(row, lang, urgent);
  },
};

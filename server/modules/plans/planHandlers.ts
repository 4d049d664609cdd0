// plans: planned tasks that start or stop cameras at a time on weekdays, or once on a date (the scheduler runs
// them, see scheduler.ts); list, add, update, delete, replace cameras, run now.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { requireDevices } from '../devices/deviceRecords.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, isUniqueViolation, notFound, pageResult } from '../shared/records.ts';
import { nextRunTime } from './schedule.ts';
import { executePlan } from './scheduler.ts';

type PlanInput = Schema<'TaskPlanInput'>;

/** Exactly one of: weekdays (repeating) or a date in the future (one-off); answers the plan's first run. */
function checkedTiming(body: PlanInput, now: Date): { weeks: number[]; onceDate: string | null; next: Date | null } {
  const weeks = [...new Set(body.weeks ?? [])].sort();
  const onceDate = body.onceDate ?? null;
  if ((weeks.length > 0) === (onceDate !== null)) throw new ApiError(400, 'plans.weeksOrDate');
  const enabled = body.enabled ?? true;
  const next = nextRunTime({ executeTime: body.executeTime, weeks, onceDate, enabled: true }, now);
  if (onceDate !== null && next === null) throw new ApiError(400, 'plans.onceInPast', { when: `${onceDate} ${body.executeTime}` });
  return { weeks, onceDate, next: enabled ? next : null };
}

async function checkNameFree(db: Kysely<Database>, name: string, ownId: number) {
  if (await db.selectFrom('taskPlans').select('id').where('name', '=', name).where('id', '!=', ownId).executeTakeFirst()) {
    throw new ApiError(409, 'conflict.duplicate', { field: 'field.planName', value: name });
  }
}

async function guardName<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'conflict.duplicate', { field: 'field.planName', value: name });
    throw error;
  }
}

async function requirePlan(db: Kysely<Database>, id: number) {
  const plan = await db.selectFrom('taskPlans').select('id').where('id', '=', id).executeTakeFirst();
  if (!plan) throw notFound('entity.plan', id);
}

async function setCameras(db: Kysely<Database>, planId: number, cameraIds: number[]) {
  await db.deleteFrom('taskPlanCameras').where('planId', '=', planId).execute();
  const ids = [...new Set(cameraIds)];
  if (ids.length) await db.insertInto('taskPlanCameras').values(ids.map((deviceId) => ({ planId, deviceId }))).execute();
}

export const planHandlers: HandlerMap = {
  async listTaskPlans({ db, body }: Ctx<'listTaskPlans'>) {
    const page = pageOf(body);
    let q = db.selectFrom('taskPlans');
    const keyword = body.keyword?.trim();
    if (keyword) q = q.where('name', 'ilike', containsPattern(keyword));
    if (body.action) q = q.where('action', '=', body.action);
    if (body.enabled !== undefined) q = q.where('enabled', '=', body.enabled);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy(sql`next_run_at ASC NULLS LAST`).orderBy('id').limit(page.pageSize).offset(page.offset).execute();
    const ids = rows.map((r) => r.id);
    const cameras = ids.length
      ? await db.selectFrom('taskPlanCameras').innerJoin('devices', 'devices.id', 'taskPlanCameras.deviceId').select(['taskPlanCameras.planId', 'devices.id', 'devices.name']).where('planId', 'in', ids).orderBy('devices.id').execute()
      : [];
    const list = rows.map((r): Schema<'TaskPlan'> => {
      const own = cameras.filter((c) => c.planId === r.id);
      return {
        id: r.id,
        name: r.name,
        cameraIds: own.map((c) => c.id),
        cameras: own.map((c) => ({ id: c.id, name: c.name })),
        action: r.action,
        executeTime: r.executeTime,
        weeks: r.weeks,
        onceDate: r.onceDate,
        enabled: r.enabled,
        lastRunTime: formatTime(r.lastRunAt),
        nextRunTime: formatTime(r.nextRunAt),
        lastResult: r.lastResult,
        remark: r.remark,
        createTime: formatTime(r.createdAt)!,
      };
    });
    return pageResult(list, total as string, page);
  },

  async addTaskPlan({ db, body }: Ctx<'addTaskPlan'>) {
    const timing = checkedTiming(body, new Date());
    await checkNameFree(db, body.name, 0);
    await requireDevices(db, body.cameraIds);
    const id = await guardName(body.name, () =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('taskPlans')
          .values({
            name: body.name,
            action: body.action,
            executeTime: body.executeTime,
            weeks: JSON.stringify(timing.weeks),
            onceDate: timing.onceDate,
            enabled: body.enabled ?? true,
            remark: body.remark ?? null,
            nextRunAt: timing.next,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setCameras(trx, row.id, body.cameraIds);
        return row.id;
      }),
    );
    return { id };
  },

  async updateTaskPlan({ db, body }: Ctx<'updateTaskPlan'>) {
    await requirePlan(db, body.id);
    const timing = checkedTiming(body, new Date());
    await checkNameFree(db, body.name, body.id);
    await requireDevices(db, body.cameraIds);
    await guardName(body.name, () =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('taskPlans')
          .set({
            name: body.name,
            action: body.action,
            executeTime: body.executeTime,
            weeks: JSON.stringify(timing.weeks),
            onceDate: timing.onceDate,
            enabled: body.enabled ?? true,
            remark: body.remark ?? null,
            nextRunAt: timing.next,
            updatedAt: new Date(),
          })
          .where('id', '=', body.id)
          .execute();
        await setCameras(trx, body.id, body.cameraIds);
      }),
    );
    return null;
  },

  async deleteTaskPlans({ db, body }: Ctx<'deleteTaskPlans'>) {
    const ids = [...new Set(body.ids)];
    await db.transaction().execute(async (trx) => {
      // The cameras keep their current state.
      const rows = await trx.deleteFrom('taskPlans').where('id', 'in', ids).returning('id').execute();
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw notFound('entity.plan', missing);
    });
    return null;
  },

  async updateTaskPlanCameras({ db, body }: Ctx<'updateTaskPlanCameras'>) {
    await requirePlan(db, body.id);
    await requireDevices(db, body.cameraIds);
    await db.transaction().execute(async (trx) => {
      await setCameras(trx, body.id, body.cameraIds);
      await trx.updateTable('taskPlans').set({ updatedAt: new Date() }).where('id', '=', body.id).execute();
    });
    return null;
  },

  async executeTaskPlan({ db, body, lang }: Ctx<'executeTaskPlan'>) {
    await requirePlan(db, body.id);
    // Run now whether enabled or not; the schedule is unchanged.
    return executePlan(db, body.id, 'manual', new Date(), lang);
  },
};

// tasks: the detection task of a camera (spec §3 "Detection task configuration"), validated by the contract against
// schemas/detection-task.schema.json (defaults of §9 filled in), plus the drawing rules the schema cannot express;
// started and stopped singly or in batches with the run states of §4.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { translate } from '../../http/messages.ts';
import { checkBoxOnline, checkCapacity } from '../devices/analysis.ts';
import { fileUrl } from '../devices/deviceRecords.ts';
import { detectionTaskDefaults } from '../devices/formDefaults.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, notFound, pageResult } from '../shared/records.ts';
import { checkedTaskConfig } from './taskRules.ts';

function taskQuery(db: Kysely<Database>) {
  return db
    .selectFrom('detectionTasks')
    .innerJoin('devices', 'devices.id', 'detectionTasks.deviceId')
    .selectAll('detectionTasks')
    .select(['devices.name as cameraName', 'devices.snapshotPath', 'devices.boxId']);
}
type TaskRow = Awaited<ReturnType<ReturnType<typeof taskQuery>['executeTakeFirstOrThrow']>>;

function toTask(r: TaskRow): Schema<'DetectionTask'> {
  return {
    id: r.id,
    cameraId: r.deviceId,
    cameraName: r.cameraName,
    name: r.name,
    runState: r.runState as 0 | 1 | 2 | 3,
    startState: r.startState as 1 | 2,
    runMessage: r.runMessage,
    config: r.config as Schema<'DetectionTaskConfig'>,
    snapshotUrl: fileUrl(r.snapshotPath),
    createTime: formatTime(r.createdAt)!,
    updateTime: formatTime(r.updatedAt),
  };
}

async function findTask(db: Kysely<Database>, id: number): Promise<TaskRow> {
  const row = await taskQuery(db).where('detectionTasks.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('entity.task', id);
  return row;
}

export async function startTask(db: Kysely<Database>, id: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const task = await trx.selectFrom('detectionTasks').innerJoin('devices', 'devices.id', 'detectionTasks.deviceId')
      .select(['detectionTasks.id', 'detectionTasks.deviceId', 'detectionTasks.startState', 'detectionTasks.runState', 'devices.boxId'])
      .where('detectionTasks.id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!task) throw notFound('entity.task', id);
    if (task.startState === 1 && task.runState === 1) return;
    await checkBoxOnline(trx, task.boxId, now);
    await checkCapacity(trx, task.deviceId);
    await trx.updateTable('detectionTasks').set({ startState: 1, runState: 1, runMessage: null, startedAt: now, updatedAt: now }).where('id', '=', id).execute();
  });
}

export async function stopTask(db: Kysely<Database>, id: number, now = new Date()): Promise<void> {
  const row = await db
    .updateTable('detectionTasks')
    .set({ startState: 2, runState: 0, runMessage: null, startedAt: null, updatedAt: now })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('entity.task', id);
}

async function batch(ctx: Ctx<'batchStartTasks'> | Ctx<'batchStopTasks'>, run: (db: Kysely<Database>, id: number) => Promise<void>) {
  const outcome: Schema<'DetectionTaskBatchResult'> = { succeeded: [], failed: [] };
  for (const id of [...new Set(ctx.body.ids)]) {
    try {
      await run(ctx.db, id);
      outcome.succeeded.push(id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcome.failed.push({ id, code: error.code, msg: translate(ctx.lang, error.key, error.params) });
    }
  }
  return outcome;
}

export const taskHandlers: HandlerMap = {
  async addTask({ db, body }: Ctx<'addTask'>) {
    if (!(await db.selectFrom('devices').select('id').where('id', '=', body.cameraId).executeTakeFirst())) throw notFound('entity.device', body.cameraId);
    const config = checkedTaskConfig(detectionTaskDefaults(body.config as Record<string, unknown>));
    const existing = await db.selectFrom('detectionTasks').select('id').where('deviceId', '=', body.cameraId).executeTakeFirst();
    if (existing) throw new ApiError(409, 'tasks.cameraHasTask', { id: existing.id });
    try {
      const row = await db.insertInto('detectionTasks').values({ deviceId: body.cameraId, name: body.name, config: JSON.stringify(config) }).returning('id').executeTakeFirstOrThrow();
      return { id: row.id };
    } catch (error) {
      // Two adds for the same camera raced past the check: the unique index keeps one.
      if ((error as { code?: string }).code === '23505') throw new ApiError(409, 'tasks.cameraHasTask', { id: 0 });
      throw error;
    }
  },

  async updateTask({ db, body }: Ctx<'updateTask'>) {
    const task = await findTask(db, body.id);
    const now = new Date();
    const set: Record<string, unknown> = { updatedAt: now };
    if (body.name !== undefined) set.name = body.name;
    // A config sent is stored as sent with the defaults for what it leaves out — no merge with the stored one.
    if (body.config !== undefined) set.config = JSON.stringify(checkedTaskConfig(detectionTaskDefaults(body.config as Record<string, unknown>)));
    // A running task restarts with the new configuration.
    if (task.startState === 1 && body.config !== undefined) Object.assign(set, { startedAt: now, runState: 1, runMessage: null });
    await db.updateTable('detectionTasks').set(set).where('id', '=', body.id).execute();
    return null;
  },

  async getTask({ db, params }: Ctx<'getTask'>) {
    return toTask(await findTask(db, Number((params as { id: number }).id)));
  },

  async listTasks({ db, body }: Ctx<'listTasks'>) {
    const page = pageOf(body);
    let q = taskQuery(db);
    const keyword = body.keyword?.trim();
    if (keyword) q = q.where((eb) => eb.or([eb('detectionTasks.name', 'ilike', containsPattern(keyword)), eb('devices.name', 'ilike', containsPattern(keyword))]));
    if (body.cameraId) q = q.where('detectionTasks.deviceId', '=', body.cameraId);
    if (body.startState !== undefined) q = q.where('detectionTasks.startState', '=', body.startState);
    if (body.runState !== undefined) q = q.where('detectionTasks.runState', '=', body.runState);
    const { total } = await q.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('detectionTasks.createdAt', 'desc').orderBy('detectionTasks.id', 'desc').limit(page.pageSize).offset(page.offset).execute();
    return pageResult(rows.map(toTask), total as string, page);
  },

  async startTask({ db, body }: Ctx<'startTask'>) {
    await startTask(db, body.id);
    return null;
  },

  async stopTask({ db, body }: Ctx<'stopTask'>) {
    await stopTask(db, body.id);
    return null;
  },

  batchStartTasks: (ctx: Ctx<'batchStartTasks'>) => batch(ctx, (db, id) => startTask(db, id)),
  batchStopTasks: (ctx: Ctx<'batchStopTasks'>) => batch(ctx, (db, id) => stopTask(db, id)),

  async deleteTasks({ db, body }: Ctx<'deleteTasks'>) {
    const ids = [...new Set(body.ids)];
    await db.transaction().execute(async (trx) => {
      // Running tasks stop with their deletion; all or nothing.
      const rows = await trx.deleteFrom('detectionTasks').where('id', 'in', ids).returning('id').execute();
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw notFound('entity.task', missing);
    });
    return null;
  },
};

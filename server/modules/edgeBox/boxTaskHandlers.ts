// What an edge box runs: its camera/event assignments, its time-boxed governance tasks, and the algorithm apps and
// topics it reported. Every change is queued for the box's next heartbeat answer.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, parseTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { requireDevices } from '../devices/deviceRecords.ts';
import { checkedEventConfig } from '../devices/eventConfigRecords.ts';
import { eventAreaDefaults } from '../devices/formDefaults.ts';
import { requireCatalogueEvents } from '../scenes/sceneStore.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { queueBoxCommand } from './boxStatus.ts';
import { requireBox } from './edgeBoxHandlers.ts';

const MAX_GOVERNANCE_MS = 15 * 86_400_000;
type GovernanceStatus = Schema<'EdgeBoxGovernanceTask'>['status'];

export function governanceStatus(t: { startTime: Date; endTime: Date; cancelledAt: Date | null }, now = new Date()): GovernanceStatus {
  if (t.cancelledAt) return 'cancelled';
  if (now < t.startTime) return 'pending';
  return now <= t.endTime ? 'running' : 'finished';
}

/** Event names by catalogue event id (the first catalogue entry of an id names it). */
async function eventNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('catalogueEvents').select(['eventId', 'eventName']).where('eventId', 'in', [...new Set(ids)]).orderBy('id', 'desc').execute();
  return new Map(rows.map((r) => [r.eventId, r.eventName]));
}

/** Gives each camera a configuration (schema defaults) for every catalogue entry of the events it lacks one for. */
async function ensureConfigs(trx: Transaction<Database>, cameraId: number, eventIds: number[]) {
  if (eventIds.length === 0) return;
  const entries = await trx.selectFrom('catalogueEvents').select(['eventId', 'typeId', 'appName', 'eventName']).where('eventId', 'in', eventIds).execute();
  for (const e of entries) {
    const key = { cameraId, eventId: e.eventId, typeId: e.typeId, appName: e.appName };
    await trx
      .insertInto('deviceEventConfigs')
      .values({ deviceId: cameraId, eventId: e.eventId, typeId: e.typeId, appName: e.appName, eventName: e.eventName, config: JSON.stringify(checkedEventConfig(eventAreaDefaults(key), null)) })
      .onConflict((oc) => oc.columns(['deviceId', 'eventId', 'typeId', 'appName']).doNothing())
      .execute();
  }
}

function checkWindow(start: Date, end: Date, now: Date) {
  if (start >= end) throw new ApiError(400, 'devices.rule', { field: 'startTime', rule: 'edgeBox.rule.startBeforeEnd' });
  if (end <= now) throw new ApiError(400, 'devices.rule', { field: 'endTime', rule: 'edgeBox.rule.endInPast' });
  if (end.getTime() - start.getTime() > MAX_GOVERNANCE_MS) throw new ApiError(400, 'devices.rule', { field: 'endTime', rule: 'edgeBox.rule.atMost15Days' });
}

export const boxTaskHandlers: HandlerMap = {
  async getEdgeBoxTask({ db, query }: Ctx<'getEdgeBoxTask'>) {
    const box = await requireBox(db, query.boxId);
    const assignments = await db
      .selectFrom('edgeBoxAssignments')
      .innerJoin('devices', 'devices.id', 'edgeBoxAssignments.deviceId')
      .select(['edgeBoxAssignments.deviceId', 'edgeBoxAssignments.eventIds', 'edgeBoxAssignments.runState', 'devices.name'])
      .where('edgeBoxAssignments.boxId', '=', box.id)
      .orderBy('edgeBoxAssignments.deviceId')
      .execute();
    const names = await eventNames(db, assignments.flatMap((a) => a.eventIds));
    const now = new Date();
    const tasks = await db.selectFrom('governanceTasks').selectAll().where('boxId', '=', box.id).where('cancelledAt', 'is', null).where('endTime', '>=', now).orderBy('startTime').execute();
    return {
      boxId: box.id,
      items: assignments.map((a) => ({
        cameraId: a.deviceId,
        cameraName: a.name,
        eventIds: a.eventIds,
        eventNames: a.eventIds.map((id) => names.get(id) ?? String(id)),
        runState: a.runState as 0 | 1 | 3,
      })),
      governanceTasks: tasks.map((t) => toGovernance(t, now)),
      delivered: !box.taskUpdatedAt || (box.taskDeliveredAt !== null && box.taskDeliveredAt >= box.taskUpdatedAt),
      updateTime: formatTime(box.taskUpdatedAt),
    } satisfies Schema<'EdgeBoxTask'>;
  },

  async saveEdgeBoxTask({ db, body }: Ctx<'saveEdgeBoxTask'>) {
    const box = await requireBox(db, body.boxId);
    const cameraIds = body.items.map((i) => i.cameraId);
    await requireDevices(db, cameraIds);
    await requireCatalogueEvents(db, body.items.flatMap((i) => i.eventIds));
    const elsewhere = cameraIds.length
      ? await db.selectFrom('devices').select(['id', 'name']).where('id', 'in', cameraIds).where('boxId', 'is not', null).where('boxId', '!=', box.id).executeTakeFirst()
      : undefined;
    if (elsewhere) throw new ApiError(409, 'edgeBox.cameraOnOtherBox', { name: elsewhere.name });
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      // Cameras left out stay bound to the box but run nothing there.
      await trx.deleteFrom('edgeBoxAssignments').where('boxId', '=', box.id).execute();
      for (const item of body.items) {
        const eventIds = [...new Set(item.eventIds)];
        await trx.insertInto('edgeBoxAssignments').values({ boxId: box.id, deviceId: item.cameraId, eventIds: JSON.stringify(eventIds) }).execute();
        await ensureConfigs(trx, item.cameraId, eventIds);
      }
      if (cameraIds.length) await trx.updateTable('devices').set({ boxId: box.id, updatedAt: now }).where('id', 'in', cameraIds).execute();
      await trx.updateTable('edgeBoxes').set({ taskUpdatedAt: now }).where('id', '=', box.id).execute();
      await queueBoxCommand(trx, box.id, 'boxTask', { items: body.items });
    });
    return null;
  },

  async saveGovernanceTask({ db, body }: Ctx<'saveGovernanceTask'>) {
    const box = await requireBox(db, body.boxId);
    const now = new Date();
    const start = parseTime(body.startTime);
    const end = parseTime(body.endTime);
    checkWindow(start, end, now);
    await requireDevices(db, body.cameraIds);
    await requireCatalogueEvents(db, body.eventIds);
    const notBound = await db.selectFrom('devices').select('name').where('id', 'in', body.cameraIds).where((eb) => eb.or([eb('boxId', 'is', null), eb('boxId', '!=', box.id)])).executeTakeFirst();
    if (notBound) throw new ApiError(409, 'edgeBox.cameraNotOnBox', { name: notBound.name });
    const values = {
      boxId: box.id,
      name: body.name,
      cameraIds: JSON.stringify([...new Set(body.cameraIds)]),
      eventIds: JSON.stringify([...new Set(body.eventIds)]),
      startTime: start,
      endTime: end,
      remark: body.remark ?? null,
      updatedAt: now,
    };
    const id = await db.transaction().execute(async (trx) => {
      let taskId = body.id;
      if (taskId !== undefined) {
        const existing = await trx.selectFrom('governanceTasks').selectAll().where('id', '=', taskId).forUpdate().executeTakeFirst();
        if (!existing) throw notFound('entity.governanceTask', taskId);
        const status = governanceStatus(existing, now);
        if (status === 'finished' || status === 'cancelled') throw new ApiError(409, 'edgeBox.governanceClosed', { status: `edgeBox.status.${status}` });
        await trx.updateTable('governanceTasks').set(values).where('id', '=', taskId).execute();
      } else {
        taskId = (await trx.insertInto('governanceTasks').values(values).returning('id').executeTakeFirstOrThrow()).id;
      }
      await queueBoxCommand(trx, box.id, 'governanceTask', { id: taskId });
      return taskId;
    });
    return { id };
  },

  async cancelGovernanceTask({ db, body }: Ctx<'cancelGovernanceTask'>) {
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      const task = await trx.selectFrom('governanceTasks').selectAll().where('id', '=', body.id).forUpdate().executeTakeFirst();
      if (!task) throw notFound('entity.governanceTask', body.id);
      const status = governanceStatus(task, now);
      if (status === 'finished' || status === 'cancelled') throw new ApiError(409, 'edgeBox.governanceClosed', { status: `edgeBox.status.${status}` });
      await trx.updateTable('governanceTasks').set({ cancelledAt: now, updatedAt: now }).where('id', '=', body.id).execute();
      await queueBoxCommand(trx, task.boxId, 'governanceCancel', { id: task.id });
    });
    return null;
  },

  async listSdcApps({ db, query }: Ctx<'listSdcApps'>) {
    const box = await requireBox(db, query.boxId);
    return box.sdcApps as Schema<'EdgeBoxSdcApp'>[];
  },

  async listSdcTopics({ db, query }: Ctx<'listSdcTopics'>) {
    const box = await requireBox(db, query.boxId);
    const topics = box.sdcTopics as Schema<'EdgeBoxSdcTopic'>[];
    return query.appName ? topics.filter((t) => t.appName === query.appName) : topics;
  },
};

function toGovernance(t: { id: number; boxId: number; name: string; cameraIds: number[]; eventIds: number[]; startTime: Date; endTime: Date; cancelledAt: Date | null; remark: string | null }, now: Date): Schema<'EdgeBoxGovernanceTask'> {
  return {
    id: t.id,
    boxId: t.boxId,
    name: t.name,
    cameraIds: t.cameraIds,
    eventIds: t.eventIds,
    startTime: formatTime(t.startTime)!,
    endTime: formatTime(t.endTime)!,
    status: governanceStatus(t, now),
    remark: t.remark,
  };
}

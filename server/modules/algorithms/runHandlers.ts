// algorithms: algorithm running (/algorithmRun/*, the /moveManage screen) — which published algorithm version runs
// on which camera and through which edge box, with spec §4 start and run states. Starting checks what starting a
// camera checks (its box online, the licence's capacity) and tells the box with its next heartbeat; a started run
// whose box has gone offline reads abnormal (3) with the reason.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { type Lang, translate } from '../../http/messages.ts';
import { lockRows } from '../catalogue/records.ts';
import { checkBoxOnline, checkCapacity } from '../devices/analysis.ts';
import { queueBoxCommand } from '../edgeBox/boxStatus.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, notFound, pageResult } from '../shared/records.ts';
import { createdSince } from './setupEventStore.ts';

/** The run state as the list shows it: a started run on a box that stopped reporting is abnormal. */
const boxOffline = sql<boolean>`(d.box_id IS NOT NULL AND NOT COALESCE(b.last_heartbeat_at >= now() - make_interval(secs => 3 * COALESCE(pc.heartbeat_seconds, 30)), false))`;
const effectiveState = sql<number>`CASE WHEN r.start_state = 1 AND ${boxOffline} THEN 3 ELSE r.run_state END`;

function runQuery(db: Kysely<Database>) {
  return db
    .selectFrom('algorithmRuns as r')
    .innerJoin('models as m', 'm.id', 'r.modelId')
    .leftJoin('modelScenes as s', 's.id', 'm.modelSceneId')
    .innerJoin('devices as d', 'd.id', 'r.deviceId')
    .leftJoin('edgeBoxes as b', 'b.id', 'd.boxId')
    .leftJoin('edgeBoxPlatformConfigs as pc', 'pc.boxId', 'd.boxId');
}

export interface RunOutcome {
  succeeded: number[];
  failed: { id: number; code: number; msg: string }[];
}

/** Each run on its own: one refusal does not stop the others. */
async function eachRun(ids: number[], lang: Lang, run: (id: number) => Promise<void>): Promise<RunOutcome> {
  const outcome: RunOutcome = { succeeded: [], failed: [] };
  for (const id of [...new Set(ids)]) {
    try {
      await run(id);
      outcome.succeeded.push(id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcome.failed.push({ id, code: error.code, msg: translate(lang, error.key, error.params) });
    }
  }
  return outcome;
}

export async function startRun(db: Kysely<Database>, id: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await lockRows(trx, 'algorithmRuns', [id], 'catalogue.entity.run');
    const run = rows[0];
    const model = await trx.selectFrom('models').select(['name', 'version', 'status', 'checksum', 'fileName']).where('id', '=', run.modelId).executeTakeFirstOrThrow();
    if (model.status !== 1) throw new ApiError(409, 'catalogue.runModelNotPublished', { name: `${model.name} ${model.version}` });
    const device = await trx.selectFrom('devices').select(['id', 'name', 'boxId']).where('id', '=', run.deviceId).forUpdate().executeTakeFirstOrThrow();
    await checkBoxOnline(trx, device.boxId, now);
    await checkCapacity(trx, device.id);
    if (run.startState === 1) return;
    await trx.updateTable('algorithmRuns').set({ startState: 1, runState: 1, runMessage: null, startedAt: now, stoppedAt: null, updatedAt: now }).where('id', '=', run.id).execute();
    if (device.boxId !== null) {
      await queueBoxCommand(trx, device.boxId, 'runAlgorithm', { runId: run.id, cameraId: device.id, modelId: run.modelId, name: model.name, version: model.version, checksum: model.checksum, fileName: model.fileName });
    }
  });
}

export async function stopRun(db: Kysely<Database>, id: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await lockRows(trx, 'algorithmRuns', [id], 'catalogue.entity.run');
    const run = rows[0];
    if (run.startState !== 1) return;
    await trx
      .updateTable('algorithmRuns')
      .set({ startState: 2, runState: run.runState === 0 ? 0 : 2, stoppedAt: now, updatedAt: now })
      .where('id', '=', run.id)
      .execute();
    const device = await trx.selectFrom('devices').select('boxId').where('id', '=', run.deviceId).executeTakeFirstOrThrow();
    if (device.boxId !== null) await queueBoxCommand(trx, device.boxId, 'stopAlgorithm', { runId: run.id, cameraId: run.deviceId });
  });
}

export const algorithmRunHandlers: HandlerMap = {
  async listAlgorithmRuns({ db, body, lang }: Ctx<'listAlgorithmRuns'>) {
    const page = pageOf(body);
    let q = runQuery(db);
    const keyword = body.keyword?.trim();
    if (keyword) q = q.where((eb) => eb.or([eb('m.name', 'ilike', containsPattern(keyword)), eb('d.name', 'ilike', containsPattern(keyword))]));
    if (body.modelId !== undefined) q = q.where('r.modelId', '=', body.modelId);
    if (body.boxId !== undefined) q = q.where('d.boxId', '=', body.boxId);
    if (body.modelSceneId !== undefined) q = q.where('m.modelSceneId', '=', body.modelSceneId);
    if (body.startState !== undefined) q = q.where('r.startState', '=', body.startState);
    if (body.runState !== undefined) q = q.where(sql<boolean>`${effectiveState} = ${body.runState}`);
    if (body.online) q = q.where(sql<boolean>`${effectiveState} <> 2`);
    const since = createdSince(body.createTimeRange);
    if (since) q = q.where('r.createdAt', '>=', since);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .select(['r.id', 'r.modelId', 'm.name as modelName', 'm.version', 's.sceneName', 'r.deviceId', 'd.name as cameraName', 'd.boxId', 'b.name as boxName'])
      .select(['r.startState', 'r.runMessage', 'r.userName', 'r.startedAt', 'r.createdAt'])
      .select([effectiveState.as('runState'), boxOffline.as('boxOffline')])
      .orderBy('r.createdAt', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.pageSize)
      .offset(page.offset)
      .execute();
    const list = rows.map(
      (r): Schema<'AlgorithmRun'> => ({
        id: r.id,
        modelId: r.modelId,
        modelName: r.modelName,
        version: r.version,
        modelSceneName: r.sceneName,
        cameraId: r.deviceId,
        cameraName: r.cameraName,
        boxId: r.boxId,
        boxName: r.boxName,
        startState: r.startState,
        runState: Number(r.runState) as 0 | 1 | 2 | 3,
        runMessage: Number(r.runState) === 3 && r.boxOffline && r.startState === 1 ? translate(lang, 'devices.boxOffline', { boxId: r.boxId }) : r.runMessage,
        userName: r.userName,
        startTime: formatTime(r.startedAt),
        createTime: formatTime(r.createdAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async addAlgorithmRuns({ db, body, user }: Ctx<'addAlgorithmRuns'>) {
    const cameraIds = [...new Set(body.cameraIds)];
    const ids = await db.transaction().execute(async (trx) => {
      const model = await trx.selectFrom('models').select(['id', 'name', 'version', 'status']).where('id', '=', body.modelId).forUpdate().executeTakeFirst();
      if (!model) throw notFound('catalogue.entity.model', body.modelId);
      if (model.status !== 1) throw new ApiError(409, 'catalogue.runModelNotPublished', { name: `${model.name} ${model.version}` });
      const cameras = await trx.selectFrom('devices').select(['id', 'name']).where('id', 'in', cameraIds).execute();
      const missing = cameraIds.filter((id) => !cameras.some((c) => c.id === id));
      if (missing.length) throw new ApiError(404, 'catalogue.unknownCameras', { ids: missing.slice(0, 20).join(', ') });
      const taken = await trx.selectFrom('algorithmRuns').select('deviceId').where('modelId', '=', model.id).where('deviceId', 'in', cameraIds).executeTakeFirst();
      if (taken) {
        const camera = cameras.find((c) => c.id === taken.deviceId)!;
        throw new ApiError(409, 'catalogue.runExists', { name: `${model.name} ${model.version}`, camera: camera.name });
      }
      const inserted = await trx
        .insertInto('algorithmRuns')
        .values(cameraIds.map((deviceId) => ({ modelId: model.id, deviceId, userName: user?.username ?? '' })))
        .returning('id')
        .execute();
      return inserted.map((r) => r.id);
    });
    return { ids };
  },

  startAlgorithmRuns: ({ db, body, lang }: Ctx<'startAlgorithmRuns'>) => eachRun(body.ids, lang, (id) => startRun(db, id)),
  stopAlgorithmRuns: ({ db, body, lang }: Ctx<'stopAlgorithmRuns'>) => eachRun(body.ids, lang, (id) => stopRun(db, id)),

  async deleteAlgorithmRuns({ db, body }: Ctx<'deleteAlgorithmRuns'>) {
    await db.transaction().execute(async (trx) => {
      const { ids, rows } = await lockRows(trx, 'algorithmRuns', body.ids, 'catalogue.entity.run');
      const started = rows.find((r) => r.startState === 1);
      if (started) throw new ApiError(409, 'catalogue.runStarted', { id: started.id });
      await trx.deleteFrom('algorithmRuns').where('id', 'in', ids).execute();
    });
    return null;
  },
};

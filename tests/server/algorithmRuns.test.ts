// Algorithm running and algorithm parameters: runs put on cameras (published versions only, all or nothing), the §4
// states and filters (online list without finished runs, abnormal while the box is offline), start and stop singly
// and in batches with per-run outcomes and the box told; the licence's capacity; parameters validated by the
// algorithm's schema, the advanced ones kept to administrators; the permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, OPERATOR } from './support/client.ts';
import { addCamera, fails, heartbeat, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const db = () => server.database.db;
const modelId = async (name: string, version: string) => (await db().selectFrom('models').select('id').where('name', '=', name).where('version', '=', version).executeTakeFirstOrThrow()).id;
const boxCameras = async () => db().selectFrom('devices').select(['id', 'boxId']).where('boxId', 'is not', null).orderBy('id').execute();

describe('algorithm runs', () => {
  it('lists the seeded runs with §4 states; a started run on an offline box reads abnormal with the reason', async () => {
    const page = await ok(server.app, 'POST', '/algorithmRun/list', { token, lang: 'en', body: {} });
    expect(page.total).toBe(4);
    const running = page.list.filter((r: any) => r.startState === 1);
    expect(running).toHaveLength(2);
    // The demo boxes have not reported: their started runs are abnormal.
    expect(running.every((r: any) => r.runState === 3 && /offline/.test(r.runMessage))).toBe(true);
    const [camera] = await boxCameras();
    await heartbeat(server, camera.boxId!);
    const after = await ok(server.app, 'POST', '/algorithmRun/list', { token, body: { runState: 1 } });
    expect(after.list.map((r: any) => r.cameraId)).toContain(camera.id);
    expect((await ok(server.app, 'POST', '/algorithmRun/list', { token, body: { online: true } })).list.some((r: any) => r.runState === 2)).toBe(false);
    expect((await ok(server.app, 'POST', '/algorithmRun/list', { token, body: { runState: 2 } })).total).toBe(1);
    expect((await ok(server.app, 'POST', '/algorithmRun/list', { token, body: { startState: 2, createTimeRange: 1 } })).list.map((r: any) => r.modelName)).toEqual(['烟火检测']);
    expect((await ok(server.app, 'POST', '/algorithmRun/list', { token, body: { keyword: '烟火' } })).total).toBe(1);
  });

  it('puts a published version on cameras all or nothing; unpublished models and repeats are refused', async () => {
    const a = await addCamera(server.app, token);
    const b = await addCamera(server.app, token);
    const fire = await modelId('烟火检测', '2.0.0');
    const { ids } = await ok(server.app, 'POST', '/algorithmRun/add', { token, body: { modelId: fire, cameraIds: [a, b, a] } });
    expect(ids).toHaveLength(2);
    expect(await fails(server.app, 'POST', '/algorithmRun/add', 409, { token, body: { modelId: fire, cameraIds: [b] } })).toContain('烟火检测');
    expect(await fails(server.app, 'POST', '/algorithmRun/add', 409, { token, body: { modelId: await modelId('安全帽分类', '0.9.0'), cameraIds: [a] } })).toContain('安全帽分类');
    const c = await addCamera(server.app, token);
    expect(await fails(server.app, 'POST', '/algorithmRun/add', 404, { token, body: { modelId: fire, cameraIds: [c, 99999] } })).toContain('99999');
    expect((await ok(server.app, 'POST', '/algorithmRun/list', { token, body: { modelId: fire } })).list.map((r: any) => r.cameraId)).not.toContain(c);
    await fails(server.app, 'POST', '/algorithmRun/add', 404, { token, body: { modelId: 99999, cameraIds: [a] } });
    expect(await fails(server.app, 'POST', '/algorithmRun/add', 400, { token, lang: 'en', body: { modelId: fire, cameraIds: [] } })).toContain('cameraIds');
  });

  it('starts and stops singly and in batches, each run on its own; the box is told; a started run is not deleted', async () => {
    const [first, second] = await boxCameras();
    const vehicle = await modelId('车辆检测', '1.0.0');
    const { ids } = await ok(server.app, 'POST', '/algorithmRun/add', { token, body: { modelId: vehicle, cameraIds: [first.id, second.id] } });
    // The boxes are offline: refused per run, with the reason; nothing started.
    await db().updateTable('edgeBoxes').set({ lastHeartbeatAt: null }).execute();
    const refused = await ok(server.app, 'PUT', '/algorithmRun/start', { token, body: { ids: [...ids, 99999] } });
    expect(refused.succeeded).toEqual([]);
    expect(refused.failed.map((f: any) => f.code)).toEqual([409, 409, 404]);
    await heartbeat(server, first.boxId!);
    await heartbeat(server, second.boxId!);
    const started = await ok(server.app, 'PUT', '/algorithmRun/start', { token, body: { ids } });
    expect(started).toEqual({ succeeded: ids, failed: [] });
    const commands = await db().selectFrom('edgeBoxCommands').select(['boxId', 'command', 'payload']).where('command', '=', 'runAlgorithm').execute();
    expect(commands.map((c) => (c.payload as { runId: number }).runId).sort()).toEqual([...ids].sort());
    const runs = (await ok(server.app, 'POST', '/algorithmRun/list', { token, body: { modelId: vehicle } })).list;
    expect(runs.every((r: any) => r.startState === 1 && r.runState === 1 && r.startTime)).toBe(true);
    expect(await fails(server.app, 'DELETE', '/algorithmRun/delete', 409, { token, body: { ids } })).toContain(String(ids[0]));
    await ok(server.app, 'PUT', '/algorithmRun/stop', { token, body: { ids: [ids[0]] } });
    expect((await ok(server.app, 'POST', '/algorithmRun/list', { token, body: { modelId: vehicle, runState: 2 } })).list.map((r: any) => r.id)).toEqual([ids[0]]);
    expect((await ok(server.app, 'PUT', '/algorithmRun/stop', { token, body: { ids } })).succeeded).toEqual(ids);
    await ok(server.app, 'DELETE', '/algorithmRun/delete', { token, body: { ids } });
    // A model with runs is not deleted even when withdrawn.
    const fire = await modelId('烟火检测', '2.0.0');
    await ok(server.app, 'PUT', '/model/update', { token, body: { id: fire, status: 2 } });
    expect(await fails(server.app, 'DELETE', '/model/delete', 409, { token, body: { ids: [fire] } })).toContain('烟火检测');
    await ok(server.app, 'PUT', '/model/update', { token, body: { id: fire, status: 1 } });
  });

  it('counts started runs against the licence, like started cameras', async () => {
    await db().updateTable('devices').set({ startState: 2 }).execute();
    await db().updateTable('algorithmRuns').set({ startState: 2 }).execute();
    // The demo site's started detection tasks analyse their cameras too.
    await db().updateTable('detectionTasks').set({ startState: 2 }).execute();
    await db().updateTable('licence').set({ maxCameras: 1 }).execute();
    const a = await addCamera(server.app, token);
    const b = await addCamera(server.app, token);
    const { ids } = await ok(server.app, 'POST', '/algorithmRun/add', { token, body: { modelId: await modelId('车辆检测', '1.1.0'), cameraIds: [a, b] } });
    const outcome = await ok(server.app, 'PUT', '/algorithmRun/start', { token, body: { ids } });
    expect(outcome.succeeded).toEqual([ids[0]]);
    expect(outcome.failed).toMatchObject([{ id: ids[1], code: 409 }]);
    await db().updateTable('licence').set({ maxCameras: 64 }).execute();
  });
});

describe('algorithm parameters', () => {
  it('lists the algorithms with a schema; answers defaults, without the advanced ones for a non-administrator', async () => {
    const listed = await ok(server.app, 'POST', '/algorithm/params/list', { token });
    expect(listed.map((a: any) => a.appName).sort()).toEqual(['argus-general', 'argus-orchestration', 'argus-traffic']);
    expect(listed.find((a: any) => a.appName === 'argus-traffic')).toMatchObject({ eventCount: 24, userName: null, updateTime: null });
    const params = await ok(server.app, 'GET', '/algorithm/params', { token, query: { appName: 'argus-traffic' } });
    expect(params).toMatchObject({ advanced: true, params: { detectIntervalMs: 200, confidence: 0.5, advanced: { inputSize: 416, nmsIou: 0.45 } } });
    await fails(server.app, 'GET', '/algorithm/params', 404, { token, query: { appName: 'no-such-app' } });
  });

  it('validates against the schema, naming the parameter; saves and hands the parameters to the boxes', async () => {
    const bad = await fails(server.app, 'PUT', '/algorithm/params', 400, { token, lang: 'en', body: { appName: 'argus-general', params: { confidence: 2 } } });
    expect(bad).toContain('confidence');
    expect(await fails(server.app, 'PUT', '/algorithm/params', 400, { token, lang: 'en', body: { appName: 'argus-general', params: { shoeSize: 2 } } })).toContain('shoeSize');
    expect(await fails(server.app, 'PUT', '/algorithm/params', 400, { token, lang: 'en', body: { appName: 'argus-general', params: { advanced: { inputSize: 300 } } } })).toContain('inputSize');
    const [camera] = await boxCameras();
    await db().insertInto('deviceEventConfigs').values({ deviceId: camera.id, eventId: 51, typeId: 2, appName: 'argus-general', config: '{}' }).onConflict((oc) => oc.doNothing()).execute();
    await ok(server.app, 'PUT', '/algorithm/params', { token, body: { appName: 'argus-general', params: { confidence: 0.6, minDwellSeconds: 5, advanced: { frameSkip: 1 } } } });
    const saved = await ok(server.app, 'GET', '/algorithm/params', { token, query: { appName: 'argus-general' } });
    expect(saved).toMatchObject({ userName: 'admin', params: { confidence: 0.6, minDwellSeconds: 5, alarmDedupSeconds: 60, advanced: { frameSkip: 1, inputSize: 416 } } });
    const sent = await db().selectFrom('edgeBoxCommands').select('payload').where('command', '=', 'algorithmParams').where('boxId', '=', camera.boxId!).execute();
    expect(sent.at(-1)?.payload).toMatchObject({ appName: 'argus-general', params: { confidence: 0.6 } });
  });

  it('keeps the advanced parameters to administrators (algorithmConfigSuper)', async () => {
    // A role with algorithm configuration but not the advanced one.
    const role = await db().insertInto('roles').values({ roleName: '算法配置员' }).returning('id').executeTakeFirstOrThrow();
    const modules = await db().selectFrom('modules').select('id').where('moduleNumber', '=', 'algorithmConfig').execute();
    await db().insertInto('roleModules').values(modules.map((m) => ({ roleId: role.id, moduleId: m.id }))).execute();
    const { hashPassword } = await import('../../server/auth/passwords.ts');
    await db().insertInto('users').values({ username: 'tuner', realName: '调参员', passwordHash: await hashPassword('Tuner@2026x'), deptId: 1, roleId: role.id }).execute();
    const tuner = await login(server.app, { username: 'tuner', password: 'Tuner@2026x' });
    const mine = await ok(server.app, 'GET', '/algorithm/params', { token: tuner, query: { appName: 'argus-general' } });
    expect(mine.advanced).toBe(false);
    expect(mine.params.advanced).toBeUndefined();
    await ok(server.app, 'PUT', '/algorithm/params', { token: tuner, body: { appName: 'argus-general', params: { ...mine.params, confidence: 0.7 } } });
    const refused = await fails(server.app, 'PUT', '/algorithm/params', 403, { token: tuner, lang: 'en', body: { appName: 'argus-general', params: { confidence: 0.7, advanced: { frameSkip: 9 } } } });
    expect(refused).toContain('frameSkip');
    // The administrator's advanced values survived the other's save.
    expect((await ok(server.app, 'GET', '/algorithm/params', { token, query: { appName: 'argus-general' } })).params).toMatchObject({ confidence: 0.7, advanced: { frameSkip: 1 } });
  });

  it('the operator runs and configures nothing', async () => {
    const operator = await login(server.app, OPERATOR);
    for (const [method, path, body] of [
      ['POST', '/algorithmRun/list', {}],
      ['PUT', '/algorithmRun/start', { ids: [1] }],
      ['POST', '/algorithm/params/list', undefined],
      ['PUT', '/algorithm/params', { appName: 'argus-general', params: {} }],
    ] as const) {
      expect((await call(server.app, method, path, { token: operator, body })).json.code, path).toBe(403);
    }
  });
});

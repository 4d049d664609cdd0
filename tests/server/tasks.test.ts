// Detection tasks: validated against schemas/detection-task.schema.json by the contract (the field named), the §9
// defaults filled in, the drawing rules, one task per camera, start/stop singly and in batches with the §4 states.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from './support/client.ts';
import { addCamera, fails, heartbeat, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const area = (n = 4) => ({ type: 1, id: 1, points: Array.from({ length: n }, (_, i) => ({ x: 0.1 + 0.1 * (i % 2), y: 0.1 + 0.1 * Math.floor(i / 2) })) });
const lineShape = { type: 5, id: 101, points: [{ x: 0.1, y: 0.8 }, { x: 0.9, y: 0.8 }] };
const getTask = (id: number) => ok(server.app, 'GET', `/task/query/${id}`, { token });

describe('the schema decides what a task body may hold', () => {
  it('rejects a body that violates detection-task.schema.json, naming the field, in both languages', async () => {
    const camera = await addCamera(server.app, token);
    const cases: [Record<string, unknown>, string][] = [
      [{ laneStatCurrentFlowInSec: 0 }, 'config.laneStatCurrentFlowInSec'],
      [{ vehicleLanes: 13 }, 'config.vehicleLanes'],
      [{ congestion: { averageSpeedThreshold: 301 } }, 'config.congestion.averageSpeedThreshold'],
      [{ nameplate: { pushCycle: 'daily' } }, 'config.nameplate.pushCycle'],
      [{ vehicleForbidden: { bigTruck: { limitTime: [{ startTime: '25:00:00', endTime: '23:59:59' }] } } }, 'config.vehicleForbidden.bigTruck.limitTime[0].startTime'],
      [{ driveLine: [{ type: 3, points: lineShape.points }] }, 'config.driveLine[0].type'],
      [{ shieldAreas: { areas: [{ type: 1, points: [{ x: 2, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 1 }] }] } }, 'config.shieldAreas.areas[0].points[0].x'],
      [{ detection: { vehicleRedLight: 'yes' } }, 'config.detection.vehicleRedLight'],
    ];
    for (const [config, field] of cases) {
      for (const lang of ['en', 'zh'] as const) {
        const res = await call(server.app, 'POST', '/task/addTask', { token, lang, body: { cameraId: camera, name: 't', config } });
        expect(res.json.code, field).toBe(400);
        expect(res.json.msg, field).toContain(field);
      }
    }
    expect(await fails(server.app, 'POST', '/task/addTask', 400, { token, lang: 'en', body: { cameraId: camera, name: 't' } })).toContain('config');
    expect((await ok(server.app, 'POST', '/task/list', { token, body: { cameraId: camera } })).total).toBe(0);
  });

  it('fills in every §9 default and keeps what was sent', async () => {
    const camera = await addCamera(server.app, token);
    const { id } = await ok(server.app, 'POST', '/task/addTask', {
      token,
      body: { cameraId: camera, name: '路口任务', config: { isCross: true, vehicleLanes: 3, pothole: { checked: true }, violatedAreas: { areas: [area()] }, detection: { vehicleRedLight: true, customFlag: true }, tabStatus: { lanes: true } } },
    });
    const task = await getTask(id);
    expect(task).toMatchObject({ id, cameraId: camera, name: '路口任务', startState: 2, runState: 0, runMessage: null });
    expect(task.config).toMatchObject({
      isCross: true,
      vehicleLanes: 3,
      laneStatCurrentFlowInSec: 60,
      vehicleStopOnEmerTime: 15,
      velocityLines: { length: 5, areas: [] },
      violatedAreas: { stopTime: 15, areas: [{ ...area(), status: 0 }] },
      pothole: { checked: true, pushCycle: 24 },
      nameplate: { pushCycle: 24, areas: [] },
      light_black: { checked: false, pushCycle: 5 },
      accident_vv: { checked: false, pushCycle: 5 },
      breakdown: { checked: false, pushCycle: 5, stopTime: 3 },
      slowColleagues: { averageSpeedThreshold: 60, triggerTimesThreshold: 3 },
      laneOccupancyHigh: { spaceOccupancyThreshold: 10, triggerTimesThreshold: 3 },
      flowOverflow: { vehicleFlowThreshold: 10, triggerTimesThreshold: 3 },
      congestion: { averageSpeedThreshold: 30, timeOccupancyThreshold: 50, triggerTimesThreshold: 3 },
      overflow: { queueLength: 30, triggerTimesThreshold: 3 },
      vehicleForbidden: { bigTruck: { checked: false, allDay: false, limitTime: [{ startTime: '00:00:00', endTime: '23:59:59' }] } },
      detection: { vehicleRedLight: true, customFlag: true },
      tabStatus: { lanes: true },
    });
  });

  it('applies the drawing and time rules beyond the schema, naming the field', async () => {
    const camera = await addCamera(server.app, token);
    const bad = async (config: Record<string, unknown>, field: string) =>
      expect(await fails(server.app, 'POST', '/task/addTask', 400, { token, lang: 'en', body: { cameraId: camera, name: 't', config } })).toContain(field);
    await bad({ shuntIslandAreas: { areas: [area(2)] } }, 'config.shuntIslandAreas.areas[0]');
    await bad({ stopLine: [{ type: 5, points: [{ x: 0, y: 0 }, { x: 0.5, y: 0.5 }, { x: 1, y: 1 }] }] }, 'config.stopLine[0]');
    await bad({ vehicleForbidden: { bus: {}, bigBus: { limitTime: [{ startTime: '18:00:00', endTime: '07:00:00' }] } } }, 'config.vehicleForbidden.bigBus.limitTime[0]');
    await fails(server.app, 'POST', '/task/addTask', 404, { token, body: { cameraId: 99999, name: 't', config: {} } });
  });
});

describe('one task per camera; edit, list, delete', () => {
  it('refuses a second task for a camera (409) and replaces the whole configuration on update', async () => {
    const camera = await addCamera(server.app, token, { name: 'task-camera-x' });
    const { id } = await ok(server.app, 'POST', '/task/addTask', { token, body: { cameraId: camera, name: 'first', config: { isCross: true, stopLine: [lineShape] } } });
    await fails(server.app, 'POST', '/task/addTask', 409, { token, body: { cameraId: camera, name: 'second', config: {} } });
    await ok(server.app, 'POST', '/task/updateTask', { token, body: { id, name: 'renamed' } });
    expect(await getTask(id)).toMatchObject({ name: 'renamed', config: { isCross: true, stopLine: [{ ...lineShape, status: 0 }] } });
    await ok(server.app, 'POST', '/task/updateTask', { token, body: { id, config: { hasSidewalk: true } } });
    const after = await getTask(id);
    expect(after.config).toMatchObject({ isCross: false, hasSidewalk: true, stopLine: [] });
    await fails(server.app, 'POST', '/task/updateTask', 404, { token, body: { id: 99999, name: 'x' } });
    await fails(server.app, 'POST', '/task/updateTask', 400, { token, body: { id, config: { fog: { pushCycle: 0 } } } });
    await fails(server.app, 'GET', '/task/query/99999', 404, { token });

    const listed = await ok(server.app, 'POST', '/task/list', { token, body: { keyword: 'task-camera-x' } });
    expect(listed.list).toMatchObject([{ id, cameraName: 'task-camera-x', config: { hasSidewalk: true } }]);
    expect((await ok(server.app, 'POST', '/task/list', { token, body: { keyword: 'renamed' } })).total).toBe(1);
    await fails(server.app, 'DELETE', '/task/delete', 404, { token, body: { ids: [id, 99999] } });
    await getTask(id);
    await ok(server.app, 'DELETE', '/task/delete', { token, body: { ids: [id] } });
    await fails(server.app, 'GET', `/task/query/${id}`, 404, { token });
  });
});

describe('start and stop', () => {
  it('moves through the run states, singly and in batches with per-task outcomes', async () => {
    const a = await addCamera(server.app, token);
    const { id: ta } = await ok(server.app, 'POST', '/task/addTask', { token, body: { cameraId: a, name: 'a', config: {} } });
    const { id: tb } = await ok(server.app, 'POST', '/task/addTask', { token, body: { cameraId: 5, name: 'on-box', config: {} } });
    await ok(server.app, 'POST', '/task/start', { token, body: { id: ta } });
    expect(await getTask(ta)).toMatchObject({ startState: 1, runState: 1 });
    await ok(server.app, 'POST', '/task/start', { token, body: { id: ta } });
    // With the demo site's started task (the oldest).
    const running = (await ok(server.app, 'POST', '/task/list', { token, body: { startState: 1, runState: 1 } })).list.map((t: any) => t.id);
    expect(running[0]).toBe(ta);
    expect(running).toHaveLength(2);
    await ok(server.app, 'POST', '/task/stop', { token, body: { id: ta } });
    expect(await getTask(ta)).toMatchObject({ startState: 2, runState: 0 });
    await ok(server.app, 'POST', '/task/stop', { token, body: { id: ta } });
    await fails(server.app, 'POST', '/task/start', 404, { token, body: { id: 99999 } });
    await fails(server.app, 'POST', '/task/stop', 404, { token, body: { id: 99999 } });

    // Camera 5 runs on box 2, which has never sent a heartbeat.
    const res = await call(server.app, 'POST', '/task/batchStart', { token, lang: 'en', body: { ids: [ta, tb, 99999] } });
    expect(res.json.data).toEqual({
      succeeded: [ta],
      failed: [
        { id: tb, code: 409, msg: expect.stringContaining('offline') },
        { id: 99999, code: 404, msg: expect.stringContaining('99999') },
      ],
    });
    await heartbeat(server, 2);
    expect(await ok(server.app, 'POST', '/task/batchStart', { token, body: { ids: [tb] } })).toEqual({ succeeded: [tb], failed: [] });
    // A running task restarts with a new configuration.
    await ok(server.app, 'POST', '/task/updateTask', { token, body: { id: tb, config: { fog: { checked: true } } } });
    expect(await getTask(tb)).toMatchObject({ startState: 1, runState: 1, config: { fog: { checked: true, pushCycle: 5 } } });
    expect(await ok(server.app, 'POST', '/task/batchStop', { token, body: { ids: [ta, tb] } })).toEqual({ succeeded: [ta, tb], failed: [] });
    // A camera with a started task cannot be deleted.
    await ok(server.app, 'POST', '/task/start', { token, body: { id: ta } });
    await fails(server.app, 'DELETE', '/device/delete', 409, { token, body: { ids: [a] } });
  });
});

// The demo site works for a newcomer (issue 8, item 14): its cameras' states agree with their configuration, its
// third box is this server (issue 35; its own tests: edgeRuntime.test.ts), its two other
// edge boxes run as simulated boxes that heartbeat through the real box API (POST /api/ingest/heartbeat) and so come
// online, a seeded task and a seeded camera can be started and stopped, a box restarted, and the boxes post alarms
// only from the cameras the platform started — marked simulated.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_EDGE_BOX_FILE, DEMO_EDGE_SERIAL, type DemoEdgeBoxCredentials } from '../../server/db/seed/demoEdgeBox.ts';
import { DEMO_SHAPES, DEMO_VIDEO_NAME } from '../../server/media/demoVideo.ts';
import { boxCameras } from '../../server/modules/edgeBox/cameraWork.ts';
import { type BoxEvent, type SimulatedBoxes, startSimulatedBoxes } from '../../server/simulator/boxRunner.ts';
import { loadBoxes } from '../../server/simulator/edgeBox.ts';
import { call, login } from './support/client.ts';
import { fails, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let runner: SimulatedBoxes;
let url: string;
const events: BoxEvent[] = [];
const db = () => server.database.db;
/** Conditions a heartbeat (every 150 ms here) brings about; the limit holds on a loaded 2-core machine. */
const settle = { timeout: 20_000, interval: 50 };

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  token = await login(server.app);
});
afterAll(async () => {
  await runner?.stop();
  await server?.close();
});

const boxes = () => loadBoxes(join(server.config.dataDir, 'demo-boxes.json'));
const cameraId = async (name: string) => (await db().selectFrom('devices').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const boxList = async () => (await ok(server.app, 'POST', '/edgeBox/list', { token, body: { pageNo: 1, pageSize: 50 } })).list as any[];
const startedOnBox = (boxId: number, camera: number) => runner.work(boxId).find((c) => c.cameraId === camera)?.started;

describe('the seeded demo site', () => {
  it('starts a camera only with an event configured, and each box assignment lists what its cameras run', async () => {
    const devices = await db().selectFrom('devices').select(['id', 'name', 'startState', 'runState', 'kind', 'boxId']).where('kind', '!=', 'offline').execute();
    const configs = await db().selectFrom('deviceEventConfigs').select(['deviceId', 'status']).execute();
    expect(devices.length).toBeGreaterThanOrEqual(7);
    for (const d of devices) {
      const own = configs.filter((c) => c.deviceId === d.id);
      if (d.startState === 1) {
        expect(own.length, d.name).toBeGreaterThan(0);
        expect(d.runState, d.name).toBe(1);
        expect(own.every((c) => c.status === 1), d.name).toBe(true);
      } else {
        expect(d.runState, d.name).toBe(0);
        expect(own.every((c) => c.status === 0), d.name).toBe(true);
      }
    }
    // Something to start, something to stop, something to configure first — and an image camera.
    expect(devices.filter((d) => d.startState === 1).length).toBeGreaterThan(0);
    expect(devices.filter((d) => d.startState === 2 && configs.some((c) => c.deviceId === d.id)).length).toBeGreaterThan(0);
    expect(devices.filter((d) => !configs.some((c) => c.deviceId === d.id)).length).toBeGreaterThan(0);
    expect(devices.filter((d) => d.kind === 'image')).toHaveLength(1);
    const tasks = (await ok(server.app, 'POST', '/task/list', { token, body: { pageNo: 1, pageSize: 50 } })).list as any[];
    expect(tasks.map((t) => [t.name, t.startState, t.runState]).sort()).toEqual([
      ['深南大道东向违法抓拍', 1, 1],
      ['登良路口违法抓拍', 2, 0],
    ]);
    // Simulated boxes say so before they ever heartbeat; they are offline until then.
    expect((await boxList()).filter((b) => b.serialNumber.startsWith('ARGUS-BOX-')).map((b) => [b.simulated, b.status])).toEqual([
      [true, 'offline'],
      [true, 'offline'],
    ]);
    const device = (await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: await cameraId('科技园北门') } })) as any;
    expect(device).toMatchObject({ simulated: true, startState: 1, events: [expect.objectContaining({ eventId: 54, status: 1 })] });
  });

  it('has a third, real box: this server, named after its host, with the demo video camera and its two drawn events', async () => {
    const seeded = JSON.parse(readFileSync(join(server.config.dataDir, DEMO_EDGE_BOX_FILE), 'utf8')) as DemoEdgeBoxCredentials;
    const local = (await boxList()).find((b) => b.serialNumber === DEMO_EDGE_SERIAL);
    expect(local).toMatchObject({ id: seeded.boxId, name: hostname().slice(0, 64), simulated: false });
    const camera = await db().selectFrom('devices').select(['id', 'rtspUrl', 'startState', 'simulated']).where('id', '=', seeded.cameraIds[0]).executeTakeFirstOrThrow();
    expect(camera).toMatchObject({ startState: 1, simulated: false });
    // The box is asked to analyse 2 frames a second (the default rate), not as many as the video has (25, held to 10).
    expect((await boxCameras(db(), seeded.boxId)).map((c) => c.detectFps)).toEqual([2]);
    // The stream is the demo video's file loop under the media folder of the data directory the site was seeded in
    // (test servers are copies of a template seeded in a folder of its own).
    expect(camera.rtspUrl).toMatch(new RegExp(`^file:///.+/media/demo/${DEMO_VIDEO_NAME.replace('.', '\\.')}$`));
    const configs = await db().selectFrom('deviceEventConfigs').select(['eventId', 'status', 'config']).where('deviceId', '=', camera.id).orderBy('eventId').execute();
    expect(configs.map((c) => [c.eventId, c.status])).toEqual([
      [51, 1],
      [52, 1],
    ]);
    const [area, line] = configs.map((c) => c.config as Record<string, any>);
    expect(area.areas[0].points).toEqual(DEMO_SHAPES.area);
    expect(line.lineAreas[0].points).toEqual(DEMO_SHAPES.line);
    expect(area.weeks).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses a heartbeat without the box credentials', async () => {
    const [box] = boxes();
    const res = await fetch(`${url}/api/ingest/heartbeat`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-box-id': String(box.boxId), 'x-box-secret': 'x'.repeat(32) }, body: '{}' });
    expect(((await res.json()) as { code: number }).code).toBe(401);
  });
});

describe('the simulated boxes on the box API', () => {
  it('come online by heartbeat, reporting their figures, apps and the run state of their cameras', async () => {
    runner = startSimulatedBoxes({ url, boxes: boxes(), heartbeatMs: 150, restartMs: 600, alarmGapMs: null, onEvent: (e) => events.push(e) });
    await vi.waitFor(async () => {
      const demo = (await boxList()).filter((b) => b.serialNumber.startsWith('ARGUS-BOX-'));
      expect(demo.map((b) => b.status)).toEqual(['online', 'online']);
    }, settle);
    // Online once a heartbeat is stored; each box has taken its cameras once its first answer has come back.
    await vi.waitFor(() => expect(boxes().map((b) => runner.work(b.boxId).length > 0)).toEqual([true, true]), settle);
    const [first] = (await boxList()).filter((b) => b.serialNumber === 'ARGUS-BOX-0001');
    expect(first).toMatchObject({ simulated: true, version: '2.4.1-sim', cpuUsage: expect.any(Number), lastHeartbeat: expect.any(String) });
    expect(await ok(server.app, 'GET', '/edgeBox/sdc/apps', { token, query: { boxId: first.id } })).toEqual(
      expect.arrayContaining([expect.objectContaining({ appName: 'argus-traffic', state: 'running' })]),
    );
    const task = await ok(server.app, 'GET', '/edgeBox/boxTask', { token, query: { boxId: first.id } });
    const running = await cameraId('深南大道-南海大道路口西向');
    expect(task.items).toEqual(expect.arrayContaining([expect.objectContaining({ cameraId: running, runState: 1, eventIds: [1020] })]));
  });

  it('lets a seeded task be started and stopped, and the box is told at its next heartbeat', async () => {
    const [box] = boxes();
    const task = (await ok(server.app, 'POST', '/task/list', { token, body: { keyword: '登良路口' } })).list[0];
    expect(startedOnBox(box.boxId, task.cameraId)).toBe(false);
    expect(await ok(server.app, 'POST', '/task/batchStart', { token, body: { ids: [task.id] } })).toEqual({ succeeded: [task.id], failed: [] });
    expect(await ok(server.app, 'GET', `/task/query/${task.id}`, { token })).toMatchObject({ startState: 1, runState: 1 });
    await vi.waitFor(() => expect(startedOnBox(box.boxId, task.cameraId)).toBe(true), settle);
    await ok(server.app, 'POST', '/task/stop', { token, body: { id: task.id } });
    expect(await ok(server.app, 'GET', `/task/query/${task.id}`, { token })).toMatchObject({ startState: 2, runState: 0 });
    await vi.waitFor(() => expect(startedOnBox(box.boxId, task.cameraId)).toBe(false), settle);
  });

  it('lets a seeded camera be stopped and started again', async () => {
    const camera = await cameraId('科技园北门');
    const box = boxes()[1];
    await ok(server.app, 'PUT', '/device/stop', { token, body: { cameraId: camera } });
    await vi.waitFor(() => expect(startedOnBox(box.boxId, camera)).toBe(false), settle);
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: camera } });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: camera } })).toMatchObject({ startState: 1, runState: 1 });
    await vi.waitFor(() => expect(runner.work(box.boxId).find((c) => c.cameraId === camera)).toMatchObject({ started: true, eventIds: [54] }), settle);
    // A camera without an event still says why it cannot start.
    expect(await fails(server.app, 'PUT', '/device/start', 409, { token, lang: 'en', body: { cameraId: await cameraId('科技园地下车库入口') } })).toContain('no event');
  });

  it('restarts a box: the box receives the command, goes away and comes back with a heartbeat', async () => {
    const box = boxes()[1];
    const before = events.length;
    await ok(server.app, 'POST', '/edgeBox/restart', { token, body: { boxId: box.boxId } });
    await vi.waitFor(() => expect(events.slice(before)).toContainEqual({ type: 'command', boxId: box.boxId, command: 'restart' }), settle);
    const commanded = events.length;
    await vi.waitFor(() => expect(events.slice(commanded)).toContainEqual({ type: 'restarted', boxId: box.boxId }), settle);
    await vi.waitFor(() => {
      const back = events.slice(commanded).findIndex((e) => e.type === 'restarted' && e.boxId === box.boxId);
      expect(events.slice(commanded + back).some((e) => e.type === 'heartbeat' && e.boxId === box.boxId)).toBe(true);
    }, settle);
    const row = await db().selectFrom('edgeBoxCommands').select('deliveredAt').where('boxId', '=', box.boxId).where('command', '=', 'restart').executeTakeFirstOrThrow();
    expect(row.deliveredAt).not.toBeNull();
    expect((await boxList()).find((b) => b.id === box.boxId)).toMatchObject({ status: 'online' });
    expect(events.some((e) => e.type === 'refused')).toBe(false);
  });
});

describe('alarms of the simulated boxes', () => {
  it('come only from started cameras, marked simulated; the image camera gets its pictures from them', async () => {
    await runner.stop();
    const started = new Set((await db().selectFrom('devices').select('id').where('startState', '=', 1).execute()).map((d) => d.id));
    const posted: Extract<BoxEvent, { type: 'alarm' }>[] = [];
    const since = new Date(Date.now() - 1000);
    runner = startSimulatedBoxes({
      url,
      boxes: boxes(),
      heartbeatMs: 150,
      alarmGapMs: { min: 20, max: 40 },
      onEvent: (e) => {
        if (e.type === 'alarm') posted.push(e);
      },
    });
    const image = await cameraId('科技园停车场抓拍机');
    await vi.waitFor(() => expect(posted.filter((a) => a.cameraId === image).length).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
    expect(posted.every((a) => a.ok)).toBe(true);
    expect(posted.filter((a) => !started.has(a.cameraId))).toEqual([]);
    await runner.stop();
    const stored = await db().selectFrom('alarms').select(['cameraId', 'simulated']).where('createdAt', '>=', since).execute();
    expect(stored.length).toBe(posted.length);
    expect(stored.every((a) => a.simulated && started.has(a.cameraId))).toBe(true);
    // The image camera's picture to draw on is the last one its box posted.
    const shot = await ok(server.app, 'GET', '/device/snapshot', { token, query: { cameraId: image } });
    expect(shot).toMatchObject({ imageUrl: expect.stringMatching(/^\/files\/alarms\//), width: 640, height: 360 });
    expect((await call(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: image } })).json.data).toMatchObject({ width: 640, height: 360 });
  });
});

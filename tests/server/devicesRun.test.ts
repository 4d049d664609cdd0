// Starting and stopping analysis (§4 run states): every 409 rule — no event configured, edge box offline, licence
// capacity — single events, batches with per-device outcomes, sync, and the derived scene status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from './support/client.ts';
import { addCamera, fails, heartbeat, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const info = (id: number) => ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: id } });
const addEvents = (cameraIds: number[], eventIds: number[]) => ok(server.app, 'POST', '/device/eventType/batch', { token, body: { cameraIds, eventIds, mode: 'add' } });

describe('start and stop one device', () => {
  it('refuses to start a device without configured events (409), then runs it with every event', async () => {
    const id = await addCamera(server.app, token);
    expect(await fails(server.app, 'PUT', '/device/start', 409, { token, lang: 'en', body: { cameraId: id } })).toContain('no event');
    await addEvents([id], [51, 52]);
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: id } });
    expect(await info(id)).toMatchObject({ startState: 1, runState: 1, events: [{ eventId: 51, status: 1 }, { eventId: 52, status: 1 }] });
    // Already started is success.
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: id } });

    // One event stops; the device stays started while the other runs; stopping the last stops the device.
    await ok(server.app, 'PUT', '/device/stop', { token, body: { cameraId: id, eventId: 51 } });
    expect(await info(id)).toMatchObject({ startState: 1, runState: 1, events: [{ eventId: 51, status: 0 }, { eventId: 52, status: 1 }] });
    await ok(server.app, 'PUT', '/device/stop', { token, body: { cameraId: id, eventId: 52 } });
    expect(await info(id)).toMatchObject({ startState: 2, runState: 0, events: [{ status: 0 }, { status: 0 }] });
    await ok(server.app, 'PUT', '/device/stop', { token, body: { cameraId: id } });

    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: id, eventId: 52 } });
    expect(await info(id)).toMatchObject({ startState: 1, events: [{ eventId: 51, status: 0 }, { eventId: 52, status: 1 }] });
    await ok(server.app, 'PUT', '/device/stop', { token, body: { cameraId: id } });
    expect(await info(id)).toMatchObject({ startState: 2, runState: 0, events: [{ status: 0 }, { status: 0 }] });

    await fails(server.app, 'PUT', '/device/start', 404, { token, body: { cameraId: id, eventId: 999 } });
    await fails(server.app, 'PUT', '/device/stop', 404, { token, body: { cameraId: id, eventId: 999 } });
    await fails(server.app, 'PUT', '/device/start', 404, { token, body: { cameraId: 99999 } });
  });

  it('needs the edge box of a box-run device to be online (409 otherwise)', async () => {
    await addEvents([1], [51]);
    await ok(server.app, 'PUT', '/device/stop', { token, body: { cameraId: 1 } });
    expect(await fails(server.app, 'PUT', '/device/start', 409, { token, lang: 'en', body: { cameraId: 1 } })).toContain('offline');
    expect(await info(1)).toMatchObject({ startState: 2, runState: 0 });
    await heartbeat(server, 1);
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: 1 } });
    expect(await info(1)).toMatchObject({ startState: 1, runState: 1 });
    // A heartbeat older than 3 intervals (30 s by default) is offline again.
    await heartbeat(server, 1, new Date(Date.now() - 91_000));
    await ok(server.app, 'PUT', '/device/stop', { token, body: { cameraId: 1 } });
    await fails(server.app, 'PUT', '/device/start', 409, { token, body: { cameraId: 1 } });
  });

  it('caps the cameras analysed at once at the licence maximum (409)', async () => {
    const started = await db().selectFrom('devices').select('id').where('startState', '=', 1).execute();
    const id = await addCamera(server.app, token);
    await addEvents([id], [51]);
    await db().updateTable('licence').set({ maxCameras: started.length }).execute();
    try {
      expect(await fails(server.app, 'PUT', '/device/start', 409, { token, lang: 'en', body: { cameraId: id } })).toContain(String(started.length));
      // A camera already counted can start its other events.
      const running = started[0].id;
      await addEvents([running], [52]);
      await heartbeat(server, 1);
      await heartbeat(server, 2);
      await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: running, eventId: 52 } });
    } finally {
      await db().updateTable('licence').set({ maxCameras: 64 }).execute();
    }
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: id } });
  });
});

describe('batches', () => {
  it('starts each device on its own and reports who failed with the code and message', async () => {
    const a = await addCamera(server.app, token);
    const b = await addCamera(server.app, token);
    await addEvents([a], [51]);
    const res = await call(server.app, 'PUT', '/device/batchStart', { token, lang: 'en', body: { cameraIds: [a, b, 99999] } });
    expect(res.json.code).toBe(0);
    expect(res.json.data.succeeded).toEqual([a]);
    expect(res.json.data.failed).toEqual([
      { cameraId: b, code: 409, msg: expect.stringContaining('no event') },
      { cameraId: 99999, code: 404, msg: expect.stringContaining('99999') },
    ]);
    expect(await info(a)).toMatchObject({ startState: 1 });
    const stop = await ok(server.app, 'PUT', '/device/batchStop', { token, body: { cameraIds: [a, b] } });
    expect(stop).toEqual({ succeeded: [a, b], failed: [] });
    expect(await info(a)).toMatchObject({ startState: 2, runState: 0 });
  });
});

describe('scene status and sync', () => {
  it('derives a scene as started while one of its devices is started', async () => {
    const { id: sceneId } = await ok(server.app, 'POST', '/scene/add', { token, body: { sceneName: 'run-scene' } });
    const a = await addCamera(server.app, token, { sceneId });
    const status = async () => (await ok(server.app, 'POST', '/scene/table', { token, body: { sceneName: 'run-scene' } })).list[0].status;
    expect(await status()).toBe(0);
    await addEvents([a], [51]);
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: a } });
    expect(await status()).toBe(1);
    expect((await ok(server.app, 'POST', '/scene/table', { token, body: { status: 1, pageSize: 100 } })).list.map((s: any) => s.id)).toContain(sceneId);
    await ok(server.app, 'PUT', '/device/stop', { token, body: { cameraId: a } });
    expect(await status()).toBe(0);
  });

  it('syncs nothing for a stopped device, every configuration for a started one, and queues it for a box', async () => {
    const a = await addCamera(server.app, token);
    await addEvents([a], [51, 52]);
    expect(await ok(server.app, 'PUT', '/device/eventConfig/sync', { token, body: { cameraId: a } })).toEqual({ synced: 0 });
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: a } });
    expect(await ok(server.app, 'PUT', '/device/eventConfig/sync', { token, body: { cameraId: a } })).toEqual({ synced: 2 });
    expect(await ok(server.app, 'PUT', '/device/eventConfig/sync', { token, body: { cameraId: a, eventId: 52 } })).toEqual({ synced: 1 });
    await fails(server.app, 'PUT', '/device/eventConfig/sync', 404, { token, body: { cameraId: 99999 } });

    // A box-run device: the box being offline answers 409, but the configuration is queued for its next heartbeat.
    await heartbeat(server, 2);
    await addEvents([5], [51]);
    await ok(server.app, 'PUT', '/device/start', { token, body: { cameraId: 5 } });
    await heartbeat(server, 2, new Date(Date.now() - 120_000));
    await fails(server.app, 'PUT', '/device/eventConfig/sync', 409, { token, body: { cameraId: 5 } });
    const answer = await heartbeat(server, 2);
    expect(answer.commands.filter((c) => c.command === 'syncConfig').at(-1)?.payload).toMatchObject({ cameraId: 5 });
  });
});

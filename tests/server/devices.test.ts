// Devices: add, read back, edit, delete with their rules; the lists by kind with the filters of §4; free devices;
// outputs, frame rate, recheck address; scenes from the device screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDGE_BOX_FILE, type DemoEdgeBoxCredentials } from '../../server/db/seed/demoEdgeBox.ts';
import { call, login } from './support/client.ts';
import { addCamera, fails, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

describe('add, read back, edit', () => {
  it('stores a camera with startState 2 / runState 0, never returns its password, and reads it back', async () => {
    const body = {
      name: '前海路口-北向',
      kind: 'normal',
      serialnumber: 'QH-0001',
      ip: '198.51.100.20',
      port: 554,
      rtspUrl: 'rtsp://198.51.100.20:554/ch1',
      username: 'viewer',
      password: 'S3cret!pass',
      brand: 'Hikvision',
      sceneId: 1,
      longitude: 113.9,
      latitude: 22.5,
      address: '前海',
      remark: 'r',
    };
    const { id } = await ok(server.app, 'POST', '/device/add', { token, body });
    const info = await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: id } });
    expect(info).toMatchObject({ id, name: body.name, kind: 'normal', serialnumber: 'QH-0001', rtspUrl: body.rtspUrl, username: 'viewer', sceneId: 1, sceneName: '城市道路', startState: 2, runState: 0, fps: 5, events: [], outputs: [] });
    expect(JSON.stringify(info)).not.toContain('S3cret');
    const row = await db().selectFrom('devices').select('passwordEnc').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.passwordEnc).toMatch(/^v1:/);
    expect(row.passwordEnc).not.toContain('S3cret');

    await ok(server.app, 'PUT', '/device/update', { token, body: { id, name: '前海路口-北向(改)', fps: 8, sceneId: null } });
    const after = await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: id } });
    expect(after).toMatchObject({ name: '前海路口-北向(改)', fps: 8, sceneId: null, serialnumber: 'QH-0001', rtspUrl: body.rtspUrl });
    const unchanged = await db().selectFrom('devices').select('passwordEnc').where('id', '=', id).executeTakeFirstOrThrow();
    expect(unchanged.passwordEnc).toBe(row.passwordEnc);
  });

  it('answers 409 for a taken name or serial number, 404 for unknown references, 400 for bad input', async () => {
    const name = 'dup-camera';
    const id = await addCamera(server.app, token, { name, serialnumber: 'DUP-1' });
    expect(await fails(server.app, 'POST', '/device/add', 409, { token, lang: 'en', body: { name, kind: 'normal', rtspUrl: 'rtsp://x/1' } })).toContain(name);
    expect(await fails(server.app, 'POST', '/device/add', 409, { token, lang: 'en', body: { name: 'other', kind: 'normal', serialnumber: 'DUP-1', rtspUrl: 'rtsp://x/1' } })).toContain('DUP-1');
    await fails(server.app, 'POST', '/device/add', 404, { token, body: { name: 'x1', kind: 'normal', rtspUrl: 'rtsp://x/1', boxId: 999 } });
    await fails(server.app, 'POST', '/device/add', 404, { token, body: { name: 'x2', kind: 'normal', rtspUrl: 'rtsp://x/1', sceneId: 999 } });
    expect(await fails(server.app, 'POST', '/device/add', 400, { token, lang: 'en', body: { name: 'x3', kind: 'normal' } })).toContain('rtspUrl');
    expect(await fails(server.app, 'POST', '/device/add', 400, { token, lang: 'en', body: { name: 'x4', kind: 'offline' } })).toContain('kind');
    expect(await fails(server.app, 'POST', '/device/add', 400, { token, lang: 'en', body: { name: 'x5', kind: 'normal', rtspUrl: 'ftp://x' } })).toContain('rtspUrl');
    const other = await addCamera(server.app, token);
    expect(await fails(server.app, 'PUT', '/device/update', 409, { token, lang: 'en', body: { id: other, name } })).toContain(name);
    await fails(server.app, 'PUT', '/device/update', 404, { token, body: { id: 99999, name: 'nobody' } });
    await ok(server.app, 'PUT', '/device/update', { token, body: { id, name } });
  });

  it('saves a camera whose stream is a local video (the demo camera) with its address sent back; takes file addresses only under the media folder', async () => {
    // The demo edge box's camera loops a file under the media folder (server/db/seed/demoEdgeBox.ts). Its edit
    // form sends the address back as it was answered: the contract refused file:// (400 for every edit of it).
    const { cameraIds } = JSON.parse(readFileSync(join(server.config.dataDir, DEMO_EDGE_BOX_FILE), 'utf8')) as DemoEdgeBoxCredentials;
    const info = await ok<{ name: string; rtspUrl: string }>(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: cameraIds[0] } });
    expect(info.rtspUrl).toMatch(/^file:\/\//);
    await ok(server.app, 'PUT', '/device/update', { token, body: { id: cameraIds[0], name: `${info.name}-改`, rtspUrl: info.rtspUrl, fps: 5 } });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: cameraIds[0] } })).toMatchObject({ name: `${info.name}-改`, rtspUrl: info.rtspUrl, fps: 5 });
    // A new file address: under the media folder (where the in-process box looks) it is taken, elsewhere refused.
    const mediaRoot = join(server.config.dataDir, 'media');
    const id = await addCamera(server.app, token);
    const inside = pathToFileURL(join(mediaRoot, 'cameras', 'gate.mp4')).toString();
    await ok(server.app, 'PUT', '/device/update', { token, body: { id, name: 'file-camera', rtspUrl: inside } });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: id } })).toMatchObject({ rtspUrl: inside });
    const refused = await fails(server.app, 'POST', '/device/add', 400, { token, lang: 'en', body: { name: 'file-camera-2', kind: 'normal', rtspUrl: 'file:///etc/passwd' } });
    expect(refused).toContain(`rtspUrl: a file address must lie under the media folder ${mediaRoot}`);
    await fails(server.app, 'PUT', '/device/update', 400, { token, body: { id, name: 'file-camera', rtspUrl: `file://${mediaRoot}/../secret.mp4` } });
  });

  it('links a device to its catalogue camera from either side', async () => {
    const { id: entryId } = await ok(server.app, 'POST', '/camera/add', { token, body: { name: 'point', code: 'P-LINK-1' } });
    const id = await addCamera(server.app, token, { cameraEntryId: entryId });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: id } })).toMatchObject({ cameraEntryId: entryId });
    await ok(server.app, 'PUT', '/device/update', { token, body: { id, name: 'linked', cameraEntryId: null } });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: id } })).toMatchObject({ cameraEntryId: null });
    await fails(server.app, 'GET', '/device/cameraInfo', 404, { token, query: { cameraId: 99999 } });
  });
});

describe('lists by kind with the §4 filters', () => {
  it('separates live, image and offline devices, newest first, paged', async () => {
    const image = await addCamera(server.app, token, { kind: 'image', rtspUrl: undefined });
    const live = await ok(server.app, 'GET', '/device/list', { token, query: { pageSize: 500 } });
    const images = await ok(server.app, 'GET', '/device/imageList', { token, query: { pageSize: 500 } });
    // The demo site's image camera, then the new one first.
    const seeded = await db().selectFrom('devices').select('id').where('name', '=', '科技园停车场抓拍机').executeTakeFirstOrThrow();
    expect(images.list.map((d: any) => d.id)).toEqual([image, seeded.id]);
    expect(live.list.map((d: any) => d.id)).not.toContain(image);
    expect(live.list.every((d: any) => d.kind === 'normal')).toBe(true);
    const ids = live.list.map((d: any) => d.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const page2 = await ok(server.app, 'GET', '/device/list', { token, query: { pageNo: 2, pageSize: 2 } });
    expect(page2).toMatchObject({ pageNo: 2, pageSize: 2, total: live.total });
    expect(page2.list.map((d: any) => d.id)).toEqual(ids.slice(2, 4));
    expect((await ok(server.app, 'GET', '/device/offlineList', { token })).list).toEqual([]);
  });

  it('filters by keyword, scene, start state, run state, box and creation time', async () => {
    const old = await addCamera(server.app, token, { name: 'filter-old', brand: 'Uniview' });
    await sql`UPDATE devices SET created_at = now() - interval '10 days' WHERE id = ${old}`.execute(db());
    const ids = async (query: Record<string, string | number>) =>
      (await ok(server.app, 'GET', '/device/list', { token, query: { pageSize: 500, ...query } })).list.map((d: any) => d.id) as number[];
    expect(await ids({ keyword: 'UNIVIEW' })).toEqual([old]);
    expect(await ids({ keyword: '192.0.2.101' })).toEqual([1]);
    expect((await ids({ sceneId: 2 })).sort()).toEqual([5, 6, 8]);
    // The demo site starts only the cameras with events configured (8: the in-process edge box's demo camera).
    expect(await ids({ startState: 1 })).toEqual([8, 5, 2, 1]);
    expect(await ids({ startState: 2 })).toContain(old);
    expect(await ids({ runState: 1 })).toEqual([8, 5, 2, 1]);
    expect((await ids({ boxId: 2 })).sort()).toEqual([5, 6]);
    expect(await ids({ createdWithin: 1 })).not.toContain(old);
    expect(await ids({ createdWithin: 2 })).not.toContain(old);
    expect(await ids({ createdWithin: 3 })).toContain(old);
    expect(await ids({ createdWithin: 1 })).toContain(1);
    expect((await call(server.app, 'GET', '/device/list', { token, lang: 'en', query: { startState: 3 } })).json).toMatchObject({ code: 400, msg: expect.stringContaining('startState') });
    expect((await call(server.app, 'GET', '/device/list', { token, lang: 'en', query: { createdWithin: 4 } })).json).toMatchObject({ code: 400, msg: expect.stringContaining('createdWithin') });
  });

  it('lists the devices not bound to a box, by name', async () => {
    const free = await addCamera(server.app, token, { name: 'aaa-free' });
    const list = await ok(server.app, 'GET', '/device/free', { token });
    expect(list[0]).toMatchObject({ id: free, name: 'aaa-free', kind: 'normal' });
    expect(list.map((d: any) => d.id)).not.toContain(1);
    expect(await ok(server.app, 'GET', '/device/free', { token, query: { keyword: 'aaa-fr' } })).toHaveLength(1);
  });
});

describe('delete', () => {
  it('refuses a started device (409, nothing deleted) and unknown ids (404, nothing deleted)', async () => {
    const a = await addCamera(server.app, token);
    expect(await fails(server.app, 'DELETE', '/device/delete', 409, { token, body: { ids: [a, 1] } })).toContain('深南大道');
    await fails(server.app, 'DELETE', '/device/delete', 404, { token, body: { ids: [a, 99999] } });
    expect(await db().selectFrom('devices').select('id').where('id', '=', a).executeTakeFirst()).toBeDefined();
  });

  it('deletes a device with its configurations, outputs, task, plan membership and catalogue link', async () => {
    const id = await addCamera(server.app, token);
    const other = await addCamera(server.app, token);
    await ok(server.app, 'POST', '/device/eventType/batch', { token, body: { cameraIds: [id], eventIds: [51], mode: 'add' } });
    await ok(server.app, 'POST', '/device/output/add', { token, body: { cameraId: id, name: 'o', outputType: 'http', target: 'http://198.51.100.9/hook' } });
    await ok(server.app, 'POST', '/task/addTask', { token, body: { cameraId: id, name: 't', config: {} } });
    await ok(server.app, 'POST', '/taskPlan/add', { token, body: { name: 'del-plan', cameraIds: [id, other], action: 'start', executeTime: '03:00:00', weeks: [1] } });
    const { id: entry } = await ok(server.app, 'POST', '/camera/add', { token, body: { name: 'e', code: 'DEL-LINK', deviceId: id } });
    await ok(server.app, 'DELETE', '/device/delete', { token, body: { ids: [id] } });
    for (const table of ['deviceEventConfigs', 'deviceOutputs', 'detectionTasks', 'taskPlanCameras'] as const) {
      expect(await db().selectFrom(table).select('deviceId').where('deviceId', '=', id).execute(), table).toEqual([]);
    }
    expect(await db().selectFrom('taskPlanCameras').select('deviceId').execute()).toContainEqual({ deviceId: other });
    expect(await db().selectFrom('cameraEntries').select('deviceId').where('id', '=', entry).executeTakeFirstOrThrow()).toEqual({ deviceId: null });
    await fails(server.app, 'GET', '/device/cameraInfo', 404, { token, query: { cameraId: id } });
  });
});

describe('outputs, frame rate, recheck address, video cards', () => {
  it('adds outputs with their target rules and reads them back with the device', async () => {
    const id = await addCamera(server.app, token);
    const http = await ok(server.app, 'POST', '/device/output/add', { token, body: { cameraId: id, name: 'hook', outputType: 'http', target: 'https://198.51.100.9/alarm', eventIds: [51, 51] } });
    const mqtt = await ok(server.app, 'POST', '/device/output/add', { token, body: { cameraId: id, name: 'mq', outputType: 'mqtt', target: 'broker.local:1883', topic: 'alarms' } });
    await fails(server.app, 'POST', '/device/output/add', 409, { token, body: { cameraId: id, name: 'again', outputType: 'http', target: 'https://198.51.100.9/alarm' } });
    expect(await fails(server.app, 'POST', '/device/output/add', 400, { token, lang: 'en', body: { cameraId: id, name: 'bad', outputType: 'http', target: 'broker:1883' } })).toContain('target');
    expect(await fails(server.app, 'POST', '/device/output/add', 400, { token, lang: 'en', body: { cameraId: id, name: 'bad', outputType: 'kafka', target: 'k:9092' } })).toContain('topic');
    await fails(server.app, 'POST', '/device/output/add', 404, { token, body: { cameraId: 99999, name: 'x', outputType: 'http', target: 'http://x' } });
    const info = await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: id } });
    expect(info.outputs).toMatchObject([
      { id: http.id, outputType: 'http', target: 'https://198.51.100.9/alarm', eventIds: [51], enabled: true, topic: null },
      { id: mqtt.id, outputType: 'mqtt', topic: 'alarms', eventIds: [] },
    ]);
    await fails(server.app, 'DELETE', '/device/output/delete', 404, { token, body: { ids: [http.id, 99999] } });
    await ok(server.app, 'DELETE', '/device/output/delete', { token, body: { ids: [http.id] } });
    expect((await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: id } })).outputs.map((o: any) => o.id)).toEqual([mqtt.id]);
  });

  it('reads and edits the frame rate, not above the source rate', async () => {
    const id = await addCamera(server.app, token);
    expect(await ok(server.app, 'GET', '/device/fps', { token, query: { cameraId: id } })).toEqual({ cameraId: id, fps: 5, sourceFps: null });
    await ok(server.app, 'POST', '/device/fps/edit', { token, body: { cameraId: id, fps: 12 } });
    expect(await ok(server.app, 'GET', '/device/fps', { token, query: { cameraId: id } })).toMatchObject({ fps: 12 });
    await db().updateTable('devices').set({ sourceFps: 10 }).where('id', '=', id).execute();
    expect(await fails(server.app, 'POST', '/device/fps/edit', 400, { token, lang: 'en', body: { cameraId: id, fps: 25 } })).toContain('fps');
    await fails(server.app, 'POST', '/device/fps/edit', 400, { token, body: { cameraId: id, fps: 61 } });
    await fails(server.app, 'GET', '/device/fps', 404, { token, query: { cameraId: 99999 } });
  });

  it('saves and reads the recheck service address', async () => {
    expect(await ok(server.app, 'GET', '/device/recheckIp', { token })).toEqual({ ip: null, port: null });
    await ok(server.app, 'POST', '/device/recheckIp', { token, body: { ip: 'recheck.local', port: 9000 } });
    await ok(server.app, 'POST', '/device/recheckIp', { token, body: { ip: '198.51.100.3', port: 9001 } });
    expect(await ok(server.app, 'GET', '/device/recheckIp', { token })).toEqual({ ip: '198.51.100.3', port: 9001 });
    expect(await fails(server.app, 'POST', '/device/recheckIp', 400, { token, lang: 'en', body: { ip: 'bad host!', port: 1 } })).toContain('ip');
  });

  it('lists the video cards of the server (none without a GPU driver)', async () => {
    expect(Array.isArray(await ok(server.app, 'GET', '/device/videoCard', { token }))).toBe(true);
  });
});

describe('scenes from the device screen', () => {
  it('creates a scene holding the listed cameras, lists scenes, and deletes it only once no camera uses it', async () => {
    const a = await addCamera(server.app, token);
    const { id } = await ok(server.app, 'POST', '/device/scene/add', { token, body: { sceneName: '快速场景', cameraIds: [a] } });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: a } })).toMatchObject({ sceneId: id, sceneName: '快速场景' });
    await fails(server.app, 'POST', '/device/scene/add', 409, { token, body: { sceneName: '快速场景' } });
    await fails(server.app, 'POST', '/device/scene/add', 404, { token, body: { sceneName: 'x', cameraIds: [99999] } });
    const scenes = await ok(server.app, 'GET', '/device/scenes', { token });
    expect(scenes.map((s: any) => s.sceneName)).toEqual([...scenes.map((s: any) => s.sceneName)].sort());
    expect(scenes.find((s: any) => s.id === id)).toMatchObject({ cameraCount: 1, status: 0 });
    await fails(server.app, 'DELETE', '/device/scene/delete', 404, { token, body: { ids: [id, 99999] } });
    expect(await fails(server.app, 'DELETE', '/device/scene/delete', 409, { token, body: { ids: [id] }, lang: 'en' })).toContain('used by 1 camera');
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: a } })).toMatchObject({ sceneId: id });
    await server.database.db.updateTable('devices').set({ sceneId: null }).where('id', '=', a).execute();
    await ok(server.app, 'DELETE', '/device/scene/delete', { token, body: { ids: [id] } });
  });
});

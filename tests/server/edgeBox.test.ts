// Edge boxes: register with a one-time secret, the derived online status, edit, restart, delete rules, platform
// settings, what a box runs (assignments, governance tasks), reported apps and topics, the work-clothes library —
// and that every change is handed to the box with its next heartbeat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { formatTime } from '../../server/http/format.ts';
import { recordBoxHeartbeat } from '../../server/modules/edgeBox/boxStatus.ts';
import { PNG_SIGNATURE } from '../../server/media/pngEncoder.ts';
import { login } from './support/client.ts';
import { plainImage } from './support/hostileImages.ts';
import { addCamera, fails, heartbeat, multipart, ok, upload } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const list = (body: Record<string, unknown> = {}) => ok(server.app, 'POST', '/edgeBox/list', { token, body });
const at = (offsetMs: number) => formatTime(new Date(Date.now() + offsetMs))!;

describe('boxes', () => {
  it('registers a box with a secret answered once and kept only as a hash', async () => {
    const created = await ok(server.app, 'POST', '/edgeBox/add', { token, body: { name: '前海盒子', serialNumber: 'QH-BOX-01', ip: '198.51.100.50', model: 'AB-5000' } });
    expect(created).toMatchObject({ id: expect.any(Number), serialNumber: 'QH-BOX-01', secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const row = await db().selectFrom('edgeBoxes').select('secretHash').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.secretHash).toBe(hashToken(created.secret));
    const page = await list({ keyword: 'QH-BOX' });
    expect(page.list).toEqual([expect.objectContaining({ id: created.id, name: '前海盒子', status: 'offline', lastHeartbeat: null, cameraCount: 0, model: 'AB-5000' })]);
    expect(JSON.stringify(page)).not.toContain(created.secret);
    await fails(server.app, 'POST', '/edgeBox/add', 409, { token, body: { name: 'other', serialNumber: 'QH-BOX-01' } });
    await fails(server.app, 'POST', '/edgeBox/add', 409, { token, body: { name: '前海盒子', serialNumber: 'QH-BOX-02' } });
    await fails(server.app, 'POST', '/edgeBox/add', 400, { token, body: { name: 'x', serialNumber: 'bad serial' } });
  });

  it('derives online from the last heartbeat (within 3 intervals) and filters by it', async () => {
    await heartbeat(server, 1);
    await heartbeat(server, 2, new Date(Date.now() - 100_000));
    expect((await list({ status: 'online' })).list.map((b: any) => b.id)).toEqual([1]);
    expect((await list({ status: 'offline' })).list.map((b: any) => b.id)).toContain(2);
    // A longer heartbeat interval keeps the box online for longer.
    await ok(server.app, 'POST', '/edgeBox/platformConfig', { token, body: { boxId: 2, platformHost: 'argus.local', platformPort: 443, heartbeatSeconds: 60 } });
    expect((await list({ status: 'online' })).list.map((b: any) => b.id)).toEqual([1, 2]);
    const [box1] = (await list({ keyword: 'ARGUS-BOX-0001' })).list;
    expect(box1).toMatchObject({ status: 'online', cameraCount: 4, lastHeartbeat: expect.any(String) });
  });

  it('edits a box but not its serial number', async () => {
    const { id } = await ok(server.app, 'POST', '/edgeBox/add', { token, body: { name: 'edit-box', serialNumber: 'EDIT-1' } });
    await ok(server.app, 'PUT', '/edgeBox/update', { token, body: { id, name: 'edited-box', address: '宝安', serialNumber: 'CHANGED' } });
    expect((await list({ keyword: 'EDIT-1' })).list[0]).toMatchObject({ name: 'edited-box', address: '宝安', serialNumber: 'EDIT-1' });
    await fails(server.app, 'PUT', '/edgeBox/update', 409, { token, body: { id, name: '南山路口边缘盒子' } });
    await fails(server.app, 'PUT', '/edgeBox/update', 404, { token, body: { id: 9999, name: 'n' } });
  });

  it('queues a restart for an online box and refuses an offline one', async () => {
    await heartbeat(server, 1);
    await ok(server.app, 'POST', '/edgeBox/restart', { token, body: { boxId: 1 } });
    expect((await heartbeat(server, 1)).commands.map((c) => c.command)).toContain('restart');
    expect((await heartbeat(server, 1)).commands).toEqual([]);
    const { id } = await ok(server.app, 'POST', '/edgeBox/add', { token, body: { name: 'never-seen', serialNumber: 'NEVER-1' } });
    await fails(server.app, 'POST', '/edgeBox/restart', 409, { token, body: { boxId: id } });
    await fails(server.app, 'POST', '/edgeBox/restart', 404, { token, body: { boxId: 9999 } });
  });

  it('refuses to delete a box with devices bound (409) or an unknown id (404), and deletes one without', async () => {
    const { id } = await ok(server.app, 'POST', '/edgeBox/add', { token, body: { name: 'gone-box', serialNumber: 'GONE-1' } });
    await fails(server.app, 'DELETE', '/edgeBox/delete', 409, { token, body: { ids: [id, 1] } });
    await fails(server.app, 'DELETE', '/edgeBox/delete', 404, { token, body: { ids: [id, 9999] } });
    await ok(server.app, 'POST', '/edgeBox/platformConfig', { token, body: { boxId: id, platformHost: 'h', platformPort: 80 } });
    await ok(server.app, 'DELETE', '/edgeBox/delete', { token, body: { ids: [id] } });
    expect((await list({ keyword: 'GONE-1' })).total).toBe(0);
    expect(await db().selectFrom('edgeBoxPlatformConfigs').select('boxId').where('boxId', '=', id).execute()).toEqual([]);
  });
});

describe('platform settings', () => {
  it('answers the defaults with the address the console used until saved, then what was saved', async () => {
    const { id } = await ok(server.app, 'POST', '/edgeBox/add', { token, body: { name: 'pc-box', serialNumber: 'PC-1' } });
    const defaults = await ok(server.app, 'GET', '/edgeBox/platformConfig', { token, query: { boxId: id } });
    expect(defaults).toEqual({ boxId: id, platformHost: 'localhost', platformPort: 80, protocol: 'https', heartbeatSeconds: 30, uploadImage: true, uploadVideo: false, timeSyncServer: null });
    const saved = { boxId: id, platformHost: '203.0.113.5', platformPort: 8443, protocol: 'http', heartbeatSeconds: 15, uploadImage: false, uploadVideo: true, timeSyncServer: 'ntp.local' };
    await ok(server.app, 'POST', '/edgeBox/platformConfig', { token, body: saved });
    expect(await ok(server.app, 'GET', '/edgeBox/platformConfig', { token, query: { boxId: id } })).toEqual(saved);
    expect((await recordBoxHeartbeat(db(), id)).commands).toMatchObject([{ command: 'platformConfig', payload: { platformHost: '203.0.113.5', heartbeatSeconds: 15 } }]);
    await fails(server.app, 'POST', '/edgeBox/platformConfig', 400, { token, body: { ...saved, heartbeatSeconds: 5 } });
    await fails(server.app, 'GET', '/edgeBox/platformConfig', 404, { token, query: { boxId: 9999 } });
  });
});

describe('what a box runs', () => {
  it('assigns cameras and events (binding the cameras, configuring missing events with defaults) until delivered', async () => {
    const { id: box } = await ok(server.app, 'POST', '/edgeBox/add', { token, body: { name: 'task-box', serialNumber: 'TASK-1' } });
    const a = await addCamera(server.app, token);
    const b = await addCamera(server.app, token);
    expect(await ok(server.app, 'GET', '/edgeBox/boxTask', { token, query: { boxId: box } })).toEqual({ boxId: box, items: [], governanceTasks: [], delivered: true, updateTime: null });
    await ok(server.app, 'POST', '/edgeBox/boxTask', { token, body: { boxId: box, items: [{ cameraId: a, eventIds: [51, 15] }, { cameraId: b, eventIds: [] }] } });
    const task = await ok(server.app, 'GET', '/edgeBox/boxTask', { token, query: { boxId: box } });
    expect(task).toMatchObject({ delivered: false, items: [{ cameraId: a, eventIds: [51, 15], eventNames: ['区域入侵', '烟火检测'], runState: 0 }, { cameraId: b, eventIds: [] }] });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: a } })).toMatchObject({ boxId: box, boxName: 'task-box', events: [{ eventId: 51 }, { eventId: 15 }] });
    await recordBoxHeartbeat(db(), box, { runStates: [{ cameraId: a, runState: 1 }] });
    expect(await ok(server.app, 'GET', '/edgeBox/boxTask', { token, query: { boxId: box } })).toMatchObject({ delivered: true, items: [{ cameraId: a, runState: 1 }, { runState: 0 }] });

    // A camera on another box cannot be assigned; unknown ids answer 404.
    await fails(server.app, 'POST', '/edgeBox/boxTask', 409, { token, body: { boxId: box, items: [{ cameraId: 1, eventIds: [] }] } });
    await fails(server.app, 'POST', '/edgeBox/boxTask', 404, { token, body: { boxId: box, items: [{ cameraId: 99999, eventIds: [] }] } });
    await fails(server.app, 'POST', '/edgeBox/boxTask', 404, { token, body: { boxId: box, items: [{ cameraId: a, eventIds: [424242] }] } });
    await fails(server.app, 'POST', '/edgeBox/boxTask', 404, { token, body: { boxId: 9999, items: [] } });
  });

  it('creates, edits and cancels governance tasks with the time rules', async () => {
    const base = { boxId: 1, name: '违停治理', cameraIds: [1, 2], eventIds: [51] };
    const { id } = await ok(server.app, 'POST', '/edgeBox/governanceTask/save', { token, body: { ...base, startTime: at(3600_000), endTime: at(7200_000) } });
    let [task] = (await ok(server.app, 'GET', '/edgeBox/boxTask', { token, query: { boxId: 1 } })).governanceTasks;
    expect(task).toMatchObject({ id, status: 'pending', cameraIds: [1, 2], eventIds: [51], name: '违停治理' });
    await ok(server.app, 'POST', '/edgeBox/governanceTask/save', { token, body: { ...base, id, name: '违停治理2', startTime: at(-60_000), endTime: at(7200_000) } });
    [task] = (await ok(server.app, 'GET', '/edgeBox/boxTask', { token, query: { boxId: 1 } })).governanceTasks;
    expect(task).toMatchObject({ id, status: 'running', name: '违停治理2' });

    const rule = (body: Record<string, unknown>, code: number) => fails(server.app, 'POST', '/edgeBox/governanceTask/save', code, { token, lang: 'en', body: { ...base, ...body } });
    expect(await rule({ startTime: at(7200_000), endTime: at(3600_000) }, 400)).toContain('startTime');
    expect(await rule({ startTime: at(-7200_000), endTime: at(-3600_000) }, 400)).toContain('endTime');
    expect(await rule({ startTime: at(0), endTime: at(16 * 86_400_000) }, 400)).toContain('15 days');
    await rule({ startTime: at(60_000), endTime: at(120_000), cameraIds: [5] }, 409);
    await rule({ startTime: at(60_000), endTime: at(120_000), cameraIds: [99999] }, 404);
    await rule({ startTime: at(60_000), endTime: at(120_000), eventIds: [424242] }, 404);
    await rule({ id: 9999, startTime: at(60_000), endTime: at(120_000) }, 404);

    await ok(server.app, 'POST', '/edgeBox/governanceTask/cancel', { token, body: { id } });
    expect((await ok(server.app, 'GET', '/edgeBox/boxTask', { token, query: { boxId: 1 } })).governanceTasks).toEqual([]);
    await fails(server.app, 'POST', '/edgeBox/governanceTask/cancel', 409, { token, body: { id } });
    await rule({ id, startTime: at(60_000), endTime: at(120_000) }, 409);
    await fails(server.app, 'POST', '/edgeBox/governanceTask/cancel', 404, { token, body: { id: 9999 } });
    expect((await heartbeat(server, 1)).commands.map((c) => c.command)).toEqual(expect.arrayContaining(['governanceTask', 'governanceCancel']));
  });

  it('lists the apps and topics the box reported', async () => {
    expect(await ok(server.app, 'GET', '/edgeBox/sdc/apps', { token, query: { boxId: 2 } })).toEqual([]);
    const apps = [
      { appName: 'helmet', version: '1.2.0', state: 'running', description: null, cameraSerial: 'SDC-1' },
      { appName: 'fire', version: null, state: 'stopped', description: 'smoke', cameraSerial: null },
    ];
    const topics = [
      { topic: 'alarm/helmet', appName: 'helmet', description: null },
      { topic: 'alarm/fire', appName: 'fire', description: null },
    ];
    await recordBoxHeartbeat(db(), 2, { sdcApps: apps, sdcTopics: topics });
    expect(await ok(server.app, 'GET', '/edgeBox/sdc/apps', { token, query: { boxId: 2 } })).toEqual(apps);
    expect(await ok(server.app, 'GET', '/edgeBox/sdc/topics', { token, query: { boxId: 2, appName: 'fire' } })).toEqual([topics[1]]);
    expect(await ok(server.app, 'GET', '/edgeBox/sdc/topics', { token, query: { boxId: 2 } })).toEqual(topics);
    await fails(server.app, 'GET', '/edgeBox/sdc/apps', 404, { token, query: { boxId: 9999 } });
  });
});

describe('work-clothes library', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await plainImage('png', 48, 64);
  });
  const add = (fields: Record<string, string>, bytes = png, type = 'image/png') =>
    upload(server.app, token, '/edgeBox/workClothes/add', multipart({ field: 'file', name: 'uniform.png', type, bytes }, fields));

  it('keeps per-box and shared pictures, unique by name in each library, checked by content', async () => {
    const shared = await add({ name: '蓝色工服' });
    const own = await add({ name: '蓝色工服', boxId: '1', remark: '南山' });
    expect(shared.code).toBe(0);
    expect(own.code).toBe(0);
    expect((await add({ name: '蓝色工服' })).code).toBe(409);
    expect((await add({ name: 'x' }, Buffer.from('not an image at all'))).code).toBe(415);
    expect((await add({ name: 'x', boxId: '9999' })).code).toBe(404);
    expect((await add({}, png)).msg).toContain('name');
    expect((await add({ name: 'big' }, Buffer.concat([PNG_SIGNATURE, Buffer.alloc(5 * 1024 * 1024)]))).code).toBe(413);

    const forBox1 = await ok(server.app, 'POST', '/edgeBox/workClothes/list', { token, body: { boxId: 1 } });
    expect(forBox1.list.map((w: any) => w.id).sort()).toEqual([shared.data.id, own.data.id].sort());
    expect((await ok(server.app, 'POST', '/edgeBox/workClothes/list', { token, body: { boxId: 2 } })).list.map((w: any) => w.id)).toEqual([shared.data.id]);
    const item = forBox1.list.find((w: any) => w.id === own.data.id);
    expect(item).toMatchObject({ name: '蓝色工服', boxId: 1, remark: '南山', imageUrl: expect.stringMatching(/^\/files\/workclothes\/.+\.png$/) });
    expect((await server.app.inject({ method: 'GET', url: item.imageUrl })).rawPayload.equals(png)).toBe(true);
    expect((await heartbeat(server, 2)).commands.map((c) => c.command)).toContain('workClothes');

    await fails(server.app, 'POST', '/edgeBox/workClothes/delete', 404, { token, body: { ids: [own.data.id, 9999] } });
    await ok(server.app, 'POST', '/edgeBox/workClothes/delete', { token, body: { ids: [own.data.id] } });
    expect((await server.app.inject({ method: 'GET', url: item.imageUrl })).statusCode).toBe(404);
  });
});

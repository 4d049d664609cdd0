// Scenes: the table by name with paging and the derived status filter, add / edit / rename / delete by id list, and
// the catalogue events and violation types of a scene.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from './support/client.ts';
import { addCamera, fails, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

describe('scenes', () => {
  it('adds a scene with events and violation types and reads it back in the table', async () => {
    const { id } = await ok(server.app, 'POST', '/scene/add', { token, body: { sceneName: '高速公路', eventIds: [1003, 1009, 1009], violationIds: [15, 41], remark: '高速' } });
    const page = await ok(server.app, 'POST', '/scene/table', { token, body: { sceneName: '高速' } });
    expect(page).toMatchObject({ total: 1, pageNo: 1, pageSize: 20 });
    expect(page.list[0]).toMatchObject({ id, sceneName: '高速公路', status: 0, cameraCount: 0, eventIds: [1003, 1009], violationIds: [15, 41], remark: '高速', createTime: expect.any(String) });
    await fails(server.app, 'POST', '/scene/add', 409, { token, body: { sceneName: '高速公路' } });
    await fails(server.app, 'POST', '/scene/add', 404, { token, body: { sceneName: 'x', eventIds: [424242] } });
    await fails(server.app, 'POST', '/scene/add', 400, { token, body: { sceneName: 'x', violationIds: [51] } });
    await fails(server.app, 'POST', '/scene/add', 400, { token, body: { sceneName: 'x'.repeat(33) } });
  });

  it('orders by name, pages, and filters by the derived status', async () => {
    const all = await ok(server.app, 'POST', '/scene/table', { token, body: { pageSize: 100 } });
    const names = all.list.map((s: any) => s.sceneName);
    expect(names).toEqual([...names].sort());
    const second = await ok(server.app, 'POST', '/scene/table', { token, body: { pageNo: 2, pageSize: 1 } });
    expect(second.list.map((s: any) => s.sceneName)).toEqual([names[1]]);
    // The demo scenes' cameras are started: both count as started.
    expect((await ok(server.app, 'POST', '/scene/table', { token, body: { status: 1 } })).list.map((s: any) => s.sceneName).sort()).toEqual(['园区', '城市道路'].sort());
    expect((await ok(server.app, 'POST', '/scene/table', { token, body: { status: 0 } })).list.map((s: any) => s.sceneName)).toEqual(['高速公路']);
  });

  it('edits, renames and deletes by id list, refusing while cameras use the scene', async () => {
    const { id } = await ok(server.app, 'POST', '/scene/add', { token, body: { sceneName: '待删' } });
    const camera = await addCamera(server.app, token, { sceneId: id });
    await ok(server.app, 'PUT', '/scene/edit', { token, body: { id, sceneName: '待删场景', eventIds: [51], violationIds: [1] } });
    await fails(server.app, 'PUT', '/scene/edit', 409, { token, body: { id, sceneName: '园区' } });
    await fails(server.app, 'PUT', '/scene/edit', 404, { token, body: { id: 9999, sceneName: 'n' } });
    await fails(server.app, 'PUT', '/scene/edit', 404, { token, body: { id, sceneName: 'n', eventIds: [424242] } });
    await ok(server.app, 'PUT', '/scene/rename', { token, body: { sceneId: id, sceneName: '改名场景' } });
    await fails(server.app, 'PUT', '/scene/rename', 409, { token, body: { sceneId: id, sceneName: '园区' } });
    await fails(server.app, 'PUT', '/scene/rename', 404, { token, body: { sceneId: 9999, sceneName: 'n' } });
    const [scene] = (await ok(server.app, 'POST', '/scene/table', { token, body: { sceneName: '改名' } })).list;
    expect(scene).toMatchObject({ id, sceneName: '改名场景', eventIds: [51], violationIds: [1], cameraCount: 1 });
    await fails(server.app, 'DELETE', '/scene/delete', 404, { token, body: { sceneIdList: [id, 9999] } });
    // Used by a camera: refused, naming the scene and the count; nothing is detached.
    const refused = await fails(server.app, 'DELETE', '/scene/delete', 409, { token, body: { sceneIdList: [id] } });
    expect(refused).toContain('改名场景');
    expect(refused).toContain('1 台摄像机');
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: camera } })).toMatchObject({ sceneId: id, sceneName: '改名场景' });
    await server.database.db.updateTable('devices').set({ sceneId: null }).where('id', '=', camera).execute();
    await ok(server.app, 'DELETE', '/scene/delete', { token, body: { sceneIdList: [id] } });
    expect((await ok(server.app, 'POST', '/scene/table', { token, body: { sceneName: '改名' } })).total).toBe(0);
  });

  it('lists every catalogue event and every violation type with the scene’s own checked', async () => {
    const { id } = await ok(server.app, 'POST', '/scene/add', { token, body: { sceneName: '检查', eventIds: [1009, 15], violationIds: [16, 24] } });
    const events = await ok(server.app, 'GET', '/scene/menuEvents', { token, query: { sceneId: id } });
    expect(events.length).toBeGreaterThanOrEqual(31);
    expect(events.filter((e: any) => e.checked).map((e: any) => e.eventId)).toEqual([1009, 15]);
    expect(events.find((e: any) => e.eventId === 1009)).toMatchObject({ eventName: '火灾', typeName: '道路事件', typeId: 1 });
    // Grouped by event type.
    const types = events.map((e: any) => e.typeId);
    expect(types).toEqual([...types].sort((a: number, b: number) => a - b));
    const violations = await ok(server.app, 'GET', '/scene/violations', { token, lang: 'en', query: { sceneId: id } });
    expect(violations).toHaveLength(50);
    expect(violations[15]).toEqual({ id: 16, key: 'vehicleRedLight', name: 'Running a red light', checked: true });
    expect(violations[16]).toMatchObject({ id: 17, key: 'violation17', checked: false });
    expect(violations.filter((v: any) => v.checked).map((v: any) => v.id)).toEqual([16, 24]);
    await fails(server.app, 'GET', '/scene/menuEvents', 404, { token, query: { sceneId: 9999 } });
    await fails(server.app, 'GET', '/scene/violations', 404, { token, query: { sceneId: 9999 } });
  });
});

// The event catalogue (/event/*, /event/type/*): filters and order, add / edit / delete with duplicates and unknown
// references named, keys in use not changed and events in use not deleted (nothing half-written), events of
// orchestration kept to their draft, disable and restart (the boxes running them told to reload), the type tree
// (sibling names, cycles, types in use), and the permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, OPERATOR } from './support/client.ts';
import { addCamera, fails, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const db = () => server.database.db;

describe('events', () => {
  it('lists the seeded catalogue by type, filters by name, type ids and state, and pages', async () => {
    const all = await ok(server.app, 'POST', '/event/list', { token, body: { pageSize: 500 } });
    expect(all.total).toBeGreaterThanOrEqual(31);
    const kinds = all.list.map((e: any) => e.eventType);
    expect(kinds).toEqual([...kinds].sort());
    expect(all.list.find((e: any) => e.eventId === 1009)).toMatchObject({ eventName: '火灾', typeName: '道路事件', enabled: true, appName: 'argus-traffic' });
    const road = await ok(server.app, 'POST', '/event/list', { token, body: { typeIds: '1', pageSize: 100 } });
    expect(road.total).toBe(24);
    expect((await ok(server.app, 'POST', '/event/list', { token, body: { eventName: '越界' } })).list.map((e: any) => e.eventId)).toEqual([52]);
    const second = await ok(server.app, 'POST', '/event/list', { token, body: { pageNo: 2, pageSize: 5 } });
    expect(second.list.map((e: any) => e.id)).toEqual(all.list.slice(5, 10).map((e: any) => e.id));
  });

  it('adds, refusing a duplicate key, an unknown type and bad input by name', async () => {
    const { id } = await ok(server.app, 'POST', '/event/add', { token, body: { eventId: 3001, eventName: '安全帽检测', eventType: 'custom', appName: 'argus-safety', typeId: 2 } });
    expect((await ok(server.app, 'POST', '/event/list', { token, body: { eventId: 3001 } })).list[0]).toMatchObject({ id, version: '1.0.0', enabled: true, remark: '' });
    const dup = await fails(server.app, 'POST', '/event/add', 409, { token, body: { eventId: 3001, eventName: 'x', eventType: 'custom', appName: 'argus-safety', typeId: 2 } });
    expect(dup).toContain('3001');
    await fails(server.app, 'POST', '/event/add', 404, { token, body: { eventId: 3002, eventName: 'x', eventType: 'road', typeId: 999 } });
    const bad = await fails(server.app, 'POST', '/event/add', 400, { token, lang: 'en', body: { eventId: 3002, eventName: 'x', eventType: 'road', typeId: 1, appName: 'has space' } });
    expect(bad).toContain('appName');
    await fails(server.app, 'POST', '/event/add', 400, { token, body: { eventId: 0, eventName: 'x', eventType: 'road', typeId: 1 } });
  });

  it('edits; a key in use or a draft-owned field does not change, and nothing is half-written', async () => {
    const { id } = await ok(server.app, 'POST', '/event/add', { token, body: { eventId: 3101, eventName: '道路积雪', eventType: 'road', appName: 'argus-traffic', typeId: 1 } });
    await ok(server.app, 'PUT', '/event/update', { token, body: { id, eventName: '路面积雪', remark: '冬季' } });
    const camera = await addCamera(server.app, token);
    await db().insertInto('deviceEventConfigs').values({ deviceId: camera, eventId: 3101, typeId: 1, appName: 'argus-traffic', config: '{}' }).execute();
    const refused = await fails(server.app, 'PUT', '/event/update', 409, { token, body: { id, eventId: 3102, eventName: '改名也不生效' } });
    expect(refused).toContain('路面积雪');
    expect((await ok(server.app, 'POST', '/event/list', { token, body: { eventId: 3101 } })).list[0]).toMatchObject({ id, eventName: '路面积雪', remark: '冬季' });
    await fails(server.app, 'PUT', '/event/update', 409, { token, body: { id, eventId: 1009 } });
    await fails(server.app, 'PUT', '/event/update', 404, { token, body: { id: 99999, eventName: 'x' } });
    // A published orchestration's event: only its name, type and remark.
    const [published] = await db().selectFrom('setupEvents').select('catalogueEventId').where('catalogueEventId', 'is not', null).execute();
    const locked = await fails(server.app, 'PUT', '/event/update', 400, { token, lang: 'en', body: { id: published.catalogueEventId, appName: 'other' } });
    expect(locked).toContain('appName');
    await ok(server.app, 'PUT', '/event/update', { token, body: { id: published.catalogueEventId, remark: '编排发布' } });
  });

  it('deletes all or nothing: unknown ids 404, events configured on a camera or owned by a draft 409', async () => {
    const a = await ok(server.app, 'POST', '/event/add', { token, body: { eventId: 3201, eventName: '待删甲', eventType: 'road', typeId: 1 } });
    const b = await ok(server.app, 'POST', '/event/add', { token, body: { eventId: 3202, eventName: '待删乙', eventType: 'road', typeId: 1 } });
    await fails(server.app, 'DELETE', '/event/delete', 404, { token, body: { ids: [a.id, 99999] } });
    const camera = await addCamera(server.app, token);
    await db().insertInto('deviceEventConfigs').values({ deviceId: camera, eventId: 3202, typeId: 1, appName: '', config: '{}' }).execute();
    expect(await fails(server.app, 'DELETE', '/event/delete', 409, { token, body: { ids: [a.id, b.id] } })).toContain('待删乙');
    expect((await ok(server.app, 'POST', '/event/list', { token, body: { eventName: '待删' } })).total).toBe(2);
    await ok(server.app, 'DELETE', '/event/delete', { token, body: { ids: [a.id] } });
    expect((await ok(server.app, 'POST', '/event/list', { token, body: { eventName: '待删' } })).list.map((e: any) => e.id)).toEqual([b.id]);
  });

  it('disables and restarts (§4); a restart queues a reload for the boxes that run the event', async () => {
    const event = (await ok(server.app, 'POST', '/event/list', { token, body: { eventId: 1003 } })).list[0];
    const [camera] = await db().selectFrom('devices').select(['id', 'boxId']).where('boxId', 'is not', null).orderBy('id').limit(1).execute();
    await db().insertInto('deviceEventConfigs').values({ deviceId: camera.id, eventId: 1003, typeId: event.typeId, appName: event.appName, config: '{}' }).onConflict((oc) => oc.doNothing()).execute();
    await ok(server.app, 'PUT', '/event/disable', { token, body: { ids: [event.id, event.id] } });
    expect((await ok(server.app, 'POST', '/event/list', { token, body: { eventId: 1003, enabled: false } })).total).toBe(1);
    await fails(server.app, 'PUT', '/event/disable', 404, { token, body: { ids: [99999] } });
    await ok(server.app, 'PUT', '/event/restart', { token, body: { ids: [event.id] } });
    expect((await ok(server.app, 'POST', '/event/list', { token, body: { eventId: 1003 } })).list[0].enabled).toBe(true);
    const commands = await db().selectFrom('edgeBoxCommands').selectAll().where('boxId', '=', camera.boxId!).where('command', '=', 'reloadEvents').execute();
    expect(commands).toHaveLength(1);
    expect(commands[0].payload).toMatchObject({ events: [{ eventId: 1003, typeId: event.typeId, appName: event.appName }] });
  });
});

describe('event types', () => {
  it('lists with event counts; sibling names are unique; unknown parents are named', async () => {
    const page = await ok(server.app, 'POST', '/event/type/list', { token, body: {} });
    expect(page.list.find((t: any) => t.id === 1)).toMatchObject({ typeName: '道路事件', parentId: null, eventCount: expect.any(Number) });
    const { id: parent } = await ok(server.app, 'POST', '/event/type/add', { token, body: { typeName: '安全生产', sort: 30 } });
    const { id: child } = await ok(server.app, 'POST', '/event/type/add', { token, body: { typeName: '高处作业', parentId: parent } });
    await fails(server.app, 'POST', '/event/type/add', 409, { token, body: { typeName: '高处作业', parentId: parent } });
    await fails(server.app, 'POST', '/event/type/add', 409, { token, body: { typeName: '道路事件' } });
    await fails(server.app, 'POST', '/event/type/add', 404, { token, body: { typeName: 'x', parentId: 9999 } });
    expect((await ok(server.app, 'POST', '/event/type/list', { token, body: { parentId: parent } })).list.map((t: any) => t.id)).toEqual([child]);
    // A type cannot go under itself or its child.
    await fails(server.app, 'PUT', '/event/type/update', 409, { token, body: { id: parent, parentId: child } });
    await fails(server.app, 'PUT', '/event/type/update', 409, { token, body: { id: parent, parentId: parent } });
    await ok(server.app, 'PUT', '/event/type/update', { token, body: { id: child, typeName: '受限空间', remark: '作业' } });
  });

  it('does not delete a type with events or children, unless the children go with it', async () => {
    const { id: parent } = await ok(server.app, 'POST', '/event/type/add', { token, body: { typeName: '临时父类' } });
    const { id: child } = await ok(server.app, 'POST', '/event/type/add', { token, body: { typeName: '临时子类', parentId: parent } });
    expect(await fails(server.app, 'DELETE', '/event/type/delete', 409, { token, body: { ids: [parent] } })).toContain('临时父类');
    await fails(server.app, 'DELETE', '/event/type/delete', 409, { token, body: { ids: [1] } });
    await ok(server.app, 'DELETE', '/event/type/delete', { token, body: { ids: [parent, child] } });
    expect((await ok(server.app, 'POST', '/event/type/list', { token, body: { typeName: '临时' } })).total).toBe(0);
  });
});

describe('permissions', () => {
  it('the operator reads no catalogue and writes nothing', async () => {
    const operator = await login(server.app, OPERATOR);
    for (const [method, path, body] of [
      ['POST', '/event/list', {}],
      ['POST', '/event/add', { eventId: 9, eventName: 'x', eventType: 'road', typeId: 1 }],
      ['PUT', '/event/disable', { ids: [1] }],
      ['POST', '/event/type/add', { typeName: 'x' }],
    ] as const) {
      expect((await call(server.app, method, path, { token: operator, body })).json.code, path).toBe(403);
    }
  });
});

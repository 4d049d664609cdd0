// The system catalogues: time models (repeated days and overlapping windows named, midnight crossing allowed, in
// use not deleted), image tags and tags (unique names per type), camera groups (page/rows, membership, cycles, in
// use not deleted), the unit tree (levels, camera counts, name filter, moves, depth) and the three settings
// documents (defaults, replace, bad input named), with the permissions.
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
const win = (startTime: string, endTime: string) => ({ startTime, endTime });

describe('time models', () => {
  it('adds with the default weekdays; repeated days, empty and overlapping windows are named', async () => {
    const { id } = await ok(server.app, 'POST', '/timeModel/add', { token, body: { name: '早晚高峰', times: [win('07:00:00', '09:00:00'), win('17:00:00', '19:00:00')] } });
    expect((await ok(server.app, 'POST', '/timeModel/list', { token, body: { name: '高峰' } })).list[0]).toMatchObject({ id, weeks: [1, 2, 3, 4, 5], usedCount: 0 });
    expect(await fails(server.app, 'POST', '/timeModel/add', 400, { token, body: { name: 'a', weeks: [1, 1], times: [win('01:00:00', '02:00:00')] } })).toContain('1');
    expect(await fails(server.app, 'POST', '/timeModel/add', 400, { token, body: { name: 'a', times: [win('22:00:00', '02:00:00'), win('01:00:00', '03:00:00')] } })).toContain('22:00:00');
    await fails(server.app, 'POST', '/timeModel/add', 400, { token, body: { name: 'a', times: [win('05:00:00', '05:00:00')] } });
    expect(await fails(server.app, 'POST', '/timeModel/add', 400, { token, lang: 'en', body: { name: 'a', times: [win('25:00:00', '02:00:00')] } })).toContain('startTime');
    await fails(server.app, 'POST', '/timeModel/add', 409, { token, body: { name: '早晚高峰', times: [win('01:00:00', '02:00:00')] } });
    // Windows that only touch, or cross midnight without overlapping, are fine.
    await ok(server.app, 'PUT', '/timeModel/update', { token, body: { id, weeks: [6, 7], times: [win('22:00:00', '06:00:00'), win('06:00:00', '08:00:00')] } });
  });

  it('is not deleted while a task runs on it', async () => {
    const { id } = await ok(server.app, 'POST', '/timeModel/add', { token, body: { name: '任务时段', times: [win('08:00:00', '20:00:00')] } });
    const camera = await addCamera(server.app, token);
    await db().insertInto('detectionTasks').values({ deviceId: camera, name: '时段任务', config: '{}', timeModelId: id }).execute();
    expect((await ok(server.app, 'POST', '/timeModel/list', { token, body: { name: '任务时段' } })).list[0].usedCount).toBe(1);
    expect(await fails(server.app, 'DELETE', '/timeModel/delete', 409, { token, body: { ids: [id] } })).toContain('任务时段');
    await db().updateTable('detectionTasks').set({ timeModelId: null }).where('deviceId', '=', camera).execute();
    await ok(server.app, 'DELETE', '/timeModel/delete', { token, body: { ids: [id] } });
  });
});

describe('tags', () => {
  it('image tags: unique names, colours checked, deleting removes the tag from images', async () => {
    const { id } = await ok(server.app, 'POST', '/imgTag/add', { token, body: { tagName: '夜间', color: '#00aaff' } });
    await fails(server.app, 'POST', '/imgTag/add', 409, { token, body: { tagName: '误报' } });
    expect(await fails(server.app, 'POST', '/imgTag/add', 400, { token, lang: 'en', body: { tagName: 'x', color: 'red' } })).toContain('color');
    await db().insertInto('alarmImgTags').values({ tagId: id, alarmId: 1 }).execute();
    expect((await ok(server.app, 'POST', '/imgTag/list', { token, body: { tagName: '夜间' } })).list[0]).toMatchObject({ color: '#00AAFF', imageCount: 1 });
    await ok(server.app, 'DELETE', '/imgTag/delete', { token, body: { ids: [id] } });
    expect(await db().selectFrom('alarmImgTags').selectAll().where('tagId', '=', id).execute()).toEqual([]);
  });

  it('tags: a name is unique within its type; the type filter; a tag changing type leaves what it labelled', async () => {
    const { id } = await ok(server.app, 'POST', '/tag/add', { token, body: { tagName: '重点路口', tagType: 'alarm' } });
    await fails(server.app, 'POST', '/tag/add', 409, { token, body: { tagName: '重点路口', tagType: 'camera' } });
    expect((await ok(server.app, 'POST', '/tag/list', { token, body: { tagType: 'camera' } })).list.map((t: any) => t.tagName)).toEqual(['重点路口']);
    await db().insertInto('tagLinks').values({ tagId: id, targetId: 7 }).execute();
    await fails(server.app, 'PUT', '/tag/update', 409, { token, body: { id, tagType: 'camera' } });
    await ok(server.app, 'PUT', '/tag/update', { token, body: { id, tagType: 'event', tagName: '重点事件' } });
    expect((await ok(server.app, 'POST', '/tag/list', { token, body: { tagName: '重点事件' } })).list[0]).toMatchObject({ tagType: 'event', useCount: 0 });
    await fails(server.app, 'DELETE', '/tag/delete', 404, { token, body: { ids: [id, 99999] } });
    await ok(server.app, 'DELETE', '/tag/delete', { token, body: { ids: [id] } });
  });
});

describe('camera groups', () => {
  it('page 1 rows 100 by default; membership replaced; cycles and unknown cameras refused', async () => {
    const page = await ok(server.app, 'POST', '/group/list', { token, body: {} });
    expect(page).toMatchObject({ pageNo: 1, pageSize: 100 });
    expect(page.list.map((g: any) => g.groupName)).toEqual(['南山路口组', '科技园组']);
    expect(page.list[0].cameraCount).toBe(4);
    const camera = await addCamera(server.app, token);
    const { id: parent } = await ok(server.app, 'POST', '/group/add', { token, body: { groupName: '测试组', cameraIds: [camera, camera] } });
    const { id: child } = await ok(server.app, 'POST', '/group/add', { token, body: { groupName: '子组', parentId: parent } });
    expect(await fails(server.app, 'POST', '/group/add', 404, { token, body: { groupName: 'x', cameraIds: [camera, 99999] } })).toContain('99999');
    await fails(server.app, 'POST', '/group/add', 409, { token, body: { groupName: '子组', parentId: parent } });
    await fails(server.app, 'PUT', '/group/update', 409, { token, body: { id: parent, parentId: child } });
    await ok(server.app, 'PUT', '/group/update', { token, body: { id: parent, cameraIds: [] } });
    expect((await ok(server.app, 'POST', '/group/list', { token, body: { groupName: '测试组' } })).list[0]).toMatchObject({ cameraIds: [], cameraCount: 0 });
    await fails(server.app, 'DELETE', '/group/delete', 409, { token, body: { ids: [parent] } });
    await ok(server.app, 'DELETE', '/group/delete', { token, body: { ids: [parent, child] } });
  });

  it('is not deleted while an event configuration names it; its cameras stay', async () => {
    const camera = await addCamera(server.app, token);
    const { id } = await ok(server.app, 'POST', '/group/add', { token, body: { groupName: '配置组', cameraIds: [camera] } });
    await db().insertInto('deviceEventConfigs').values({ deviceId: camera, eventId: 51, typeId: 2, appName: 'argus-general', config: JSON.stringify({ groupId: id }) }).execute();
    expect(await fails(server.app, 'DELETE', '/group/delete', 409, { token, body: { ids: [id] } })).toContain('配置组');
    await db().deleteFrom('deviceEventConfigs').where('deviceId', '=', camera).execute();
    await ok(server.app, 'DELETE', '/group/delete', { token, body: { ids: [id] } });
    expect(await db().selectFrom('devices').select('id').where('id', '=', camera).executeTakeFirst()).toBeTruthy();
  });
});

describe('the unit tree', () => {
  it('answers the whole tree with levels and camera counts (a unit counts the cameras below it)', async () => {
    // The demo seed files every camera under 南山区, those of its second box under 科技园片区.
    const inUnit = async (name: string) =>
      Number((await db().selectFrom('devices').innerJoin('units', 'units.id', 'devices.unitId').select((eb) => eb.fn.countAll().as('n')).where('units.unitName', '=', name).executeTakeFirstOrThrow()).n);
    const [district, park] = [await inUnit('南山区'), await inUnit('科技园片区')];
    expect(park).toBeGreaterThan(0);
    expect(district).toBeGreaterThan(0);
    const tree = await ok(server.app, 'GET', '/unit/tree', { token });
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ unitName: '深圳市', level: 1, cameraCount: district + park });
    expect(tree[0].children[0]).toMatchObject({ unitName: '南山区', level: 2, cameraCount: district + park });
    expect(tree[0].children[0].children[0]).toMatchObject({ unitName: '科技园片区', level: 3, cameraCount: park, children: [] });
    const filtered = await ok(server.app, 'GET', '/unit/tree', { token, query: { name: '科技园' } });
    expect(filtered[0].children[0].children.map((u: any) => u.unitName)).toEqual(['科技园片区']);
    expect(await ok(server.app, 'GET', '/unit/tree', { token, query: { name: '无此单位' } })).toEqual([]);
  });

  it('adds, moves and deletes: sibling names and codes unique, no cycle, at most 10 levels, in use kept', async () => {
    const [root] = await ok(server.app, 'GET', '/unit/tree', { token });
    const { id: a } = await ok(server.app, 'POST', '/unit/add', { token, body: { unitName: '福田区', unitCode: 'SZ-FT', parentId: root.id } });
    await fails(server.app, 'POST', '/unit/add', 409, { token, body: { unitName: '福田区', parentId: root.id } });
    await fails(server.app, 'POST', '/unit/add', 409, { token, body: { unitName: '别名', unitCode: 'SZ-FT' } });
    await fails(server.app, 'POST', '/unit/add', 404, { token, body: { unitName: 'x', parentId: 99999 } });
    let parent = a;
    for (let level = 3; level <= 10; level++) parent = (await ok(server.app, 'POST', '/unit/add', { token, body: { unitName: `第${level}级`, parentId: parent } })).id;
    expect(await fails(server.app, 'POST', '/unit/add', 400, { token, body: { unitName: '第11级', parentId: parent } })).toContain('10');
    await fails(server.app, 'PUT', '/unit/update', 409, { token, body: { id: a, parentId: parent } });
    // Moving the 10-level chain under another second-level unit would make it 11 deep.
    await fails(server.app, 'PUT', '/unit/update', 400, { token, body: { id: a, parentId: root.children[0].id } });
    await ok(server.app, 'PUT', '/unit/update', { token, body: { id: a, parentId: null, unitName: '福田区（独立）' } });
    expect((await ok(server.app, 'GET', '/unit/tree', { token })).map((u: any) => u.unitName)).toContain('福田区（独立）');
    await fails(server.app, 'DELETE', '/unit/delete', 409, { token, body: { ids: [a] } });
    expect(await fails(server.app, 'DELETE', '/unit/delete', 409, { token, body: { ids: [root.children[0].children[0].id] } })).toContain('科技园片区');
  });

  it('sets the cameras directly in a unit: they leave their previous unit, and counts follow', async () => {
    const camera = await addCamera(server.app, token);
    const shenzhen = async () => (await ok(server.app, 'GET', '/unit/tree', { token })).find((u: any) => u.unitName === '深圳市');
    const [park] = (await shenzhen()).children[0].children;
    const { id } = await ok(server.app, 'POST', '/unit/add', { token, body: { unitName: '北门岗亭', parentId: park.id, cameraIds: [camera, park.cameraIds[0]] } });
    const find = async () => {
      const parkNow = (await shenzhen()).children[0].children[0];
      return { parkNow, booth: parkNow.children.find((u: any) => u.id === id) };
    };
    let { parkNow, booth } = await find();
    expect(booth).toMatchObject({ cameraIds: [park.cameraIds[0], camera].sort((x, y) => x - y), cameraCount: 2 });
    expect(parkNow).toMatchObject({ cameraIds: park.cameraIds.slice(1), cameraCount: park.cameraCount + 1 });
    expect(await fails(server.app, 'PUT', '/unit/update', 404, { token, body: { id, cameraIds: [99999] } })).toContain('99999');
    await ok(server.app, 'PUT', '/unit/update', { token, body: { id, cameraIds: [] } });
    ({ booth } = await find());
    expect(booth).toMatchObject({ cameraIds: [], cameraCount: 0 });
    await ok(server.app, 'DELETE', '/unit/delete', { token, body: { ids: [id] } });
  });
});

describe('settings', () => {
  it('answer the defaults until saved, then what was saved', async () => {
    expect(await ok(server.app, 'GET', '/system/outputConfig', { token })).toMatchObject({ imageMode: 'url', imageQuality: 85, retryTimes: 3, alarmRetentionDays: 90 });
    const output = { resPutUrl: 'https://example.net/alarms', computeUrl: '', recheckUrl: '', imageMode: 'base64', imageQuality: 70, drawBoxes: false, videoClipEnabled: true, videoClipSeconds: 15, retryTimes: 5, alarmRetentionDays: 30 };
    await ok(server.app, 'POST', '/system/outputConfig', { token, body: output });
    expect(await ok(server.app, 'GET', '/system/outputConfig', { token })).toEqual(output);
    expect(await fails(server.app, 'POST', '/system/outputConfig', 400, { token, lang: 'en', body: { ...output, resPutUrl: 'ftp://x' } })).toContain('resPutUrl');
    expect(await fails(server.app, 'POST', '/system/outputConfig', 400, { token, lang: 'en', body: { ...output, imageQuality: 5 } })).toContain('imageQuality');
  });

  it('search and push: unknown attribute keys and events are named; duplicates folded', async () => {
    const config = await ok(server.app, 'GET', '/system/searchPushConfig', { token });
    expect(config).toMatchObject({ search: { maxImages: 3, maxRangeDays: 15 }, push: { enabled: false } });
    const body = { search: { ...config.search, attributeKeys: ['plateNo', 'plateNo', 'vehicleColor'] }, push: { ...config.push, enabled: true, eventIds: [1009, 15] } };
    await ok(server.app, 'POST', '/system/searchPushConfig', { token, body });
    expect(await ok(server.app, 'GET', '/system/searchPushConfig', { token })).toMatchObject({ search: { attributeKeys: ['plateNo', 'vehicleColor'] }, push: { enabled: true, eventIds: [1009, 15] } });
    expect(await fails(server.app, 'POST', '/system/searchPushConfig', 400, { token, body: { ...body, search: { ...body.search, attributeKeys: ['shoeSize'] } } })).toContain('shoeSize');
    expect(await fails(server.app, 'POST', '/system/searchPushConfig', 400, { token, body: { ...body, push: { ...body.push, eventIds: [424242] } } })).toContain('424242');
    expect(await fails(server.app, 'POST', '/system/searchPushConfig', 400, { token, lang: 'en', body: { ...body, search: { ...body.search, maxImages: 4 } } })).toContain('maxImages');
  });

  it('watermark: saved and read back, colour normalised', async () => {
    const watermark = { enabled: true, content: '{time} {cameraName} {userName}', position: 'tile', fontSize: 24, color: '#ff0000', opacity: 0.5, applyTo: ['exportImage', 'exportImage'] };
    await ok(server.app, 'POST', '/system/watermarkConfig', { token, body: watermark });
    expect(await ok(server.app, 'GET', '/system/watermarkConfig', { token })).toEqual({ ...watermark, color: '#FF0000', applyTo: ['exportImage'] });
    expect(await fails(server.app, 'POST', '/system/watermarkConfig', 400, { token, lang: 'en', body: { ...watermark, position: 'middle' } })).toContain('position');
  });
});

describe('permissions', () => {
  it('the operator reads and writes none of them', async () => {
    const operator = await login(server.app, OPERATOR);
    for (const [method, path, body] of [
      ['POST', '/timeModel/list', {}],
      ['POST', '/tag/add', { tagName: 'x', tagType: 'camera' }],
      ['POST', '/imgTag/list', {}],
      ['POST', '/group/list', {}],
      ['POST', '/unit/add', { unitName: 'x' }],
      ['GET', '/system/watermarkConfig', undefined],
      ['GET', '/system/searchPushConfig', undefined],
    ] as const) {
      expect((await call(server.app, method, path, { token: operator, body })).json.code, path).toBe(403);
    }
  });
});

// The camera catalogue (tag cameras): control units in a tree, camera points with unique codes, the link to an
// analysed device, and the delete rules.
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

describe('control units', () => {
  it('builds a tree, lists roots, children and all by code, and refuses cycles, duplicates and unknown parents', async () => {
    const { id: root } = await ok(server.app, 'POST', '/ctrlunit/add', { token, body: { name: '深圳市', code: 'SZ' } });
    const { id: ns } = await ok(server.app, 'POST', '/ctrlunit/add', { token, body: { name: '南山区', code: 'SZ-NS', parentId: root, address: '南山' } });
    const { id: ft } = await ok(server.app, 'POST', '/ctrlunit/add', { token, body: { name: '福田区', code: 'SZ-FT', parentId: root } });
    const { id: leaf } = await ok(server.app, 'POST', '/ctrlunit/add', { token, body: { name: '科技园', code: 'SZ-NS-KJY', parentId: ns } });
    await fails(server.app, 'POST', '/ctrlunit/add', 409, { token, body: { name: 'dup', code: 'SZ' } });
    await fails(server.app, 'POST', '/ctrlunit/add', 404, { token, body: { name: 'orphan', code: 'X', parentId: 9999 } });
    const roots = await ok(server.app, 'POST', '/ctrlunit/list', { token, body: { roots: true } });
    expect(roots.list).toMatchObject([{ id: root, parentId: null, childCount: 2, cameraCount: 0 }]);
    const children = await ok(server.app, 'POST', '/ctrlunit/list', { token, body: { parentId: root } });
    expect(children.list.map((u: any) => u.code)).toEqual(['SZ-FT', 'SZ-NS']);
    expect(children.list[1]).toMatchObject({ parentName: '深圳市', childCount: 1, address: '南山' });
    expect((await ok(server.app, 'POST', '/ctrlunit/list', { token, body: { keyword: 'kjy' } })).list.map((u: any) => u.id)).toEqual([leaf]);
    expect((await ok(server.app, 'POST', '/ctrlunit/list', { token, body: {} })).total).toBe(4);

    await fails(server.app, 'PUT', '/ctrlunit/update', 409, { token, body: { id: ns, name: '南山区', code: 'SZ-NS', parentId: leaf } });
    await fails(server.app, 'PUT', '/ctrlunit/update', 409, { token, body: { id: ns, name: '南山区', code: 'SZ-NS', parentId: ns } });
    await fails(server.app, 'PUT', '/ctrlunit/update', 409, { token, body: { id: ns, name: '南山区', code: 'SZ-FT' } });
    await fails(server.app, 'PUT', '/ctrlunit/update', 404, { token, body: { id: 9999, name: 'x', code: 'Y' } });
    await ok(server.app, 'PUT', '/ctrlunit/update', { token, body: { id: leaf, name: '科技园', code: 'SZ-NS-KJY', parentId: ft } });
    expect((await ok(server.app, 'POST', '/ctrlunit/list', { token, body: { parentId: ft } })).list.map((u: any) => u.id)).toEqual([leaf]);

    // Children or cameras block a delete (nothing deleted); a unit deleted with its children goes.
    await fails(server.app, 'DELETE', '/ctrlunit/delete', 409, { token, body: { ids: [ft] } });
    await fails(server.app, 'DELETE', '/ctrlunit/delete', 404, { token, body: { ids: [ft, 9999] } });
    const { id: cam } = await ok(server.app, 'POST', '/camera/add', { token, body: { name: 'c', code: 'CAM-IN-NS', ctrlUnitId: ns } });
    await fails(server.app, 'DELETE', '/ctrlunit/delete', 409, { token, body: { ids: [ns] } });
    await ok(server.app, 'DELETE', '/camera/delete', { token, body: { ids: [cam] } });
    await ok(server.app, 'DELETE', '/ctrlunit/delete', { token, body: { ids: [ft, leaf] } });
    expect((await ok(server.app, 'POST', '/ctrlunit/list', { token, body: {} })).list.map((u: any) => u.id).sort()).toEqual([root, ns].sort());
  });
});

describe('camera points', () => {
  it('adds, lists by code with keyword and unit filters, edits and deletes, keeping the device running', async () => {
    const { id: unit } = await ok(server.app, 'POST', '/ctrlunit/add', { token, body: { name: '宝安区', code: 'BA' } });
    const device = await addCamera(server.app, token);
    const { id: a } = await ok(server.app, 'POST', '/camera/add', {
      token,
      body: { name: '宝安大道-1', code: '44030600001320000002', ctrlUnitId: unit, deviceId: device, ip: '198.51.100.31', port: 554, rtspUrl: 'rtsp://198.51.100.31/1', brand: 'Dahua', longitude: 113.88, latitude: 22.55 },
    });
    const { id: b } = await ok(server.app, 'POST', '/camera/add', { token, body: { name: '宝安大道-2', code: '44030600001320000001' } });
    await fails(server.app, 'POST', '/camera/add', 409, { token, body: { name: 'dup', code: '44030600001320000001' } });
    await fails(server.app, 'POST', '/camera/add', 404, { token, body: { name: 'x', code: 'X1', ctrlUnitId: 9999 } });
    await fails(server.app, 'POST', '/camera/add', 404, { token, body: { name: 'x', code: 'X2', deviceId: 99999 } });
    await fails(server.app, 'POST', '/camera/add', 409, { token, body: { name: 'x', code: 'X3', deviceId: device } });
    await fails(server.app, 'POST', '/camera/add', 400, { token, body: { name: 'x', code: 'bad code!' } });

    const all = await ok(server.app, 'POST', '/camera/list', { token, body: {} });
    expect(all.list.map((c: any) => c.id)).toEqual([b, a]);
    expect(all.list[1]).toMatchObject({ ctrlUnitId: unit, ctrlUnitName: '宝安区', deviceId: device, brand: 'Dahua', port: 554 });
    expect((await ok(server.app, 'POST', '/camera/list', { token, body: { ctrlUnitId: unit } })).list.map((c: any) => c.id)).toEqual([a]);
    expect((await ok(server.app, 'POST', '/camera/list', { token, body: { keyword: '198.51.100.31' } })).list.map((c: any) => c.id)).toEqual([a]);
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: device } })).toMatchObject({ cameraEntryId: a });

    await ok(server.app, 'PUT', '/camera/update', { token, body: { id: b, name: '宝安大道-2', code: '44030600001320000001', deviceId: null, remark: 'moved' } });
    await fails(server.app, 'PUT', '/camera/update', 409, { token, body: { id: b, name: 'b', code: '44030600001320000002' } });
    await fails(server.app, 'PUT', '/camera/update', 404, { token, body: { id: 9999, name: 'b', code: 'Z' } });
    await fails(server.app, 'DELETE', '/camera/delete', 404, { token, body: { ids: [a, 9999] } });
    await ok(server.app, 'DELETE', '/camera/delete', { token, body: { ids: [a] } });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: device } })).toMatchObject({ cameraEntryId: null });
    expect((await ok(server.app, 'POST', '/camera/list', { token, body: {} })).list).toMatchObject([{ id: b, remark: 'moved' }]);
  });
});

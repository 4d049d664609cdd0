// Issue 8, security 5: stored keys and stream credentials reach only those who may see them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullRtspUrl } from '../../server/modules/devices/rtspCredentials.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { addCamera, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';
import { readSheet } from './support/xlsxRows.ts';

let server: TestServer;
let admin: string;
let operator: string;
const SECRET_URL = 'rtsp://cam-user:Pa55-word@198.51.100.9:554/Streaming/Channels/101';

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.app);
  operator = await login(server.app, OPERATOR);
  await server.database.db
    .insertInto('systemConfig')
    .values([
      { key: 'labelStudioToken', value: 'ls-token-0123456789', updatedAt: new Date() },
      { key: 'labelStudioUrl', value: 'http://label.example.com', updatedAt: new Date() },
    ])
    .execute();
});
afterAll(async () => server?.close());

describe('selectAllConfigMap', () => {
  it('gives a user without the configuration module the display keys only', async () => {
    const res = await call(server.app, 'POST', '/config/selectAllConfigMap', { token: operator });
    expect(res.json.code).toBe(0);
    expect(JSON.stringify(res.json)).not.toContain('ls-token-0123456789');
    expect(res.json.data.labelStudioToken).toBeUndefined();
    expect(res.json.data.labelStudioUrl).toBeUndefined();
    expect(Object.keys(res.json.data).sort()).toEqual(
      [
        'assistantServiceId', 'assistantUrl', 'audioAvailable', 'audioUrl', 'checkerNotHandler', 'contextMenuEnabled', 'mapLatitude', 'mapLongitude', 'mapZoom',
        'sceneType', 'skin', 'statsIncludeSimulated', 'systemName', 'titleWordReplacements', 'versionTitle', 'websocketPort', 'websocketServer',
      ].sort(),
    );
  });

  it('gives the administrator (who holds it) every key', async () => {
    const res = await call(server.app, 'POST', '/config/selectAllConfigMap', { token: admin });
    expect(res.json.data.labelStudioToken).toBe('ls-token-0123456789');
  });
});

describe('camera stream URL credentials', () => {
  let id: number;
  beforeAll(async () => {
    id = await addCamera(server.app, admin, { rtspUrl: SECRET_URL });
  });

  it('are stored encrypted, apart from the address', async () => {
    const row = await server.database.db.selectFrom('devices').select(['rtspUrl', 'rtspSecretEnc']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.rtspUrl).toBe('rtsp://198.51.100.9:554/Streaming/Channels/101');
    expect(row.rtspSecretEnc).toMatch(/^v1:/);
    expect(row.rtspSecretEnc).not.toContain('Pa55');
    expect(await fullRtspUrl(server.database.db, row.rtspUrl, row.rtspSecretEnc)).toBe(SECRET_URL);
  });

  it('are masked in the list and the detail, for every reader', async () => {
    for (const token of [admin, operator]) {
      const list = await call(server.app, 'GET', '/device/list', { token, query: { pageNo: 1, pageSize: 100 } });
      if (list.json.code === 403) continue;
      expect(JSON.stringify(list.json)).not.toContain('Pa55-word');
      const mine = list.json.data.list.find((d: { id: number }) => d.id === id);
      expect(mine.rtspUrl).toBe('rtsp://***:***@198.51.100.9:554/Streaming/Channels/101');
    }
    const detail = await call(server.app, 'GET', '/device/cameraInfo', { token: admin, query: { cameraId: id } });
    expect(detail.json.data.rtspUrl).toBe('rtsp://***:***@198.51.100.9:554/Streaming/Channels/101');
    expect(JSON.stringify(detail.json)).not.toContain('Pa55-word');
  });

  it('are kept when the masked form is sent back, replaced by new ones, cleared by a URL without them', async () => {
    const detail = (await call(server.app, 'GET', '/device/cameraInfo', { token: admin, query: { cameraId: id } })).json.data;
    const secretOf = async () =>
      (await server.database.db.selectFrom('devices').select(['rtspUrl', 'rtspSecretEnc']).where('id', '=', id).executeTakeFirstOrThrow());
    const before = await secretOf();
    await ok(server.app, 'PUT', '/device/update', { token: admin, body: { id, name: detail.name, rtspUrl: detail.rtspUrl } });
    expect((await secretOf()).rtspSecretEnc).toBe(before.rtspSecretEnc);
    await ok(server.app, 'PUT', '/device/update', { token: admin, body: { id, name: detail.name, rtspUrl: 'rtsp://other:N3w@198.51.100.9/live' } });
    const changed = await secretOf();
    expect(await fullRtspUrl(server.database.db, changed.rtspUrl, changed.rtspSecretEnc)).toBe('rtsp://other:N3w@198.51.100.9/live');
    await ok(server.app, 'PUT', '/device/update', { token: admin, body: { id, name: detail.name, rtspUrl: 'rtsp://198.51.100.9/live' } });
    expect((await secretOf()).rtspSecretEnc).toBeNull();
  });

  it('are masked in the operation log and its export', async () => {
    const logs = await call(server.app, 'POST', '/operation/log/list', { token: admin, body: { operationId: 'addDevice', pageNo: 1, pageSize: 50 } });
    expect(logs.json.code, logs.json.msg).toBe(0);
    expect(logs.json.data.list.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs.json)).not.toMatch(/Pa55-word|N3w/);
    expect(JSON.stringify(logs.json)).toContain('rtsp://***@198.51.100.9');
    const exported = await server.app.inject({
      method: 'POST',
      url: '/api/operation/log/export',
      headers: { token: admin, 'content-type': 'application/json' },
      payload: JSON.stringify({}),
    });
    const sheet = JSON.stringify(await readSheet(exported.rawPayload));
    expect(sheet).toContain('rtsp://***@');
    expect(sheet).not.toMatch(/Pa55-word|N3w/);
    // Even a row written before masking existed is masked on the way out.
    await server.database.db
      .insertInto('operationLogs')
      .values({ operationId: 'legacyRow', summary: 's', method: 'POST', path: '/x', params: `{"rtspUrl":"${SECRET_URL}"}`, code: 0, msg: 'ok', ip: '::1', durationMs: 1 })
      .execute();
    const legacy = await call(server.app, 'POST', '/operation/log/list', { token: admin, body: { operationId: 'legacyRow' } });
    expect(JSON.stringify(legacy.json)).not.toContain('Pa55-word');
  });

  it('are stored encrypted and masked in the camera catalogue too, and old plain rows are sealed at start', async () => {
    const { id: entry } = await ok(server.app, 'POST', '/camera/add', { token: admin, body: { name: 'entry', code: 'SEC-CAM-1', rtspUrl: SECRET_URL } });
    const list = await call(server.app, 'POST', '/camera/list', { token: admin, body: { pageNo: 1, pageSize: 100 } });
    expect(JSON.stringify(list.json)).not.toContain('Pa55-word');
    expect(list.json.data.list.find((c: { id: number }) => c.id === entry).rtspUrl).toBe('rtsp://***:***@198.51.100.9:554/Streaming/Channels/101');
    const { sealStoredRtspUrls } = await import('../../server/modules/devices/rtspCredentials.ts');
    await server.database.db.updateTable('devices').set({ rtspUrl: SECRET_URL, rtspSecretEnc: null }).where('id', '=', id).execute();
    expect(await sealStoredRtspUrls(server.database.db)).toBe(1);
    const row = await server.database.db.selectFrom('devices').select(['rtspUrl', 'rtspSecretEnc']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.rtspUrl).not.toContain('Pa55');
    expect(await fullRtspUrl(server.database.db, row.rtspUrl, row.rtspSecretEnc)).toBe(SECRET_URL);
  });
});

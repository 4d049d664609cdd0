// Cameras and edge boxes follow the one rule set the console's forms use (schemas/devices.schema.json; issue 8
// item 20): an IPv4 address, a port 1–65535, a live-stream camera's stream address; the refusal names the field
// in the caller's language and says the rule in words; nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from './support/client.ts';
import { fails, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const camera = (fields: Record<string, unknown>) => ({ name: `rule-cam-${Math.random().toString(36).slice(2, 8)}`, kind: 'normal', rtspUrl: 'rtsp://10.0.0.1/live', ...fields });

describe('camera and box input rules', () => {
  it('refuses addresses that are not IPv4, naming the field in words in both languages', async () => {
    for (const ip of ['999.1.1.abc', '300.1.1.1', '1.2.3', 'cam.local']) {
      const zh = await fails(server.app, 'POST', '/device/add', 400, { token, lang: 'zh', body: camera({ ip }) });
      expect(zh, ip).toBe('IP 地址（ip）应为 IPv4 地址（四个 0–255 的数，用点分隔，如 192.168.1.10）');
      const en = await fails(server.app, 'POST', '/device/add', 400, { token, lang: 'en', body: camera({ ip }) });
      expect(en, ip).toBe('IP address (ip) must be an IPv4 address (four numbers 0–255 separated by dots, such as 192.168.1.10)');
    }
    const box = { name: 'rule-box', serialNumber: 'RULE-BOX-1', ip: '300.1.1.1' };
    expect(await fails(server.app, 'POST', '/edgeBox/add', 400, { token, lang: 'zh', body: box })).toContain('IP 地址（ip）应为 IPv4 地址');
    expect(await fails(server.app, 'POST', '/camera/add', 400, { token, lang: 'en', body: { name: 'e', code: 'RULE-E1', ip: '999.1.1.abc' } })).toContain('IP address (ip) must be an IPv4 address');
    const names = await server.database.db.selectFrom('devices').select('name').where('name', 'like', 'rule-cam-%').execute();
    expect(names).toEqual([]);
  });

  it('refuses a port outside 1–65535 and a missing stream address, by their names', async () => {
    expect(await fails(server.app, 'POST', '/device/add', 400, { token, lang: 'zh', body: camera({ port: 70000 }) })).toBe('端口（port）不能大于 65535');
    expect(await fails(server.app, 'POST', '/device/add', 400, { token, lang: 'en', body: camera({ port: 0 }) })).toBe('Port (port) must be at least 1');
    expect(await fails(server.app, 'POST', '/edgeBox/platformConfig', 400, { token, lang: 'zh', body: { boxId: 1, platformHost: 'argus.local', platformPort: 70000 } })).toBe(
      '平台端口（platformPort）不能大于 65535',
    );
    const { rtspUrl: _, ...noStream } = camera({});
    expect(await fails(server.app, 'POST', '/device/add', 400, { token, lang: 'zh', body: noStream })).toBe('视频流地址（rtspUrl）不能为空');
    expect(await fails(server.app, 'POST', '/device/add', 400, { token, lang: 'en', body: { ...noStream, rtspUrl: 'ftp://x' } })).toBe(
      'Stream address (rtspUrl) must start with rtsp://, rtsps://, http://, https:// or file://',
    );
  });

  it('accepts what the rules allow: IPv4 addresses, ports 1 and 65535, a picture camera without a stream', async () => {
    await ok(server.app, 'POST', '/device/add', { token, body: camera({ ip: '255.255.255.255', port: 65535 }) });
    await ok(server.app, 'POST', '/device/add', { token, body: camera({ ip: '0.0.0.0', port: 1 }) });
    await ok(server.app, 'POST', '/device/add', { token, body: { name: 'rule-picture', kind: 'image', ip: '192.168.1.10' } });
    const { id } = await ok(server.app, 'POST', '/edgeBox/add', { token, body: { name: 'rule-box-ok', serialNumber: 'RULE-BOX-2', ip: '10.0.0.2' } });
    await ok(server.app, 'PUT', '/edgeBox/update', { token, body: { id, name: 'rule-box-ok', ip: '' } }); // an address cleared
    expect(await fails(server.app, 'PUT', '/edgeBox/update', 400, { token, lang: 'en', body: { id, name: 'rule-box-ok', ip: '10.0.0.256' } })).toContain('IP address (ip)');
  });
});

// Issue 34, points 1 and 2: every URL the server stores and calls — push endpoints, images describeImage fetches,
// camera stream addresses, the labelling service — goes through the outbound allow-list. A real listener on
// 127.0.0.1 stands for an internal service: whatever spelling of its address a caller tries, at save time or by a
// name that resolves to it later, nothing reaches it unless an administrator allowed the host.
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolver } from '../../server/http/outbound.ts';
import { demoBoxes, ingestOk, SNAPSHOT } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { fails, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
/** An internal service: counts every connection it is offered, answers any HTTP request with 200. */
let trap: TcpServer;
let trapPort: number;
let trapConnections = 0;
/** The model service describeImage is configured with (the operator's, trusted as configured). */
let modelService: Server;
let modelRequests: any[] = [];
/** An image host on loopback (allowed or not, per test). */
let images: Server;
let imagePort: number;
let imageRequests: IncomingMessage[] = [];
const realLookup = resolver.lookup;

const listen = (s: Server | TcpServer) => new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));

beforeAll(async () => {
  trap = createTcpServer((socket) => {
    trapConnections++;
    socket.on('error', () => undefined);
    socket.resume();
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  });
  trapPort = await listen(trap);
  modelService = createHttpServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      modelRequests.push(JSON.parse(text));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: 'A road.' } }] }));
    });
  });
  const modelPort = await listen(modelService);
  images = createHttpServer((req, res) => {
    imageRequests.push(req);
    if (req.url === '/snapshot.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(SNAPSHOT.png);
    if (req.url === '/huge.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(11 * 1024 * 1024, 1));
    if (req.url === '/to-metadata') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    // /slow: holds the answer until the server gives up on it.
  });
  imagePort = await listen(images);
  server = await startTestServer({
    push: { pollMs: 50, retryBaseMs: 100, timeoutMs: 3000 },
    modelService: { url: `http://127.0.0.1:${modelPort}/v1/chat/completions`, model: 'stand-in' },
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  token = await login(server.app);
});
afterEach(async () => {
  resolver.lookup = realLookup;
  await ok(server.app, 'POST', '/system/outboundConfig', { token, body: { allowedHosts: [] } });
});
afterAll(async () => {
  await server?.close();
  images?.closeAllConnections();
  for (const s of [trap, modelService, images]) await new Promise((resolve) => s?.close(resolve));
});

/** Every spelling of the trap's address, and the other internal ranges (none of which may be called). */
const internalHosts = () => [
  `127.0.0.1:${trapPort}`,
  `localhost:${trapPort}`,
  `0.0.0.0:${trapPort}`,
  `2130706433:${trapPort}`,
  `0x7f000001:${trapPort}`,
  `0177.0.0.1:${trapPort}`,
  `127.1:${trapPort}`,
  `127.0.0.1.:${trapPort}`,
  `[::1]:${trapPort}`,
  `[::ffff:127.0.0.1]:${trapPort}`,
  '169.254.169.254',
  '2852039166',
  '[fe80::1]',
  '10.0.0.8',
  '172.16.5.4',
  '192.168.1.1',
  '100.64.0.9',
  '[fd00::5]',
  '224.0.0.1',
  '255.255.255.255',
];

const CLASS_WORDS = /loopback|private|link-local|unique local|CGNAT|unspecified|multicast|broadcast|reserved/;
const SECRET = 'outbound-secret-123';
const addEndpoint = (pushUrl: string, lang: 'zh' | 'en' = 'en', name = `端点-${Math.random().toString(36).slice(2, 8)}`) =>
  call(server.app, 'POST', '/plugIndustry/add', { token, lang, body: { industryName: name, protocol: 'http', pushUrl, authToken: SECRET } });
const deliveries = async (industryId: number, lang: 'zh' | 'en' = 'en') =>
  (await call(server.app, 'POST', '/plugIndustry/deliveries', { token, lang, body: { industryId } })).json.data.list as any[];

describe('push endpoints', () => {
  it('refuses every internal address, in every spelling, with a 400 that says why — and nothing reaches it', async () => {
    for (const host of internalHosts()) {
      const res = await addEndpoint(`http://${host}/hook`);
      expect(res.json.code, host).toBe(400);
      expect(res.json.msg, host).toMatch(/^pushUrl: /);
      expect(res.json.msg, host).toMatch(CLASS_WORDS);
    }
    const zh = await addEndpoint(`http://2130706433:${trapPort}/hook`, 'zh');
    expect(zh.json.msg).toMatch(/本机回环地址（127\.0\.0\.1）/);
    // Nor by editing an endpoint that was allowed.
    const { id } = (await addEndpoint('http://93.184.216.34/hook')).json.data;
    const moved = await call(server.app, 'PUT', '/plugIndustry/update', { token, lang: 'en', body: { id, pushUrl: `http://0x7f.1:${trapPort}/`, authToken: 'new-secret-1' } });
    expect(moved.json).toMatchObject({ code: 400, msg: expect.stringMatching(/loopback address \(127\.0\.0\.1\)/) });
    expect(trapConnections).toBe(0);
  });

  it('refuses a name by what it resolves to: at save time, and when it connects after resolving elsewhere', async () => {
    expect((await addEndpoint(`http://localhost:${trapPort}/hook`)).json.msg).toMatch(/localhost is a loopback address/);
    let answer = ['93.184.216.34'];
    resolver.lookup = async (host) => (host === 'hooks.partner.test' ? answer : realLookup(host));
    const added = await addEndpoint(`http://hooks.partner.test:${trapPort}/hook`);
    expect(added.json.code, added.json.msg).toBe(0);
    // The name now points inside (DNS rebinding): the delivery is refused when it connects, never sent.
    answer = ['127.0.0.1'];
    const { id: deliveryId } = await ok(server.app, 'POST', '/plugIndustry/test', { token, body: { id: added.json.data.id } });
    await expect.poll(async () => (await deliveries(added.json.data.id)).find((d) => d.id === deliveryId)?.status, { timeout: 15_000 }).toBe(2);
    const [en] = await deliveries(added.json.data.id, 'en');
    expect(en).toMatchObject({ attempts: 1, httpStatus: null });
    expect(en.lastError).toMatch(/^refused by the outbound allow-list: hooks\.partner\.test is a loopback address \(127\.0\.0\.1\)/);
    expect((await deliveries(added.json.data.id, 'zh'))[0].lastError).toMatch(/^被出站白名单拒绝：hooks\.partner\.test 是本机回环地址/);
    expect(trapConnections).toBe(0);
  });

  it('calls a host the administrator allows, and stops the moment it is no longer allowed', async () => {
    await ok(server.app, 'POST', '/system/outboundConfig', { token, body: { allowedHosts: ['127.0.0.1'] } });
    const added = await addEndpoint(`http://127.0.0.1:${trapPort}/hook`);
    expect(added.json.code, added.json.msg).toBe(0);
    const first = await ok(server.app, 'POST', '/plugIndustry/test', { token, body: { id: added.json.data.id } });
    await expect.poll(async () => (await deliveries(added.json.data.id)).find((d) => d.id === first.id)?.status, { timeout: 15_000 }).toBe(1);
    expect(trapConnections).toBe(1);
    await ok(server.app, 'POST', '/system/outboundConfig', { token, body: { allowedHosts: [] } });
    const second = await ok(server.app, 'POST', '/plugIndustry/test', { token, body: { id: added.json.data.id } });
    await expect.poll(async () => (await deliveries(added.json.data.id)).find((d) => d.id === second.id)?.status, { timeout: 15_000 }).toBe(2);
    expect((await deliveries(added.json.data.id)).find((d) => d.id === second.id)?.lastError).toMatch(/^refused by the outbound allow-list/);
    expect(trapConnections).toBe(1);
    trapConnections = 0;
  });
});

describe('the allowed hosts setting', () => {
  it('is stored normalised, refuses what is no host, IP or range by name, and is the administrator’s alone', async () => {
    await ok(server.app, 'POST', '/system/outboundConfig', { token, body: { allowedHosts: [' Receiver.LAN. ', '0x7f000001', '10.20.0.0/16', '[::1]', '127.0.0.1'] } });
    expect(await ok(server.app, 'GET', '/system/outboundConfig', { token })).toEqual({ allowedHosts: ['receiver.lan', '127.0.0.1', '10.20.0.0/16', '::1'] });
    expect(await fails(server.app, 'POST', '/system/outboundConfig', 400, { token, lang: 'en', body: { allowedHosts: ['ok.lan', '10.0.0.0/99'] } })).toBe(
      'Allowed host 2 "10.0.0.0/99" is not a host name, an IP address or a range (such as 10.0.0.0/8)',
    );
    expect(await fails(server.app, 'POST', '/system/outboundConfig', 400, { token, lang: 'zh', body: { allowedHosts: ['a..b'] } })).toContain('第 1 项');
    await fails(server.app, 'POST', '/system/outboundConfig', 400, { token, body: { allowedHosts: Array.from({ length: 101 }, (_, i) => `h${i}.lan`) } });
    const operator = await login(server.app, OPERATOR);
    await fails(server.app, 'GET', '/system/outboundConfig', 403, { token: operator });
    await fails(server.app, 'POST', '/system/outboundConfig', 403, { token: operator, body: { allowedHosts: ['127.0.0.1'] } });
  });
});

describe('describeImage', () => {
  const describeUrl = (image: string, lang: 'zh' | 'en' = 'en') => call(server.app, 'POST', '/deepseek/image2text', { token, lang, body: { image, question: 'What is in it?' } });

  it('never forwards a caller’s URL: an internal one is refused, an allowed one is fetched and sent as a data URL', async () => {
    modelRequests = [];
    imageRequests = [];
    for (const host of [`127.0.0.1:${imagePort}`, `2130706433:${imagePort}`, `[::ffff:7f00:1]:${imagePort}`, '169.254.169.254', '10.1.1.1']) {
      const res = await describeUrl(`http://${host}/snapshot.png`);
      expect(res.json.code, host).toBe(400);
      expect(res.json.msg, host).toMatch(/^image: .*(loopback|link-local|private)/);
    }
    expect(imageRequests).toHaveLength(0);
    expect(modelRequests).toHaveLength(0);
    await ok(server.app, 'POST', '/system/outboundConfig', { token, body: { allowedHosts: ['127.0.0.1'] } });
    const res = await describeUrl(`http://127.0.0.1:${imagePort}/snapshot.png`);
    expect(res.json).toMatchObject({ code: 0, data: { text: 'A road.' } });
    expect(imageRequests).toHaveLength(1);
    const sent = JSON.stringify(modelRequests);
    expect(sent).not.toContain(`127.0.0.1:${imagePort}`);
    expect(modelRequests[0].messages[0].content[1].image_url.url).toMatch(/^data:image\/png;base64,/);
  });

  it('bounds the fetch: redirects to internal addresses refused, too large refused, abandoned when the client leaves', async () => {
    await ok(server.app, 'POST', '/system/outboundConfig', { token, body: { allowedHosts: ['127.0.0.1'] } });
    expect((await describeUrl(`http://127.0.0.1:${imagePort}/to-metadata`)).json).toMatchObject({ code: 400, msg: expect.stringMatching(/169\.254\.169\.254 is a link-local address/) });
    expect((await describeUrl(`http://127.0.0.1:${imagePort}/huge.png`)).json.code).toBe(413);
    imageRequests = [];
    const port = (server.app.server.address() as AddressInfo).port;
    const leaving = new AbortController();
    const request = fetch(`http://127.0.0.1:${port}/api/deepseek/image2text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ image: `http://127.0.0.1:${imagePort}/slow`, question: 'x' }),
      signal: leaving.signal,
    }).catch(() => 'left');
    await expect.poll(() => imageRequests.length, { timeout: 15_000 }).toBe(1);
    const closed = new Promise<void>((resolve) => imageRequests[0].socket.once('close', () => resolve()));
    leaving.abort();
    expect(await request).toBe('left');
    await closed;
  });
});

describe('camera stream addresses', () => {
  it('refuses loopback, link-local, unspecified and other schemes with a 400 naming the field; private LANs pass', async () => {
    const name = () => `cam-${Math.random().toString(36).slice(2, 8)}`;
    for (const url of [`rtsp://127.0.0.1:${trapPort}/live`, 'rtsp://2130706433/live', 'rtsp://0x7f.0.0.1/live', 'rtsp://[::1]/live', 'rtsp://169.254.169.254/live', 'rtsp://0.0.0.0/live', 'http://[::ffff:169.254.169.254]/mjpeg']) {
      const res = await call(server.app, 'POST', '/device/add', { token, lang: 'en', body: { name: name(), kind: 'normal', rtspUrl: url } });
      expect(res.json.code, url).toBe(400);
      expect(res.json.msg, url).toMatch(/^rtspUrl: .*(loopback|link-local|unspecified)/);
      const entry = await call(server.app, 'POST', '/camera/add', { token, lang: 'en', body: { name: name(), code: name(), rtspUrl: url } });
      expect(entry.json.code, url).toBe(400);
    }
    for (const url of ['rtmp://10.0.0.9/live', 'gopher://10.0.0.9/', 'file:///etc/passwd']) {
      expect(await fails(server.app, 'POST', '/device/add', 400, { token, lang: 'en', body: { name: name(), kind: 'normal', rtspUrl: url } })).toContain('rtspUrl');
    }
    const id = (await ok(server.app, 'POST', '/device/add', { token, body: { name: name(), kind: 'normal', rtspUrl: 'rtsp://admin:pw@192.168.1.64:554/Streaming/Channels/101' } })).id;
    const detail = await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: id } });
    // Sent back as answered (masked), the stored address is kept without a check; a new one is checked.
    await ok(server.app, 'PUT', '/device/update', { token, body: { id, name: detail.name, rtspUrl: detail.rtspUrl } });
    expect(await fails(server.app, 'PUT', '/device/update', 400, { token, lang: 'zh', body: { id, name: detail.name, rtspUrl: 'rtsp://127.1/x' } })).toMatch(/本机回环地址/);
    await ok(server.app, 'POST', '/system/outboundConfig', { token, body: { allowedHosts: ['127.0.0.0/8'] } });
    await ok(server.app, 'PUT', '/device/update', { token, body: { id, name: detail.name, rtspUrl: 'rtsp://127.1/x' } });
    expect(trapConnections).toBe(0);
  });
});

describe('the labelling service', () => {
  it('is called like a push endpoint: an internal address needs the administrator’s allowance', async () => {
    await server.database.db
      .insertInto('systemConfig')
      .values({ key: 'labelStudioUrl', value: `http://127.0.0.1:${trapPort}`, updatedAt: new Date() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: `http://127.0.0.1:${trapPort}` }))
      .execute();
    const alarm = await ingestOk(server.app, demoBoxes(server.config.dataDir)[0]);
    const res = await call(server.app, 'POST', '/labelStudio/add', { token, lang: 'en', body: { eventId: alarm.id } });
    expect(res.json).toMatchObject({ code: 500, msg: expect.stringMatching(/labelStudioUrl: 127\.0\.0\.1 is a loopback address/) });
    expect(trapConnections).toBe(0);
  });
});

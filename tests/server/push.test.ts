// Push to third parties: endpoints per industry switched on and off; alarms delivered for real off the ingest path
// (an outbox written with the alarm, drained by the delivery loop), signed (HMAC-SHA256 over timestamp + body),
// retried with backoff, then failed; a delivery log per endpoint; a test push; the secret never answered.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyPush } from '../../server/modules/push/signing.ts';
import { demoBoxes, ingestOk } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { fails, ok } from './support/devices.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local receiver: answers `status()` to each push and keeps what arrived. */
function receiver(status: () => number) {
  const got: Received[] = [];
  const http: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(status()).end();
    });
  });
  return {
    got,
    url: () => new Promise<string>((resolve) => http.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(http.address() as AddressInfo).port}/hook`))),
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

let server: TestServer;
let token: string;
const SECRET = 'push-secret-0123456789';
const good = receiver(() => 200);
const bad = receiver(() => 503);
let goodUrl: string;
let badUrl: string;

beforeAll(async () => {
  server = await startTestServer({ push: { pollMs: 50, retryBaseMs: 100, timeoutMs: 3000 } });
  token = await login(server.app);
  goodUrl = await good.url();
  badUrl = await bad.url();
  const config = await ok(server.app, 'GET', '/system/searchPushConfig', { token });
  await ok(server.app, 'POST', '/system/searchPushConfig', { token, body: { ...config, push: { ...config.push, enabled: true, eventIds: [], retryTimes: 2 } } });
  // The receivers here listen on loopback, which the outbound allow-list refuses unless an administrator allows it.
  await ok(server.app, 'POST', '/system/outboundConfig', { token, body: { allowedHosts: ['127.0.0.1'] } });
});
afterAll(async () => {
  await server?.close();
  await good.close();
  await bad.close();
});

const add = async (fields: Record<string, unknown>) => (await ok(server.app, 'POST', '/plugIndustry/add', { token, body: { protocol: 'http', authToken: SECRET, ...fields } })).id as number;
const deliveries = async (industryId: number) => (await ok(server.app, 'POST', '/plugIndustry/deliveries', { token, body: { industryId } })).list;

describe('push endpoints', () => {
  it('delivers an ingested alarm signed, without holding up ingest, and logs it', async () => {
    const id = await add({ industryName: '交通平台', pushUrl: goodUrl, pushSwitch: 1 });
    const box = demoBoxes(server.config.dataDir)[0];
    const started = performance.now();
    const alarm = await ingestOk(server.app, box);
    const ingestMs = performance.now() - started;
    await expect.poll(() => good.got.length, { timeout: 10_000 }).toBe(1);
    const push = good.got[0];
    const ts = String(push.headers[TIMESTAMP_HEADER]);
    expect(verifyPush(SECRET, ts, push.body, String(push.headers[SIGNATURE_HEADER]))).toBe(true);
    expect(verifyPush('wrong', ts, push.body, String(push.headers[SIGNATURE_HEADER]))).toBe(false);
    expect(Math.abs(Date.now() - Number(ts))).toBeLessThan(60_000);
    expect(JSON.parse(push.body)).toMatchObject({ type: 'alarm', alarm: { id: alarm.id, eventType: 16, cameraId: box.cameraIds[0] } });
    await expect.poll(async () => (await deliveries(id))[0]?.status, { timeout: 10_000 }).toBe(1);
    expect((await deliveries(id))[0]).toMatchObject({ alarmId: alarm.id, kind: 'alarm', attempts: 1, httpStatus: 200, lastError: '' });
    const listed = (await ok(server.app, 'POST', '/plugIndustry/list', { token, body: {} })).list.find((r: any) => r.id === id);
    expect(listed).toMatchObject({ authToken: '******', lastPushState: 1, pushSwitch: 1 });
    // Ingest answered before any receiver could be called (the delivery loop runs after the poll interval).
    expect(ingestMs).toBeLessThan(5_000);
    await ok(server.app, 'PUT', '/plugIndustry/pushSwitch', { token, body: { ids: [id], pushSwitch: 0 } });
  });

  it('retries a failing receiver with backoff, then marks the delivery failed', async () => {
    const id = await add({ industryName: '失败平台', pushUrl: badUrl, pushSwitch: 0 });
    const { id: deliveryId } = await ok(server.app, 'POST', '/plugIndustry/test', { token, body: { id } });
    // retryTimes 2: three attempts, 100 ms then 200 ms apart.
    await expect.poll(async () => (await deliveries(id)).find((d: any) => d.id === deliveryId)?.status, { timeout: 15_000 }).toBe(2);
    const d = (await deliveries(id)).find((x: any) => x.id === deliveryId);
    expect(d).toMatchObject({ kind: 'test', alarmId: null, attempts: 3, httpStatus: 503, lastError: 'HTTP 503', nextAttemptTime: null, deliveredTime: null });
    expect(bad.got).toHaveLength(3);
    expect(JSON.parse(bad.got[0].body)).toMatchObject({ type: 'test', industryId: id });
    const listed = (await ok(server.app, 'POST', '/plugIndustry/list', { token, body: { industryName: '失败' } })).list[0];
    expect(listed.lastPushState).toBe(2);
  });

  it('does not hold ingest while a receiver hangs: the delivery is written with the alarm and sent later', async () => {
    const held: (() => void)[] = [];
    const hanging = createServer((req, res) => {
      req.resume();
      held.push(() => res.writeHead(200).end());
    });
    const url = await new Promise<string>((resolve) => hanging.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}/`)));
    const id = await add({ industryName: '慢平台', pushUrl: url, pushSwitch: 1 });
    const box = demoBoxes(server.config.dataDir)[0];
    const alarms = [];
    for (let i = 0; i < 3; i++) alarms.push(await ingestOk(server.app, box));
    // Every alarm already has its delivery (same statement as the insert), while the receiver holds the first.
    const queued = await server.database.db.selectFrom('pushDeliveries').select('alarmId').where('industryId', '=', id).execute();
    expect(queued.map((q) => q.alarmId).sort()).toEqual(alarms.map((a) => a.id).sort());
    await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await deliveries(id)).every((d: any) => d.status === 0)).toBe(true);
    await expect.poll(() => {
      for (const release of held.splice(0)) release();
      return deliveries(id).then((list) => list.filter((d: any) => d.status === 1).length);
    }, { timeout: 15_000 }).toBe(3);
    await ok(server.app, 'PUT', '/plugIndustry/pushSwitch', { token, body: { ids: [id], pushSwitch: 0 } });
    hanging.closeAllConnections();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
  });

  it('pushes nothing to a switched-off endpoint, nor with the master switch off', async () => {
    const before = good.got.length;
    const box = demoBoxes(server.config.dataDir)[0];
    await ingestOk(server.app, box);
    const id = await add({ industryName: '总开关', pushUrl: goodUrl, pushSwitch: 1 });
    const config = await ok(server.app, 'GET', '/system/searchPushConfig', { token });
    await ok(server.app, 'POST', '/system/searchPushConfig', { token, body: { ...config, push: { ...config.push, enabled: false } } });
    await ingestOk(server.app, box);
    await ok(server.app, 'POST', '/system/searchPushConfig', { token, body: config });
    await ok(server.app, 'PUT', '/plugIndustry/pushSwitch', { token, body: { ids: [id], pushSwitch: 0 } });
    expect(await server.database.db.selectFrom('pushDeliveries').select('id').where('kind', '=', 'alarm').where('status', '=', 0).execute()).toEqual([]);
    expect(good.got.length).toBe(before);
  });

  it('refuses what it cannot deliver, naming the field, and keeps the secret masked', async () => {
    for (const lang of ['zh', 'en'] as const) {
      expect(await fails(server.app, 'POST', '/plugIndustry/add', 400, { token, lang, body: { industryName: 'k', protocol: 'kafka', pushUrl: 'h:9092', authToken: 'x' } })).toContain('kafka');
      expect(await fails(server.app, 'POST', '/plugIndustry/add', 400, { token, lang, body: { industryName: 'k', protocol: 'http', pushUrl: 'ftp://x', authToken: 'x' } })).toContain('pushUrl');
      expect(await fails(server.app, 'POST', '/plugIndustry/add', 400, { token, lang, body: { industryName: 'k', protocol: 'http', pushUrl: goodUrl } })).toContain('authToken');
    }
    const id = await add({ industryName: '保密', pushUrl: goodUrl });
    await fails(server.app, 'POST', '/plugIndustry/add', 409, { token, body: { industryName: '保密', protocol: 'http', pushUrl: goodUrl, authToken: 'x' } });
    await ok(server.app, 'PUT', '/plugIndustry/update', { token, body: { id, authToken: '******', remark: 'r' } });
    const row = await server.database.db.selectFrom('plugIndustries').select('authToken').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.authToken).toBe(SECRET);
    const list = await call(server.app, 'POST', '/plugIndustry/list', { token, body: {} });
    expect(list.raw.toString()).not.toContain(SECRET);
    await fails(server.app, 'POST', '/plugIndustry/deliveries', 404, { token, body: { industryId: 999999 } });
    await ok(server.app, 'DELETE', '/plugIndustry/delete', { token, body: { ids: [id] } });
    const operator = await login(server.app, OPERATOR);
    await fails(server.app, 'POST', '/plugIndustry/list', 403, { token: operator, body: {} });
  });

  it('answers credentials inside a push address masked, keeps them when the masked form comes back, and sends them', async () => {
    // Issue 34, point 6: listPlugIndustries answered https://user:password@… as it was stored.
    const withCredentials = goodUrl.replace('http://', 'http://hook-user:Pa55-w0rd@');
    const id = await add({ industryName: '带账号', pushUrl: withCredentials });
    const masked = goodUrl.replace('http://', 'http://***:***@');
    const listed = await call(server.app, 'POST', '/plugIndustry/list', { token, body: { industryName: '带账号' } });
    expect(listed.json.data.list[0].pushUrl).toBe(masked);
    expect(listed.raw.toString()).not.toContain('Pa55-w0rd');
    // The masked form sent back (an edit of the remark) keeps them.
    await ok(server.app, 'PUT', '/plugIndustry/update', { token, body: { id, pushUrl: masked, authToken: '******', remark: 'edited' } });
    const row = await server.database.db.selectFrom('plugIndustries').select('pushUrl').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.pushUrl).toBe(withCredentials);
    // They reach the receiver as HTTP basic authentication.
    const before = good.got.length;
    await ok(server.app, 'POST', '/plugIndustry/test', { token, body: { id } });
    await expect.poll(() => good.got.length, { timeout: 15_000 }).toBe(before + 1);
    expect(good.got.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from('hook-user:Pa55-w0rd').toString('base64')}`);
    // A masked form where none are stored is refused, as on add.
    for (const lang of ['zh', 'en'] as const) {
      expect(await fails(server.app, 'POST', '/plugIndustry/add', 400, { token, lang, body: { industryName: '假', protocol: 'http', pushUrl: masked, authToken: 'x' } })).toContain('***:***');
    }
    await ok(server.app, 'DELETE', '/plugIndustry/delete', { token, body: { ids: [id] } });
  });

  it('refuses a new address without a new secret, so that pushes signed with the old one never go elsewhere', async () => {
    // Issue 34, point 6: changing an endpoint's URL kept the old secret.
    const id = await add({ industryName: '换地址', pushUrl: goodUrl });
    const moved = `${goodUrl}/moved`;
    for (const authToken of [undefined, '******']) {
      for (const lang of ['zh', 'en'] as const) {
        const msg = await fails(server.app, 'PUT', '/plugIndustry/update', 400, { token, lang, body: { id, pushUrl: moved, ...(authToken ? { authToken } : {}) } });
        expect(msg).toContain('authToken');
      }
    }
    const row = () => server.database.db.selectFrom('plugIndustries').select(['pushUrl', 'authToken']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ pushUrl: goodUrl, authToken: SECRET });
    await ok(server.app, 'PUT', '/plugIndustry/update', { token, body: { id, pushUrl: moved, authToken: 'a-new-secret-456' } });
    expect(await row()).toEqual({ pushUrl: moved, authToken: 'a-new-secret-456' });
    // The same address sent back needs no new secret.
    await ok(server.app, 'PUT', '/plugIndustry/update', { token, body: { id, pushUrl: moved, remark: 'same address' } });
    await ok(server.app, 'DELETE', '/plugIndustry/delete', { token, body: { ids: [id] } });
  });
});

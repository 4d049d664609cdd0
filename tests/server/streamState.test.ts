// The console's view of a camera's stream (issue 35): a box's heartbeat reports are answered as the device's stream
// state (lists, camera info, the 10-second poll), a lost box socket makes its cameras offline at once and its return
// makes them what the box reports again, and a stream the box reports offline cannot be opened live, with why.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { FakeLiveBox, testStream, type TestStream } from '../support/fakeLiveBox.ts';
import { type DemoBox, demoBoxes } from './support/alarms.ts';
import { ADMIN, call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;
let box: DemoBox;
let camera: number;
let stream: TestStream;

async function report(streams: Record<string, unknown>[]) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/ingest/heartbeat',
    headers: { 'content-type': 'application/json', 'x-box-id': String(box.boxId), 'x-box-secret': box.secret },
    payload: JSON.stringify({ streams }),
  });
  expect(JSON.parse(res.body).code).toBe(0);
}

const states = async () => (await call(server.app, 'POST', '/device/streamStates', { token: admin, body: { cameraIds: [camera, 999_999] } })).json.data.list;

beforeAll(async () => {
  [server, stream] = await Promise.all([startTestServer(), testStream(20)]);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await login(server.app, ADMIN);
  box = demoBoxes(server.config.dataDir)[0];
  camera = (
    await server.database.db.selectFrom('devices').select('id').where('boxId', '=', box.boxId).where('kind', '=', 'normal').orderBy('id').executeTakeFirstOrThrow()
  ).id;
}, 90_000);
afterAll(async () => server?.close());

describe('stream state', () => {
  it('answers what the box reports, in the poll and the device list', async () => {
    const lastFrameAt = formatTime(new Date(Date.now() - 12_000))!;
    await report([{ cameraId: camera, state: 'stalled', error: 'no data for 10 s', lastFrameAt, codec: 'h264', width: 1280, height: 720 }]);
    expect(await states()).toEqual([{ cameraId: camera, stream: expect.objectContaining({ state: 'stalled', reason: null, error: 'no data for 10 s', since: lastFrameAt, codec: 'h264' }) }]);
    const listed = await call(server.app, 'GET', '/device/list', { token: admin, query: { pageNo: 1, pageSize: 100 } });
    expect(listed.json.data.list.find((d: { id: number }) => d.id === camera).stream).toMatchObject({ state: 'stalled' });
    await report([{ cameraId: camera, state: 'live', codec: 'h264', decodedFps: 25, lastFrameAt: formatTime(new Date())! }]);
    expect((await states())[0].stream).toMatchObject({ state: 'live', since: null, error: null, decodedFps: 25 });
    expect((await call(server.app, 'GET', '/device/cameraInfo', { token: admin, query: { cameraId: camera } })).json.data.stream).toMatchObject({ state: 'live' });
  });

  it('shows the cameras offline as soon as their box socket closes, and live again when it is back', async () => {
    const url = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/ingest/socket`;
    const fake = await FakeLiveBox.connect({ url, boxId: box.boxId, secret: box.secret, stream });
    await expect.poll(() => server.services.boxSockets!.has(box.boxId), { timeout: 20_000 }).toBe(true);
    await report([{ cameraId: camera, state: 'live', lastFrameAt: formatTime(new Date())! }]);
    expect((await states())[0].stream).toMatchObject({ state: 'live' });
    fake.close();
    await fake.closed;
    await expect.poll(async () => (await states())[0].stream, { timeout: 20_000 }).toMatchObject({ state: 'offline', reason: 'boxDisconnected' });
    const back = await FakeLiveBox.connect({ url, boxId: box.boxId, secret: box.secret, stream });
    await expect.poll(async () => (await states())[0].stream.state, { timeout: 20_000 }).toBe('live');
    back.close();
    await back.closed;
  });

  it('refuses to open a stream the box reports offline, saying since when and why', async () => {
    const url = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/ingest/socket`;
    const fake = await FakeLiveBox.connect({ url, boxId: box.boxId, secret: box.secret, stream });
    await expect.poll(() => server.services.boxSockets!.has(box.boxId), { timeout: 20_000 }).toBe(true);
    const lastFrameAt = formatTime(new Date(Date.now() - 120_000))!;
    await report([{ cameraId: camera, state: 'offline', error: 'connection refused (192.0.2.101:554)', lastFrameAt }]);
    const opened = await call(server.app, 'POST', '/video/live/open', { token: admin, body: { cameraId: camera }, lang: 'en' });
    expect(opened.json.code).toBe(409);
    expect(opened.json.msg).toContain(`is offline since ${lastFrameAt}: connection refused (192.0.2.101:554)`);
    fake.close();
    await fake.closed;
  });
});

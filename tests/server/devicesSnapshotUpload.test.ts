// A picture for cameras that cannot give one (issue 8, item 16): an image camera (or an unreachable live one) takes
// an uploaded picture — bounded in bytes and pixels, judged by its content, stored re-encoded — and areas can then
// be drawn on it; the image camera's newer alarm pictures (what its box posts) replace it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { demoBoxes, ingestOk } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { addCamera, multipart, ok, upload } from './support/devices.ts';
import { HTML_PAYLOAD, hugePngHeader, pngHtmlPolyglot, plainImage, SVG_WITH_SCRIPT } from './support/hostileImages.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let imageCamera: number;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  imageCamera = (await db().selectFrom('devices').select('id').where('kind', '=', 'image').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

const send = (cameraId: number | string | null, bytes: Buffer | null, type = 'image/png', name = 'frame.png', as = token) =>
  upload(server.app, as, '/device/snapshot/upload', multipart(bytes ? { field: 'file', name, type, bytes } : null, cameraId === null ? {} : { cameraId: String(cameraId) }));
const stored = (url: string) => readFileSync(join(server.config.dataDir, 'files', url.replace(/^\/files\//, '')));
const snapshot = (cameraId: number) => call(server.app, 'GET', '/device/snapshot', { token, lang: 'en', query: { cameraId } });
const polygon = { type: 1, points: [{ x: 0.2, y: 0.2 }, { x: 0.7, y: 0.2 }, { x: 0.7, y: 0.8 }] };

describe('uploading a camera picture', () => {
  it('gives an image camera a picture to draw an area on', async () => {
    const res = await send(imageCamera, await plainImage('jpeg', 800, 600), 'image/jpeg', 'frame.jpg');
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ imageUrl: expect.stringMatching(/^\/files\/snapshots\/.+\.jpg$/), width: 800, height: 600 });
    expect((await snapshot(imageCamera)).json.data).toMatchObject({ imageUrl: res.data.imageUrl, width: 800, height: 600 });
    expect(await ok(server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: imageCamera } })).toMatchObject({ width: 800, height: 600, snapshotUrl: res.data.imageUrl });
    // With a frame size known, an area is saved on it.
    const saved = await ok(server.app, 'POST', '/device/eventConfig/save', { token, body: { cameraId: imageCamera, eventId: 51, typeId: 2, appName: 'argus-general', areas: [polygon] } });
    expect(saved.areas).toHaveLength(1);
    expect(saved.area).toBe('160,120,560,120,560,480');
  });

  it('stores the pixels re-encoded (a PNG/HTML polyglot keeps no HTML) and replaces the previous picture', async () => {
    const before = (await snapshot(imageCamera)).json.data.imageUrl as string;
    const res = await send(imageCamera, await pngHtmlPolyglot());
    expect(res.code, res.msg).toBe(0);
    const bytes = stored(res.data.imageUrl);
    expect(bytes.includes(HTML_PAYLOAD)).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('png');
    expect(() => stored(before)).toThrow();
  });

  it('refuses what is not a bounded picture, naming the field', async () => {
    const huge = await send(imageCamera, hugePngHeader(), 'image/png');
    expect(huge.code).toBe(413);
    expect(huge.msg).toContain('file');
    expect((await send(imageCamera, SVG_WITH_SCRIPT, 'image/png', 'innocent.png')).code).toBe(415);
    expect((await send(imageCamera, Buffer.from('not an image at all'), 'image/png')).code).toBe(415);
    expect((await send(imageCamera, Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'image/png')).code).toBe(413);
    expect((await send(imageCamera, null)).code).toBe(400);
    const bad = await send('abc', await plainImage('png'));
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('cameraId');
    expect((await send(null, await plainImage('png'))).code).toBe(400);
    expect((await send(999_999, await plainImage('png'))).code).toBe(404);
  });

  it('is for cameras: an offline video takes its frame from the video (409); the operator may not upload (403)', async () => {
    const offline = await db()
      .insertInto('devices')
      .values({ name: `offline-${Date.now()}`, kind: 'offline', startState: 2, runState: 0, videoPath: 'offline/none.mp4' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await send(offline.id, await plainImage('png'))).code).toBe(409);
    const operator = await login(server.app, OPERATOR);
    expect((await send(imageCamera, await plainImage('png'), 'image/png', 'a.png', operator)).code).toBe(403);
  });

  it('gives an unreachable live camera its uploaded picture instead of "no snapshot obtained"', async () => {
    const camera = await addCamera(server.app, token);
    expect((await snapshot(camera)).json).toMatchObject({ code: 404, msg: 'No snapshot obtained' });
    const res = await send(camera, await plainImage('webp', 640, 480), 'image/webp', 'frame.webp');
    expect(res.code, res.msg).toBe(0);
    expect((await snapshot(camera)).json.data).toMatchObject({ imageUrl: res.data.imageUrl, width: 640, height: 480 });
    await ok(server.app, 'POST', '/device/eventConfig/save', { token, body: { cameraId: camera, eventId: 51, typeId: 2, appName: 'argus-general', areas: [polygon] } });
  });
});

describe("the image camera's alarm pictures", () => {
  it('replace an older uploaded picture: the newest picture is the one to draw on', async () => {
    const uploaded = (await snapshot(imageCamera)).json.data.imageUrl as string;
    const box = demoBoxes(server.config.dataDir).find((b) => b.cameraIds.includes(imageCamera))!;
    const alarm = await ingestOk(server.app, box, {
      fields: { cameraId: String(imageCamera), eventType: '16', alarmTime: formatTime(new Date(Date.now() + 1000))!, confidence: '0.9', box: JSON.stringify({ x: 10, y: 10, w: 50, h: 40 }), simulated: 'true' },
    });
    const row = await db().selectFrom('alarms').select('imagePath').where('id', '=', alarm.id).executeTakeFirstOrThrow();
    expect((await snapshot(imageCamera)).json.data).toMatchObject({ imageUrl: `/files/${row.imagePath}`, width: 640, height: 360 });
    expect(() => stored(uploaded)).toThrow();
  });
});

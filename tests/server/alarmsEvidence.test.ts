// What operators attach to alarms: evidence images (base64), the error-detection library, labelling tasks
// (Label Studio, against a local fake of its API; 501 when none is configured).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoBox, demoBoxes, ingestOk, SNAPSHOT } from './support/alarms.ts';
import { call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let box: DemoBox;
let alarmId: number;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  box = demoBoxes(server.config.dataDir)[0];
  alarmId = (await ingestOk(server.app, box)).id;
});
afterAll(async () => server?.close());

const post = (path: string, body: unknown) => call(server.app, 'POST', path, { token, body, lang: 'en' });
const pngUrl = `data:image/png;base64,${SNAPSHOT.png.toString('base64')}`;

describe('POST /warn/event/uploadBase64', () => {
  it('stores the image under /files/alarm/ and attaches it to the alarm', async () => {
    const res = await post('/warn/event/uploadBase64', { imageBase64: pngUrl, eventId: alarmId });
    expect(res.json.code).toBe(0);
    expect(res.json.data.url).toMatch(/^\/files\/alarm\/\d{8}\/[0-9a-f]{32}\.png$/);
    const file = await server.app.inject({ method: 'GET', url: res.json.data.url });
    expect(file.statusCode).toBe(200);
    // Stored re-encoded (server/media/imageSafety.ts): the same picture, not the same bytes.
    const [stored, sent] = await Promise.all([sharp(file.rawPayload).raw().toBuffer(), sharp(SNAPSHOT.png).raw().toBuffer()]);
    expect(Buffer.compare(stored, sent)).toBe(0);
    const info = await call(server.app, 'GET', `/warn/event/info/${alarmId}`, { token });
    expect(info.json.data.dealImages).toEqual([res.json.data.url]);
    expect(info.json.data.history.at(-1)).toMatchObject({ action: 'imageUpload', user: 'admin' });
    const loose = await post('/warn/event/uploadBase64', { imageBase64: pngUrl });
    expect(loose.json.code).toBe(0);
  });

  it('refuses bad base64 (400), a mislabelled or non-image payload (415), unknown alarms (404) and the 11th image (409)', async () => {
    expect((await post('/warn/event/uploadBase64', { imageBase64: `data:image/png;base64,${'@'.repeat(40)}` })).json.code).toBe(400);
    const jpegLabel = `data:image/jpeg;base64,${SNAPSHOT.png.toString('base64')}`;
    expect((await post('/warn/event/uploadBase64', { imageBase64: jpegLabel })).json.code).toBe(415);
    const text = `data:image/png;base64,${Buffer.from('not an image, only some words here').toString('base64')}`;
    expect((await post('/warn/event/uploadBase64', { imageBase64: text })).json.code).toBe(415);
    expect((await post('/warn/event/uploadBase64', { imageBase64: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' })).json.code).toBe(400);
    expect((await post('/warn/event/uploadBase64', { imageBase64: pngUrl, eventId: 987_654 })).json.code).toBe(404);
    const { id } = await ingestOk(server.app, box);
    for (let i = 0; i < 10; i++) expect((await post('/warn/event/uploadBase64', { imageBase64: pngUrl, eventId: id })).json.code).toBe(0);
    const eleventh = await post('/warn/event/uploadBase64', { imageBase64: pngUrl, eventId: id });
    expect(eleventh.json.code).toBe(409);
    const info = await call(server.app, 'GET', `/warn/event/info/${id}`, { token });
    expect(info.json.data.dealImages).toHaveLength(10);
  });
});

describe('error-detection library', () => {
  it('adds an alarm (its box by default), updates it, and removes it', async () => {
    const added = await post('/errDetectionLib/updateErrDetectionLib', { eventId: alarmId, remark: 'shadow' });
    expect(added.json.data).toMatchObject({ eventId: alarmId, cameraId: box.cameraIds[0], eventType: 16, box: SNAPSHOT.box, remark: 'shadow', createUser: 'admin' });
    const updated = await post('/errDetectionLib/updateErrDetectionLib', { eventId: alarmId, box: { x: 1, y: 2, w: 30, h: 40 } });
    expect(updated.json.data).toMatchObject({ id: added.json.data.id, box: { x: 1, y: 2, w: 30, h: 40 }, remark: null });
    expect((await call(server.app, 'GET', `/warn/event/info/${alarmId}`, { token })).json.data).toMatchObject({ errDetection: true, status: 0 });
    expect((await post('/errDetectionLib/updateErrDetectionLib', { eventId: alarmId, box: { x: 600, y: 0, w: 100, h: 10 } })).json.code).toBe(400);
    expect((await post('/errDetectionLib/updateErrDetectionLib', { eventId: 987_654 })).json.code).toBe(404);
    expect((await post('/errDetectionLib/deleteErrDetectionLib', { eventId: alarmId })).json.code).toBe(0);
    expect((await call(server.app, 'GET', `/warn/event/info/${alarmId}`, { token })).json.data.errDetection).toBe(false);
    expect((await post('/errDetectionLib/deleteErrDetectionLib', { eventId: alarmId })).json.code).toBe(404);
  });
});

describe('POST /labelStudio/add', () => {
  let fake: Server;
  const calls: { method: string; url: string; body: any; auth?: string }[] = [];

  beforeAll(async () => {
    fake = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => {
        text += c;
      });
      req.on('end', () => {
        calls.push({ method: req.method!, url: req.url!, body: text ? JSON.parse(text) : null, auth: req.headers.authorization });
        res.setHeader('content-type', 'application/json');
        if (req.url!.startsWith('/api/projects')) return res.end(JSON.stringify({ results: [{ id: 7, title: 'alarms' }] }));
        if (req.url === '/api/tasks') return res.end(JSON.stringify({ id: 321 }));
        if (req.url === '/api/predictions') return res.end(JSON.stringify({ id: 1 }));
        res.statusCode = 404;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => fake.close(() => r())));

  const setConfig = async (values: Record<string, string>) => {
    // The stand-in listens on loopback: allowed, as an administrator allows a labelling service on an internal host.
    await server.database.db
      .insertInto('siteSettings')
      .values({ key: 'system.outboundConfig', value: JSON.stringify({ allowedHosts: ['127.0.0.1'] }), updatedAt: new Date() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    for (const [key, value] of Object.entries(values)) {
      await server.database.db
        .insertInto('systemConfig')
        .values({ key, value, updatedAt: new Date() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
  };

  it('answers 501 while no labelling service is configured, 404 for unknown alarms', async () => {
    expect((await post('/labelStudio/add', { eventId: alarmId })).json.code).toBe(501);
    expect((await post('/labelStudio/add', { eventId: 987_654 })).json.code).toBe(404);
  });

  it('creates the task with the snapshot and the box as a pre-annotation, once per alarm and project', async () => {
    const port = (fake.address() as AddressInfo).port;
    await setConfig({ labelStudioUrl: `http://127.0.0.1:${port}`, labelStudioToken: 'ls-token', labelStudioProject: 'alarms' });
    const res = await post('/labelStudio/add', { eventId: alarmId });
    expect(res.json).toMatchObject({ code: 0, data: { eventId: alarmId, project: 'alarms', taskId: 321, url: `http://127.0.0.1:${port}/projects/7/data?task=321` } });
    const task = calls.find((c) => c.url === '/api/tasks')!;
    expect(task.auth).toBe('Token ls-token');
    expect(task.body).toMatchObject({ project: 7, data: { alarmId } });
    const sentImage = Buffer.from(task.body.data.image.split(',')[1], 'base64');
    expect(Buffer.compare(await sharp(sentImage).raw().toBuffer(), await sharp(SNAPSHOT.png).raw().toBuffer())).toBe(0);
    const prediction = calls.find((c) => c.url === '/api/predictions')!;
    expect(prediction.body.result[0].value).toMatchObject({ x: (SNAPSHOT.box.x / 640) * 100, rectanglelabels: ['Running a red light'] });
    const count = calls.length;
    expect((await post('/labelStudio/add', { eventId: alarmId })).json.data.taskId).toBe(321);
    expect(calls.length).toBe(count);
    expect((await post('/labelStudio/add', { eventId: alarmId, project: 'nope' })).json.code).toBe(404);
  });

  it('answers 500 with the reason when the service is unreachable', async () => {
    await setConfig({ labelStudioUrl: 'http://127.0.0.1:9' });
    const res = await post('/labelStudio/add', { eventId: alarmId, project: 'other' });
    expect(res.json.code).toBe(500);
    expect(res.json.msg).toContain('unreachable');
    const stored = await server.database.db.selectFrom('labelStudioTasks').select('project').where('alarmId', '=', alarmId).execute();
    expect(stored.map((r) => r.project)).toEqual(['alarms']);
  });
});

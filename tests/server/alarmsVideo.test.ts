// The video centre on the database: download jobs (failed with the reason when no recording covers the range),
// recordings, and a camera's latest frame (its latest alarm snapshot when it has no recording). Real clips:
// recordings.test.ts.
import { SEEDED_NAMES_EN } from '../../server/db/seed/seedNames.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { type DemoBox, demoBoxes, ingestOk, SNAPSHOT } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let box: DemoBox;
const minutesAgo = (m: number) => formatTime(new Date(Date.now() - m * 60_000)) as string;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app, OPERATOR);
  box = demoBoxes(server.config.dataDir)[0];
});
afterAll(async () => server?.close());

describe('video downloads', () => {
  it('records a job for a camera, lists it, and deletes it', async () => {
    const cameraId = box.cameraIds[0];
    const startTime = minutesAgo(15);
    const res = await call(server.app, 'POST', '/mas/video/download', { token, body: { cameraId, startTime, endTime: minutesAgo(0) }, lang: 'en' });
    expect(res.json.code).toBe(0);
    const camera = await server.database.db.selectFrom('devices').select('name').where('id', '=', cameraId).executeTakeFirstOrThrow();
    // Asked in English: a seeded camera is named in English (server/db/seed/seedNames.ts).
    expect(res.json.data).toMatchObject({ cameraId, cameraName: SEEDED_NAMES_EN[camera.name] ?? camera.name, status: 3, progress: 0, url: null, createUser: 'operator' });
    expect(res.json.data.name).toBe(`${camera.name} ${startTime}`);
    expect(res.json.data.errorMsg).toBe('No recording of this camera covers the range');
    const named = await call(server.app, 'POST', '/mas/video/download', { token, body: { cameraId, startTime: minutesAgo(30), endTime: minutesAgo(20), name: 'evidence clip' } });
    const listed = await call(server.app, 'GET', '/mas/video/list', { token, query: { name: 'evidence' } });
    expect(listed.json.data).toMatchObject({ total: 1, list: [{ id: named.json.data.id, name: 'evidence clip' }] });
    const all = await call(server.app, 'GET', '/mas/video/list', { token, query: { status: 3, cameraId } });
    expect(all.json.data.list.map((v: { id: number }) => v.id)).toEqual([named.json.data.id, res.json.data.id]);
    expect((await call(server.app, 'DELETE', '/mas/video/deleteById', { token, body: { id: named.json.data.id } })).json.code).toBe(0);
    expect((await call(server.app, 'DELETE', '/mas/video/deleteById', { token, body: { id: named.json.data.id } })).json.code).toBe(404);
  });

  it('enforces the clip rules: order, not in the future, at most 12 h, a known camera, at most 5 open jobs', async () => {
    const cameraId = box.cameraIds[0];
    const ask = (body: Record<string, unknown>) => call(server.app, 'POST', '/mas/video/download', { token, body: { cameraId, ...body }, lang: 'en' });
    expect((await ask({ startTime: minutesAgo(5), endTime: minutesAgo(10) })).json.code).toBe(400);
    expect((await ask({ startTime: minutesAgo(5), endTime: formatTime(new Date(Date.now() + 3600_000)) })).json.code).toBe(400);
    const tooLong = await ask({ startTime: minutesAgo(13 * 60), endTime: minutesAgo(0) });
    expect(tooLong.json).toMatchObject({ code: 400 });
    expect(tooLong.json.msg).toContain('12');
    expect((await ask({ cameraId: 99_999, startTime: minutesAgo(5), endTime: minutesAgo(1) })).json.code).toBe(404);
    const operatorId = (await server.database.db.selectFrom('users').select('id').where('username', '=', 'operator').executeTakeFirstOrThrow()).id;
    await server.database.db
      .insertInto('videoDownloads')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          name: `pending ${i}`,
          cameraId,
          cameraName: 'c',
          startTime: new Date(),
          endTime: new Date(),
          status: i % 2,
          createUserId: operatorId,
          createUser: 'operator',
        })),
      )
      .execute();
    expect((await ask({ startTime: minutesAgo(5), endTime: minutesAgo(1) })).json.code).toBe(429);
  });
});

describe('recordings and the latest frame', () => {
  it('lists recordings overlapping the window, newest first', async () => {
    const at = (m: number) => new Date(Date.now() - m * 60_000);
    await server.database.db
      .insertInto('videoRecords')
      .values([
        { cameraId: 1, cameraName: 'A', startTime: at(120), endTime: at(90), size: 1000, playUrl: '/media/1.mp4' },
        { cameraId: 1, cameraName: 'A', startTime: at(60), endTime: at(30), size: null, playUrl: '/media/2.mp4' },
        { cameraId: 2, cameraName: 'B', startTime: at(50), endTime: at(40), size: 5, playUrl: '/media/3.mp4' },
      ])
      .execute();
    const res = await call(server.app, 'GET', '/custom/listRecord', { token, query: { cameraId: 1, startTime: minutesAgo(100), endTime: minutesAgo(0) } });
    expect(res.json.data.total).toBe(2);
    expect(res.json.data.list.map((r: { playUrl: string }) => r.playUrl)).toEqual(['/media/2.mp4', '/media/1.mp4']);
    expect(res.json.data.list[0]).toMatchObject({ duration: 1800, size: null });
    const window = await call(server.app, 'GET', '/custom/listRecord', { token, query: { startTime: minutesAgo(45), endTime: minutesAgo(35) } });
    expect(window.json.data.list.map((r: { playUrl: string }) => r.playUrl)).toEqual(['/media/3.mp4', '/media/2.mp4']);
    expect((await call(server.app, 'GET', '/custom/listRecord', { token, query: { startTime: minutesAgo(1), endTime: minutesAgo(2) } })).json.code).toBe(400);
  });

  it("answers the camera's latest alarm snapshot, or 'no snapshot obtained'", async () => {
    const cameraId = box.cameraIds[1];
    const none = await call(server.app, 'GET', '/camera/latest', { token, query: { cameraId }, lang: 'zh' });
    expect(none.json).toMatchObject({ code: 404, msg: '未获取到快照' });
    expect((await call(server.app, 'GET', '/camera/latest', { token, query: { cameraId: 99_999 } })).json.code).toBe(404);
    const alarmTime = minutesAgo(0);
    const alarm = await ingestOk(server.app, box, {
      fields: {
        cameraId: String(cameraId),
        eventType: '16',
        alarmTime,
        confidence: '0.9',
        box: JSON.stringify(SNAPSHOT.box),
      },
    });
    const res = await call(server.app, 'GET', '/camera/latest', { token, query: { cameraId } });
    expect(res.json.data).toMatchObject({ cameraId, source: 'alarm', time: alarmTime });
    // The stored snapshot is the upload re-encoded by the image check: the same pixels, not the same bytes.
    const prefix = 'data:image/png;base64,';
    expect(res.json.data.imageUrl.startsWith(prefix)).toBe(true);
    const served = Buffer.from(res.json.data.imageUrl.slice(prefix.length), 'base64');
    const pixels = (png: Buffer) => sharp(png).raw().toBuffer({ resolveWithObject: true });
    const [got, sent] = await Promise.all([pixels(served), pixels(SNAPSHOT.png)]);
    expect(got.info).toMatchObject({ width: sent.info.width, height: sent.info.height });
    expect(got.data.equals(sent.data)).toBe(true);
    expect(alarm.id).toBeGreaterThan(0);
  });
});

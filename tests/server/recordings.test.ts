// Real recordings: a box uploads the clip of an alarm (POST /ingest/recording, encoded by ffmpeg like the
// simulator does), refused when it is not a whole MP4 or not the box's to send; the video centre lists it with its
// track, a download joins the recordings of a range into one file, and the latest frame comes from a recording.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { type SimulatedClip, simulatedClip } from '../../server/simulator/clip.ts';
import { type DemoBox, demoBoxes, ingestOk, SNAPSHOT } from './support/alarms.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let box: DemoBox;
let clip: SimulatedClip;
// Times from one clock reading per test, so two of them never straddle a second boundary.
let base = Date.now();
const secondsAgo = (s: number) => formatTime(new Date(base - s * 1000)) as string;

async function upload(fields: Record<string, string>, bytes: Buffer, who: DemoBox = box, secret = who.secret) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('clip', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), 'clip.mp4');
  const encoded = new Response(form);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/ingest/recording',
    headers: { 'content-type': encoded.headers.get('content-type')!, 'accept-language': 'en', 'x-box-id': String(who.boxId), 'x-box-secret': secret },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return JSON.parse(res.body) as { code: number; msg: string; data: { id: number } };
}

async function alarmWithEventId(cameraId: number, boxEventId: string) {
  return ingestOk(server.app, box, {
    fields: { cameraId: String(cameraId), eventType: '16', alarmTime: secondsAgo(0), confidence: '0.9', box: JSON.stringify(SNAPSHOT.box), boxEventId },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app, OPERATOR);
  box = demoBoxes(server.config.dataDir)[0];
  clip = await simulatedClip(16, 1);
}, 60_000);
afterAll(async () => server?.close());

describe('recording ingest', () => {
  it('stores the clip of an alarm once, lists it with its track, and serves the file', async () => {
    base = Date.now();
    const cameraId = box.cameraIds[0];
    const alarm = await alarmWithEventId(cameraId, 'rec-test-1');
    const fields = { cameraId: String(cameraId), startTime: secondsAgo(4), endTime: secondsAgo(0), boxEventId: 'rec-test-1', track: JSON.stringify(clip.track) };
    const first = await upload(fields, clip.mp4);
    expect(first.code).toBe(0);
    expect((await upload(fields, clip.mp4)).data.id).toBe(first.data.id);
    const listed = await call(server.app, 'GET', '/custom/listRecord', { token, query: { alarmId: alarm.id } });
    expect(listed.json.data.total).toBe(1);
    const record = listed.json.data.list[0];
    expect(record).toMatchObject({ id: first.data.id, cameraId, alarmId: alarm.id, width: 640, height: 360, size: clip.mp4.length, duration: 4 });
    expect(record.track).toHaveLength(clip.track.length);
    expect(record.track.at(-1)).toEqual(clip.track.at(-1));
    const served = await server.app.inject({ method: 'GET', url: record.playUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(clip.mp4)).toBe(true);
  });

  it('refuses a cut-short clip, a text file, a foreign camera, an unknown alarm and a wrong secret — storing nothing', async () => {
    base = Date.now();
    const [own, other] = demoBoxes(server.config.dataDir);
    const fields = { cameraId: String(own.cameraIds[0]), startTime: secondsAgo(4), endTime: secondsAgo(0) };
    const before = await server.database.db.selectFrom('videoRecords').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const cut = await upload(fields, clip.mp4.subarray(0, Math.floor(clip.mp4.length / 2)));
    expect(cut.code).toBe(400);
    expect(cut.msg).toContain('clip is not a complete MP4');
    expect((await upload(fields, Buffer.from('just some text, not a video at all'))).code).toBe(415);
    expect((await upload({ ...fields, cameraId: String(other.cameraIds[0]) }, clip.mp4)).code).toBe(403);
    const unknown = await upload({ ...fields, boxEventId: 'never-posted' }, clip.mp4);
    expect(unknown.code).toBe(404);
    expect(unknown.msg).toContain('never-posted');
    expect((await upload(fields, clip.mp4, own, 'x'.repeat(24))).code).toBe(401);
    const badOrder = await upload({ ...fields, startTime: fields.endTime, endTime: fields.startTime }, clip.mp4);
    expect(badOrder.code).toBe(400);
    const badTrack = await upload({ ...fields, track: '[{"t":-1}]' }, clip.mp4);
    expect(badTrack.code).toBe(400);
    expect(badTrack.msg).toContain('track');
    const after = await server.database.db.selectFrom('videoRecords').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('downloads and the latest frame from recordings', () => {
  it('joins the recordings of a range into one finished file, and fails a range with none', async () => {
    base = Date.now();
    const cameraId = box.cameraIds[1];
    const ends: string[] = [];
    for (const offset of [30, 20]) {
      ends.push(secondsAgo(offset));
      const res = await upload({ cameraId: String(cameraId), startTime: secondsAgo(offset + 4), endTime: ends.at(-1)! }, clip.mp4);
      expect(res.code).toBe(0);
    }
    const asked = await call(server.app, 'POST', '/mas/video/download', { token, body: { cameraId, startTime: secondsAgo(40), endTime: secondsAgo(10) } });
    expect(asked.json.data.status).toBe(0);
    await expect
      .poll(async () => (await call(server.app, 'GET', '/mas/video/list', { token, query: { cameraId } })).json.data.list[0], { timeout: 20_000 })
      .toMatchObject({ id: asked.json.data.id, status: 2, progress: 100 });
    const done = (await call(server.app, 'GET', '/mas/video/list', { token, query: { cameraId } })).json.data.list[0];
    // Two clips joined by stream copy: about twice one clip.
    expect(done.size).toBeGreaterThan(clip.mp4.length * 1.5);
    const file = await server.app.inject({ method: 'GET', url: done.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const none = await call(server.app, 'POST', '/mas/video/download', { token, body: { cameraId, startTime: secondsAgo(3600), endTime: secondsAgo(3000) }, lang: 'zh' });
    expect(none.json.data).toMatchObject({ status: 3, errorMsg: '该时间段内没有这台摄像机的录像' });

    const latest = await call(server.app, 'GET', '/camera/latest', { token, query: { cameraId } });
    expect(latest.json.data).toMatchObject({ cameraId, source: 'recording', time: ends[1] });
    expect(latest.json.data.imageUrl.startsWith('data:image/jpeg;base64,/9j/')).toBe(true);
  }, 40_000);

  it('answers a job whose server stopped while it ran as failed, with the reason', async () => {
    const old = new Date(Date.now() - 11 * 60_000);
    const adminId = (await server.database.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const row = await server.database.db
      .insertInto('videoDownloads')
      .values({ name: 'stale', cameraId: box.cameraIds[0], cameraName: 'c', startTime: old, endTime: old, status: 1, createUserId: adminId, createUser: 'admin', updatedAt: old })
      .returning('id')
      .executeTakeFirstOrThrow();
    const listed = await call(server.app, 'GET', '/mas/video/list', { token, query: { name: 'stale' }, lang: 'en' });
    expect(listed.json.data.list).toEqual([expect.objectContaining({ id: row.id, status: 3, errorMsg: 'The server stopped while the download was being made; it did not finish' })]);
  });
});

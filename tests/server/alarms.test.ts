// The ingest API (POST /ingest/alarm): a box posts an alarm with its snapshot; every bad input gets a clear
// error and stores nothing.
import { SEEDED_NAMES_EN } from '../../server/db/seed/seedNames.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { packedImageCount } from '../../server/modules/alarms/snapshotPacks.ts';
import { alarmFields, type DemoBox, demoBoxes, ingest, ingestOk, SNAPSHOT } from './support/alarms.ts';
import { call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let box1: DemoBox;
let box2: DemoBox;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  [box1, box2] = demoBoxes(server.config.dataDir);
});
afterAll(async () => server?.close());

async function alarmCount(): Promise<number> {
  const row = await server.database.db.selectFrom('alarms').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The alarm snapshots stored (live records in the packs). */
const storedImages = () => packedImageCount(server.config.dataDir);

/** Waits out the per-box rate limit so each test starts in a fresh one-second window. */
beforeEach(async () => {
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
});

describe('ingest: a valid alarm', () => {
  it('is stored with its snapshot, names from the catalogue and the next seq, and can be read back', async () => {
    const first = await ingest(server.app, box1);
    expect(first.json).toMatchObject({ code: 0, data: { id: expect.any(Number), seq: expect.any(Number) } });
    const second = await ingestOk(server.app, box1, { fields: alarmFields(box1, { eventType: '1009' }) });
    expect(second.seq).toBeGreaterThan(first.json.data.seq);

    const info = await call(server.app, 'GET', `/warn/event/info/${first.json.data.id}`, { token, lang: 'en' });
    expect(info.json.code).toBe(0);
    const camera = await server.database.db.selectFrom('devices').selectAll().where('id', '=', box1.cameraIds[0]).executeTakeFirstOrThrow();
    expect(info.json.data).toMatchObject({
      id: first.json.data.id,
      seq: first.json.data.seq,
      cameraId: camera.id,
      // Read in English: a seeded camera is named in English (server/db/seed/seedNames.ts).
      cameraName: SEEDED_NAMES_EN[camera.name] ?? camera.name,
      boxId: box1.boxId,
      eventType: 16,
      eventTypeKey: 'vehicleRedLight',
      eventTypeName: 'Running a red light',
      eventKind: 'violation',
      confidence: 0.87,
      box: SNAPSHOT.box,
      imageWidth: 640,
      imageHeight: 360,
      imageUrl: `/warn/event/image/${first.json.data.id}`,
      attributes: { plateNo: '粤B12345', vehicleColor: 2 },
      status: 0,
      handleUser: null,
      urgent: false,
      errDetection: false,
      simulated: false,
      sceneId: camera.sceneId,
      history: [],
    });
    const fire = await call(server.app, 'GET', `/warn/event/info/${second.id}`, { token });
    expect(fire.json.data).toMatchObject({ eventKind: 'road', eventTypeKey: 'fire', eventTypeName: '火灾', urgent: true });

    const image = await server.app.inject({ method: 'GET', url: `/api/warn/event/image/${first.json.data.id}`, headers: { token } });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('private');
    // Stored re-encoded (server/media/imageSafety.ts): the same pixels, not the same bytes.
    expect(Buffer.compare(await sharp(image.rawPayload).raw().toBuffer(), await sharp(SNAPSHOT.png).raw().toBuffer())).toBe(0);
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/warn/event/image/${first.json.data.id}` });
    expect(JSON.parse(anonymous.body).code).toBe(401);
    expect(await storedImages()).toBeGreaterThanOrEqual(2);
  });

  it('answers a repeated boxEventId with the first alarm and stores nothing', async () => {
    const fields = alarmFields(box1, { boxEventId: 'evt-0001' });
    const first = await ingest(server.app, box1, { fields });
    const before = [await alarmCount(), await storedImages()];
    const again = await ingest(server.app, box1, { fields: { ...fields, eventType: '5' } });
    expect(again.json).toMatchObject({ code: 0, data: first.json.data });
    expect([await alarmCount(), await storedImages()]).toEqual(before);
  });

  it('keeps HTML in alarm text as inert JSON data', async () => {
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const stored = await ingestOk(server.app, box1, { fields: alarmFields(box1, { attributes: JSON.stringify({ plateNo: script }) }) });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/warn/event/list',
      headers: { token, 'content-type': 'application/json' },
      payload: { pageSize: 50 },
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const listed = JSON.parse(res.body).data.list.find((a: { id: number }) => a.id === stored.id);
    expect(listed.attributes.plateNo).toBe(script);
    expect(res.body).toContain(JSON.stringify(script).slice(1, -1));
  });
});

describe('ingest: refused input stores nothing', () => {
  let before: [number, number];
  beforeEach(async () => {
    before = [await alarmCount(), await storedImages()];
  });
  const nothingStored = async () => expect([await alarmCount(), await storedImages()]).toEqual(before);

  it('refuses missing, wrong and unknown box credentials with 401', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'x-box-id': String(box1.boxId), 'x-box-secret': 'wrong-secret-of-enough-length' },
      { 'x-box-id': '9999', 'x-box-secret': box1.secret },
      { 'x-box-id': 'abc', 'x-box-secret': box1.secret },
      { 'x-box-id': String(box1.boxId), 'x-box-secret': box2.secret },
    ];
    for (const headers of attempts) {
      const res = await ingest(server.app, null, { fields: alarmFields(box1), headers });
      expect(res.json.code, JSON.stringify(headers)).toBe(401);
      expect(res.status).toBe(200);
    }
    await nothingStored();
  });

  it('refuses a camera that is not bound to the box with 403', async () => {
    const foreign = await ingest(server.app, box1, { fields: alarmFields(box1, { cameraId: String(box2.cameraIds[0]) }), lang: 'en' });
    expect(foreign.json.code).toBe(403);
    expect(foreign.json.msg).toContain(`Camera ${box2.cameraIds[0]} is not bound`);
    expect((await ingest(server.app, box1, { fields: alarmFields(box1, { cameraId: '99999' }) })).json.code).toBe(403);
    await nothingStored();
  });

  it('refuses unknown event type ids with 400', async () => {
    for (const eventType of ['0', '51', '77', '1000', '1025', 'fire']) {
      const res = await ingest(server.app, box1, { fields: alarmFields(box1, { eventType }), lang: 'en' });
      expect(res.json.code, eventType).toBe(400);
      expect(res.json.msg).toMatch(/eventType/);
    }
    await nothingStored();
  });

  it('refuses oversized (413), non-image (415) and unreadable (415) snapshots, and a missing one (400)', async () => {
    const big = Buffer.concat([SNAPSHOT.png, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await ingest(server.app, box1, { snapshot: { bytes: big } })).json.code).toBe(413);
    const text = Buffer.from('this is not an image at all, just text pretending');
    expect((await ingest(server.app, box1, { snapshot: { bytes: text, type: 'image/png', name: 'a.png' } })).json.code).toBe(415);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await ingest(server.app, box1, { snapshot: { bytes: gif, type: 'image/gif' } })).json.code).toBe(415);
    const headerOnly = Buffer.concat([SNAPSHOT.png.subarray(0, 8), Buffer.from('garbage garbage garbage garbage')]);
    const unreadable = await ingest(server.app, box1, { snapshot: { bytes: headerOnly }, lang: 'en' });
    expect(unreadable.json).toMatchObject({ code: 415 });
    expect(unreadable.json.msg).toContain('snapshot');
    const jpegWithoutFrame = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xd9]);
    expect((await ingest(server.app, box1, { snapshot: { bytes: jpegWithoutFrame, type: 'image/jpeg' } })).json.code).toBe(415);
    const missing = await ingest(server.app, box1, { snapshot: null, lang: 'en' });
    expect(missing.json.code).toBe(400);
    expect(missing.json.msg).toContain('snapshot');
    await nothingStored();
  });

  it('refuses malformed fields with 400 and a message naming the field', async () => {
    const future = formatTime(new Date(Date.now() + 5 * 60_000))!;
    const cases: [Record<string, string | undefined>, RegExp][] = [
      [{ cameraId: undefined }, /cameraId/],
      [{ cameraId: 'x1' }, /cameraId/],
      [{ confidence: '1.5' }, /confidence/],
      [{ alarmTime: '2026/01/01 10:00' }, /alarmTime/],
      [{ alarmTime: '2026-02-31 10:00:00' }, /alarmTime/],
      [{ alarmTime: future }, /alarmTime/],
      [{ box: '{"x":1,"y":2' }, /box/],
      [{ box: JSON.stringify({ x: 1, y: 2, w: 3 }) }, /box\.h/],
      [{ box: JSON.stringify({ x: 600, y: 300, w: 100, h: 100 }) }, /box.*640×360/],
      [{ attributes: '[1,2]' }, /attributes/],
      [{ attributes: JSON.stringify({ nested: { a: 1 } }) }, /attributes/],
      [{ boxEventId: 'has spaces' }, /boxEventId/],
      [{ simulated: 'maybe' }, /simulated/],
      // Text the database cannot store, as a JSON escape or raw in a form field: named, not a 500.
      [{ attributes: '{"plateNo":"A\\u0000B"}' }, /attributes\.plateNo.*not allowed/],
      [{ attributes: '{"plateNo":"\\ud800"}' }, /attributes\.plateNo.*not allowed/],
      [{ attributes: '{"\\udc00":"x"}' }, /attributes.*not allowed/],
      [{ track: 'A\u0000B' }, /track.*not allowed/],
    ];
    for (const [override, pattern] of cases) {
      const res = await ingest(server.app, box1, { fields: alarmFields(box1, override), lang: 'en' });
      expect(res.json.code, JSON.stringify(override)).toBe(400);
      expect(res.json.msg, JSON.stringify(override)).toMatch(pattern);
      expect(res.json.msg).not.toMatch(/at .*\.ts:\d+/);
    }
    await nothingStored();
  });

  it('answers 429 when one box sends faster than 20 alarms a second (20 at once, then 20 a second)', async () => {
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 40 }, () => ingest(server.app, box2, { fields: alarmFields(box2, { attributes: undefined }) })));
    const seconds = (performance.now() - started) / 1000;
    const codes = results.map((r) => r.json.code);
    expect(codes).toContain(429);
    // The burst, and what the bucket refilled while the requests were being answered.
    expect(codes.filter((c) => c === 0).length).toBeLessThanOrEqual(20 + Math.ceil(seconds * 20));
  });
});

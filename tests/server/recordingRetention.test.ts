// Continuous recording (issue 35): a box's segments (kind=continuous) are streamed to disk, bounded by size (64 MiB,
// an alarm clip 8 MiB) and length (the camera's segment length + 10 s), refused at the disk's free-space floor (507,
// nothing kept); the retention deletes the oldest segments first — by days, by share of the disk, by the floor —
// measured with a fake disk, and never an alarm clip; the day timeline answers the segments and alarms.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { applyRetention, type DiskSpace, writeRecordingConfig } from '../../server/modules/video/recordingRetention.ts';
import { recordingPath } from '../../server/modules/video/recordingStore.ts';
import { type DemoBox, demoBoxes, ingestOk, SNAPSHOT } from './support/alarms.ts';
import { testStream } from '../support/fakeLiveBox.ts';
import { ADMIN, call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
let server: TestServer;
let admin: string;
let box: DemoBox;
/** A real fragmented MP4 (H.264, 320×180) made by ffmpeg. */
let clip: { mp4: Buffer; width: number; height: number };
/** What the fake disk answers; a test sets it. */
let disk: () => Promise<DiskSpace> = async () => ({ total: 100 * GIB, free: 50 * GIB });

async function upload(fields: Record<string, string>, bytes: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('clip', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), 'segment.mp4');
  const encoded = new Response(form);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/ingest/recording',
    headers: { 'content-type': encoded.headers.get('content-type')!, 'accept-language': 'en', 'x-box-id': String(box.boxId), 'x-box-secret': box.secret },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return JSON.parse(res.body) as { code: number; msg: string; data: { id: number } };
}

/** The clip made `bytes` long by a trailing free box: still a whole MP4. */
function padded(bytes: number): Buffer {
  const free = Buffer.alloc(bytes - clip.mp4.length);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([clip.mp4, free]);
}

const ago = (seconds: number) => formatTime(new Date(Date.now() - seconds * 1000)) as string;
const filesUnder = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : []);

/** Continuous segments stored directly: one per start (seconds ago), each `size` bytes as the rows say. */
async function segments(cameraId: number, startsAgo: number[], size: number) {
  const ids: number[] = [];
  for (const seconds of startsAgo) {
    const filePath = `recordings/test/${seconds}-${Math.random().toString(16).slice(2)}.mp4`;
    await mkdir(dirname(recordingPath(server.config.dataDir, filePath)), { recursive: true });
    await writeFile(recordingPath(server.config.dataDir, filePath), 'segment');
    const row = await server.database.db
      .insertInto('videoRecords')
      .values({ cameraId, cameraName: 'c', kind: 'continuous', startTime: new Date(Date.now() - seconds * 1000), endTime: new Date(Date.now() - (seconds - 60) * 1000), size, playUrl: `/files/${filePath}`, filePath })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

const remaining = async () =>
  (await server.database.db.selectFrom('videoRecords').select('id').where('kind', '=', 'continuous').orderBy('startTime').execute()).map((r) => r.id);

beforeAll(async () => {
  const [started, stream] = await Promise.all([startTestServer({ recordingDisk: () => disk() }), testStream(6)]);
  server = started;
  clip = { mp4: Buffer.concat([stream.init, ...stream.fragments.map((f) => f.data)]), width: stream.width, height: stream.height };
  admin = await login(server.app, ADMIN);
  box = demoBoxes(server.config.dataDir)[0];
}, 90_000);
afterAll(async () => server?.close());

describe('continuous segments', () => {
  it('stores a segment larger than a clip may be, lists it as continuous, and refuses what breaks the rules', async () => {
    const cameraId = box.cameraIds[0];
    const fields = { cameraId: String(cameraId), startTime: ago(60), endTime: ago(0), kind: 'continuous' };
    const big = padded(9 * MIB);
    const stored = await upload(fields, big);
    expect(stored).toMatchObject({ code: 0 });
    const row = await server.database.db.selectFrom('videoRecords').selectAll().where('id', '=', stored.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'continuous', alarmId: null, cameraId, width: clip.width, height: clip.height });
    expect(Number(row.size)).toBe(big.length);
    const served = await server.app.inject({ method: 'GET', url: row.playUrl });
    expect(served.rawPayload.equals(big)).toBe(true);

    // The same size as an alarm clip is over its 8 MB.
    expect((await upload({ ...fields, kind: 'clip' }, big)).code).toBe(413);
    expect((await upload({ ...fields, boxEventId: 'evt-1' }, clip.mp4)).code).toBe(400);
    const long = await upload({ ...fields, startTime: ago(200) }, clip.mp4);
    expect(long.code).toBe(400);
    expect(long.msg).toContain('70 s');
    expect((await upload(fields, Buffer.alloc(64 * MIB + 1024))).code).toBe(413);
    const listed = await call(server.app, 'GET', '/custom/listRecord', { token: admin, query: { cameraId } });
    expect(listed.json.data.list.filter((r: { kind: string }) => r.kind === 'continuous').map((r: { id: number }) => r.id)).toEqual([stored.data.id]);
  }, 60_000);

  it('refuses an upload at the free-space floor with 507 and keeps no file', async () => {
    const before = filesUnder(join(server.config.dataDir, 'files', 'recordings')).length;
    // The floor of the defaults on a 100 GiB disk is 5 GiB (5 %).
    disk = async () => ({ total: 100 * GIB, free: 5 * GIB - MIB });
    try {
      const refused = await upload({ cameraId: String(box.cameraIds[0]), startTime: ago(60), endTime: ago(0), kind: 'continuous' }, clip.mp4);
      expect(refused.code).toBe(507);
      expect(refused.msg).toContain('free-space floor');
      expect(filesUnder(join(server.config.dataDir, 'files', 'recordings'))).toHaveLength(before);
    } finally {
      disk = async () => ({ total: 100 * GIB, free: 50 * GIB });
    }
  });

  it('answers the day timeline: the spans and the alarms of the camera’s day', async () => {
    const cameraId = box.cameraIds[1];
    const alarm = await ingestOk(server.app, box, {
      fields: { cameraId: String(cameraId), eventType: '16', alarmTime: ago(30), confidence: '0.9', box: JSON.stringify(SNAPSHOT.box) },
    });
    const segment = await upload({ cameraId: String(cameraId), startTime: ago(60), endTime: ago(0), kind: 'continuous' }, clip.mp4);
    const day = ago(30).slice(0, 10);
    const answer = await call(server.app, 'GET', '/video/day', { token: admin, query: { cameraId, day }, lang: 'en' });
    expect(answer.json.code).toBe(0);
    expect(answer.json.data.spans).toEqual([expect.objectContaining({ id: segment.data.id, kind: 'continuous', alarmId: null })]);
    expect(answer.json.data.alarms).toEqual([expect.objectContaining({ id: alarm.id, eventType: 16, eventName: 'Running a red light', status: 0 })]);
    expect(answer.json.data.alarmsTotal).toBe(1);
    expect((await call(server.app, 'GET', '/video/day', { token: admin, query: { cameraId: 999_999, day } })).json.code).toBe(404);
  });
});

describe('retention', () => {
  // The server's own loop stays out of the way: these tests run the pass themselves, with their own disks.
  beforeAll(async () => {
    await server.services.recordingRetention?.stop();
  });
  const cameraOf = () => box.cameraIds[2] ?? box.cameraIds[0];
  const clear = () => server.database.db.deleteFrom('videoRecords').where('kind', '=', 'continuous').execute();

  it('deletes the segments older than the days, oldest first, and keeps alarm clips', async () => {
    await clear();
    await writeRecordingConfig(server.database.db, { retentionDays: 2, maxDiskSharePercent: 50, minFreeGiB: 2, minFreePercent: 5 });
    const day = 86_400;
    const [oldest, older, kept] = await segments(cameraOf(), [5 * day, 3 * day, day], MIB);
    const alarmClip = await server.database.db
      .insertInto('videoRecords')
      .values({ cameraId: cameraOf(), cameraName: 'c', kind: 'clip', startTime: new Date(Date.now() - 6 * day * 1000), endTime: new Date(Date.now() - 6 * day * 1000 + 4000), size: MIB, playUrl: '/files/x.mp4' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const result = await applyRetention(server.database.db, server.config.dataDir, async () => ({ total: 100 * GIB, free: 50 * GIB }));
    expect(result.deleted).toEqual([
      { id: oldest, reason: 'days' },
      { id: older, reason: 'days' },
    ]);
    expect(await remaining()).toEqual([kept]);
    expect(await server.database.db.selectFrom('videoRecords').select('id').where('id', '=', alarmClip.id).executeTakeFirst()).toEqual({ id: alarmClip.id });
  });

  it('deletes the oldest while the segments take more than their share of the disk', async () => {
    await clear();
    await writeRecordingConfig(server.database.db, { retentionDays: 30, maxDiskSharePercent: 50, minFreeGiB: 1, minFreePercent: 1 });
    // Ten segments of 1 GiB on a 10 GiB disk: 5 GiB may stay.
    const ids = await segments(cameraOf(), [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => n * 600), GIB);
    const result = await applyRetention(server.database.db, server.config.dataDir, async () => ({ total: 10 * GIB, free: 5 * GIB }));
    expect(result.deleted).toEqual(ids.slice(0, 5).map((id) => ({ id, reason: 'share' })));
    expect(await remaining()).toEqual(ids.slice(5));
    for (const id of ids.slice(0, 5)) {
      expect(await server.database.db.selectFrom('videoRecords').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    }
  });

  it('deletes the oldest until the disk is above its free-space floor, measuring it again', async () => {
    await clear();
    await writeRecordingConfig(server.database.db, { retentionDays: 30, maxDiskSharePercent: 90, minFreeGiB: 2, minFreePercent: 5 });
    const ids = await segments(cameraOf(), [6, 5, 4, 3, 2, 1].map((n) => n * 600), 400 * MIB);
    // A 100 GiB disk with 4 GiB free (floor: 5 GiB): what the segments free comes back as free space.
    const stored = async () => Number((await server.database.db.selectFrom('videoRecords').select((eb) => eb.fn.sum<string>('size').as('s')).where('kind', '=', 'continuous').executeTakeFirstOrThrow()).s ?? 0);
    const start = await stored();
    const result = await applyRetention(server.database.db, server.config.dataDir, async () => ({ total: 100 * GIB, free: 4 * GIB + (start - (await stored())) }));
    // 1 GiB missing: three segments of 400 MiB.
    expect(result.deleted).toEqual(ids.slice(0, 3).map((id) => ({ id, reason: 'floor' })));
    expect(await remaining()).toEqual(ids.slice(3));
  });

  it('applies the saved settings through the API, and reports the storage', async () => {
    await clear();
    const saved = await call(server.app, 'POST', '/system/recordingConfig', { token: admin, body: { retentionDays: 3, maxDiskSharePercent: 40, minFreeGiB: 3, minFreePercent: 4 } });
    expect(saved.json.code).toBe(0);
    expect((await call(server.app, 'GET', '/system/recordingConfig', { token: admin })).json.data).toEqual({ retentionDays: 3, maxDiskSharePercent: 40, minFreeGiB: 3, minFreePercent: 4 });
    expect((await call(server.app, 'POST', '/system/recordingConfig', { token: admin, body: { retentionDays: 0, maxDiskSharePercent: 40, minFreeGiB: 3, minFreePercent: 4 } })).json.code).toBe(400);
    await segments(cameraOf(), [600], 2 * MIB);
    const storage = await call(server.app, 'GET', '/system/recordingStorage', { token: admin });
    expect(storage.json.data).toMatchObject({ recordingBytes: 2 * MIB, segments: 1, diskBytes: 100 * GIB, freeBytes: 50 * GIB, shareLimitBytes: 40 * GIB, floorBytes: 4 * GIB, acceptingUploads: true });
  });
});

// "Add to samples" (issue 35): an alarm's detection box, padded, cut from its snapshot and stored as a training sample
// of a warehouse algorithm — the pixels of the crop, as PNG, counted with the algorithm's samples; refused when the
// crop is under the §5 16 KB (a flat drawn scene), when the algorithm holds 1000 already, for a caller who may not
// read alarms, and for a deleted alarm. The snapshot is a real photograph (tests/support/realPhotos.ts).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { paddedCrop } from '../../server/modules/training/alarmSamples.ts';
import { readRealPhoto } from '../support/realPhotos.ts';
import { type DemoBox, demoBoxes, ingestOk, SNAPSHOT } from './support/alarms.ts';
import { ADMIN, call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';
import { addAlgorithm } from './support/training.ts';
import { userWithModules } from './support/users.ts';

let server: TestServer;
let admin: string;
let box: DemoBox;
/** A 640×360 JPEG of a real office photo, and a detection box on it. */
let photo: Buffer;
const PHOTO_BOX = { x: 220, y: 60, w: 180, h: 220 };

const add = (body: Record<string, unknown>, token = admin) => call(server.app, 'POST', '/warehouse/addAlarmSample', { token, body, lang: 'en' });

async function alarm(real = true): Promise<number> {
  const stored = await ingestOk(server.app, box, {
    fields: { cameraId: String(box.cameraIds[0]), eventType: '28', alarmTime: formatTime(new Date())!, confidence: '0.8', box: JSON.stringify(real ? PHOTO_BOX : SNAPSHOT.box) },
    snapshot: real ? { bytes: photo, type: 'image/jpeg', name: 'snapshot.jpg' } : undefined,
  });
  return stored.id;
}

beforeAll(async () => {
  server = await startTestServer();
  photo = await sharp(readRealPhoto('office')).resize(640, 360, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
  admin = await login(server.app, ADMIN);
  box = demoBoxes(server.config.dataDir)[0];
}, 90_000);
afterAll(async () => server?.close());

describe('add an alarm to the samples', () => {
  it('stores the padded crop of the detection box as a PNG sample, labelled and counted', async () => {
    const algorithmId = await addAlgorithm(server, 'false alarms');
    const id = await alarm();
    const res = await add({ alarmId: id, algorithmId, label: 'negative' });
    expect(res.json.code, res.json.msg).toBe(0);
    const crop = paddedCrop(PHOTO_BOX, 640, 360)!;
    // A fifth of the box on each side.
    expect(crop).toEqual({ left: 184, top: 16, width: 252, height: 308 });
    expect(res.json.data).toMatchObject({ algorithmId, uploaded: 1, counts: { total: 1, negative: 1, positive: 0 } });
    const sample = res.json.data.list[0];
    expect(sample).toMatchObject({ label: 'negative', width: crop.width, height: crop.height, fileName: `alarm-${id}-${crop.width}x${crop.height}.png` });
    // The stored file is the snapshot's own pixels there.
    const stored = await server.app.inject({ method: 'GET', url: sample.url });
    const stillStored = await server.database.db.selectFrom('alarms').select('imagePath').where('id', '=', id).executeTakeFirstOrThrow();
    const snapshot = await server.app.inject({ method: 'GET', url: `/files/${stillStored.imagePath}` });
    const [got, want] = await Promise.all([sharp(stored.rawPayload).raw().toBuffer(), sharp(snapshot.rawPayload).extract(crop).raw().toBuffer()]);
    expect(got.equals(want)).toBe(true);
    const listed = await call(server.app, 'POST', '/warehouse/samples/list', { token: admin, body: { algorithmId, pageNo: 1, pageSize: 10 } });
    expect(listed.json.data.counts).toMatchObject({ total: 1, negative: 1 });
    expect(listed.json.data.list[0].id).toBe(sample.id);
  });

  it('refuses a crop under 16 KB as PNG, naming its pixels and bytes, and stores nothing', async () => {
    const algorithmId = await addAlgorithm(server, 'flat drawings');
    const res = await add({ alarmId: await alarm(false), algorithmId, label: 'positive' });
    expect(res.json.code).toBe(400);
    expect(res.json.msg).toMatch(/is 153×98 pixels, only \d+ KB as PNG, and a training sample is at least 16 KB; crops are not enlarged/);
    expect(await server.database.db.selectFrom('trainSamples').select('id').where('algorithmId', '=', algorithmId).execute()).toEqual([]);
  });

  it('refuses when the algorithm already holds 1000 samples, storing nothing', async () => {
    const algorithmId = await addAlgorithm(server, 'full one');
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      algorithmId,
      fileName: `f${i}.png`,
      filePath: `training/${algorithmId}/f${i}.png`,
      thumbPath: `training/${algorithmId}/thumbs/f${i}.jpg`,
      sha256: String(i).padStart(64, '0'),
      dhash: '0'.repeat(16),
      size: 20_000,
      width: 100,
      height: 100,
      label: 'positive' as const,
    }));
    await server.database.db.insertInto('trainSamples').values(rows).execute();
    const res = await add({ alarmId: await alarm(), algorithmId, label: 'positive' });
    expect(res.json.code).toBe(409);
    expect(res.json.msg).toContain('1000');
    const count = await server.database.db.selectFrom('trainSamples').select((eb) => eb.fn.countAll<string>().as('n')).where('algorithmId', '=', algorithmId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1000);
  });

  it('refuses a caller who may not read alarms, a deleted alarm and an unknown algorithm', async () => {
    const algorithmId = await addAlgorithm(server, 'guarded');
    const id = await alarm();
    const trainerOnly = await userWithModules(server.app, server.database.db, admin, 'traineronly', ['algorithmProduction/train']);
    expect((await add({ alarmId: id, algorithmId, label: 'positive' }, trainerOnly)).json.code).toBe(403);
    const alarmsOnly = await userWithModules(server.app, server.database.db, admin, 'alarmsonly2', ['historyEvent']);
    expect((await add({ alarmId: id, algorithmId, label: 'positive' }, alarmsOnly)).json.code).toBe(403);
    expect((await add({ alarmId: id, algorithmId: 987_654, label: 'positive' })).json.code).toBe(404);
    expect((await add({ alarmId: id, algorithmId, label: 'maybe' })).json.code).toBe(400);
    await server.database.db.updateTable('alarms').set({ deletedAt: new Date(), deletedBy: 'admin' }).where('id', '=', id).execute();
    expect((await add({ alarmId: id, algorithmId, label: 'positive' })).json.code).toBe(404);
  });
});

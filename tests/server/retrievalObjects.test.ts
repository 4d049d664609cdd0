// Target retrieval on objects (issue 36) with real photos: alarms whose snapshots are windows of the photos in
// @vladmandic/human/assets (tests/support/retrievalObjects.ts), indexed by the background loop (the detector's
// objects and the alarm's own box, retrieval_crops). Each alarm's own object comes first when searched for; a
// lightly altered copy (shifted, resized, re-compressed) is a hit at the default similarity, first, other objects
// ranked below it (most of them below the default too); the index survives a restart (a process with empty memory reads it back, embedding nothing); a purged
// alarm loses its vectors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { closeDetector } from '../../server/ml/detector.ts';
import { closeFeatures } from '../../server/ml/features.ts';
import { purgeDeletedImages } from '../../server/modules/alarms/alarmStore.ts';
import { cropIndexFor } from '../../server/modules/retrieval/cropIndex.ts';
import { DEFAULT_SIMILARITY } from '../../src/domain/retrievalThreshold.ts';
import { alteredCopy, REAL_OBJECTS, type RealObject, snapshotOf } from '../support/retrievalObjects.ts';
import { alarmFields, type DemoBox, demoBoxes, ingestOk } from './support/alarms.ts';
import { call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let box: DemoBox;

/** A spread of the 200: people in the crowd, face tiles, thumbnails, a lamp. */
const PICKED = [9, 12, 15, 18, 60, 75, 101, 140, 170, 185, 193].map((i) => REAL_OBJECTS[i] as RealObject);
const seeded: { id: number; object: RealObject; ownCrop: Buffer }[] = [];

type Hit = { id: number; similarity: number; match: { box: number[]; own: boolean; label: string | null; queryImage: number } };
type Page = { list: Hit[]; total: number; imageSearch: { candidates: number; compared: number; indexing: number; embedded: number; queryObjects: number; crops: number; threshold: number } };

async function search(image: Buffer, similarity?: number): Promise<Page> {
  const res = await call(server.app, 'POST', '/targetRetrieval/list', {
    token,
    body: {
      objType: 1,
      startTime: formatTime(new Date(Date.now() - 3600_000)),
      endTime: formatTime(new Date(Date.now() + 5_000)),
      images: [`data:image/jpeg;base64,${image.toString('base64')}`],
      pageSize: 50,
      ...(similarity === undefined ? {} : { similarity }),
    },
  });
  expect(res.json.code).toBe(0);
  return res.json.data as Page;
}

const db = () => server.database.db;
const cropRows = async (alarmId?: number) => {
  let q = db().selectFrom('retrievalCrops').select((eb) => eb.fn.countAll<string>().as('n'));
  if (alarmId !== undefined) q = q.where('alarmId', '=', alarmId);
  return Number((await q.executeTakeFirstOrThrow()).n);
};
const backlog = async () => (await db().selectFrom('embeddingBacklog').select('alarmId').execute()).length;

beforeAll(async () => {
  server = await startTestServer({ retrievalIndex: { enabled: true, pollMs: 50, searchEmbedLimit: 0 } });
  token = await login(server.app);
  box = demoBoxes(server.config.dataDir)[0];
  const sharp = (await import('sharp')).default;
  for (const object of PICKED) {
    const shot = await snapshotOf(object);
    const fields = alarmFields(box, { box: JSON.stringify(shot.box), attributes: JSON.stringify({ objType: 1, genderCode: 1 }) });
    const { id } = await ingestOk(server.app, box, { fields, snapshot: { bytes: shot.jpeg, type: 'image/jpeg', name: 'snapshot.jpg' } });
    const ownCrop = await sharp(shot.jpeg).extract({ left: shot.box.x, top: shot.box.y, width: shot.box.w, height: shot.box.h }).jpeg({ quality: 95 }).toBuffer();
    seeded.push({ id, object, ownCrop });
  }
  // The background loop indexes them (detector and feature extractor on a loaded 2-core machine: seconds each);
  // the hook's own limit bounds the wait.
  while ((await backlog()) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
}, 300_000);
afterAll(async () => {
  await closeFeatures();
  await closeDetector();
  await server?.close();
});

describe('target retrieval on objects', () => {
  it('indexes each alarm by its own box and the objects the detector finds', async () => {
    for (const { id } of seeded) expect(await cropRows(id)).toBeGreaterThanOrEqual(1);
    const own = await db().selectFrom('retrievalCrops').select(['alarmId', 'label']).where('objectNo', '=', 0).execute();
    expect(own.map((r) => r.label)).toEqual(seeded.map(() => null));
  });

  it('puts each alarm’s own object first, naming the matched object on its snapshot', async () => {
    for (const { id, ownCrop } of seeded) {
      const page = await search(ownCrop, 0);
      expect(page.imageSearch).toMatchObject({ candidates: seeded.length, compared: seeded.length, indexing: 0, embedded: 0 });
      expect(page.list[0]?.id).toBe(id);
      expect(page.list[0]?.match.queryImage).toBe(0);
      expect(page.list[0]?.match.box).toHaveLength(4);
    }
  }, 240_000);

  it('finds a lightly altered copy at the default similarity, first, and ranks the other objects below it', async () => {
    let othersPassing = 0;
    for (const [i, { id, object }] of seeded.entries()) {
      const page = await search(await alteredCopy(object, 'light', i));
      expect(page.imageSearch.threshold).toBe(DEFAULT_SIMILARITY);
      expect(page.list[0]?.id).toBe(id);
      for (const other of page.list.slice(1)) expect(other.similarity).toBeLessThan(page.list[0].similarity);
      othersPassing += page.list.length - 1;
    }
    // Measured on 200 objects: 17.5 % of other objects reach the default (scripts/measure-retrieval-threshold.ts);
    // most stay below it here too.
    expect(othersPassing).toBeLessThan((seeded.length * (seeded.length - 1)) / 3);
  }, 240_000);

  it('survives a restart: a process with empty memory reads the stored vectors back and embeds nothing', async () => {
    const [first] = seeded;
    const before = await search(first.ownCrop, 0);
    const rows = await cropRows();
    cropIndexFor(db()).clear();
    expect(cropIndexFor(db()).size.crops).toBe(0);
    const after = await search(first.ownCrop, 0);
    expect(after.list).toEqual(before.list);
    expect(after.imageSearch.embedded).toBe(0);
    expect(await cropRows()).toBe(rows);
    expect(cropIndexFor(db()).size.alarms).toBe(seeded.length);
  }, 120_000);

  it('drops a deleted alarm’s vectors when its snapshot is purged', async () => {
    const gone = seeded[seeded.length - 1];
    await db().updateTable('alarms').set({ deletedAt: new Date(Date.now() - 60_000) }).where('id', '=', gone.id).execute();
    expect(await purgeDeletedImages(db(), server.config.dataDir, 0)).toBeGreaterThanOrEqual(1);
    expect(await cropRows(gone.id)).toBe(0);
    expect(cropIndexFor(db()).has(gone.id)).toBe(false);
    const page = await search(gone.ownCrop, 0);
    expect(page.list.map((h) => h.id)).not.toContain(gone.id);
    expect(page.imageSearch.candidates).toBe(seeded.length - 1);
  }, 120_000);
});

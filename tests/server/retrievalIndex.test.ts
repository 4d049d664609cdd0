// Target retrieval's background index (server/modules/retrieval/indexLoop.ts, migrations 072 and 086): an ingested
// alarm is queued in the statement that stores it and indexed by the loop (its objects' crops); a search after that
// embeds no candidate itself; a search over alarms the loop has not reached embeds at most searchEmbedLimit of
// them and counts the rest as still being indexed; a new loop on the same database (a restarted server) continues
// the backlog, taking over an expired claim of one that died.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../server/http/format.ts';
import { purgeDeletedImages } from '../../server/modules/alarms/alarmStore.ts';
import { closeDetector } from '../../server/ml/detector.ts';
import { closeFeatures } from '../../server/ml/features.ts';
import { startRetrievalIndex } from '../../server/modules/retrieval/indexLoop.ts';
import { drawSnapshot } from '../../server/simulator/snapshot.ts';
import { alarmFields, type DemoBox, demoBoxes, ingestOk } from './support/alarms.ts';
import { call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let box: DemoBox;

const INDEX = { enabled: true, pollMs: 50, searchEmbedLimit: 1 };
/** What the loops started here reported (nothing expected). */
const errors: unknown[] = [];

async function post(variant: number): Promise<number> {
  const shot = drawSnapshot(16, variant);
  const fields = alarmFields(box, { box: JSON.stringify(shot.box), attributes: JSON.stringify({ objType: 2, vehicleColor: 4 }) });
  return (await ingestOk(server.app, box, { fields, snapshot: { bytes: shot.png } })).id;
}

const db = () => server.database.db;
const backlog = async () => (await db().selectFrom('embeddingBacklog').select(['alarmId', 'claimedUntil']).orderBy('alarmId').execute()).map((r) => r.alarmId);
const cropCount = async () => Number((await db().selectFrom('retrievalCrops').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

/** True when the alarm's objects (at least its own box) are stored. */
async function embedded(id: number): Promise<boolean> {
  const found = await db().selectFrom('retrievalCrops').select('objectNo').where('alarmId', '=', id).execute();
  return found.some((r) => r.objectNo === 0);
}

/** The object of a snapshot as a picture: the crop of its box. */
async function objectOf(variant: number): Promise<Buffer> {
  const shot = drawSnapshot(16, variant);
  return sharp(shot.png).extract({ left: shot.box.x, top: shot.box.y, width: shot.box.w, height: shot.box.h }).png().toBuffer();
}

async function searchBy(variant: number) {
  const res = await call(server.app, 'POST', '/targetRetrieval/list', {
    token,
    body: {
      objType: 2,
      startTime: formatTime(new Date(Date.now() - 3600_000)),
      endTime: formatTime(new Date(Date.now() + 5_000)),
      images: [`data:image/png;base64,${(await objectOf(variant)).toString('base64')}`],
      similarity: 0,
    },
  });
  expect(res.json.code).toBe(0);
  return res.json.data as { list: { id: number }[]; total: number; imageSearch: { candidates: number; compared: number; indexing: number; embedded: number; queryObjects: number; crops: number; threshold: number } };
}

beforeAll(async () => {
  server = await startTestServer({ retrievalIndex: INDEX });
  token = await login(server.app);
  box = demoBoxes(server.config.dataDir)[0];
}, 180_000);
afterAll(async () => {
  await closeFeatures();
  await closeDetector();
  await server?.close();
});

describe('retrieval index loop', () => {
  const first: number[] = [];

  it('embeds an ingested alarm in the background: queued with the alarm, gone from the backlog once embedded', async () => {
    for (const variant of [0, 1]) first.push(await post(variant));
    await expect.poll(backlog, { timeout: 60_000, interval: 100 }).toEqual([]);
    for (const id of first) expect(await embedded(id)).toBe(true);
  }, 90_000);

  it('a search after that indexes no candidate itself: all compared, none still being indexed', async () => {
    const before = await cropCount();
    const found = await searchBy(1);
    expect(found.imageSearch).toMatchObject({ candidates: 2, compared: 2, indexing: 0, embedded: 0, threshold: 0 });
    expect(found.list[0].id).toBe(first[1]);
    // A query stores nothing; a repeat neither.
    expect(await cropCount()).toBe(before);
    await searchBy(1);
    expect(await cropCount()).toBe(before);
  }, 60_000);

  it('a search ahead of the loop embeds at most its limit and counts the rest; a restarted loop continues the backlog', async () => {
    await server.services.retrievalIndex?.stop();
    const later = [await post(2), await post(3)];
    expect(await backlog()).toEqual(later);

    // The loop (stopped, as if behind) has not reached them: the search embeds one (its limit), the other waits.
    const found = await searchBy(3);
    expect(found.imageSearch).toMatchObject({ candidates: 4, compared: 3, indexing: 1, embedded: 1 });
    expect(found.list.map((h) => h.id)).toContain(later[1]);
    expect(found.list.map((h) => h.id)).not.toContain(later[0]);

    // A server that died holding a claim: once its lease has expired, the next loop takes the alarm over.
    await db().updateTable('embeddingBacklog').set({ claimedUntil: new Date(Date.now() - 1000) }).where('alarmId', '=', later[0]).execute();
    const restarted = startRetrievalIndex(db(), server.config.dataDir, INDEX, (err) => errors.push(err));
    try {
      await expect.poll(backlog, { timeout: 60_000, interval: 100 }).toEqual([]);
    } finally {
      await restarted.stop();
    }
    expect(errors).toEqual([]);
    for (const id of later) expect(await embedded(id)).toBe(true);
    const after = await searchBy(2);
    expect(after.imageSearch).toMatchObject({ candidates: 4, compared: 4, indexing: 0, embedded: 0 });
    expect(after.list[0].id).toBe(later[0]);
  }, 120_000);

  it('drops an alarm deleted before the loop reached it from the backlog, embedding nothing', async () => {
    const id = await post(4);
    await db().updateTable('alarms').set({ deletedAt: new Date() }).where('id', '=', id).execute();
    const restarted = startRetrievalIndex(db(), server.config.dataDir, INDEX, (err) => errors.push(err));
    try {
      await expect.poll(backlog, { timeout: 30_000, interval: 100 }).toEqual([]);
    } finally {
      await restarted.stop();
    }
    expect(errors).toEqual([]);
    expect(await embedded(id)).toBe(false);
  }, 60_000);

  it('drops an embedded alarm’s vectors when its snapshot is purged after a delete', async () => {
    const [id] = first;
    expect(await embedded(id)).toBe(true);
    await db().updateTable('alarms').set({ deletedAt: new Date(Date.now() - 60_000) }).where('id', '=', id).execute();
    expect(await purgeDeletedImages(db(), server.config.dataDir, 0)).toBeGreaterThanOrEqual(1);
    expect(await embedded(id)).toBe(false);
  });
});

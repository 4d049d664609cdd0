// Syncing a trained version to edge boxes: a repeated sync is one row per box; only a published version is synced
// (409 named), unknown version or box 404, a box given twice 400; the box's heartbeat (the real box API) hands a sync
// over once even when two heartbeats race, with the classifier inline; the box's acknowledgement makes it applied
// or failed with its reason (only its own, only once delivered); a failed sync is queued again; a withdrawn
// version is not handed over; the operator role may neither sync nor list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, OPERATOR } from './support/client.ts';
import { boxHeartbeat, ok } from './support/devices.ts';
import { addAlgorithm, addTrainedVersion, TRAINED_VERSION_DIM } from './support/training.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let published: number;
let draft: number;
const boxes: { id: number; secret: string }[] = [];

type Answer = { modelSyncs: { syncId: number; versionId: number; algorithmName: string; version: string; classifier: { weights: number[] } }[] };
const beat = (box: { id: number; secret: string }, body: Record<string, unknown> = {}) => boxHeartbeat<Answer>(server, box, body);

const sync = (versionId: number, boxIds: number[], who = token) => call(server.app, 'POST', '/warehouse/train/version/sync', { token: who, body: { versionId, boxIds }, lang: 'en' });
const syncs = (versionId: number, who = token) => call(server.app, 'GET', '/warehouse/train/version/syncs', { token: who, query: { versionId }, lang: 'en' });
const statusOf = async (versionId: number, boxId: number) => (await syncs(versionId)).json.data.syncs.find((s: { boxId: number }) => s.boxId === boxId);

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  const algorithmId = await addAlgorithm(server, '同步-红块');
  published = await addTrainedVersion(server, algorithmId, '同步-红块');
  draft = await addTrainedVersion(server, algorithmId, '同步-红块');
  await ok(server.app, 'PUT', `/warehouse/train/version/publish/${published}`, { token });
  for (const n of [1, 2]) {
    const created = await ok(server.app, 'POST', '/edgeBox/add', { token, body: { name: `同步盒子-${n}`, serialNumber: `SYNC-BOX-${n}-${Date.now()}`, ip: `198.51.100.${60 + n}`, model: 'AB-5000' } });
    boxes.push({ id: created.id, secret: created.secret });
  }
});
afterAll(async () => server?.close());

describe('syncing a trained version to edge boxes', () => {
  it('queues one pending row per box; a repeated sync keeps it one row', async () => {
    const first = await sync(published, [boxes[0].id]);
    expect(first.json.code, first.json.msg).toBe(0);
    expect(first.json.data.syncs).toEqual([expect.objectContaining({ boxId: boxes[0].id, boxName: '同步盒子-1', status: 'pending', reason: '', deliveredTime: null, finishedTime: null })]);
    expect(first.json.data.boxes).toEqual(expect.arrayContaining([expect.objectContaining({ id: boxes[0].id, name: '同步盒子-1', online: false, simulated: false })]));
    expect((await sync(published, [boxes[0].id])).json.code).toBe(0);
    const rows = await server.database.db.selectFrom('trainVersionSyncs').select('id').where('versionId', '=', published).where('boxId', '=', boxes[0].id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an unpublished version (409 named), an unknown version or box (404), a box given twice (400)', async () => {
    const refused = await sync(draft, [boxes[0].id]);
    expect(refused.json.code).toBe(409);
    expect(refused.json.msg).toContain('同步-红块 train-2');
    expect(await server.database.db.selectFrom('trainVersionSyncs').select('id').where('versionId', '=', draft).execute()).toEqual([]);
    expect((await sync(999_999, [boxes[0].id])).json.code).toBe(404);
    const unknownBox = await sync(published, [boxes[0].id, 999_998]);
    expect(unknownBox.json.code).toBe(404);
    expect(unknownBox.json.msg).toContain('999998');
    const twice = await sync(published, [boxes[1].id, boxes[1].id]);
    expect(twice.json.code).toBe(400);
    expect(twice.json.msg).toContain(String(boxes[1].id));
    expect((await syncs(999_999)).json.code).toBe(404);
  });

  it('hands a sync over once even to two heartbeats at once, with the classifier inline', async () => {
    const [a, b] = await Promise.all([beat(boxes[0]), beat(boxes[0])]);
    const handed = [...a.modelSyncs, ...b.modelSyncs];
    expect(handed).toHaveLength(1);
    expect(handed[0]).toMatchObject({ versionId: published, algorithmName: '同步-红块', version: 'train-1' });
    expect(handed[0].classifier.weights).toHaveLength(TRAINED_VERSION_DIM);
    expect(await statusOf(published, boxes[0].id)).toMatchObject({ status: 'delivered', deliveredTime: expect.any(String), finishedTime: null });
    expect((await beat(boxes[0])).modelSyncs).toEqual([]);
    // The other box has nothing.
    expect((await beat(boxes[1])).modelSyncs).toEqual([]);
  });

  it('takes the box acknowledgement: applied once delivered, only from its own box', async () => {
    const { id: syncId } = await server.database.db.selectFrom('trainVersionSyncs').select('id').where('versionId', '=', published).where('boxId', '=', boxes[0].id).executeTakeFirstOrThrow();
    // Another box acknowledging this sync changes nothing.
    await beat(boxes[1], { modelSyncAcks: [{ syncId, applied: false, reason: 'not mine' }] });
    expect((await statusOf(published, boxes[0].id)).status).toBe('delivered');
    await beat(boxes[0], { modelSyncAcks: [{ syncId, applied: true }] });
    expect(await statusOf(published, boxes[0].id)).toMatchObject({ status: 'applied', reason: '', finishedTime: expect.any(String) });
    // A late failure for an applied sync changes nothing; the box shows online now.
    await beat(boxes[0], { modelSyncAcks: [{ syncId, applied: false, reason: 'late' }] });
    expect((await statusOf(published, boxes[0].id)).status).toBe('applied');
    const list = (await syncs(published)).json.data;
    expect(list.boxes.find((b: { id: number }) => b.id === boxes[0].id).online).toBe(true);
    // Synced again: an applied pair stays as it is.
    await sync(published, [boxes[0].id]);
    expect((await statusOf(published, boxes[0].id)).status).toBe('applied');
  });

  it('records a failure with the box reason, and queues a failed sync again', async () => {
    await sync(published, [boxes[1].id]);
    const [offer] = (await beat(boxes[1])).modelSyncs;
    await beat(boxes[1], { modelSyncAcks: [{ syncId: offer.syncId, applied: false, reason: 'extractor differs' }] });
    expect(await statusOf(published, boxes[1].id)).toMatchObject({ status: 'failed', reason: 'extractor differs' });
    await sync(published, [boxes[1].id]);
    expect(await statusOf(published, boxes[1].id)).toMatchObject({ status: 'pending', reason: '', deliveredTime: null, finishedTime: null });
    // Withdrawn meanwhile: not handed over (stays pending until published again).
    await ok(server.app, 'PUT', `/warehouse/train/version/withdraw/${published}`, { token });
    expect((await beat(boxes[1])).modelSyncs).toEqual([]);
    expect((await statusOf(published, boxes[1].id)).status).toBe('pending');
    await ok(server.app, 'PUT', `/warehouse/train/version/publish/${published}`, { token });
    expect((await beat(boxes[1])).modelSyncs.map((s) => s.versionId)).toEqual([published]);
  });

  it('refuses the operator role (403) for syncing and listing', async () => {
    const operator = await login(server.app, OPERATOR);
    expect((await sync(published, [boxes[0].id], operator)).json.code).toBe(403);
    expect((await syncs(published, operator)).json.code).toBe(403);
  });

  it('answers 400 naming the field for bad input', async () => {
    const none = await sync(published, []);
    expect(none.json.code).toBe(400);
    expect(none.json.msg).toContain('boxIds');
    const many = await sync(published, Array.from({ length: 51 }, (_, i) => i + 1));
    expect(many.json.code).toBe(400);
    const badQuery = await call(server.app, 'GET', '/warehouse/train/version/syncs', { token, query: { versionId: 'x' }, lang: 'en' });
    expect(badQuery.json.code).toBe(400);
    expect(badQuery.json.msg).toContain('versionId');
  });
});

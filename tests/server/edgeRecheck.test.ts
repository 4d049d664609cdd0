// Second identification on the real edge box (issue 35): the demo camera's tripwire event is configured, as the
// console does it, to be rechecked by a warehouse algorithm; two trained versions of that algorithm read the real
// extractor's features — one turns every crop down, one passes every crop. The box, its own process pulling the
// test's RTSP camera, is synced the rejecting version: the visitor's dwell alarms (no recheck) keep coming, no
// crossing alarms through two loops of the clip. Synced the passing version, the crossing alarms again, carrying
// that version and its probability.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_INFO } from '../../server/ml/features.ts';
import { FEATURE_DIM } from '../../server/ml/features/model.ts';
import { login } from './support/client.ts';
import { ok } from './support/devices.ts';
import { type EdgeSite, type SiteAlarm, startEdgeSite, until } from './support/edgeSite.ts';
import { addAlgorithm, addTrainedVersion, type StoredClassifier } from './support/training.ts';

/** The clip loops every 30 s: the walker crosses the tripwire ~6 s into a loop, the visitor dwells from ~14.5 s. */
const LOOP_MS = 30_000;

let site: EdgeSite;
let token: string;
let algorithmId: number;
let rejecting: number;
let passing: number;

/** Every crop scores the same: the weights are 0, the bias alone gives the probability (sigmoid(±20)). */
const constant = (bias: number): StoredClassifier => ({
  classifier: { mean: Array(FEATURE_DIM).fill(0), std: Array(FEATURE_DIM).fill(1), weights: Array(FEATURE_DIM).fill(0), bias },
  extractor: FEATURE_INFO.name,
  extractorHash: FEATURE_INFO.hash,
});

const reason = (a: SiteAlarm) => a.attributes.reason;
const since = (list: SiteAlarm[], from: number) => list.filter((a) => a.alarmTime.getTime() >= from);

const publish = (versionId: number) => ok(site.server.app, 'PUT', `/warehouse/train/version/publish/${versionId}`, { token });

/** Syncs the version to the box and waits for the box to say it applied it; answers when (ms, down to the second
 *  alarm times are stored with). */
async function syncApplied(versionId: number): Promise<number> {
  const app = site.server.app;
  await ok(app, 'POST', '/warehouse/train/version/sync', { token, body: { versionId, boxIds: [site.box.boxId] } });
  const applied = await until(
    `the box applying version ${versionId}`,
    async () => {
      const { syncs } = await ok(app, 'GET', '/warehouse/train/version/syncs', { token, query: { versionId } });
      const mine = syncs.find((s: { boxId: number }) => s.boxId === site.box.boxId);
      if (mine?.status === 'failed') throw new Error(`the box refused version ${versionId}: ${mine.reason}`);
      return mine?.status === 'applied' ? mine : null;
    },
    120_000,
  );
  expect(applied.finishedTime).toEqual(expect.any(String));
  return Math.floor(Date.now() / 1000) * 1000;
}

beforeAll(async () => {
  site = await startEdgeSite();
  token = await login(site.server.app);
  algorithmId = await addAlgorithm(site.server, '二次识别-越线行人');
  // The box rechecks with the newest version it holds: the rejecting one first, the passing one after it.
  rejecting = await addTrainedVersion(site.server, algorithmId, '二次识别-越线行人', 0.5, constant(-20));
  passing = await addTrainedVersion(site.server, algorithmId, '二次识别-越线行人', 0.5, constant(20));
}, 180_000);

afterAll(async () => site?.close());

/**
 * A saved configuration sent back as a save (the server's own wire form, no console code in a server test): what
 * only the read-back carries is left out, the rest — `times` included — goes back as it came.
 */
function saveBody(saved: Record<string, unknown>, change: Record<string, unknown>) {
  const body: Record<string, unknown> = { ...saved, ...change };
  for (const key of ['idKey', 'eventTimeId', 'secondaryParam', 'udrSetting', 'area', 'lineArea', 'tripwiresSetting', 'updateTime']) delete body[key];
  return body;
}

describe('second identification on the edge box', () => {
  it('a published version synced to the box decides which crossings alarm; the dwell alarms are not rechecked', async () => {
    const edge = site.startEdge(join(site.dir, 'box'));
    try {
      await until('the platform told the camera is live', async () => (await site.reportedState()) === 'live', 120_000);

      // The tripwire event (越界检测 52), rechecked by the algorithm: the console's form read back, the algorithm
      // chosen, saved.
      const info = await ok(site.server.app, 'GET', '/device/cameraInfo', { token, query: { cameraId: site.cameraId } });
      const event = info.events.find((e: { eventId: number }) => e.eventId === 52);
      const saved = await ok(site.server.app, 'GET', '/device/eventConfig/byPoint', { token, query: { cameraId: site.cameraId, type: event.typeId } });
      const line = saved.find((c: { eventId: number }) => c.eventId === 52);
      expect(line.lineAreas).toHaveLength(1);
      expect(line.recheckAlgorithmId ?? null).toBeNull();
      // An algorithm is chosen only once it has a published version.
      await publish(rejecting);
      await ok(site.server.app, 'POST', '/device/eventConfig/save', { token, body: saveBody(line, { recheckAlgorithmId: algorithmId }) });

      // Rejecting version on the box: two loops of the clip, measured by the visitor's dwell alarms (the area event
      // has no recheck) — from the first after the version applied to one two loops later, two crossings passed.
      const rejectingFrom = await syncApplied(rejecting);
      const window = await until(
        'dwell alarms two loops apart after the rejecting version applied',
        async () => {
          const dwell = since(await site.alarms(), rejectingFrom).filter((a) => reason(a) === 'dwell');
          return dwell.length > 1 && dwell.at(-1)!.alarmTime.getTime() - dwell[0].alarmTime.getTime() >= 2 * LOOP_MS ? dwell : null;
        },
        6 * LOOP_MS + 60_000,
      );
      const during = since(await site.alarms(), rejectingFrom);
      const crossed = during.filter((a) => reason(a) === 'cross').map((a) => `${a.boxEventId} at ${a.alarmTime.toISOString()}`);
      expect(crossed, 'crossings alarmed through the rejecting version').toEqual([]);
      for (const a of window) expect(a.attributes).not.toHaveProperty('recheckVersionId');

      // Passing version on the box: the next crossing alarms, with the version that let it through.
      await publish(passing);
      const passingFrom = await syncApplied(passing);
      const cross = await until(
        'a crossing alarm after the passing version applied',
        async () => since(await site.alarms(), passingFrom).find((a) => reason(a) === 'cross'),
        4 * LOOP_MS + 60_000,
      );
      expect(cross.attributes).toMatchObject({ recheckVersionId: passing, recheckProbability: expect.any(Number) });
      expect(cross.attributes.recheckProbability).toBeGreaterThanOrEqual(0.5);
      expect(cross.attributes.recheckProbability).toBeLessThanOrEqual(1);
      expect(edge.child.exitCode).toBeNull();
    } catch (error) {
      // What the box said is the first thing to read when this fails.
      throw new Error(`${(error as Error).message}\nthe box said:\n${edge.tail()}`);
    } finally {
      await edge.stop();
    }
  }, 600_000);
});

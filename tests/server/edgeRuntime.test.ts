// The edge box end to end, as a separate process (`npm run edge`) against the real platform, pulling a real RTSP
// camera started by the test (rtsp-streaming-server + ffmpeg publishing the scripted demo clip: a person cut out of
// a photograph walking across a tripwire, another into an area): the camera goes live, real detections become
// alarms (snapshot with the box drawn, a clip with pre-roll linked), the platform is told the stream state; the
// camera killed → stalled/offline reported within 30 s, restarted → live and alarming again with nothing else
// restarted; the box killed with kill -9 while alarms are under way → after its restart no alarm is doubled and none
// it journaled is lost.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeProcess } from '../support/edgeProcess.ts';
import { type EdgeSite, startEdgeSite, until } from './support/edgeSite.ts';

let site: EdgeSite;

const startEdge = (dataDir: string): EdgeProcess => site.startEdge(dataDir);
const reportedState = () => site.reportedState();
const alarms = () => site.alarms();

beforeAll(async () => {
  site = await startEdgeSite();
}, 180_000);

afterAll(async () => site?.close());

describe('edge box process', () => {
  it('goes live, alarms on real detections with snapshots and clips, and follows a camera that dies and returns', async () => {
    const edge = startEdge(join(site.dir, 'box-a'));
    try {
      await until('the platform told the camera is live', async () => (await reportedState()) === 'live', 60_000);
      // The walker crosses the tripwire and the visitor enters the area in each 30 s loop.
      const first = await until('alarms of both events', async () => {
        const list = await alarms();
        const reasons = new Set(list.map((a) => (a.attributes as { reason?: string }).reason));
        return reasons.has('cross') && reasons.has('dwell') ? list : null;
      }, 90_000);
      for (const a of first) expect(a.boxEventId).toBeTruthy();
      // The snapshot is the decoded frame (the camera's 640×360), the object's box in it.
      for (const a of first) expect(a).toMatchObject({ imageWidth: 640, imageHeight: 360 });
      expect(first.every((a) => a.boxW > 10 && a.boxH > 50)).toBe(true);
      // Its clip arrives once the post-roll has passed, linked to it.
      await until('a clip linked to an alarm', () => site.server.database.db.selectFrom('videoRecords').select('id').where('alarmId', '=', first[0].id).executeTakeFirst(), 30_000);

      // The camera dies: stalled, then offline, within 30 s of its death.
      const killedAt = Date.now();
      site.source.stopPublisher();
      await until('stalled or offline reported', async () => ['stalled', 'offline'].includes((await reportedState()) ?? ''), 30_000);
      await until('offline reported', async () => (await reportedState()) === 'offline', 30_000);
      expect(Date.now() - killedAt).toBeLessThan(30_000);
      // It returns: live and alarming again, nothing else restarted.
      const before = (await alarms()).length;
      site.source.startPublisher();
      await until('live again', async () => (await reportedState()) === 'live', 60_000);
      await until('new alarms after the return', async () => (await alarms()).length > before, 60_000);
      expect(edge.child.exitCode).toBeNull();
    } catch (error) {
      // What the box said is the first thing to read when this fails.
      throw new Error(`${(error as Error).message}\nthe box said:\n${edge.tail()}`);
    } finally {
      await edge.stop();
    }
  }, 360_000);

  it('kill -9 while alarms are under way: after the restart no alarm is doubled and none journaled is lost', async () => {
    const dataDir = join(site.dir, 'box-b');
    const first = startEdge(dataDir);
    const journaledBefore = new Set((await alarms()).map((a) => a.boxEventId));
    // Killed the moment it says it journaled an alarm: its post is under way or not yet begun.
    await until('an alarm journaled', () => first.journaled().length > 0, 90_000);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const journaled = first.journaled();

    const second = startEdge(dataDir);
    try {
      await until('every journaled alarm stored', async () => {
        const stored = new Set((await alarms()).map((a) => a.boxEventId));
        return journaled.every((id) => stored.has(id));
      }, 60_000);
      // More alarms come from the restarted box, numbered apart from the killed one's.
      await until('an alarm from the restarted box', () => second.journaled().length > 0, 90_000);
      await until('it is stored', async () => (await alarms()).some((a) => a.boxEventId === second.journaled()[0]), 30_000);
      const all = await alarms();
      const ids = all.map((a) => a.boxEventId);
      expect(new Set(ids).size).toBe(ids.length); // nothing doubled
      for (const id of [...journaled, ...journaledBefore]) expect(ids).toContain(id); // nothing lost
      expect(second.journaled().some((id) => journaled.includes(id))).toBe(false);
    } finally {
      await second.stop();
    }
  }, 360_000);
});

// The site the edge box tests run (tests/server/edgeRuntime.test.ts, edgeRecheck.test.ts): a real RTSP camera
// started by the test (rtsp-streaming-server + ffmpeg publishing the demo's scripted clip at a test's size: the
// walker crosses the tripwire ~6 s into each 30 s loop, the visitor stands in the area from ~14.5 s), a platform
// listening on a port, the seeded demo edge box's credentials with its camera pointed at that source, and the box
// run as its own process (`npm run edge`) against them.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_EDGE_BOX_FILE, type DemoEdgeBoxCredentials } from '../../../server/db/seed/demoEdgeBox.ts';
import { writeDemoVideo } from '../../../server/media/demoVideo.ts';
import { type EdgeProcess, startEdgeProcess } from '../../support/edgeProcess.ts';
import { startRtspUdpSource, type RtspUdpSource } from '../../support/rtspUdpSource.ts';
import { startTestServer, type TestServer } from './testServer.ts';

export interface EdgeSite {
  /** The test's own folder (the boxes' data directories go under it). */
  dir: string;
  server: TestServer;
  platform: string;
  box: DemoEdgeBoxCredentials;
  /** The demo camera, pulling `source`. */
  cameraId: number;
  source: RtspUdpSource;
  /** The box process with its own data directory. */
  startEdge(dataDir: string): EdgeProcess;
  /** The stream state the box last reported for the camera. */
  reportedState(): Promise<string | undefined>;
  /** The box's alarms, oldest first. */
  alarms(): Promise<SiteAlarm[]>;
  close(): Promise<void>;
}

export interface SiteAlarm {
  id: number;
  boxEventId: string | null;
  eventType: number;
  alarmTime: Date;
  imageWidth: number;
  imageHeight: number;
  boxW: number;
  boxH: number;
  attributes: Record<string, unknown>;
}

/** Polls `check` every 200 ms until it answers something truthy; throws naming `what` after `ms`. */
export async function until<T>(what: string, check: () => T | Promise<T>, ms: number): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startEdgeSite(): Promise<EdgeSite> {
  const dir = mkdtempSync(join(tmpdir(), 'argus-edge-site-'));
  mkdirSync(join(dir, 'media'));
  const clip = join(dir, 'media', 'people.mp4');
  await writeDemoVideo(clip, { width: 640, height: 360, fps: 10 });
  const source = await startRtspUdpSource(clip);
  const server = await startTestServer().catch(async (error) => {
    await source.close();
    throw error;
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const platform = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  const box = JSON.parse(readFileSync(join(server.config.dataDir, DEMO_EDGE_BOX_FILE), 'utf8')) as DemoEdgeBoxCredentials;
  const cameraId = box.cameraIds[0];
  const db = server.database.db;
  // The seeded demo camera, pointed at the test's RTSP camera (a fixture: the console would save it through the
  // outbound allow-list, which refuses loopback addresses unless allowed).
  await db.updateTable('devices').set({ rtspUrl: source.url, streamTransport: 'udp' }).where('id', '=', cameraId).execute();
  return {
    dir,
    server,
    platform,
    box,
    cameraId,
    source,
    startEdge: (dataDir) => startEdgeProcess({ platform, box, dataDir, mediaDir: join(dir, 'media') }),
    async reportedState() {
      const row = await db.selectFrom('devices').select('streamReport').where('id', '=', cameraId).executeTakeFirst();
      return (row?.streamReport as { state?: string } | null)?.state;
    },
    async alarms() {
      const rows = await db
        .selectFrom('alarms')
        .select(['id', 'boxEventId', 'eventType', 'alarmTime', 'imageWidth', 'imageHeight', 'boxW', 'boxH', 'attributes'])
        .where('boxId', '=', box.boxId)
        .orderBy('id')
        .execute();
      return rows as SiteAlarm[];
    },
    async close() {
      await source.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

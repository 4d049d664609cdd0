// The demo site's third box: this server itself, as a real (not simulated) edge box run in-process
// (server/edge/demoEdgeBox.ts), named after the host. Its one camera plays the demo video in a loop
// (server/media/DEMO_VIDEO.md) with two running events drawn on it — an area intrusion (the area in the lower right)
// and a boundary crossing (the tripwire down the middle) — from the same shapes the video's people follow, so real
// detections turn into real alarms with clips within a minute of the first start. Its credentials go to
// <dataDir>/demo-edge-box.json (owner only), as the simulated boxes' do.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { hashToken } from '../../auth/tokens.ts';
import { DEMO_SHAPES, DEMO_VIDEO, DEMO_VIDEO_NAME } from '../../media/demoVideo.ts';
import { checkedEventConfig } from '../../modules/devices/eventConfigRecords.ts';
import { eventAreaDefaults } from '../../modules/devices/formDefaults.ts';
import type { Database } from '../types.ts';

export const DEMO_EDGE_BOX_FILE = 'demo-edge-box.json';
export const DEMO_EDGE_SERIAL = 'ARGUS-EDGE-LOCAL';
/** Catalogue events 51 区域入侵 (area intrusion) and 52 越界检测 (boundary crossing). */
const AREA_EVENT = 51;
/** Frames of the demo camera analysed a second (docs/edge-runtime.md: detectFps, default 2). */
export const DEMO_DETECT_FPS = 2;
const LINE_EVENT = 52;

export interface DemoEdgeBoxCredentials {
  boxId: number;
  serialNumber: string;
  secret: string;
  cameraIds: number[];
}

/** The event form of one demo event: every day, all day, people at the detector's confidence for them (50 %). */
function demoEvent(key: { cameraId: number; eventId: number; typeId: number; appName: string }, frame: { width: number; height: number }) {
  const pct = (p: { x: number; y: number }) => ({ x: p.x, y: p.y });
  const shapes =
    key.eventId === AREA_EVENT
      ? { areas: [{ type: 1, id: 1, points: DEMO_SHAPES.area.map(pct) }], hasUdrVertice: true }
      : { lineAreas: [{ type: 5, id: 101, points: DEMO_SHAPES.line.map(pct) }], hasTripwire: true, lineDirection: 0 };
  return checkedEventConfig(eventAreaDefaults(key, { ...shapes, weeks: [1, 2, 3, 4, 5, 6, 7], confidence: 50, warnInterval: 10, unit: 's' }), frame);
}

export async function seedDemoEdgeBox(trx: Kysely<Database>, dataDir: string, mediaDir: string): Promise<DemoEdgeBoxCredentials> {
  // People on a campus: the demo's 园区 scene (demoSite.ts).
  const scene = await trx.selectFrom('scenes').select('id').where('sceneName', '=', '园区').executeTakeFirstOrThrow();
  const secret = randomBytes(24).toString('base64url');
  const box = await trx
    .insertInto('edgeBoxes')
    .values({
      name: hostname().slice(0, 64) || 'argus',
      serialNumber: DEMO_EDGE_SERIAL,
      secretHash: hashToken(secret),
      ip: '127.0.0.1',
      model: 'Argus Edge (in-process)',
      longitude: 113.9465,
      latitude: 22.5311,
      address: '本机',
      simulated: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const url = pathToFileURL(join(mediaDir, 'demo', DEMO_VIDEO_NAME)).toString();
  const camera = await trx
    .insertInto('devices')
    .values({
      name: '演示视频-行人越线与区域入侵',
      kind: 'normal',
      simulated: false,
      serialnumber: 'CAM-EDGE-0001',
      ip: '127.0.0.1',
      rtspUrl: url,
      brand: 'Argus',
      boxId: box.id,
      sceneId: scene.id,
      // Started, as the demo's other started cameras are seeded; the box's heartbeats report how it really runs.
      startState: 1,
      runState: 1,
      startedAt: new Date(),
      // The analysis rate (frames analysed a second, /device/fps): the box's default of 2, not the video's 25 — which
      // the platform held to 10, so the box analysed as fast as its detector went (3.4 frames a second measured).
      fps: DEMO_DETECT_FPS,
      width: DEMO_VIDEO.width,
      height: DEMO_VIDEO.height,
      longitude: 113.9466,
      latitude: 22.5312,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const catalogue = await trx.selectFrom('catalogueEvents').select(['eventId', 'typeId', 'appName', 'eventName']).where('eventId', 'in', [AREA_EVENT, LINE_EVENT]).execute();
  for (const e of catalogue) {
    const key = { cameraId: camera.id, eventId: e.eventId, typeId: e.typeId, appName: e.appName };
    await trx
      .insertInto('deviceEventConfigs')
      .values({ deviceId: camera.id, eventId: e.eventId, typeId: e.typeId, appName: e.appName, eventName: e.eventName, status: 1, config: JSON.stringify(demoEvent(key, DEMO_VIDEO)) })
      .execute();
  }
  await trx.insertInto('edgeBoxAssignments').values({ boxId: box.id, deviceId: camera.id, eventIds: JSON.stringify([AREA_EVENT, LINE_EVENT]), runState: 1 }).execute();
  const credentials = { boxId: box.id, serialNumber: DEMO_EDGE_SERIAL, secret, cameraIds: [camera.id] };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, DEMO_EDGE_BOX_FILE), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

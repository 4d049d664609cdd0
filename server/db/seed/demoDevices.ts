// The demo site's cameras, each in a state its configuration explains: a camera is started only with an event
// configured (and its box runs it: the box's assignment lists those events); two crossings have a detection task,
// one started, one not; the rest are configured-but-stopped or not configured at all, so a newcomer finds every
// kind of camera to start, stop and configure. All are simulated sources (the server renders their frames; an
// image camera's pictures are the alarms its simulated box posts).
import type { Kysely } from 'kysely';
import { checkedEventConfig } from '../../modules/devices/eventConfigRecords.ts';
import { detectionTaskDefaults, eventAreaDefaults } from '../../modules/devices/formDefaults.ts';
import { checkedTaskConfig } from '../../modules/tasks/taskRules.ts';
import type { Database } from '../types.ts';

interface DemoCamera {
  name: string;
  kind: 'normal' | 'image';
  box: number;
  scene: number;
  lng: number;
  lat: number;
  /** Catalogue event ids configured on it. */
  events: number[];
  /** Started (its events running); only with events configured. */
  started: boolean;
  task?: { name: string; started: boolean };
}

export const DEMO_CAMERAS: DemoCamera[] = [
  {
    name: '深南大道-南海大道路口东向', kind: 'normal', box: 0, scene: 0, lng: 113.9305, lat: 22.5402, events: [1020, 1016], started: true,
    task: { name: '深南大道东向违法抓拍', started: true },
  },
  { name: '深南大道-南海大道路口西向', kind: 'normal', box: 0, scene: 0, lng: 113.9301, lat: 22.5404, events: [1020], started: true },
  {
    name: '南海大道-登良路路口北向', kind: 'normal', box: 0, scene: 0, lng: 113.9312, lat: 22.5171, events: [1003], started: false,
    task: { name: '登良路口违法抓拍', started: false },
  },
  { name: '滨海大道高架桥', kind: 'normal', box: 0, scene: 0, lng: 113.9478, lat: 22.5168, events: [], started: false },
  { name: '科技园北门', kind: 'normal', box: 1, scene: 1, lng: 113.9532, lat: 22.5485, events: [54], started: true },
  { name: '科技园地下车库入口', kind: 'normal', box: 1, scene: 1, lng: 113.9541, lat: 22.5479, events: [], started: false },
  { name: '科技园停车场抓拍机', kind: 'image', box: 1, scene: 1, lng: 113.9536, lat: 22.5481, events: [51], started: true },
];

/** A crossing's task: three lanes, a stop line, red-light and wrong-way checks; the rest at the §9 defaults. */
function demoTaskConfig(): Record<string, unknown> {
  return checkedTaskConfig(
    detectionTaskDefaults({
      isCross: true,
      vehicleLanes: 3,
      stopLine: [{ type: 5, id: 101, points: [{ x: 0.12, y: 0.72 }, { x: 0.88, y: 0.74 }] }],
      detection: { vehicleRedLight: true, vehicleReverse: true, nonSeatBelts: true },
    }),
  );
}

/** Inserts the cameras with their events, tasks and box assignments; answers the camera ids per box index. */
export async function seedDemoDevices(trx: Kysely<Database>, boxIds: number[], sceneIds: number[]): Promise<number[][]> {
  const byBox: number[][] = boxIds.map(() => []);
  const now = new Date();
  const catalogue = await trx.selectFrom('catalogueEvents').select(['eventId', 'typeId', 'appName', 'eventName']).execute();
  for (const [index, cam] of DEMO_CAMERAS.entries()) {
    const image = cam.kind === 'image';
    const row = await trx
      .insertInto('devices')
      .values({
        name: cam.name,
        kind: cam.kind,
        // A simulated source: the server renders its frames (snapshots of a road scene).
        simulated: true,
        serialnumber: `CAM-${String(index + 1).padStart(4, '0')}`,
        ip: `192.0.2.${101 + index}`,
        port: image ? null : 554,
        rtspUrl: image ? null : `rtsp://192.0.2.${101 + index}:554/Streaming/Channels/101`,
        brand: index % 2 === 0 ? 'Hikvision' : 'Dahua',
        boxId: boxIds[cam.box],
        sceneId: sceneIds[cam.scene],
        startState: cam.started ? 1 : 2,
        runState: cam.started ? 1 : 0,
        startedAt: cam.started ? now : null,
        fps: image ? 1 : 25,
        width: image ? null : 1920,
        height: image ? null : 1080,
        longitude: cam.lng,
        latitude: cam.lat,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    byBox[cam.box].push(row.id);
    for (const e of catalogue.filter((c) => cam.events.includes(c.eventId))) {
      const key = { cameraId: row.id, eventId: e.eventId, typeId: e.typeId, appName: e.appName };
      await trx
        .insertInto('deviceEventConfigs')
        .values({ deviceId: row.id, eventId: e.eventId, typeId: e.typeId, appName: e.appName, eventName: e.eventName, status: cam.started ? 1 : 0, config: JSON.stringify(checkedEventConfig(eventAreaDefaults(key), null)) })
        .execute();
    }
    if (cam.events.length) {
      await trx.insertInto('edgeBoxAssignments').values({ boxId: boxIds[cam.box], deviceId: row.id, eventIds: JSON.stringify(cam.events), runState: cam.started ? 1 : 0 }).execute();
    }
    if (cam.task) {
      await trx
        .insertInto('detectionTasks')
        .values({
          deviceId: row.id,
          name: cam.task.name,
          config: JSON.stringify(demoTaskConfig()),
          startState: cam.task.started ? 1 : 2,
          runState: cam.task.started ? 1 : 0,
          startedAt: cam.task.started ? now : null,
        })
        .execute();
    }
  }
  return byBox;
}

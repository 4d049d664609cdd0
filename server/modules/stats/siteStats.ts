// getSiteStats: per site (scene) its cameras, boxes and the alarms of the window; per outlet (camera) the 50 with the
// most alarms. Alarms count for the scene their camera had when they were stored.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { isBoxOnline } from '../edgeBox/boxStatus.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { statsAlarms } from './statsQueries.ts';
import { statsWindow } from './statsWindow.ts';

type Query = Schema<'StatsWindowQuery'>;
export type SiteStats = Schema<'SiteStats'>;
const OUTLETS = 50;

export async function siteStats(db: Kysely<Database>, body: Query, noSceneName: string): Promise<SiteStats> {
  const { start, end } = statsWindow(body);
  const until = new Date(end.getTime() + 1000);
  const filter = { includeSimulated: body.includeSimulated, eventTypes: body.eventTypes };
  const now = new Date();
  const [scenes, cameras, boxes, perScene, perSceneType, perCamera] = await Promise.all([
    db.selectFrom('scenes').select(['id', 'sceneName']).orderBy('id').execute(),
    db.selectFrom('devices').select(['id', 'sceneId', 'boxId', 'online', 'runState']).where('kind', '=', 'normal').execute(),
    db
      .selectFrom('edgeBoxes')
      .leftJoin('edgeBoxPlatformConfigs', 'edgeBoxPlatformConfigs.boxId', 'edgeBoxes.id')
      .select(['edgeBoxes.id', 'edgeBoxes.lastHeartbeatAt', 'edgeBoxPlatformConfigs.heartbeatSeconds'])
      .execute(),
    statsAlarms(db, filter)
      .where('alarmTime', '>=', start)
      .where('alarmTime', '<', until)
      .select(['sceneId', sql<string>`count(*)`.as('n'), sql<string>`count(*) FILTER (WHERE status <> 0)`.as('handled')])
      .groupBy('sceneId')
      .execute(),
    statsAlarms(db, filter)
      .where('alarmTime', '>=', start)
      .where('alarmTime', '<', until)
      .select(['sceneId', 'eventType', sql<string>`count(*)`.as('n')])
      .groupBy(['sceneId', 'eventType'])
      .execute(),
    statsAlarms(db, filter)
      .where('alarmTime', '>=', start)
      .where('alarmTime', '<', until)
      .select([
        'cameraId',
        sql<string>`(array_agg(camera_name ORDER BY seq DESC))[1]`.as('cameraName'),
        sql<string | null>`(array_agg(scene_name ORDER BY seq DESC))[1]`.as('sceneName'),
        sql<string>`count(*)`.as('n'),
        sql<string>`count(*) FILTER (WHERE status <> 0)`.as('handled'),
      ])
      .groupBy('cameraId')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('cameraId')
      .limit(OUTLETS)
      .execute(),
  ]);
  const boxOnline = new Map(boxes.map((b) => [b.id, isBoxOnline(b.lastHeartbeatAt, b.heartbeatSeconds, now)]));
  const cameraOnline = (c: { online: boolean | null; boxId: number | null }) => c.online === true || (c.boxId !== null && boxOnline.get(c.boxId) === true);
  const topType = new Map<number | null, { type: number; n: number }>();
  for (const r of perSceneType) {
    const n = Number(r.n);
    const best = topType.get(r.sceneId);
    if (!best || n > best.n || (n === best.n && r.eventType < best.type)) topType.set(r.sceneId, { type: r.eventType, n });
  }
  const alarmsOf = new Map(perScene.map((r) => [r.sceneId, { alarms: Number(r.n), handled: Number(r.handled) }]));
  const site = (sceneId: number | null, sceneName: string) => {
    const own = cameras.filter((c) => c.sceneId === sceneId);
    return {
      sceneId,
      sceneName,
      cameras: own.length,
      camerasOnline: own.filter(cameraOnline).length,
      camerasRunning: own.filter((c) => c.runState === 1).length,
      boxes: new Set(own.flatMap((c) => (c.boxId ? [c.boxId] : []))).size,
      alarms: alarmsOf.get(sceneId)?.alarms ?? 0,
      handled: alarmsOf.get(sceneId)?.handled ?? 0,
      topEventType: topType.get(sceneId)?.type ?? null,
    };
  };
  const sites = scenes.map((s) => site(s.id, s.sceneName));
  const known = new Set(scenes.map((s) => s.id));
  // Cameras without a scene, and alarms of scenes deleted since, gather under "none".
  const orphanAlarms = perScene.filter((r) => r.sceneId === null || !known.has(r.sceneId));
  if (cameras.some((c) => c.sceneId === null) || orphanAlarms.length) {
    const none = site(null, noSceneName);
    none.alarms = orphanAlarms.reduce((s, r) => s + Number(r.n), 0);
    none.handled = orphanAlarms.reduce((s, r) => s + Number(r.handled), 0);
    sites.push(none);
  }
  const byId = new Map(cameras.map((c) => [c.id, c]));
  return {
    sites: sites.sort((a, b) => b.alarms - a.alarms || a.sceneName.localeCompare(b.sceneName, 'zh')),
    outlets: perCamera.map((r) => {
      const camera = byId.get(r.cameraId);
      return {
        cameraId: r.cameraId,
        cameraName: r.cameraName,
        sceneName: r.sceneName,
        alarms: Number(r.n),
        handled: Number(r.handled),
        online: camera ? cameraOnline(camera) : null,
      };
    }),
  };
}

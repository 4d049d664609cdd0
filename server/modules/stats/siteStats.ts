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
  // One pass over the window's alarms, grouped finely (scene × camera × type: a few thousand rows at most); the
  // sites, their most frequent types and the outlets are summed from it.
  const [scenes, cameras, boxes, grouped] = await Promise.all([
    db.selectFrom('scenes').select(['id', 'sceneName']).orderBy('id').execute(),
    db.selectFrom('devices').select(['id', 'name', 'sceneId', 'boxId', 'online', 'runState']).where('kind', '=', 'normal').execute(),
    db
      .selectFrom('edgeBoxes')
      .leftJoin('edgeBoxPlatformConfigs', 'edgeBoxPlatformConfigs.boxId', 'edgeBoxes.id')
      .select(['edgeBoxes.id', 'edgeBoxes.lastHeartbeatAt', 'edgeBoxPlatformConfigs.heartbeatSeconds'])
      .execute(),
    statsAlarms(db, filter)
      .where('alarmTime', '>=', start)
      .where('alarmTime', '<', until)
      .select([
        'sceneId',
        'cameraId',
        'eventType',
        sql<string>`max(camera_name)`.as('cameraName'),
        sql<string | null>`max(scene_name)`.as('sceneName'),
        sql<string>`count(*)`.as('n'),
        sql<string>`count(*) FILTER (WHERE status <> 0)`.as('handled'),
      ])
      .groupBy(['sceneId', 'cameraId', 'eventType'])
      .execute(),
  ]);
  const perScene = sumBy(grouped, (r) => r.sceneId, (r) => ({ sceneId: r.sceneId }));
  const perSceneType = sumBy(grouped, (r) => `${r.sceneId}|${r.eventType}`, (r) => ({ sceneId: r.sceneId, eventType: r.eventType }));
  const perCamera = sumBy(grouped, (r) => r.cameraId, (r) => ({ cameraId: r.cameraId, cameraName: r.cameraName, sceneName: r.sceneName }))
    .sort((a, b) => Number(b.n) - Number(a.n) || a.cameraId - b.cameraId)
    .slice(0, OUTLETS);
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
        cameraName: camera?.name ?? r.cameraName,
        sceneName: r.sceneName,
        alarms: Number(r.n),
        handled: Number(r.handled),
        online: camera ? cameraOnline(camera) : null,
      };
    }),
  };
}

/** Sums the grouped rows' counts by a key, keeping the fields `pick` takes from the first row of each key. */
function sumBy<R extends { n: string; handled: string }, K, P>(rows: R[], key: (r: R) => K, pick: (r: R) => P): (P & { n: number; handled: number })[] {
  const out = new Map<K, P & { n: number; handled: number }>();
  for (const r of rows) {
    const k = key(r);
    const current = out.get(k) ?? { ...pick(r), n: 0, handled: 0 };
    current.n += Number(r.n);
    current.handled += Number(r.handled);
    out.set(k, current);
  }
  return [...out.values()];
}

// Road event type ids of spec §3 (1001–1024), and the lookup of any alarm type id (violations 1–50 live in
// violationTypes.ts) by id, in the user's language. Names match the server's (server/modules/alarms/eventTypes.ts).
import { type EventTypeInfo, isViolationType, VIOLATION_TYPES } from './violationTypes.ts';

export type { EventTypeInfo } from './violationTypes.ts';

type Row = [id: number, key: string, zh: string, en: string];

const ROWS: Row[] = [
  [1001, 'carFlow', '车流量', 'Traffic flow'],
  [1002, 'areaEvent', '区域入侵', 'Area intrusion'],
  [1003, 'pothole', '路面坑洼', 'Pothole'],
  [1004, 'ponding', '路面积水', 'Ponding'],
  [1005, 'construction', '道路施工', 'Road works'],
  [1006, 'dispersion', '抛洒物', 'Spilled load'],
  [1007, 'nameplate', '标志牌', 'Sign plate'],
  [1008, 'fog', '团雾', 'Fog'],
  [1009, 'fire', '火灾', 'Fire'],
  [1010, 'knot', '拥堵点', 'Bottleneck'],
  [1011, 'roadblock', '路障', 'Roadblock'],
  [1012, 'roadEvent', '道路事件', 'Road event'],
  // §3 "accident types 1013 to 1015": the three accident settings of the task configuration (accident_vv,
  // accident_vh, accident_vb), in that order.
  [1013, 'accident_vv', '交通事故（车与车）', 'Accident (vehicle–vehicle)'],
  [1014, 'accident_vh', '交通事故（车与人）', 'Accident (vehicle–pedestrian)'],
  [1015, 'accident_vb', '交通事故（车与非机动车）', 'Accident (vehicle–bike)'],
  [1016, 'breakdown', '车辆抛锚', 'Breakdown'],
  [1017, 'lightBlack', '路灯不亮', 'Street light out'],
  [1018, 'elseEvent', '其他事件', 'Other event'],
  [1019, 'slowColleagues', '车辆缓行', 'Slow traffic'],
  [1020, 'congestion', '交通拥堵', 'Congestion'],
  [1021, 'flowOverflow', '流量超限', 'Flow over limit'],
  [1022, 'laneOccupancyHigh', '车道占有率过高', 'High lane occupancy'],
  [1023, 'overflow', '排队溢出', 'Queue overflow'],
  [1024, 'trafficEvents', '交通事件', 'Traffic event'],
];

export const ROAD_EVENT_TYPES: readonly EventTypeInfo[] = ROWS.map(([id, key, zh, en]) => ({ id, key, zh, en, specNamed: true }));

export const ROAD_EVENT_ID_RANGE = [1001, 1024] as const;

/** The urgent types the server uses by default (contract listUrgentWarnEvents): fire, accidents, breakdown, congestion. */
export const DEFAULT_URGENT_TYPE_IDS: readonly number[] = [1009, 1013, 1014, 1015, 1016, 1020];

export function isRoadEventType(id: number): boolean {
  return Number.isInteger(id) && id >= ROAD_EVENT_ID_RANGE[0] && id <= ROAD_EVENT_ID_RANGE[1];
}

export type EventKind = 'violation' | 'road';

export function eventKindOf(id: number): EventKind | null {
  if (isViolationType(id)) return 'violation';
  return isRoadEventType(id) ? 'road' : null;
}

const byId = new Map<number, EventTypeInfo>([...VIOLATION_TYPES, ...ROAD_EVENT_TYPES].map((info) => [info.id, info]));

export function eventTypeInfo(id: number): EventTypeInfo | null {
  return byId.get(id) ?? null;
}

/** Every alarm type, violations first. */
export const ALL_EVENT_TYPES: readonly EventTypeInfo[] = [...VIOLATION_TYPES, ...ROAD_EVENT_TYPES];

/** The type's name in `language` (zh-CN → Chinese, anything else English); an unknown id as "#<id>". */
export function eventTypeName(id: number, language: string): string {
  const info = byId.get(id);
  if (!info) return `#${id}`;
  return language.startsWith('zh') ? info.zh : info.en;
}

/** A menu's typeIds query ("16,1009,x") as the known type ids it names, in order, without repeats. */
export function parseTypeIds(text: string | null | undefined): number[] {
  const ids = (text ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => byId.has(id));
  return [...new Set(ids)];
}

// The alarm type ids of spec §3: violations 1–50 and road events 1001–1024, with the keys the spec names and
// display names in both languages. Ids the spec lists without a key get null and the name "<kind> <id>".
import type { Lang } from '../../http/messages.ts';

export type EventKind = 'violation' | 'road';

interface TypeInfo {
  key: string | null;
  zh: string;
  en: string;
}

const named: Record<number, TypeInfo> = {
  1: { key: 'carIllegal', zh: '机动车违法', en: 'Vehicle violation' },
  2: { key: 'crossIllegalLane', zh: '路口不按导向车道行驶', en: 'Wrong lane at junction' },
  3: { key: 'vehicleIllegalCrossLane', zh: '机动车违法变道', en: 'Illegal lane change' },
  4: { key: 'vehicleIntoForbidden', zh: '机动车驶入禁行区域', en: 'Vehicle in forbidden area' },
  5: { key: 'nonSeatBelts', zh: '未系安全带', en: 'No seat belt' },
  6: { key: 'drivingCall', zh: '开车打电话', en: 'Phone call while driving' },
  7: { key: 'backCar', zh: '倒车', en: 'Reversing' },
  8: { key: 'vehicleReverse', zh: '机动车逆行', en: 'Wrong-way driving' },
  9: { key: 'vehicleForbidden', zh: '禁行车辆', en: 'Restricted vehicle' },
  10: { key: 'violatedAreas', zh: '违法停车', en: 'Illegal parking' },
  11: { key: 'shuntIslandAreas', zh: '压导流区', en: 'Driving on traffic island' },
  12: { key: 'vehicleImpolitePed', zh: '不礼让行人', en: 'Not yielding to pedestrians' },
  13: { key: 'vehicleOnBusLane', zh: '占用公交车道', en: 'Driving in bus lane' },
  14: { key: 'vehicleOccupyLane', zh: '占用专用车道', en: 'Occupying a dedicated lane' },
  15: { key: 'shoulderRegion', zh: '占用应急车道行驶', en: 'Driving on the shoulder' },
  16: { key: 'vehicleRedLight', zh: '机动车闯红灯', en: 'Running a red light' },
  24: { key: 'bikeIllegal', zh: '非机动车违法', en: 'Bike violation' },
  28: { key: 'personIllegal', zh: '行人违法', en: 'Pedestrian violation' },
  37: { key: 'nonCoSeatBelts', zh: '副驾驶未系安全带', en: 'Passenger without seat belt' },
  41: { key: 'vehicleStopOnEmerLane', zh: '应急车道停车', en: 'Stopping in the emergency lane' },
  48: { key: 'vehicleDivisionLines', zh: '压分道线', en: 'Driving on lane lines' },
  49: { key: 'bikeHasPassenger', zh: '非机动车载人', en: 'Bike carrying a passenger' },
  50: { key: 'vehicleImSmallTurn', zh: '违法小转弯', en: 'Illegal tight turn' },
  1001: { key: 'carFlow', zh: '车流量', en: 'Traffic flow' },
  1002: { key: 'areaEvent', zh: '区域入侵', en: 'Area intrusion' },
  1003: { key: 'pothole', zh: '路面坑洼', en: 'Pothole' },
  1004: { key: 'ponding', zh: '路面积水', en: 'Ponding' },
  1005: { key: 'construction', zh: '道路施工', en: 'Road works' },
  1006: { key: 'dispersion', zh: '抛洒物', en: 'Spilled load' },
  1007: { key: 'nameplate', zh: '标志牌', en: 'Sign plate' },
  1008: { key: 'fog', zh: '团雾', en: 'Fog' },
  1009: { key: 'fire', zh: '火灾', en: 'Fire' },
  1010: { key: 'knot', zh: '拥堵点', en: 'Bottleneck' },
  1011: { key: 'roadblock', zh: '路障', en: 'Roadblock' },
  1012: { key: 'roadEvent', zh: '道路事件', en: 'Road event' },
  1013: { key: null, zh: '交通事故（车与车）', en: 'Accident (vehicle–vehicle)' },
  1014: { key: null, zh: '交通事故（车与人）', en: 'Accident (vehicle–pedestrian)' },
  1015: { key: null, zh: '交通事故（车与非机动车）', en: 'Accident (vehicle–bike)' },
  1016: { key: 'breakdown', zh: '车辆抛锚', en: 'Breakdown' },
  1017: { key: 'lightBlack', zh: '路灯不亮', en: 'Street light out' },
  1018: { key: 'elseEvent', zh: '其他事件', en: 'Other event' },
  1019: { key: 'slowColleagues', zh: '车辆缓行', en: 'Slow traffic' },
  1020: { key: 'congestion', zh: '交通拥堵', en: 'Congestion' },
  1021: { key: 'flowOverflow', zh: '流量超限', en: 'Flow over limit' },
  1022: { key: 'laneOccupancyHigh', zh: '车道占有率过高', en: 'High lane occupancy' },
  1023: { key: 'overflow', zh: '排队溢出', en: 'Queue overflow' },
  1024: { key: 'trafficEvents', zh: '交通事件', en: 'Traffic event' },
};

/** Every valid type id, violations first. */
export const EVENT_TYPE_IDS: number[] = [
  ...Array.from({ length: 50 }, (_, i) => i + 1),
  ...Array.from({ length: 24 }, (_, i) => i + 1001),
];

/** Spec §3 fire, accidents, breakdown and congestion: the default urgent set (contract listUrgentWarnEvents). */
export const DEFAULT_URGENT_TYPES = [1009, 1013, 1014, 1015, 1016, 1020];

export function isEventType(id: number): boolean {
  return Number.isInteger(id) && ((id >= 1 && id <= 50) || (id >= 1001 && id <= 1024));
}

export function kindOf(id: number): EventKind {
  return id >= 1001 ? 'road' : 'violation';
}

export function typeKey(id: number): string | null {
  return named[id]?.key ?? null;
}

export function typeName(id: number, lang: Lang): string {
  const info = named[id];
  if (info) return info[lang];
  const kind = kindOf(id);
  return lang === 'zh' ? `${kind === 'road' ? '道路事件' : '违法行为'} ${id}` : `${kind === 'road' ? 'Road event' : 'Violation'} ${id}`;
}

/** Type ids whose name (in either language) or key contains the keyword, case-insensitively. */
export function typesMatching(keyword: string): number[] {
  const needle = keyword.toLowerCase();
  return EVENT_TYPE_IDS.filter((id) =>
    [typeName(id, 'zh'), typeName(id, 'en'), typeKey(id) ?? ''].some((text) => text.toLowerCase().includes(needle)),
  );
}

/** The SQL range of a kind's type ids. */
export function kindRange(kind: EventKind): [number, number] {
  return kind === 'road' ? [1001, 1024] : [1, 50];
}

// Violation type ids of spec §3 (1–50), with a key and names in both languages. The spec names ids 1–16, 24,
// 28, 37, 41, 48, 49 and 50 ("continuing up to 50, intermediate ids not shown"); their keys are the spec's and
// their names match the server's (server/modules/alarms/eventTypes.ts), so the console and the exports agree.

export interface EventTypeInfo {
  id: number;
  /** The spec's key; for the ids the spec does not name, a key of ours (see `specNamed`). */
  key: string;
  zh: string;
  en: string;
  /** false: the spec lists the id without a name — the key and names are the console's own choice. */
  specNamed: boolean;
}

type Row = [id: number, key: string, zh: string, en: string];

const SPEC_NAMED: Row[] = [
  [1, 'carIllegal', '机动车违法', 'Vehicle violation'],
  [2, 'crossIllegalLane', '路口不按导向车道行驶', 'Wrong lane at junction'],
  [3, 'vehicleIllegalCrossLane', '机动车违法变道', 'Illegal lane change'],
  [4, 'vehicleIntoForbidden', '机动车驶入禁行区域', 'Vehicle in forbidden area'],
  [5, 'nonSeatBelts', '未系安全带', 'No seat belt'],
  [6, 'drivingCall', '开车打电话', 'Phone call while driving'],
  [7, 'backCar', '倒车', 'Reversing'],
  [8, 'vehicleReverse', '机动车逆行', 'Wrong-way driving'],
  [9, 'vehicleForbidden', '禁行车辆', 'Restricted vehicle'],
  [10, 'violatedAreas', '违法停车', 'Illegal parking'],
  [11, 'shuntIslandAreas', '压导流区', 'Driving on traffic island'],
  [12, 'vehicleImpolitePed', '不礼让行人', 'Not yielding to pedestrians'],
  [13, 'vehicleOnBusLane', '占用公交车道', 'Driving in bus lane'],
  [14, 'vehicleOccupyLane', '占用专用车道', 'Occupying a dedicated lane'],
  [15, 'shoulderRegion', '占用应急车道行驶', 'Driving on the shoulder'],
  [16, 'vehicleRedLight', '机动车闯红灯', 'Running a red light'],
  [24, 'bikeIllegal', '非机动车违法', 'Bike violation'],
  [28, 'personIllegal', '行人违法', 'Pedestrian violation'],
  [37, 'nonCoSeatBelts', '副驾驶未系安全带', 'Passenger without seat belt'],
  [41, 'vehicleStopOnEmerLane', '应急车道停车', 'Stopping in the emergency lane'],
  [48, 'vehicleDivisionLines', '压分道线', 'Driving on lane lines'],
  [49, 'bikeHasPassenger', '非机动车载人', 'Bike carrying a passenger'],
  [50, 'vehicleImSmallTurn', '违法小转弯', 'Illegal tight turn'],
];

// NOT named by the spec (§3 "intermediate ids not shown"): keys and names chosen by the console from the
// detections the task configuration of §3 enables (bike red light / reverse / helmet, forbidden truck, bus and
// dangerous-goods vehicles, sidewalks, stop lines, …). Replace them when the real table is known.
const CONSOLE_NAMED: Row[] = [
  [17, 'vehicleOverSpeed', '机动车超速', 'Speeding'],
  [18, 'vehicleLowSpeed', '机动车低速行驶', 'Driving too slowly'],
  [19, 'vehicleStopLine', '机动车越线停车', 'Stopping past the stop line'],
  [20, 'vehicleIllegalUTurn', '违法掉头', 'Illegal U-turn'],
  [21, 'vehicleNoTurnSignal', '未按规定使用转向灯', 'No turn signal'],
  [22, 'vehicleCoveredPlate', '遮挡号牌', 'Covered number plate'],
  [23, 'vehicleNoPlate', '无牌车辆', 'Vehicle without plate'],
  [25, 'bikeReverse', '非机动车逆行', 'Bike riding the wrong way'],
  [26, 'bikeNoHelmet', '非机动车未戴头盔', 'Bike rider without helmet'],
  [27, 'bikeRedLight', '非机动车闯红灯', 'Bike running a red light'],
  [29, 'personRedLight', '行人闯红灯', 'Pedestrian crossing on red'],
  [30, 'personCrossRoad', '行人横穿马路', 'Pedestrian jaywalking'],
  [31, 'bigTruckForbidden', '大货车违法闯禁', 'Heavy truck in restricted time'],
  [32, 'bigBusForbidden', '大客车违法闯禁', 'Coach in restricted time'],
  [33, 'dangerForbidden', '危化品车违法闯禁', 'Dangerous-goods vehicle in restricted time'],
  [34, 'vehicleOnSidewalk', '机动车占用人行道', 'Vehicle on the sidewalk'],
  [35, 'vehicleSolidLine', '机动车压实线', 'Crossing a solid line'],
  [36, 'vehicleJunctionStay', '路口滞留', 'Blocking the junction'],
  [38, 'bikeOnMotorLane', '非机动车占用机动车道', 'Bike in the motor lane'],
  [39, 'bikeOnSidewalk', '非机动车占用人行道', 'Bike on the sidewalk'],
  [40, 'vehicleTooClose', '未保持安全车距', 'Tailgating'],
  [42, 'vehicleStopOnShoulder', '路肩停车', 'Stopping on the shoulder'],
  [43, 'vehicleIllegalTurn', '不按规定转弯', 'Illegal turn'],
  [44, 'vehicleNoLight', '夜间未开车灯', 'No lights at night'],
  [45, 'vehicleSmoking', '开车吸烟', 'Smoking while driving'],
  [46, 'vehicleHonking', '违法鸣笛', 'Illegal honking'],
  [47, 'truckCoveredLoad', '货车未密闭运输', 'Uncovered truck load'],
];

const toInfo = ([id, key, zh, en]: Row, specNamed: boolean): EventTypeInfo => ({ id, key, zh, en, specNamed });

/** Ids 1–50 in order. */
export const VIOLATION_TYPES: readonly EventTypeInfo[] = [
  ...SPEC_NAMED.map((row) => toInfo(row, true)),
  ...CONSOLE_NAMED.map((row) => toInfo(row, false)),
].sort((a, b) => a.id - b.id);

export const VIOLATION_ID_RANGE = [1, 50] as const;

export function isViolationType(id: number): boolean {
  return Number.isInteger(id) && id >= VIOLATION_ID_RANGE[0] && id <= VIOLATION_ID_RANGE[1];
}

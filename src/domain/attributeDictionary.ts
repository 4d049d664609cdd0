// The attribute dictionaries of spec §3: what the analytics engine reports about a detected person, motor
// vehicle, face or non-motor vehicle, and the values each attribute takes. Built locally (never fetched); the
// session keeps the visible entries as its search properties (§4). Labels are zh/en pairs because this is data
// read by screens of several areas, not one screen's text. Pure TypeScript, shared by console and server.
import { type AttributeControl, attributeControl } from './attributeControl.ts';

export interface Localized {
  zh: string;
  en: string;
}

/** §3 objType: 1 person, 2 motor vehicle, 3 face, 4 non-motor vehicle. */
export const OBJ_TYPES = { Person: 1, MotorVehicle: 2, Face: 3, NonMotorVehicle: 4 } as const;
export type ObjectTypeName = keyof typeof OBJ_TYPES;
export type ObjType = (typeof OBJ_TYPES)[ObjectTypeName];
export const OBJECT_TYPE_NAMES: readonly ObjectTypeName[] = ['Person', 'NonMotorVehicle', 'MotorVehicle', 'Face'];

/** The value code of "unknown" in every attribute (§3). */
export const UNKNOWN_VALUE = -1;

/** The attribute keys of §3, in the spec's order. */
export const ATTRIBUTE_KEYS = [
  'plateNo', 'plateColor', 'plateClass', 'vehicleBrand', 'vehicleModel', 'vehicleStyles', 'vehicleClass', 'vehicleColor',
  'angle', 'hasDanger', 'safetyBelt', 'secondBelt', 'sunvisor', 'coSunvisor', 'hasPlate', 'tagNum', 'drop', 'paper',
  'sunRoof', 'rack', 'aerial', 'decoration', 'calling', 'isAltered', 'isCovered', 'licenseAttribution', 'genderCode',
  'hairStyle', 'glasses', 'cap', 'respirator', 'mustache', 'minority', 'age', 'expression', 'coatColor', 'trousersColor',
  'coatStyle', 'trousersStyle', 'shape', 'coatTexture', 'trousersTexture', 'capColor', 'umbrella', 'bag', 'handbag',
  'chestHold', 'trolley', 'luggage', 'hasKnife', 'coatColor1', 'helmetColorTag1', 'sex', 'helmet', 'canopy',
  'carryPassenger', 'wheels', 'lampShape', 'bikeGenre', 'socialAttribute', 'enterprise',
] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

/** Value code (as a string, the way it travels in JSON) → label. */
export type AttributeValues = Readonly<Record<string, Localized>>;

export interface AttributeEntry {
  attributeKey: AttributeKey;
  attributeName: Localized;
  attributeValue: AttributeValues;
  isVisible: boolean;
  objType: ObjType;
  /** The group an attribute sits in (plate, body, carried items, …), then its place in the group. */
  bigOrder: number;
  order: number;
}

const l = (zh: string, en: string): Localized => ({ zh, en });
const UNKNOWN = { [String(UNKNOWN_VALUE)]: l('未知', 'Unknown') };

/** Labels by code, plus the unknown code. */
function values(labels: Record<number, Localized>): AttributeValues {
  const out: Record<string, Localized> = {};
  for (const [code, label] of Object.entries(labels)) out[code] = label;
  return { ...out, ...UNKNOWN };
}

const YES_NO = values({ 0: l('否', 'No'), 1: l('是', 'Yes') });
const PRESENT = values({ 0: l('无', 'Absent'), 1: l('有', 'Present') });
const COLOURS = values({
  1: l('黑色', 'Black'), 2: l('白色', 'White'), 3: l('灰色', 'Grey'), 4: l('红色', 'Red'), 5: l('蓝色', 'Blue'),
  6: l('黄色', 'Yellow'), 7: l('橙色', 'Orange'), 8: l('棕色', 'Brown'), 9: l('绿色', 'Green'), 10: l('紫色', 'Purple'),
  11: l('青色', 'Cyan'), 12: l('粉色', 'Pink'),
});
const PLATE_COLOURS = values({
  1: l('蓝色', 'Blue'), 2: l('黄色', 'Yellow'), 3: l('白色', 'White'), 4: l('黑色', 'Black'), 5: l('绿色', 'Green'),
  6: l('黄绿色', 'Yellow-green'),
});
const GENDER = values({ 1: l('男', 'Male'), 2: l('女', 'Female') });
const AGE = values({ 1: l('儿童', 'Child'), 2: l('青年', 'Young adult'), 3: l('中年', 'Middle-aged'), 4: l('老年', 'Elderly') });
const HAIR = values({ 1: l('短发', 'Short'), 2: l('长发', 'Long'), 3: l('光头', 'Bald'), 4: l('扎发', 'Tied up') });
const TEXTURE = values({ 1: l('纯色', 'Plain'), 2: l('条纹', 'Striped'), 3: l('格子', 'Checked'), 4: l('图案', 'Patterned') });
const NO_VALUES: AttributeValues = {};

type Row = [key: AttributeKey, name: Localized, values: AttributeValues, bigOrder: number, visible?: boolean];

function entries(objType: ObjType, rows: Row[]): AttributeEntry[] {
  const orderInGroup = new Map<number, number>();
  return rows.map(([attributeKey, attributeName, attributeValue, bigOrder, isVisible = true]) => {
    const order = (orderInGroup.get(bigOrder) ?? 0) + 1;
    orderInGroup.set(bigOrder, order);
    return { attributeKey, attributeName, attributeValue, isVisible, objType, bigOrder, order };
  });
}

// Groups (bigOrder) — motor vehicle: 1 plate, 2 vehicle, 3 fittings, 4 occupants. Person: 1 who, 2 clothing,
// 3 carried items. Face: 1 who, 2 features. Non-motor: 1 rider, 2 vehicle, 3 use.
const MOTOR_VEHICLE = entries(OBJ_TYPES.MotorVehicle, [
  ['plateNo', l('车牌号码', 'Plate number'), NO_VALUES, 1],
  ['plateColor', l('车牌颜色', 'Plate colour'), PLATE_COLOURS, 1],
  ['plateClass', l('号牌种类', 'Plate class'), values({
    1: l('普通', 'Ordinary'), 2: l('新能源', 'New energy'), 3: l('警用', 'Police'), 4: l('军用', 'Military'),
    5: l('使领馆', 'Embassy'), 6: l('教练', 'Driving school'), 7: l('挂车', 'Trailer'),
  }), 1],
  ['hasPlate', l('有无车牌', 'Has a plate'), PRESENT, 1],
  ['isAltered', l('变造号牌', 'Altered plate'), YES_NO, 1],
  ['isCovered', l('遮挡号牌', 'Covered plate'), YES_NO, 1],
  ['licenseAttribution', l('号牌归属地', 'Plate region'), NO_VALUES, 1],
  ['vehicleBrand', l('车辆品牌', 'Brand'), NO_VALUES, 2],
  ['vehicleModel', l('车辆型号', 'Model'), NO_VALUES, 2],
  ['vehicleStyles', l('车辆年款', 'Model year'), NO_VALUES, 2, false],
  ['vehicleClass', l('车辆类型', 'Vehicle class'), values({
    1: l('轿车', 'Sedan'), 2: l('SUV', 'SUV'), 3: l('MPV', 'MPV'), 4: l('面包车', 'Van'), 5: l('皮卡', 'Pickup'),
    6: l('客车', 'Bus'), 7: l('货车', 'Truck'), 8: l('罐车', 'Tanker'), 9: l('工程车', 'Works vehicle'),
  }), 2],
  ['vehicleColor', l('车身颜色', 'Body colour'), COLOURS, 2],
  ['angle', l('车辆角度', 'View'), values({ 1: l('车头', 'Front'), 2: l('车尾', 'Rear'), 3: l('侧面', 'Side') }), 2],
  ['hasDanger', l('危化品车', 'Dangerous goods'), YES_NO, 2],
  ['tagNum', l('年检标数量', 'Inspection tags'), values({ 0: l('0 个', 'None'), 1: l('1 个', 'One'), 2: l('2 个', 'Two'), 3: l('3 个及以上', 'Three or more') }), 3],
  ['sunvisor', l('主驾遮阳板', 'Driver sun visor'), values({ 0: l('收起', 'Up'), 1: l('放下', 'Down') }), 3],
  ['coSunvisor', l('副驾遮阳板', 'Passenger sun visor'), values({ 0: l('收起', 'Up'), 1: l('放下', 'Down') }), 3],
  ['drop', l('挂饰', 'Hanging ornament'), PRESENT, 3],
  ['paper', l('纸巾盒', 'Tissue box'), PRESENT, 3],
  ['decoration', l('摆件', 'Dashboard ornament'), PRESENT, 3],
  ['sunRoof', l('天窗', 'Sunroof'), PRESENT, 3],
  ['rack', l('行李架', 'Roof rack'), PRESENT, 3],
  ['aerial', l('天线', 'Antenna'), PRESENT, 3],
  ['safetyBelt', l('主驾安全带', 'Driver seat belt'), values({ 0: l('未系', 'Not fastened'), 1: l('已系', 'Fastened') }), 4],
  ['secondBelt', l('副驾安全带', 'Passenger seat belt'), values({ 0: l('未系', 'Not fastened'), 1: l('已系', 'Fastened') }), 4],
  ['calling', l('打电话', 'On the phone'), YES_NO, 4],
]);

const PERSON = entries(OBJ_TYPES.Person, [
  ['genderCode', l('性别', 'Gender'), GENDER, 1],
  ['age', l('年龄段', 'Age group'), AGE, 1],
  ['shape', l('体型', 'Build'), values({ 1: l('偏瘦', 'Slim'), 2: l('中等', 'Medium'), 3: l('偏胖', 'Heavy') }), 1],
  ['hairStyle', l('发型', 'Hairstyle'), HAIR, 1],
  ['glasses', l('眼镜', 'Glasses'), values({ 0: l('无', 'None'), 1: l('普通眼镜', 'Glasses'), 2: l('太阳镜', 'Sunglasses') }), 1],
  ['cap', l('帽子', 'Hat'), PRESENT, 1],
  ['respirator', l('口罩', 'Face mask'), PRESENT, 1],
  ['coatColor', l('上衣颜色', 'Top colour'), COLOURS, 2],
  ['coatStyle', l('上衣款式', 'Top style'), values({ 1: l('长袖', 'Long sleeves'), 2: l('短袖', 'Short sleeves'), 3: l('无袖', 'Sleeveless') }), 2],
  ['coatTexture', l('上衣纹理', 'Top pattern'), TEXTURE, 2],
  ['trousersColor', l('下衣颜色', 'Bottoms colour'), COLOURS, 2],
  ['trousersStyle', l('下衣款式', 'Bottoms style'), values({ 1: l('长裤', 'Trousers'), 2: l('短裤', 'Shorts'), 3: l('裙子', 'Skirt') }), 2],
  ['trousersTexture', l('下衣纹理', 'Bottoms pattern'), TEXTURE, 2],
  ['capColor', l('帽子颜色', 'Hat colour'), COLOURS, 2],
  ['umbrella', l('打伞', 'Umbrella'), PRESENT, 3],
  ['bag', l('背包', 'Backpack'), PRESENT, 3],
  ['handbag', l('手提包', 'Handbag'), PRESENT, 3],
  ['chestHold', l('胸前抱物', 'Carrying in front'), PRESENT, 3],
  ['trolley', l('手推车', 'Trolley'), PRESENT, 3],
  ['luggage', l('拉杆箱', 'Suitcase'), PRESENT, 3],
  ['hasKnife', l('持刀', 'Carrying a knife'), YES_NO, 3],
]);

const FACE = entries(OBJ_TYPES.Face, [
  ['genderCode', l('性别', 'Gender'), GENDER, 1],
  ['age', l('年龄段', 'Age group'), AGE, 1],
  // Ethnicity is kept for records the engine sends but not offered as a search filter.
  ['minority', l('少数民族', 'Ethnic minority'), YES_NO, 1, false],
  ['expression', l('表情', 'Expression'), values({ 1: l('平静', 'Neutral'), 2: l('微笑', 'Smiling'), 3: l('惊讶', 'Surprised'), 4: l('愤怒', 'Angry'), 5: l('悲伤', 'Sad') }), 1],
  ['hairStyle', l('发型', 'Hairstyle'), HAIR, 2],
  ['glasses', l('眼镜', 'Glasses'), values({ 0: l('无', 'None'), 1: l('普通眼镜', 'Glasses'), 2: l('太阳镜', 'Sunglasses') }), 2],
  ['cap', l('帽子', 'Hat'), PRESENT, 2],
  ['respirator', l('口罩', 'Face mask'), PRESENT, 2],
  ['mustache', l('胡子', 'Moustache'), PRESENT, 2],
]);

const NON_MOTOR_VEHICLE = entries(OBJ_TYPES.NonMotorVehicle, [
  ['sex', l('骑行人性别', 'Rider gender'), GENDER, 1],
  ['helmet', l('头盔', 'Helmet'), values({ 0: l('未戴', 'Not worn'), 1: l('佩戴', 'Worn') }), 1],
  ['helmetColorTag1', l('头盔颜色', 'Helmet colour'), COLOURS, 1],
  ['coatColor1', l('上衣颜色', 'Top colour'), COLOURS, 1],
  ['carryPassenger', l('载人', 'Carrying a passenger'), YES_NO, 1],
  ['bikeGenre', l('车辆类型', 'Vehicle type'), values({ 1: l('自行车', 'Bicycle'), 2: l('电动自行车', 'E-bike'), 3: l('摩托车', 'Motorcycle'), 4: l('三轮车', 'Tricycle'), 5: l('其他', 'Other') }), 2],
  ['wheels', l('车轮数', 'Wheels'), values({ 2: l('两轮', 'Two'), 3: l('三轮', 'Three') }), 2],
  ['lampShape', l('车灯形状', 'Headlamp shape'), values({ 1: l('圆形', 'Round'), 2: l('方形', 'Rectangular'), 3: l('异形', 'Irregular') }), 2],
  ['canopy', l('遮阳篷', 'Canopy'), PRESENT, 2],
  ['socialAttribute', l('社会属性', 'Use'), values({ 1: l('私人', 'Private'), 2: l('外卖', 'Food delivery'), 3: l('快递', 'Parcel delivery'), 4: l('共享单车', 'Shared bike') }), 3],
  ['enterprise', l('所属企业', 'Company'), values({ 1: l('美团', 'Meituan'), 2: l('饿了么', 'Ele.me'), 3: l('顺丰', 'SF Express'), 4: l('京东', 'JD'), 5: l('其他', 'Other') }), 3],
]);

/** The four dictionaries (§3). */
export const ATTRIBUTE_DICTIONARY: Readonly<Record<ObjectTypeName, readonly AttributeEntry[]>> = {
  Person: PERSON,
  NonMotorVehicle: NON_MOTOR_VEHICLE,
  MotorVehicle: MOTOR_VEHICLE,
  Face: FACE,
};

/** A visible attribute with the control a search form renders for it (§9). */
export interface SearchProperty extends AttributeEntry {
  control: AttributeControl;
}

export type SearchProperties = Readonly<Record<ObjectTypeName, readonly SearchProperty[]>>;

/** The search properties of §4: the visible entries of each dictionary in group order, each with its control. */
export function buildSearchProperties(dictionary = ATTRIBUTE_DICTIONARY): SearchProperties {
  const build = (list: readonly AttributeEntry[]) =>
    list
      .filter((entry) => entry.isVisible)
      .sort((a, b) => a.bigOrder - b.bigOrder || a.order - b.order)
      .map((entry) => ({ ...entry, control: attributeControl(entry) }));
  return {
    Person: build(dictionary.Person),
    NonMotorVehicle: build(dictionary.NonMotorVehicle),
    MotorVehicle: build(dictionary.MotorVehicle),
    Face: build(dictionary.Face),
  };
}

/** The label of a value code, or of "unknown" when the code is not in the dictionary. */
export function attributeValueLabel(entry: AttributeEntry, code: number | string, language: 'zh-CN' | 'en' | string): string {
  const label = entry.attributeValue[String(code)] ?? UNKNOWN[String(UNKNOWN_VALUE)];
  return language === 'en' ? label.en : label.zh;
}

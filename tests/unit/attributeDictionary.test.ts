// The attribute dictionaries of §3 and the rendering rule of §9.
import { describe, expect, it } from 'vitest';
import { attributeControl, isColourKey } from '../../src/domain/attributeControl.ts';
import {
  ATTRIBUTE_DICTIONARY,
  ATTRIBUTE_KEYS,
  type AttributeEntry,
  attributeValueLabel,
  buildSearchProperties,
  OBJ_TYPES,
  OBJECT_TYPE_NAMES,
  UNKNOWN_VALUE,
} from '../../src/domain/attributeDictionary.ts';

const all = OBJECT_TYPE_NAMES.flatMap((name) => ATTRIBUTE_DICTIONARY[name]);
const values = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [String(i), { zh: '值', en: 'v' }]));

describe('attribute dictionaries (§3)', () => {
  it('has the four object types with their objType codes (1 person, 2 motor vehicle, 3 face, 4 non-motor)', () => {
    expect(OBJECT_TYPE_NAMES).toEqual(['Person', 'NonMotorVehicle', 'MotorVehicle', 'Face']);
    for (const name of OBJECT_TYPE_NAMES) {
      expect(ATTRIBUTE_DICTIONARY[name].length, name).toBeGreaterThan(0);
      for (const entry of ATTRIBUTE_DICTIONARY[name]) expect(entry.objType, entry.attributeKey).toBe(OBJ_TYPES[name]);
    }
    expect(OBJ_TYPES).toEqual({ Person: 1, MotorVehicle: 2, Face: 3, NonMotorVehicle: 4 });
  });

  it('holds every key §3 lists, once per object type, and nothing else', () => {
    expect(new Set(all.map((entry) => entry.attributeKey))).toEqual(new Set(ATTRIBUTE_KEYS));
    for (const name of OBJECT_TYPE_NAMES) {
      const keys = ATTRIBUTE_DICTIONARY[name].map((entry) => entry.attributeKey);
      expect(new Set(keys).size, name).toBe(keys.length);
    }
  });

  it('gives every value map the unknown code -1, names in both languages, and a unique place in its group', () => {
    for (const entry of all) {
      expect(entry.attributeName.zh && entry.attributeName.en, entry.attributeKey).toBeTruthy();
      const codes = Object.keys(entry.attributeValue);
      if (codes.length > 0) expect(codes, entry.attributeKey).toContain(String(UNKNOWN_VALUE));
      for (const label of Object.values(entry.attributeValue)) expect(label.zh && label.en, entry.attributeKey).toBeTruthy();
    }
    for (const name of OBJECT_TYPE_NAMES) {
      const places = ATTRIBUTE_DICTIONARY[name].map((entry) => `${entry.bigOrder}.${entry.order}`);
      expect(new Set(places).size, name).toBe(places.length);
    }
  });

  it('labels a value code in the chosen language, and an unlisted code as unknown', () => {
    const plateColor = ATTRIBUTE_DICTIONARY.MotorVehicle.find((entry) => entry.attributeKey === 'plateColor') as AttributeEntry;
    expect(attributeValueLabel(plateColor, 1, 'zh-CN')).toBe('蓝色');
    expect(attributeValueLabel(plateColor, '2', 'en')).toBe('Yellow');
    expect(attributeValueLabel(plateColor, 99, 'zh-CN')).toBe('未知');
    expect(attributeValueLabel(plateColor, UNKNOWN_VALUE, 'en')).toBe('Unknown');
  });

  it('builds the search properties from the visible entries, in group order, each with its control', () => {
    const properties = buildSearchProperties();
    for (const name of OBJECT_TYPE_NAMES) {
      const list = properties[name];
      expect(list.every((entry) => entry.isVisible)).toBe(true);
      expect(list.length).toBe(ATTRIBUTE_DICTIONARY[name].filter((entry) => entry.isVisible).length);
      const order = list.map((entry) => entry.bigOrder * 1000 + entry.order);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    expect(properties.Face.some((entry) => entry.attributeKey === 'minority')).toBe(false);
    expect(properties.MotorVehicle.find((entry) => entry.attributeKey === 'vehicleBrand')?.control).toEqual({ kind: 'brand', multiple: false });
  });
});

describe('attribute controls (§9)', () => {
  it('more than 4 options: select', () => {
    expect(attributeControl({ attributeKey: 'vehicleClass', attributeValue: values(5) })).toEqual({ kind: 'select', multiple: false });
  });

  it('1 to 4 options: radio', () => {
    expect(attributeControl({ attributeKey: 'helmet', attributeValue: values(4) })).toEqual({ kind: 'radio', multiple: false });
    expect(attributeControl({ attributeKey: 'helmet', attributeValue: values(1) })).toEqual({ kind: 'radio', multiple: false });
  });

  it('colour keys: check, whatever their option count', () => {
    for (const key of ['plateColor', 'vehicleColor', 'coatColor', 'capColor', 'coatColor1']) {
      expect(attributeControl({ attributeKey: key, attributeValue: values(13) }), key).toEqual({ kind: 'check', multiple: false });
    }
    expect(isColourKey('glasses')).toBe(false);
  });

  it('brand keys: brand', () => {
    expect(attributeControl({ attributeKey: 'vehicleBrand', attributeValue: {} })).toEqual({ kind: 'brand', multiple: false });
    expect(attributeControl({ attributeKey: 'vehicleModel', attributeValue: {} }).kind).toBe('brand');
  });

  it('anything else: input', () => {
    expect(attributeControl({ attributeKey: 'plateNo', attributeValue: {} })).toEqual({ kind: 'input', multiple: false });
  });

  it('helmetColorTag1 and trousersColor take several values', () => {
    expect(attributeControl({ attributeKey: 'helmetColorTag1', attributeValue: values(13) })).toEqual({ kind: 'check', multiple: true });
    expect(attributeControl({ attributeKey: 'trousersColor', attributeValue: values(13) })).toEqual({ kind: 'check', multiple: true });
  });

  it('every dictionary entry gets the control its key and values call for', () => {
    const kinds = Object.fromEntries(buildSearchProperties().MotorVehicle.map((entry) => [entry.attributeKey, entry.control.kind]));
    expect(kinds).toMatchObject({ plateNo: 'input', plateColor: 'check', plateClass: 'select', hasPlate: 'radio', angle: 'radio' });
  });
});

// The §3 type id tables: every id once, both languages, the spec's keys where it names them, the server's names.
import { describe, expect, it } from 'vitest';
import { ALL_EVENT_TYPES, eventKindOf, eventTypeInfo, eventTypeName, parseTypeIds, ROAD_EVENT_TYPES } from '../../src/domain/roadEventTypes.ts';
import { VIOLATION_TYPES } from '../../src/domain/violationTypes.ts';
import { typeKey, typeName } from '../../server/modules/alarms/eventTypes.ts';

describe('alarm type tables', () => {
  it('hold violations 1–50 and road events 1001–1024, each once, named in Chinese and English', () => {
    expect(VIOLATION_TYPES.map((t) => t.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(ROAD_EVENT_TYPES.map((t) => t.id)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1001));
    for (const type of ALL_EVENT_TYPES) {
      expect(type.zh.trim(), String(type.id)).not.toBe('');
      expect(type.en.trim(), String(type.id)).not.toBe('');
      expect(type.key, String(type.id)).toMatch(/^[A-Za-z_]+$/);
    }
    expect(new Set(ALL_EVENT_TYPES.map((t) => t.key)).size).toBe(ALL_EVENT_TYPES.length);
  });

  it('use the keys the spec names (§3), and mark the ids it does not name', () => {
    const spec: Record<number, string> = { 1: 'carIllegal', 16: 'vehicleRedLight', 24: 'bikeIllegal', 28: 'personIllegal', 37: 'nonCoSeatBelts', 41: 'vehicleStopOnEmerLane', 48: 'vehicleDivisionLines', 49: 'bikeHasPassenger', 50: 'vehicleImSmallTurn', 1001: 'carFlow', 1009: 'fire', 1020: 'congestion', 1024: 'trafficEvents' };
    for (const [id, key] of Object.entries(spec)) expect(eventTypeInfo(Number(id))?.key).toBe(key);
    const unnamed = VIOLATION_TYPES.filter((t) => !t.specNamed).map((t) => t.id);
    expect(unnamed).toEqual([17, 18, 19, 20, 21, 22, 23, 25, 26, 27, 29, 30, 31, 32, 33, 34, 35, 36, 38, 39, 40, 42, 43, 44, 45, 46, 47]);
  });

  it('name the types the spec names as the server does (lists, exports and screens agree)', () => {
    for (const type of ALL_EVENT_TYPES.filter((t) => t.specNamed)) {
      expect(type.zh, String(type.id)).toBe(typeName(type.id, 'zh'));
      expect(type.en, String(type.id)).toBe(typeName(type.id, 'en'));
      if (typeKey(type.id)) expect(type.key).toBe(typeKey(type.id));
    }
  });

  it('looks names up by language and kinds by id', () => {
    expect(eventTypeName(16, 'zh-CN')).toBe('机动车闯红灯');
    expect(eventTypeName(16, 'en')).toBe('Running a red light');
    expect(eventTypeName(999, 'en')).toBe('#999');
    expect(eventKindOf(50)).toBe('violation');
    expect(eventKindOf(1001)).toBe('road');
    expect(eventKindOf(51)).toBeNull();
  });

  it("reads a menu's typeIds, keeping known ids once", () => {
    expect(parseTypeIds('16, 1009,x,16,2000,')).toEqual([16, 1009]);
    expect(parseTypeIds(null)).toEqual([]);
  });
});

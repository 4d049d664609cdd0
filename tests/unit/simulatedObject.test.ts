// The simulator's detected objects: a §3 object type, and only that type's visible attribute keys with codes of
// its dictionary (or -1), so target retrieval can find them by every filter the screen offers.
import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_DICTIONARY, OBJECT_TYPE_NAMES, OBJ_TYPES } from '../../src/domain/attributeDictionary.ts';
import { simulatedObject } from '../../server/simulator/objectAttributes.ts';

describe('simulatedObject', () => {
  it('reports the codes of its own type’s dictionary, a plate for vehicles, and every type over many draws', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const object = simulatedObject();
      const objType = object.objType as number;
      seen.add(objType);
      const name = OBJECT_TYPE_NAMES.find((n) => OBJ_TYPES[n] === objType);
      expect(name).toBeDefined();
      const dictionary = new Map(ATTRIBUTE_DICTIONARY[name!].map((e) => [e.attributeKey as string, e]));
      for (const [key, value] of Object.entries(object)) {
        if (key === 'objType') continue;
        if (key === 'plateNo') {
          expect(value).toMatch(/^粤B[A-Z0-9]{5}$/);
          continue;
        }
        const entry = dictionary.get(key);
        expect(entry?.isVisible).toBe(true);
        expect(Object.keys(entry!.attributeValue)).toContain(String(value));
      }
      if (objType === OBJ_TYPES.MotorVehicle) expect(object.plateNo).toBeDefined();
    }
    expect([...seen].sort()).toEqual([OBJ_TYPES.Person, OBJ_TYPES.MotorVehicle, OBJ_TYPES.NonMotorVehicle].sort());
  });
});

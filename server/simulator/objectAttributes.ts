// The detected object a simulated alarm reports (spec §3): its type — a motor vehicle for most violations, now and
// then a person or a non-motor vehicle — and a value for each visible attribute of that type's dictionary, drawn
// from the dictionary's codes (sometimes -1, unknown), plus a plate number for a vehicle. Target retrieval searches
// these; they are marked simulated with the alarm like everything else the simulator posts.
import { ATTRIBUTE_DICTIONARY, OBJ_TYPES, type ObjectTypeName } from '../../src/domain/attributeDictionary.ts';

const TYPES: ObjectTypeName[] = ['MotorVehicle', 'MotorVehicle', 'MotorVehicle', 'NonMotorVehicle', 'Person'];
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

export function simulatedObject(random: () => number = Math.random): Record<string, string | number> {
  const name = TYPES[Math.floor(random() * TYPES.length)];
  const out: Record<string, string | number> = { objType: OBJ_TYPES[name] };
  for (const entry of ATTRIBUTE_DICTIONARY[name]) {
    if (!entry.isVisible) continue;
    const codes = Object.keys(entry.attributeValue);
    if (codes.length === 0) continue;
    // Unknown (-1) is one code among the others: about one value in ten.
    const known = codes.filter((c) => c !== '-1');
    out[entry.attributeKey] = random() < 0.1 ? -1 : Number(known[Math.floor(random() * known.length)]);
  }
  if (name === 'MotorVehicle') {
    let plate = '粤B';
    for (let i = 0; i < 5; i++) plate += PLATE_LETTERS[Math.floor(random() * PLATE_LETTERS.length)];
    out.plateNo = plate;
  }
  return out;
}

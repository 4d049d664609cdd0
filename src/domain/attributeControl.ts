// How a search form renders an attribute (spec §9): brand keys as the brand picker, colour keys as colour
// check boxes, more than 4 options as a select, 1 to 4 as radios, no options as a text input; helmetColorTag1 and
// trousersColor allow several values. Brand and colour come first: a colour key has a dozen colours and would
// otherwise fall under the option count, and a brand's options come from the brand catalogue, not the dictionary.

export type ControlKind = 'brand' | 'check' | 'select' | 'radio' | 'input';

export interface AttributeControl {
  kind: ControlKind;
  /** Several values may be chosen. */
  multiple: boolean;
}

/** The attributes whose search accepts several values (§9). */
export const MULTI_SELECT_KEYS: ReadonlySet<string> = new Set(['helmetColorTag1', 'trousersColor']);
/** Above this many options a select, up to it radios (§9). */
export const RADIO_MAX_OPTIONS = 4;

export const isBrandKey = (key: string) => /brand/i.test(key) || key === 'vehicleModel';
export const isColourKey = (key: string) => /colou?r/i.test(key);

export function attributeControl(entry: { attributeKey: string; attributeValue: Readonly<Record<string, unknown>> }): AttributeControl {
  const key = entry.attributeKey;
  const multiple = MULTI_SELECT_KEYS.has(key);
  if (isBrandKey(key)) return { kind: 'brand', multiple };
  if (isColourKey(key)) return { kind: 'check', multiple };
  const options = Object.keys(entry.attributeValue).length;
  if (options > RADIO_MAX_OPTIONS) return { kind: 'select', multiple };
  if (options > 0) return { kind: 'radio', multiple };
  return { kind: 'input', multiple };
}

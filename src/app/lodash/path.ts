// Property paths and keys as lodash 4.18 reads and writes them ('a.b[0]', ['a', 'b'], -0, symbols), for the native
// versions of the lodash functions rsuite imports (scripts/vite/lodashNative.ts says why). Each function follows the
// lodash internal of the same name; tests/unit/lodashNative.test.ts compares them with lodash itself.
type Bag = Record<PropertyKey, unknown>;

const objectToString = Object.prototype.toString;
export const hasOwn = (object: object, key: PropertyKey) => Object.hasOwn(object, key);
export const tagOf = (value: unknown) => objectToString.call(value);

export const isObject = (value: unknown): value is Bag => value != null && (typeof value === 'object' || typeof value === 'function');
export const isObjectLike = (value: unknown): value is Bag => value != null && typeof value === 'object';
export const isSymbol = (value: unknown): value is symbol =>
  typeof value === 'symbol' || (isObjectLike(value) && tagOf(value) === '[object Symbol]');
export const isLength = (value: unknown): value is number =>
  typeof value === 'number' && value > -1 && value % 1 === 0 && value <= Number.MAX_SAFE_INTEGER;
export const isArrayLike = (value: unknown): value is ArrayLike<unknown> =>
  value != null && typeof value !== 'function' && isLength((value as { length?: unknown }).length);
export const isArguments = (value: unknown) => isObjectLike(value) && tagOf(value) === '[object Arguments]';
export const isTypedArray = (value: unknown) => ArrayBuffer.isView(value) && !(value instanceof DataView);
/** What flatten spreads: arrays, arguments, and objects marked Symbol.isConcatSpreadable. */
export const isFlattenable = (value: unknown) =>
  Array.isArray(value) || isArguments(value) || !!(value && (value as { [Symbol.isConcatSpreadable]?: unknown })[Symbol.isConcatSpreadable]);
export const sameValueZero = (a: unknown, b: unknown) => a === b || (Number.isNaN(a) && Number.isNaN(b));

export function isPrototype(value: unknown): boolean {
  const Ctor = (value as { constructor?: unknown } | null)?.constructor;
  const proto = (typeof Ctor === 'function' && Ctor.prototype) || Object.prototype;
  return value === proto;
}

const reIsUint = /^(?:0|[1-9]\d*)$/;
export function isIndex(value: unknown, length: number = Number.MAX_SAFE_INTEGER): boolean {
  const type = typeof value;
  return (
    !!length &&
    (type === 'number' || (type !== 'symbol' && reIsUint.test(value as string))) &&
    (value as number) > -1 &&
    (value as number) % 1 === 0 &&
    (value as number) < length
  );
}

export function baseStringOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `${Array.from(value, baseStringOf)}`;
  if (isSymbol(value)) return Symbol.prototype.toString.call(value);
  const result = `${value as string}`;
  return result === '0' && 1 / (value as number) === -Infinity ? '-0' : result;
}
/** lodash toString: '' for null and undefined, '-0' for -0, arrays joined item by item. */
export const stringOf = (value: unknown) => (value == null ? '' : baseStringOf(value));

export function toKey(value: unknown): string | symbol {
  if (typeof value === 'string' || isSymbol(value)) return value as string | symbol;
  const result = `${value as string}`;
  return result === '0' && 1 / (value as number) === -Infinity ? '-0' : result;
}

const reIsDeepProp = /\.|\[(?:[^[\]]*|(["'])(?:(?!\1)[^\\]|\\.)*?\1)\]/;
const reIsPlainProp = /^\w*$/;
export function isKey(value: unknown, object?: unknown): boolean {
  if (Array.isArray(value)) return false;
  const type = typeof value;
  if (type === 'number' || type === 'symbol' || type === 'boolean' || value == null || isSymbol(value)) return true;
  return (
    reIsPlainProp.test(value as string) ||
    !reIsDeepProp.test(value as string) ||
    (object != null && (value as PropertyKey) in Object(object))
  );
}

const rePropName = /[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]|(?=(?:\.|\[\])(?:\.|\[\]|$))/g;
const reEscapeChar = /\\(\\)?/g;
export function stringToPath(path: string): string[] {
  const result: string[] = [];
  if (path.charCodeAt(0) === 46 /* . */) result.push('');
  path.replace(rePropName, (match, number: string | undefined, quote: string | undefined, subString: string) => {
    result.push(quote ? subString.replace(reEscapeChar, '$1') : number || match);
    return match;
  });
  return result;
}

export const castPath = (value: unknown, object?: unknown): unknown[] =>
  Array.isArray(value) ? value : isKey(value, object) ? [value] : stringToPath(stringOf(value));

export function baseGet(object: unknown, path: unknown): unknown {
  const keys = castPath(path, object);
  let index = 0;
  while (object != null && index < keys.length) object = (object as Bag)[toKey(keys[index++])];
  return index && index === keys.length ? object : undefined;
}

export function hasIn(object: unknown, path: unknown): boolean {
  if (object == null) return false;
  const keys = castPath(path, object);
  let index = -1;
  let result = false;
  let key: string | symbol = '';
  while (++index < keys.length) {
    key = toKey(keys[index]);
    result = object != null && key in Object(object);
    if (!result) break;
    object = (object as Bag)[key];
  }
  if (result || ++index !== keys.length) return result;
  const length = object == null ? 0 : (object as { length?: unknown }).length;
  return !!length && isLength(length) && isIndex(key, length) && (Array.isArray(object) || isArguments(object));
}

export function baseAssignValue(object: Bag, key: PropertyKey, value: unknown) {
  if (key === '__proto__') Object.defineProperty(object, key, { configurable: true, enumerable: true, value, writable: true });
  else object[key] = value;
}

export function assignValue(object: Bag, key: PropertyKey, value: unknown) {
  const current = object[key];
  if (!(hasOwn(object, key) && sameValueZero(current, value)) || (value === undefined && !(key in object)))
    baseAssignValue(object, key, value);
}

export function baseSet<T>(object: T, path: unknown, value: unknown): T {
  if (!isObject(object)) return object;
  const keys = castPath(path, object);
  const lastIndex = keys.length - 1;
  let nested: Bag | null | undefined = object;
  let index = -1;
  while (nested != null && ++index < keys.length) {
    const key = toKey(keys[index]);
    let newValue = value;
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return object;
    if (index !== lastIndex) {
      const current = nested[key];
      newValue = isObject(current) ? current : isIndex(keys[index + 1]) ? [] : {};
    }
    assignValue(nested, key, newValue);
    nested = nested[key] as Bag | null | undefined;
  }
  return object;
}

export function baseUnset(object: Bag, path: unknown): boolean {
  const keys = castPath(path, object);
  if (!keys.length) return true;
  for (let index = 0; index < keys.length; index++) {
    const key = toKey(keys[index]);
    if (key === '__proto__' && !hasOwn(object, '__proto__')) return false;
    if ((key === 'constructor' || key === 'prototype') && index < keys.length - 1) return false;
  }
  const parent = keys.length < 2 ? object : baseGet(object, keys.slice(0, -1));
  return parent == null || delete (parent as Bag)[toKey(keys[keys.length - 1])];
}

/** Own enumerable string keys (lodash keys): all indexes of an array-like, 'constructor' left out of a prototype. */
export function keys(object: unknown): string[] {
  if (isArrayLike(object)) return arrayLikeKeys(object, false);
  if (!isPrototype(object)) return Object.keys(Object(object));
  return Object.keys(Object(object)).filter((key) => key !== 'constructor');
}

/** Own and inherited enumerable string keys (lodash keysIn). */
export function keysIn(object: unknown): string[] {
  if (isArrayLike(object)) return arrayLikeKeys(object, true);
  const result: string[] = [];
  if (!isObject(object)) {
    for (const key in Object(object)) result.push(key);
    return result;
  }
  const isProto = isPrototype(object);
  for (const key in object) if (!(key === 'constructor' && (isProto || !hasOwn(object, key)))) result.push(key);
  return result;
}

function arrayLikeKeys(value: ArrayLike<unknown>, inherited: boolean): string[] {
  const isArr = Array.isArray(value);
  const isArg = !isArr && isArguments(value);
  const isType = !isArr && !isArg && isTypedArray(value);
  const skipIndexes = isArr || isArg || isType;
  const result = skipIndexes ? Array.from({ length: value.length }, (_, index) => String(index)) : [];
  for (const key in value) {
    if (!(inherited || hasOwn(value, key))) continue;
    if (skipIndexes && (key === 'length' || (isType && (key === 'buffer' || key === 'byteLength' || key === 'byteOffset')) || isIndex(key, value.length)))
      continue;
    result.push(key);
  }
  return result;
}

const ownSymbols = (object: object) => Object.getOwnPropertySymbols(object).filter((symbol) => Object.prototype.propertyIsEnumerable.call(object, symbol));

/** Own enumerable string keys and symbols (lodash getAllKeys). */
export const allKeys = (object: object): PropertyKey[] => [...keys(object), ...ownSymbols(object)];

/** Own and inherited enumerable string keys and symbols (lodash getAllKeysIn). */
export function allKeysIn(object: object): PropertyKey[] {
  const result: PropertyKey[] = keysIn(object);
  if (Array.isArray(object)) return result;
  for (let level: object | null = object; level; level = Object.getPrototypeOf(level) as object | null) result.push(...ownSymbols(level));
  return result;
}

// lodash 4.18's object functions that rsuite imports (get, pick, pickBy, omit, omitBy, mapValues, assign, isEmpty,
// isPlainObject), as the lodash sources of the same names define them (see path.ts).
// The path arguments of pick and omit are flattened one level, as lodash's flatRest does.
import { flatten } from './collections.ts';
import { iteratee } from './iteratee.ts';
import {
  allKeysIn,
  assignValue,
  baseAssignValue,
  baseGet,
  baseSet,
  baseUnset,
  castPath,
  hasIn,
  hasOwn,
  isArguments,
  isArrayLike,
  isIndex,
  isObject,
  isObjectLike,
  isPrototype,
  isTypedArray,
  keys,
  sameValueZero,
  tagOf,
} from './path.ts';

type Bag = Record<PropertyKey, unknown>;

export function get(object: unknown, path: unknown, defaultValue?: unknown): unknown {
  const result = object == null ? undefined : baseGet(object, path);
  return result === undefined ? defaultValue : result;
}


function basePickBy(object: unknown, paths: unknown[], predicate: (value: unknown, path: unknown) => unknown): Bag {
  const result: Bag = {};
  for (const path of paths) {
    const value = baseGet(object, path);
    if (predicate(value, path)) baseSet(result, castPath(path, object), value);
  }
  return result;
}

export function pick(object: unknown, ...paths: unknown[]): Bag {
  return object == null ? {} : basePickBy(object, flatten(paths), (_value, path) => hasIn(object, path));
}

export function pickBy(object: unknown, predicate?: unknown): Bag {
  if (object == null) return {};
  const test = iteratee(predicate);
  return basePickBy(object, allKeysIn(object as object).map((key) => [key]), (value, path) => test(value, (path as PropertyKey[])[0]));
}

export function omitBy(object: unknown, predicate?: unknown): Bag {
  const test = iteratee(predicate);
  return pickBy(object, (value: unknown, key: unknown) => !test(value, key));
}

export function mapValues(object: unknown, by?: unknown): Bag {
  const result: Bag = {};
  if (object == null) return result;
  const map = iteratee(by);
  const iterable = Object(object) as Bag;
  for (const key of keys(object)) baseAssignValue(result, key, map(iterable[key], key, iterable));
  return result;
}

const objectCtorString = Function.prototype.toString.call(Object);
export function isPlainObject(value: unknown): boolean {
  if (!isObjectLike(value) || tagOf(value) !== '[object Object]') return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto === null) return true;
  const Ctor = hasOwn(proto, 'constructor') && (proto as { constructor: unknown }).constructor;
  return typeof Ctor === 'function' && Ctor instanceof Ctor && Function.prototype.toString.call(Ctor) === objectCtorString;
}

/** omit's deep copy before a nested key goes: plain objects are copied through (inherited keys and symbols too), anything else is shared. */
function clonePlain(value: unknown, seen: Map<object, Bag>): unknown {
  if (!isPlainObject(value)) return value;
  const known = seen.get(value as object);
  if (known) return known;
  const result: Bag = {};
  seen.set(value as object, result);
  for (const key of allKeysIn(value as object)) assignValue(result, key, clonePlain((value as Bag)[key], seen));
  return result;
}

export function omit(object: unknown, ...paths: unknown[]): Bag {
  let result: Bag = {};
  if (object == null) return result;
  let isDeep = false;
  const keyPaths = flatten(paths).map((path) => {
    const keyPath = castPath(path, object);
    isDeep ||= keyPath.length > 1;
    return keyPath;
  });
  for (const key of allKeysIn(object as object)) baseAssignValue(result, key, (object as Bag)[key]);
  if (isDeep) result = clonePlain(result, new Map()) as Bag;
  for (let index = keyPaths.length - 1; index >= 0; index--) baseUnset(result, keyPaths[index]);
  return result;
}

/** Whether (value, index, object) are the arguments of an iteratee, as when assign is passed to a map (lodash isIterateeCall). */
function isIterateeCall(value: unknown, index: unknown, object: unknown): boolean {
  if (!isObject(object)) return false;
  const hit = typeof index === 'number' ? isArrayLike(object) && isIndex(index, object.length) : typeof index === 'string' && index in object;
  return hit && sameValueZero(object[index as string], value);
}

export function assign(object: unknown, ...sources: unknown[]): unknown {
  const target = Object(object) as Bag;
  if (sources.length > 2 && sources[2] && isIterateeCall(sources[0], sources[1], sources[2])) sources = sources.slice(0, 1);
  for (const source of sources) {
    if (!source) continue;
    if (isPrototype(source) || isArrayLike(source)) {
      for (const key of keys(source)) assignValue(target, key, (source as Bag)[key]);
    } else {
      for (const key in source as Bag) if (hasOwn(source as object, key)) assignValue(target, key, (source as Bag)[key]);
    }
  }
  return target;
}

export function isEmpty(value: unknown): boolean {
  if (value == null) return true;
  if (
    isArrayLike(value) &&
    (Array.isArray(value) || typeof value === 'string' || typeof (value as { splice?: unknown }).splice === 'function' || isTypedArray(value) || isArguments(value))
  )
    return !value.length;
  const tag = tagOf(value);
  if (tag === '[object Map]' || tag === '[object Set]') return !(value as Map<unknown, unknown>).size;
  if (isPrototype(value)) return !keys(value).length;
  for (const key in value as Bag) if (hasOwn(value as object, key)) return false;
  return true;
}

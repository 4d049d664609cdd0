// lodash 4.18's object functions that rsuite imports (get, pick, pickBy, omit, assign, cloneDeep, isEmpty,
// isPlainObject), as the lodash sources of the same names define them (see path.ts).
import { iteratee } from './iteratee.ts';
import {
  allKeys,
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
  isFlattenable,
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

/** The path arguments of pick and omit, flattened one level (lodash flatRest). */
const flatPaths = (paths: unknown[]) => paths.flatMap((path) => (isFlattenable(path) ? Array.from(path as ArrayLike<unknown>) : [path]));

function basePickBy(object: unknown, paths: unknown[], predicate: (value: unknown, path: unknown) => unknown): Bag {
  const result: Bag = {};
  for (const path of paths) {
    const value = baseGet(object, path);
    if (predicate(value, path)) baseSet(result, castPath(path, object), value);
  }
  return result;
}

export function pick(object: unknown, ...paths: unknown[]): Bag {
  return object == null ? {} : basePickBy(object, flatPaths(paths), (_value, path) => hasIn(object, path));
}

export function pickBy(object: unknown, predicate?: unknown): Bag {
  if (object == null) return {};
  const test = iteratee(predicate);
  return basePickBy(object, allKeysIn(object as object).map((key) => [key]), (value, path) => test(value, (path as PropertyKey[])[0]));
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
  const keyPaths = flatPaths(paths).map((path) => {
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

const CLONEABLE = new Set(
  ['Arguments', 'Array', 'ArrayBuffer', 'DataView', 'Boolean', 'Date', 'Float32Array', 'Float64Array', 'Int8Array', 'Int16Array', 'Int32Array', 'Map', 'Number', 'Object', 'RegExp', 'Set', 'String', 'Symbol', 'Uint8Array', 'Uint8ClampedArray', 'Uint16Array', 'Uint32Array'].map(
    (name) => `[object ${name}]`,
  ),
);

const cloneBuffer = (buffer: ArrayBuffer) => buffer.slice(0);

type AnyCtor = new (...args: unknown[]) => unknown;
function cloneByTag(value: object, tag: string): object {
  const Ctor = (value as { constructor: AnyCtor }).constructor;
  switch (tag) {
    case '[object ArrayBuffer]':
      return cloneBuffer(value as ArrayBuffer);
    case '[object Boolean]':
    case '[object Date]':
      return new Ctor(+(value as unknown as number)) as object;
    case '[object DataView]': {
      const view = value as DataView;
      return new Ctor(cloneBuffer(view.buffer as ArrayBuffer), view.byteOffset, view.byteLength) as object;
    }
    case '[object Map]':
    case '[object Set]':
      return new Ctor() as object;
    case '[object Number]':
    case '[object String]':
      return new Ctor(value) as object;
    case '[object RegExp]': {
      const regexp = value as RegExp;
      const result = new Ctor(regexp.source, /\w*$/.exec(String(regexp))?.[0]) as RegExp;
      result.lastIndex = regexp.lastIndex;
      return result;
    }
    case '[object Symbol]':
      return Object(Symbol.prototype.valueOf.call(value)) as object;
    default: {
      const typed = value as Uint8Array;
      return new Ctor(cloneBuffer(typed.buffer as ArrayBuffer), typed.byteOffset, typed.length) as object;
    }
  }
}

function baseClone(value: unknown, parent: unknown, seen: Map<object, unknown>): unknown {
  if (!isObject(value)) return value;
  const tag = tagOf(value);
  let result: Bag;
  if (Array.isArray(value)) {
    result = new (value.constructor as ArrayConstructor)(value.length) as unknown as Bag;
    if (value.length && typeof value[0] === 'string' && hasOwn(value, 'index')) {
      result.index = (value as unknown as Bag).index;
      result.input = (value as unknown as Bag).input;
    }
  } else {
    const isFunc = tag === '[object Function]' || tag === '[object GeneratorFunction]' || tag === '[object AsyncFunction]' || tag === '[object Proxy]';
    if (tag === '[object Object]' || tag === '[object Arguments]' || (isFunc && !parent)) {
      const Ctor = (value as { constructor?: unknown }).constructor;
      result = isFunc ? {} : typeof Ctor === 'function' && !isPrototype(value) ? (Object.create(Object.getPrototypeOf(value) as object | null) as Bag) : {};
    } else {
      if (!CLONEABLE.has(tag)) return parent ? value : {};
      result = cloneByTag(value, tag) as Bag;
    }
  }
  const known = seen.get(value);
  if (known) return known;
  seen.set(value, result);
  if (tag === '[object Set]') for (const item of value as unknown as Set<unknown>) (result as unknown as Set<unknown>).add(baseClone(item, value, seen));
  else if (tag === '[object Map]')
    for (const [key, item] of value as unknown as Map<unknown, unknown>) (result as unknown as Map<unknown, unknown>).set(key, baseClone(item, value, seen));
  if (Array.isArray(value)) for (let index = 0; index < value.length; index++) assignValue(result, index, baseClone(value[index], value, seen));
  else for (const key of allKeys(value)) assignValue(result, key, baseClone(value[key], value, seen));
  return result;
}

export const cloneDeep = <T>(value: T): T => baseClone(value, undefined, new Map()) as T;

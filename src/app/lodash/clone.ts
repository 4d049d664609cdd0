// lodash 4.18's clone and cloneDeep, as its baseClone makes them (see path.ts): what is copied by tag, what is
// shared (functions, errors, WeakMaps and DOM objects inside a value), cycles kept as cycles.
import { allKeys, assignValue, hasOwn, isObject, isPrototype, tagOf } from './path.ts';

type Bag = Record<PropertyKey, unknown>;

const CLONEABLE = new Set(
  ['Arguments', 'Array', 'ArrayBuffer', 'DataView', 'Boolean', 'Date', 'Float32Array', 'Float64Array', 'Int8Array', 'Int16Array', 'Int32Array', 'Map', 'Number', 'Object', 'RegExp', 'Set', 'String', 'Symbol', 'Uint8Array', 'Uint8ClampedArray', 'Uint16Array', 'Uint32Array'].map(
    (name) => `[object ${name}]`,
  ),
);

const cloneBuffer = (buffer: ArrayBuffer) => buffer.slice(0);
const shareOrClone = (buffer: ArrayBuffer, isDeep: boolean) => (isDeep ? cloneBuffer(buffer) : buffer);

type AnyCtor = new (...args: unknown[]) => unknown;
function cloneByTag(value: object, tag: string, isDeep: boolean): object {
  const Ctor = (value as { constructor: AnyCtor }).constructor;
  switch (tag) {
    case '[object ArrayBuffer]':
      return cloneBuffer(value as ArrayBuffer);
    case '[object Boolean]':
    case '[object Date]':
      return new Ctor(+(value as unknown as number)) as object;
    case '[object DataView]': {
      const view = value as DataView;
      return new Ctor(shareOrClone(view.buffer as ArrayBuffer, isDeep), view.byteOffset, view.byteLength) as object;
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
      return new Ctor(shareOrClone(typed.buffer as ArrayBuffer, isDeep), typed.byteOffset, typed.length) as object;
    }
  }
}

/**
 * lodash's baseClone without its flat and customizer modes: a deep copy, or a shallow one (arrays and plain objects
 * copied one level; Map and Set entries, and the keys of other cloned objects, still copied one level down).
 */
function baseClone(value: unknown, parent: unknown, seen: Map<object, unknown>, isDeep: boolean): unknown {
  if (!isObject(value)) return value;
  const tag = tagOf(value);
  let result: Bag;
  if (Array.isArray(value)) {
    result = new (value.constructor as ArrayConstructor)(value.length) as unknown as Bag;
    if (value.length && typeof value[0] === 'string' && hasOwn(value, 'index')) {
      result.index = (value as unknown as Bag).index;
      result.input = (value as unknown as Bag).input;
    }
    if (!isDeep) {
      for (let index = 0; index < value.length; index++) result[index] = value[index];
      return result;
    }
  } else {
    const isFunc = tag === '[object Function]' || tag === '[object GeneratorFunction]' || tag === '[object AsyncFunction]' || tag === '[object Proxy]';
    if (tag === '[object Object]' || tag === '[object Arguments]' || (isFunc && !parent)) {
      const Ctor = (value as { constructor?: unknown }).constructor;
      result = isFunc ? {} : typeof Ctor === 'function' && !isPrototype(value) ? (Object.create(Object.getPrototypeOf(value) as object | null) as Bag) : {};
      if (!isDeep) {
        for (const key of allKeys(value)) assignValue(result, key, value[key]);
        return result;
      }
    } else {
      if (!CLONEABLE.has(tag)) return parent ? value : {};
      result = cloneByTag(value, tag, isDeep) as Bag;
    }
  }
  const known = seen.get(value);
  if (known) return known;
  seen.set(value, result);
  if (tag === '[object Set]') for (const item of value as unknown as Set<unknown>) (result as unknown as Set<unknown>).add(baseClone(item, value, seen, isDeep));
  else if (tag === '[object Map]')
    for (const [key, item] of value as unknown as Map<unknown, unknown>) (result as unknown as Map<unknown, unknown>).set(key, baseClone(item, value, seen, isDeep));
  if (Array.isArray(value)) for (let index = 0; index < value.length; index++) assignValue(result, index, baseClone(value[index], value, seen, isDeep));
  else for (const key of allKeys(value)) assignValue(result, key, baseClone(value[key], value, seen, isDeep));
  return result;
}

export const cloneDeep = <T>(value: T): T => baseClone(value, undefined, new Map(), true) as T;
export const clone = <T>(value: T): T => baseClone(value, undefined, new Map(), false) as T;

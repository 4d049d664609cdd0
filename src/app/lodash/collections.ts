// lodash 4.18's collection functions that rsuite imports (forEach, includes, find, findIndex, remove, minBy, maxBy,
// groupBy, flatten, castArray, intersection), as the lodash sources of the same names define them (see path.ts).
import { type Iteratee, iteratee } from './iteratee.ts';
import { toInteger } from './lang.ts';
import { baseAssignValue, hasOwn, isArrayLike, isFlattenable, isIndex, isObjectLike, isSymbol, keys, sameValueZero } from './path.ts';

type Bag = Record<PropertyKey, unknown>;

/** Visits an array-like by index, anything else by its own keys, until the visitor returns false (lodash baseEach). */
function each(collection: unknown, visit: (value: unknown, key: PropertyKey, collection: unknown) => unknown) {
  if (collection == null) return;
  if (isArrayLike(collection)) {
    const iterable = Object(collection) as ArrayLike<unknown>;
    for (let index = 0; index < collection.length; index++) if (visit(iterable[index], index, iterable) === false) break;
    return;
  }
  for (const key of keys(collection)) if (visit((collection as Bag)[key], key, collection) === false) break;
}

export function forEach<T>(collection: T, visit?: unknown): T {
  each(collection, typeof visit === 'function' ? (visit as Iteratee) : (value) => value);
  return collection;
}

/** The first index at or after `from` holding value, by SameValueZero (NaN finds NaN), or -1 (lodash baseIndexOf). */
function indexOf(list: ArrayLike<unknown>, value: unknown, from = 0): number {
  for (let index = from; index < list.length; index++) if (sameValueZero(list[index], value)) return index;
  return -1;
}

export function includes(collection: unknown, value: unknown, fromIndex?: unknown, guard?: unknown): boolean {
  const list = (isArrayLike(collection) ? collection : keys(collection).map((key) => (collection as Bag)[key])) as ArrayLike<unknown>;
  const length = list.length;
  let from = fromIndex && !guard ? toInteger(fromIndex) : 0;
  if (from < 0) from = Math.max(length + from, 0);
  if (typeof list === 'string' || (list as unknown) instanceof String) return from <= length && String(list).indexOf(value as string, from) > -1;
  return !!length && indexOf(list, value, from) > -1;
}

function baseFindIndex(array: ArrayLike<unknown>, test: Iteratee, fromIndex: number): number {
  for (let index = fromIndex; index < array.length; index++) if (test(array[index], index, array)) return index;
  return -1;
}

export function findIndex(array: unknown, predicate?: unknown, fromIndex?: unknown): number {
  const length = array == null ? 0 : (array as ArrayLike<unknown>).length;
  if (!length) return -1;
  let index = fromIndex == null ? 0 : toInteger(fromIndex);
  if (index < 0) index = Math.max(length + index, 0);
  return baseFindIndex(array as ArrayLike<unknown>, iteratee(predicate), index);
}

export function find(collection: unknown, predicate?: unknown, fromIndex?: unknown): unknown {
  const iterable = Object(collection) as Bag;
  if (isArrayLike(collection)) {
    const index = findIndex(collection, predicate, fromIndex);
    return index > -1 ? iterable[index] : undefined;
  }
  const test = iteratee(predicate);
  const ownKeys = keys(collection);
  const index = findIndex(ownKeys, (key: string) => test(iterable[key], key, iterable), fromIndex);
  return index > -1 ? iterable[ownKeys[index]] : undefined;
}

export function remove<T>(array: T[], predicate?: unknown): T[] {
  const removed: T[] = [];
  if (!array?.length) return removed;
  const test = iteratee(predicate);
  const indexes: number[] = [];
  for (let index = 0; index < array.length; index++) {
    if (test(array[index], index, array)) {
      removed.push(array[index]);
      indexes.push(index);
    }
  }
  for (let position = indexes.length - 1; position >= 0; position--) if (isIndex(indexes[position])) Array.prototype.splice.call(array, indexes[position], 1);
  return removed;
}

function extremum(array: unknown, by: unknown, better: (a: never, b: never) => boolean): unknown {
  if (!(array && (array as ArrayLike<unknown>).length)) return undefined;
  const measure = iteratee(by);
  const list = array as ArrayLike<unknown>;
  let computed: unknown;
  let result: unknown;
  for (let index = 0; index < list.length; index++) {
    const current = measure(list[index]);
    if (current != null && (computed === undefined ? !Number.isNaN(current) && !isSymbol(current) : better(current as never, computed as never))) {
      computed = current;
      result = list[index];
    }
  }
  return result;
}

export const minBy = (array: unknown, by?: unknown) => extremum(array, by, (a, b) => a < b);
export const maxBy = (array: unknown, by?: unknown) => extremum(array, by, (a, b) => a > b);

export function groupBy(collection: unknown, by?: unknown): Record<PropertyKey, unknown[]> {
  const measure = iteratee(by);
  const result: Record<PropertyKey, unknown[]> = {};
  const add = (value: unknown) => {
    const key = measure(value) as PropertyKey;
    if (hasOwn(result, key)) result[key].push(value);
    else baseAssignValue(result, key, [value]);
  };
  if (Array.isArray(collection)) for (let index = 0; index < collection.length; index++) add(collection[index]);
  else each(collection, (value) => void add(value));
  return result;
}

export function flatten(array: unknown): unknown[] {
  const length = array == null ? 0 : (array as ArrayLike<unknown>).length;
  if (!length) return [];
  const result: unknown[] = [];
  for (let index = 0; index < length; index++) {
    const value = (array as ArrayLike<unknown>)[index];
    if (isFlattenable(value)) result.push(...Array.from(value as ArrayLike<unknown>));
    else result.push(value);
  }
  return result;
}

export function castArray(...args: unknown[]): unknown[] {
  if (!args.length) return [];
  return Array.isArray(args[0]) ? args[0] : [args[0]];
}

/** The distinct values of the first array found in every other, in its order (-0 as 0); [] unless the first is an array-like object. */
export function intersection(...arrays: unknown[]): unknown[] {
  const lists = arrays.map((array) => (isObjectLike(array) && isArrayLike(array) ? array : []));
  if (!lists.length || lists[0] !== arrays[0]) return [];
  const [first, ...others] = lists;
  const maxLength = Math.min(...lists.map((list) => list.length));
  const result: unknown[] = [];
  for (let index = 0; index < first.length && result.length < maxLength; index++) {
    const value = first[index];
    if (indexOf(result, value) > -1 || others.some((other) => indexOf(other, value) < 0)) continue;
    result.push(value === 0 ? 0 : value);
  }
  return result;
}

// The iteratee lodash 4.18 makes of a predicate argument (getIteratee): a function as it is, a property path as a
// getter, nothing as identity. The object and [path, value] shorthands (matches, matchesProperty) are refused with
// a named error: no rsuite call site passes one (the differential tests cover the call sites' shapes).
import { baseGet, isKey, toKey } from './path.ts';

export type Iteratee = (value: unknown, key?: unknown, collection?: unknown) => unknown;

export function iteratee(value: unknown): Iteratee {
  if (typeof value === 'function') return value as Iteratee;
  if (value == null) return (item) => item;
  if (typeof value === 'object') throw new TypeError('lodash-native: object and [path, value] iteratee shorthands are not supported');
  if (isKey(value)) {
    const key = toKey(value);
    return (item) => (item == null ? undefined : (item as Record<PropertyKey, unknown>)[key]);
  }
  return (item) => baseGet(item, value);
}

// lodash 4.18's type checks and small helpers that rsuite imports (isNil, isUndefined, isFunction, isArray, isString,
// isNumber, trim, curry, partial, delay, uniqueId), and the number conversions the collection functions use.
import { baseStringOf, isObject, isObjectLike, isSymbol, stringOf, tagOf } from './path.ts';

export const isNil = (value: unknown): value is null | undefined => value == null;
export const isUndefined = (value: unknown): value is undefined => value === undefined;
export const isArray = Array.isArray;
export const isFunction = (value: unknown): value is (...args: unknown[]) => unknown => typeof value === 'function';
export const isString = (value: unknown): value is string =>
  typeof value === 'string' || (!Array.isArray(value) && isObjectLike(value) && tagOf(value) === '[object String]');
export const isNumber = (value: unknown): value is number => typeof value === 'number' || (isObjectLike(value) && tagOf(value) === '[object Number]');

export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (isSymbol(value)) return NaN;
  if (isObject(value)) {
    const other = typeof value.valueOf === 'function' ? (value.valueOf as () => unknown)() : value;
    value = isObject(other) ? `${other as unknown as string}` : other;
  }
  if (typeof value !== 'string') return value === 0 ? value : +(value as number);
  const text = value.trim();
  if (/^0b[01]+$/i.test(text)) return parseInt(text.slice(2), 2);
  if (/^0o[0-7]+$/i.test(text)) return parseInt(text.slice(2), 8);
  return /^[-+]0x[0-9a-f]+$/i.test(text) ? NaN : +text;
}

function toFinite(value: unknown): number {
  if (!value) return value === 0 ? value : 0;
  const number = toNumber(value);
  if (number === Infinity || number === -Infinity) return (number < 0 ? -1 : 1) * Number.MAX_VALUE;
  return Number.isNaN(number) ? 0 : number;
}

export function toInteger(value: unknown): number {
  const result = toFinite(value);
  const remainder = result % 1;
  return Number.isNaN(result) ? 0 : remainder ? result - remainder : result;
}

export function trim(value: unknown, chars?: unknown, guard?: unknown): string {
  const text = stringOf(value);
  if (text && (guard || chars === undefined)) return text.trim();
  const strip = baseStringOf(chars);
  if (!text || !strip) return text;
  const symbols = Array.from(text);
  const set = new Set(Array.from(strip));
  let start = 0;
  let end = symbols.length;
  while (start < end && set.has(symbols[start])) start++;
  while (end > start && set.has(symbols[end - 1])) end--;
  return symbols.slice(start, end).join('');
}

/** func's arguments gathered over calls until there are as many as it declares (arity), then func called with them all. */
export function curry(func: (...args: unknown[]) => unknown, arity: number = func.length): (...args: unknown[]) => unknown {
  const gather = (held: unknown[]) =>
    function curried(this: unknown, ...args: unknown[]): unknown {
      const all = held.concat(args);
      return all.length >= arity ? func.apply(this, all) : gather(all);
    };
  return gather([]);
}

let idCounter = 0;
export const uniqueId = (prefix?: unknown) => `${stringOf(prefix)}${++idCounter}`;

/** func with its first arguments given now, the rest at the call (partial.placeholder marks a gap the call fills, or leaves undefined). */
export function partial(func: (...args: unknown[]) => unknown, ...partials: unknown[]): (...args: unknown[]) => unknown {
  if (typeof func !== 'function') throw new TypeError('Expected a function');
  return function partiallyApplied(this: unknown, ...args: unknown[]): unknown {
    let next = 0;
    const given = partials.map((value) => (value === partial.placeholder ? args[next++] : value));
    return func.apply(this, [...given, ...args.slice(next)]);
  };
}
partial.placeholder = {} as unknown;

export function delay(func: (...args: unknown[]) => unknown, wait?: unknown, ...args: unknown[]): ReturnType<typeof setTimeout> {
  if (typeof func !== 'function') throw new TypeError('Expected a function');
  return setTimeout(() => func(...args), toNumber(wait) || 0);
}

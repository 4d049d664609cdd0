// The differential harness of the native lodash functions (src/app/lodash): lodash's own module of a name, the
// native function of that name, the value shapes and paths both are run on, and `same`, which runs both on fresh
// copies of the same arguments and compares their results and what they left of the arguments.
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import * as native from '../../../src/app/lodash/index.ts';

const require = createRequire(import.meta.url);
export type Fn = (...args: unknown[]) => unknown;
export const lodash = (name: string) => require(`lodash/${name}`) as Fn;
export const mine = (name: string) => (native as unknown as Record<string, Fn>)[name];

export const sym = Symbol('s');
export const fnValue = () => 1;
export class Point {
  x = 1;
  y = { z: 2 };
}
export function argumentsOf(..._values: unknown[]) {
  // biome-ignore lint/complexity/noArguments: lodash treats an arguments object as array-like; the tests pass one.
  return arguments;
}
export const inherited = () => Object.assign(Object.create({ up: 1, nested: { deep: 2 } }), { own: 3 }) as Record<string, unknown>;
export const sparse = () => {
  const array: unknown[] = [1, 2, 3];
  delete array[1];
  (array as unknown as Record<string, unknown>).extra = 'x';
  return array;
};

/** Fresh values of every shape each call (some functions mutate their arguments). */
export const values = (): unknown[] => [
  undefined,
  null,
  0,
  -0,
  1.5,
  NaN,
  Infinity,
  '',
  'abc',
  '  a b \n',
  true,
  sym,
  [],
  [1, 2, 3],
  sparse(),
  [[1, [2]], 3, argumentsOf(4, 5)],
  {},
  { a: 1, b: { c: [1, { d: 2 }] }, 'a.b': 'literal', [sym]: 'symbol' },
  Object.create(null),
  inherited(),
  new Point(),
  new Map([['k', { v: 1 }]]),
  new Set([1, { s: 2 }]),
  new Date(0),
  /x/gi,
  new Uint8Array([1, 2]),
  argumentsOf(1, 'b'),
  fnValue,
  new String('str'),
  new Number(7),
  { length: 2, 0: 'a', 1: 'b' },
  { size: 0 },
];

export const paths: unknown[] = [
  'a',
  'a.b',
  'a.b.c',
  'b.c[1].d',
  ['b', 'c', '1', 'd'],
  'a.b',
  '[0]',
  0,
  1,
  -0,
  '',
  '.a',
  'a..b',
  'b["c"]',
  "b['c'][0]",
  sym,
  '__proto__',
  'constructor',
  'constructor.prototype',
  'length',
  'up',
  'nested.deep',
  undefined,
  null,
  [],
];

export function same(name: string, args: () => unknown[]) {
  const a = args();
  const b = args();
  let expected: unknown;
  let actual: unknown;
  let expectedError: unknown;
  let actualError: unknown;
  try {
    expected = lodash(name)(...a);
  } catch (error) {
    expectedError = error;
  }
  try {
    actual = mine(name)(...b);
  } catch (error) {
    actualError = error;
  }
  const label = `${name}(${args().map((arg) => describeValue(arg)).join(', ')})`;
  expect(actualError === undefined, `${label} threw: ${String(actualError)}`).toBe(expectedError === undefined);
  // The same object (a prototype reached by get, an argument handed back) is compared by identity.
  if (!Object.is(actual, expected) || typeof expected !== 'object') expect(actual, label).toStrictEqual(expected);
  expect(b, `${label}: arguments afterwards`).toStrictEqual(a);
}

export function describeValue(value: unknown): string {
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return 'fn';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

export const predicates: Fn[] = [
  (value) => value != null && typeof value === 'object',
  (value) => typeof value === 'number' && value > 1,
  (_value, key) => key === 'a' || key === 1,
  () => false,
];

// Issue 9, item 5: the build replaces the lodash functions rsuite's first-loaded components import with native
// versions (scripts/vite/lodashNative.ts). Each is run here beside lodash's own module of the same name on the same
// arguments — the shapes rsuite passes, and the edges lodash documents (paths, -0, symbols, inherited keys, cycles,
// sparse arrays) — and must return the same value and leave its arguments the same way.
// @vitest-environment node
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { NATIVE_LODASH, nativeModule, nativeName } from '../../scripts/vite/lodashNative.ts';
import * as native from '../../src/app/lodash/index.ts';

const require = createRequire(import.meta.url);
type Fn = (...args: unknown[]) => unknown;
const lodash = (name: string) => require(`lodash/${name}`) as Fn;
const mine = (name: string) => (native as unknown as Record<string, Fn>)[name];

const sym = Symbol('s');
const fnValue = () => 1;
class Point {
  x = 1;
  y = { z: 2 };
}
function argumentsOf(..._values: unknown[]) {
  // biome-ignore lint/complexity/noArguments: lodash treats an arguments object as array-like; the tests pass one.
  return arguments;
}
const inherited = () => Object.assign(Object.create({ up: 1, nested: { deep: 2 } }), { own: 3 }) as Record<string, unknown>;
const sparse = () => {
  const array: unknown[] = [1, 2, 3];
  delete array[1];
  (array as unknown as Record<string, unknown>).extra = 'x';
  return array;
};

/** Fresh values of every shape each call (some functions mutate their arguments). */
const values = (): unknown[] => [
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

const paths: unknown[] = [
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

function same(name: string, args: () => unknown[]) {
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

function describeValue(value: unknown): string {
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return 'fn';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

const predicates: Fn[] = [
  (value) => value != null && typeof value === 'object',
  (value) => typeof value === 'number' && value > 1,
  (_value, key) => key === 'a' || key === 1,
  () => false,
];

describe('native lodash', () => {
  it('replaces exactly the functions the index exports, each by its default export', () => {
    expect(Object.keys(native).sort()).toEqual([...NATIVE_LODASH].sort());
    expect(nativeName('lodash/isNil')).toBe('isNil');
    expect(nativeName('lodash/isNil.js')).toBe('isNil');
    expect(nativeName('lodash/debounce')).toBeUndefined();
    expect(nativeName('lodash')).toBeUndefined();
    expect(nativeModule('omit', '/src/app/lodash/index.ts')).toBe('export { omit as default } from "/src/app/lodash/index.ts";\n');
  });

  it('type checks as lodash does', () => {
    for (const name of ['isNil', 'isUndefined', 'isFunction', 'isArray', 'isString', 'isNumber', 'isPlainObject', 'isEmpty'])
      for (let index = 0; index < values().length; index++) same(name, () => [values()[index]]);
    class Empty {}
    same('isEmpty', () => [Empty.prototype]);
    same('isPlainObject', () => [Object.create(Object.create(null))]);
    same('isEmpty', () => [new Map()]);
    same('isEmpty', () => [new Set()]);
  });

  it('reads and writes paths as lodash does: get, pick, omit', () => {
    for (let index = 0; index < values().length; index++) {
      for (const path of paths) {
        same('get', () => [values()[index], path]);
        same('get', () => [values()[index], path, 'default']);
        same('pick', () => [values()[index], path]);
        same('omit', () => [values()[index], path]);
      }
      same('pick', () => [values()[index], ['a', 'b.c'], 'up']);
      same('omit', () => [values()[index], ['a', 'b.c'], 'up']);
      same('omit', () => [values()[index], [['b', 'c', '0']]]);
      same('omit', () => [values()[index]]);
    }
  });

  it("omits a nested key as lodash does: plain objects copied, arrays and instances shared", () => {
    const source = { a: { b: 1, c: { d: 2 } }, list: [{ e: 3 }], point: new Point() };
    const expected = lodash('omit')(source, 'a.b') as typeof source;
    const actual = native.omit(source, 'a.b') as typeof source;
    expect(actual).toStrictEqual(expected);
    expect(actual.a.c === source.a.c).toBe(expected.a.c === source.a.c);
    expect(actual.list === source.list).toBe(expected.list === source.list);
    expect(actual.point === source.point).toBe(expected.point === source.point);
    // rsuite's props: the keys of other components left out (htmlPropsUtils, Picker).
    const props = { className: 'x', onClick: () => 1, style: { top: 1 }, 'data-testid': 't' };
    expect(native.omit(props, ['onClick', 'style'])).toStrictEqual(lodash('omit')(props, ['onClick', 'style']));
    expect(native.pick(props, ['data-testid'])).toStrictEqual(lodash('pick')(props, ['data-testid']));
  });

  it('keeps to the lodash guards against prototype pollution', () => {
    for (const path of ['__proto__.polluted', 'constructor.prototype.polluted', ['__proto__', 'polluted']]) {
      same('pick', () => [{ a: 1 }, path]);
      same('omit', () => [{ a: 1 }, path]);
    }
    native.pick(JSON.parse('{"__proto__": {"polluted": 1}}'), '__proto__.polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('picks by predicate and assigns as lodash does', () => {
    for (let index = 0; index < values().length; index++) {
      for (const predicate of predicates) {
        same('pickBy', () => [values()[index], predicate]);
        same('omitBy', () => [values()[index], predicate]);
        same('mapValues', () => [values()[index], predicate]);
      }
      same('pickBy', () => [values()[index]]);
      same('omitBy', () => [values()[index]]);
      for (const by of ['a', 'b.c', 'length', undefined]) same('mapValues', () => [values()[index], by]);
      same('assign', () => [{ z: 0 }, values()[index]]);
      same('assign', () => [{}, { a: 1 }, values()[index], { b: 2 }]);
      same('assign', () => [values()[index], { a: 1 }]);
    }
    same('assign', () => [{}, 'a', 0, { 0: 'a' }]);
    // rsuite's call sites: a date picker's props without its disabled and hidden ones, and its calendar callbacks.
    const hideDisabled = (_value: unknown, key: string) => key.startsWith('disabled') || key.startsWith('hide');
    const wrapCallback = (func: unknown) => func;
    same('omitBy', () => [{ disabledDate: fnValue, hideHours: fnValue, format: 'yyyy', onChange: fnValue }, hideDisabled]);
    same('mapValues', () => [{ disabledDate: fnValue, hideHours: undefined }, wrapCallback]);
  });

  it('clones deeply as lodash does, cycles and shared leaves included', () => {
    for (let index = 0; index < values().length; index++) {
      same('cloneDeep', () => [values()[index]]);
      same('clone', () => [values()[index]]);
    }
    same('cloneDeep', () => [values()]);
    same('clone', () => [values()]);
    // A shallow copy shares what lies below its first level as lodash's does (Map and Set entries copied one level).
    const nested = { list: [{ a: 1 }], point: new Point(), map: new Map([['k', { v: 1 }]]), set: new Set([{ s: 1 }]), [sym]: { t: 1 } };
    const shallow = native.clone(nested);
    const theirs = lodash('clone')(nested) as typeof nested;
    expect(shallow).toStrictEqual(theirs);
    for (const key of ['list', 'point', 'map', 'set', sym] as const) expect(shallow[key] === nested[key], String(key)).toBe(theirs[key] === nested[key]);
    const setItem = (value: typeof nested) => [...value.set][0];
    expect(native.clone(nested.set) === nested.set).toBe(false);
    expect([...native.clone(nested.set)][0] === setItem(nested)).toBe([...(lodash('clone')(nested.set) as Set<unknown>)][0] === setItem(nested));
    const bytes = new Uint8Array([1, 2]);
    expect(native.clone(bytes).buffer === bytes.buffer).toBe((lodash('clone')(bytes) as Uint8Array).buffer === bytes.buffer);
    expect(native.cloneDeep(bytes).buffer === bytes.buffer).toBe((lodash('cloneDeep')(bytes) as Uint8Array).buffer === bytes.buffer);
    // rsuite's call site: the checked values a check picker starts from.
    same('clone', () => [['a', 'b']]);
    const fn = () => 1;
    const cyclic: Record<string, unknown> = { name: 'root', fn, children: [] as unknown[], error: new Error('e'), map: new WeakMap() };
    (cyclic.children as unknown[]).push({ parent: cyclic, label: { $$typeof: sym, props: { a: 1 } } });
    const expected = lodash('cloneDeep')(cyclic) as typeof cyclic;
    const actual = native.cloneDeep(cyclic);
    expect(actual).toStrictEqual(expected);
    expect(((actual.children as unknown[])[0] as Record<string, unknown>).parent).toBe(actual);
    expect(actual.fn).toBe(fn);
    expect(actual.error === cyclic.error).toBe(expected.error === cyclic.error);
    expect(actual.map === cyclic.map).toBe(expected.map === cyclic.map);
    const match = /(\d+)/.exec('ab12');
    same('cloneDeep', () => [match]);
    same('cloneDeep', () => [new DataView(new ArrayBuffer(4), 1, 2)]);
    same('cloneDeep', () => [Object(Symbol.for('x'))]);
  });

  it('searches and visits collections as lodash does', () => {
    for (let index = 0; index < values().length; index++) {
      for (const predicate of [...predicates, 'a', 'b.c', 0, 'length', undefined]) {
        same('find', () => [values()[index], predicate]);
        same('findIndex', () => [values()[index], predicate]);
        same('find', () => [values()[index], predicate, 1]);
        same('findIndex', () => [values()[index], predicate, -2]);
        same('remove', () => [values()[index], predicate]);
        same('minBy', () => [values()[index], predicate]);
        same('maxBy', () => [values()[index], predicate]);
        same('groupBy', () => [values()[index], predicate]);
      }
      for (const needle of [1, 'b', 'a', NaN, { s: 2 }, undefined]) {
        same('includes', () => [values()[index], needle]);
        same('includes', () => [values()[index], needle, -1]);
        same('includes', () => [values()[index], needle, '1']);
      }
      const visited = (name: string) => {
        const seen: unknown[] = [];
        const result = (name === 'lodash' ? lodash('forEach') : native.forEach)(values()[index], (value: unknown, key: unknown) => {
          seen.push([value, key]);
          return key !== 1;
        });
        return [seen, result];
      };
      expect(visited('native'), describeValue(values()[index])).toStrictEqual(visited('lodash'));
      same('flatten', () => [values()[index]]);
      same('intersection', () => [values()[index]]);
      same('intersection', () => [values()[index], [1, 'b', 3, NaN]]);
      same('intersection', () => [[3, 'b', 1, 1, NaN, -0], values()[index]]);
      same('castArray', () => [values()[index]]);
    }
    same('castArray', () => []);
    same('intersection', () => []);
    same('intersection', () => [[2, 1, 2, -0, NaN, undefined], [2, 3, 1, 0, NaN], [1, 2, 0, NaN, 9]]);
    same('intersection', () => [Array.from({ length: 150 }, (_, i) => i % 130), Array.from({ length: 140 }, (_, i) => 139 - i)]);
    same('intersection', () => [sparse(), [undefined, 3]]);
    // rsuite's call site: the checked values a tree picker keeps (TreePicker's value against its data).
    same('intersection', () => [['a', 'b', 'c'], ['c', 'a', 'x']]);
    same('includes', () => ['abc', 'c', 2]);
    same('includes', () => ['abc', '', 3]);
    same('includes', () => [[1, 2], 1, 0, 'guard']);
    // rsuite's call sites: placements by their score, groups by a key, open keys removed.
    const byValue = (o: { value: number }) => o.value;
    const byKey = (key: string) => key === 'a';
    const placements = [{ key: 'top', value: 3 }, { key: 'bottom', value: 7 }, { key: 'left', value: 7 }, { key: 'right', value: null }];
    same('maxBy', () => [placements, byValue]);
    same('minBy', () => [placements, byValue]);
    same('groupBy', () => [[{ g: 'x', v: 1 }, { g: 'y' }, { g: 'x', v: 2 }, { v: 3 }], 'g']);
    same('groupBy', () => [[{ g: '__proto__' }, { g: 'hasOwnProperty' }], 'g']);
    same('remove', () => [['a', 'b', 'a', 'c'], byKey]);
    expect(() => native.find([{ a: 1 }], { a: 1 })).toThrow(/not supported/);
  });

  it('delays as lodash does: the call after the wait, with the arguments given, none for a bad wait', async () => {
    const calls: unknown[][] = [];
    const record = (...args: unknown[]) => calls.push(args);
    const ours = native.delay(record, '5', 'x', 2);
    const theirs = lodash('delay')(record, '5', 'x', 2);
    native.delay(record, 'soon', 'y');
    expect(typeof ours).toBe(typeof theirs);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls).toStrictEqual([['y'], ['x', 2], ['x', 2]]);
    const cancelled = native.delay(record, 1);
    clearTimeout(cancelled);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(3);
  });

  it('trims, curries and counts as lodash does', () => {
    for (let index = 0; index < values().length; index++) {
      same('trim', () => [values()[index]]);
      same('trim', () => [values()[index], 'ab']);
      same('trim', () => [values()[index], null]);
    }
    same('trim', () => ['--x--', '-']);
    same('trim', () => ['  x  ', ' ', true]);
    same('trim', () => ['\u00a0\u2028x\ufeff']);
    const prefix = (pre: string, className: string) => `${pre}-${className}`;
    const calls = (curry: Fn) => {
      const curried = curry(prefix) as Fn;
      const all = curry((...args: unknown[]) => args, 2) as Fn;
      return [(curried('rs') as Fn)('btn'), curried('rs', 'btn'), ((curried() as Fn)('rs') as Fn)('x'), (all(1) as Fn)(2, 3), all(1, 2, 3), (curry(() => 'now') as Fn)()];
    };
    expect(calls(native.curry as Fn)).toStrictEqual(calls(lodash('curry')));
    // partial: the given arguments first, the call's after, `this` passed through; a gap filled by the call.
    // (A call without a receiver differs in `this` only: lodash's modules run in sloppy mode, where it is the global.)
    const collect = (...args: unknown[]) => args;
    const receiver = function (this: { name: string }, ...args: unknown[]) {
      return [this.name, ...args];
    };
    const partials = (partialOf: Fn & { placeholder?: unknown }) => {
      const one = partialOf(collect, 'date', false) as Fn;
      const gap = partialOf(collect, partialOf.placeholder, 'b') as Fn;
      const target = { name: 'target', bound: partialOf(receiver, 'x') as Fn };
      return [one(1, 2), one(), gap('a', 'c'), gap(), (partialOf(collect) as Fn)(), target.bound(3)];
    };
    expect(partials(native.partial as Fn & { placeholder?: unknown })).toStrictEqual(partials(lodash('partial') as Fn & { placeholder?: unknown }));
    expect(() => native.partial(null as unknown as Fn)).toThrow(TypeError);
    expect(() => lodash('partial')(null)).toThrow(TypeError);
    expect(() => native.delay(null as unknown as Fn, 1)).toThrow(TypeError);
    for (const prefixValue of [undefined, 'id-', null, ['a', 'b'], 'x7y']) {
      const ours = native.uniqueId(prefixValue);
      const theirs = lodash('uniqueId')(prefixValue) as string;
      expect(ours.replace(/\d+$/, ''), describeValue(prefixValue)).toBe(theirs.replace(/\d+$/, ''));
    }
    const first = Number(native.uniqueId('id-').slice(3));
    expect(native.uniqueId('id-')).toBe(`id-${first + 1}`);
    expect(native.uniqueId(7)).toBe(`7${first + 2}`);
  });

  it('converts case as lodash does: words, deburring, contractions, ordinals, emoji', () => {
    const corpus = [
      'background-color', 'disabled_date', 'hide_hours', 'bottomStart', 'topEnd', 'Button', 'InputGroup', '--rs-gray-50',
      'aria-label', 'FOO_BAR', 'fooBar2Baz', '1st place', '22ND floor', 'XMLHttpRequest', "don't stop", 'We’ll GO', 'Crème Brûlée',
      'Æsir þorn', 'łódź', 'İstanbul', 'straße', 'ǅungla', '𐐨ab', 'e\u0301xact', '👍 ok', '🇨🇳flag', '中文 标题', 'a\u200db',
      '  spaced  out ', '', 'ÀÉÎ', '\u00d7x\u00f7y', '__proto__', 'HELLO world', 'v2Beta', 'a1b2', 'ŉ',
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const alphabet = [...'aZ09 -_.\'’ÀßæŁİ中\u0301\u200d', '👍', '🇨', '\ud800', 'X', 'y', 'ST', 'th', '1st'];
    for (let sample = 0; sample < 600; sample++)
      corpus.push(Array.from({ length: 1 + Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
    for (let code = 0; code <= 0x24f; code++) corpus.push(String.fromCharCode(code), `a${String.fromCharCode(code)}Bc`);
    for (const name of ['camelCase', 'kebabCase', 'startCase', 'capitalize', 'upperFirst']) {
      for (const text of corpus) same(name, () => [text]);
      for (let index = 0; index < values().length; index++) same(name, () => [values()[index]]);
    }
    // Remembered conversions answer the same the second time.
    expect(native.camelCase('bottom-start')).toBe(native.camelCase('bottom-start'));
    expect(native.kebabCase('bottomStart')).toBe('bottom-start');
  });
});

// Issue 9, item 5: the build replaces the lodash functions rsuite imports with native versions
// (scripts/vite/lodashNative.ts). Each is run beside lodash's own module of the same name on the same arguments
// (tests/unit/support/lodashDiff.ts) and must return the same value and leave its arguments the same way.
// Here: the plugin's list, the type checks, paths (get, pick, omit), pickBy, omitBy, mapValues, assign, clone, cloneDeep.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NATIVE_LODASH, nativeModule, nativeName } from '../../scripts/vite/lodashNative.ts';
import * as native from '../../src/app/lodash/index.ts';
import { fnValue, lodash, paths, Point, predicates, same, sym, values } from './support/lodashDiff.ts';

describe('native lodash: registration, checks, objects and clones', () => {
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

});

// Issue 9, item 5: the build replaces the lodash functions rsuite imports with native versions
// (scripts/vite/lodashNative.ts). Each is run beside lodash's own module of the same name on the same arguments
// (tests/unit/support/lodashDiff.ts) and must return the same value and leave its arguments the same way.
// Here: find, findIndex, remove, minBy, maxBy, groupBy, includes, forEach, flatten, castArray, intersection.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as native from '../../src/app/lodash/index.ts';
import { describeValue, lodash, predicates, same, sparse, values } from './support/lodashDiff.ts';

describe('native lodash: collections', () => {
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

});

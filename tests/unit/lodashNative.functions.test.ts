// Issue 9, item 5: the build replaces the lodash functions rsuite imports with native versions
// (scripts/vite/lodashNative.ts). Each is run beside lodash's own module of the same name on the same arguments
// (tests/unit/support/lodashDiff.ts) and must return the same value and leave its arguments the same way.
// Here: delay, trim, curry, partial, uniqueId and the case functions.
// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import * as native from '../../src/app/lodash/index.ts';
import { describeValue, type Fn, lodash, same, values } from './support/lodashDiff.ts';

describe('native lodash: functions and strings', () => {
  it('delays as lodash does: the call after the wait, with the arguments given, none for a bad wait', () => {
    // A simulated clock: which calls have happened is read at set times, not raced against real timers.
    vi.useFakeTimers();
    try {
      const calls: unknown[][] = [];
      const record = (...args: unknown[]) => calls.push(args);
      const ours = native.delay(record, '5', 'x', 2);
      const theirs = lodash('delay')(record, '5', 'x', 2);
      native.delay(record, 'soon', 'y');
      expect(typeof ours).toBe(typeof theirs);
      vi.advanceTimersByTime(4);
      expect(calls).toStrictEqual([['y']]);
      vi.advanceTimersByTime(1);
      expect(calls).toStrictEqual([['y'], ['x', 2], ['x', 2]]);
      clearTimeout(native.delay(record, 1));
      vi.advanceTimersByTime(10);
      expect(calls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
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

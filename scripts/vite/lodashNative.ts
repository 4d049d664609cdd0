// Vite plugin: rsuite's components import ~30 lodash functions one module each (lodash/isNil, lodash/omit, …), and
// those share lodash's internals — the iteratee machinery (matches, isEqual, its caches), baseClone, createWrap for
// curry: 239 CommonJS modules, 29 % of the signed-in chunk's source and ~12.5 kB brotli of every signed-in page,
// each module wrapped and run at start. The build points `lodash/<name>` at the native version of the same name in
// src/app/lodash (written from lodash 4.18's sources; tests/unit/lodashNative.test.ts compares each with lodash
// itself on the shapes rsuite passes and beyond). Only the functions the first-loaded chunks use are replaced, and
// those that alone brought lodash's internals to a screen: intersection (the tree pickers of /userConfig), clone
// (the check pickers of the device screens), and the date pickers' omitBy, mapValues, partial, startCase and
// delay (the statistics pages); the others (debounce, merge, …) stay lodash's own, in the chunks that need them.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

export const NATIVE_LODASH = [
  'assign',
  'camelCase',
  'capitalize',
  'castArray',
  'clone',
  'cloneDeep',
  'curry',
  'delay',
  'find',
  'findIndex',
  'flatten',
  'forEach',
  'get',
  'groupBy',
  'includes',
  'intersection',
  'isArray',
  'isEmpty',
  'isFunction',
  'isNil',
  'isNumber',
  'isPlainObject',
  'isString',
  'isUndefined',
  'kebabCase',
  'mapValues',
  'maxBy',
  'minBy',
  'omit',
  'omitBy',
  'partial',
  'pick',
  'pickBy',
  'remove',
  'startCase',
  'trim',
  'uniqueId',
  'upperFirst',
] as const;

const PREFIX = '\0argus-lodash:';

/** The function a `lodash/<name>` (or `lodash/<name>.js`) import names, when it has a native version. */
export function nativeName(source: string): string | undefined {
  const match = /^lodash\/([A-Za-z]+)(?:\.js)?$/.exec(source);
  return match && (NATIVE_LODASH as readonly string[]).includes(match[1]) ? match[1] : undefined;
}

/** The module standing for `lodash/<name>`: the native function as its default export, as lodash's module has it. */
export const nativeModule = (name: string, index: string) => `export { ${name} as default } from ${JSON.stringify(index)};\n`;

export function lodashNative(srcDir: string): Plugin {
  const index = resolve(srcDir, 'app/lodash/index.ts');
  return {
    name: 'argus-lodash-native',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      const name = nativeName(source);
      return name ? PREFIX + name : null;
    },
    load(id) {
      return id.startsWith(PREFIX) ? nativeModule(id.slice(PREFIX.length), index) : null;
    },
  };
}

// The native versions of the lodash functions that rsuite's first-loaded components import; the build points each
// `lodash/<name>` import at its export here (scripts/vite/lodashNative.ts). The functions are adapted from lodash
// 4.18.1 (its regular expressions and edge rules copied), under lodash's MIT licence: see LICENSE beside this file.
export { castArray, find, findIndex, flatten, forEach, groupBy, includes, intersection, maxBy, minBy, remove } from './collections.ts';
export { curry, delay, isArray, isFunction, isNil, isNumber, isString, isUndefined, partial, trim, uniqueId } from './lang.ts';
export { clone, cloneDeep } from './clone.ts';
export { assign, get, isEmpty, isPlainObject, mapValues, omit, omitBy, pick, pickBy } from './objects.ts';
export { camelCase, capitalize, kebabCase, startCase, upperFirst } from './strings.ts';

// Not plugins: patterns for Vite and Rolldown settings in vite.config.ts, kept here so the unit tests check the
// same patterns the build uses.

/** A one-function lodash import (`lodash/get`, `lodash/get.js`), answered by es-toolkit/compat's module of the
 * same name (resolve.alias); the function's name is the first group. tests/unit/lodashCompat.test.ts. */
export const LODASH_FUNCTION = /^lodash\/([A-Za-z]+)(?:\.js)?$/;

/** dom-lib's modules, declared side-effect free (treeshake.moduleSideEffects): the package declares nothing, and
 * its modules' top-level code only sets up their exports (checked for dom-lib 3.3: no global, no DOM write).
 * tests/unit/sideEffectFree.test.ts. */
export const DOM_LIB_MODULES = /[\\/]node_modules[\\/]dom-lib[\\/]esm[\\/]/;

// Not plugins: patterns for Vite and Rolldown settings in vite.config.ts, kept here so the unit tests check the
// same patterns the build uses.

/** A one-function lodash import (`lodash/get`, `lodash/get.js`), answered by es-toolkit/compat's module of the
 * same name (resolve.alias); the function's name is the first group. tests/unit/lodashCompat.test.ts. */
export const LODASH_FUNCTION = /^lodash\/([A-Za-z]+)(?:\.js)?$/;

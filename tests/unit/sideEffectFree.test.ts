// Issue 9, item 5: dom-lib's modules are declared side-effect free (treeshake.moduleSideEffects in vite.config.ts),
// so the build drops the ones nothing uses; every other module keeps what its package declares.
// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOM_LIB_MODULES } from '../../scripts/vite/buildSettings.ts';

describe('side-effect-free packages', () => {
  it("matches dom-lib's modules, and no other", () => {
    expect(DOM_LIB_MODULES.test('/w/node_modules/dom-lib/esm/PointerMoveTracker.js')).toBe(true);
    expect(DOM_LIB_MODULES.test('C:\\w\\node_modules\\dom-lib\\esm\\on.js')).toBe(true);
    expect(DOM_LIB_MODULES.test('/w/node_modules/rsuite/esm/DOMHelper/index.js')).toBe(false);
    expect(DOM_LIB_MODULES.test('/w/src/app/resizeObserver.ts')).toBe(false);
  });

  it('is still needed: dom-lib declares no sideEffects of its own', () => {
    const pkg = JSON.parse(readFileSync('node_modules/dom-lib/package.json', 'utf8')) as { sideEffects?: unknown };
    expect(pkg.sideEffects).toBeUndefined();
  });
});

// Issue 9, item 5: dom-lib's modules are declared side-effect free, so the build drops the ones nothing uses
// (scripts/vite/sideEffectFree.ts); every other module keeps what its package declares.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SIDE_EFFECT_FREE, sideEffectFree } from '../../scripts/vite/sideEffectFree.ts';

type Transform = (code: string, id: string) => { moduleSideEffects?: boolean } | null;

describe('side-effect-free packages', () => {
  it("declares dom-lib's modules side-effect free, and no other", () => {
    const transform = sideEffectFree().transform as unknown as Transform;
    expect(transform('export {}', '/w/node_modules/dom-lib/esm/PointerMoveTracker.js')).toMatchObject({ code: 'export {}', moduleSideEffects: false });
    expect(transform('export {}', '/w/node_modules/dom-lib/esm/utils/UserAgent.js?x=1')?.moduleSideEffects).toBe(false);
    expect(transform('export {}', '/w/node_modules/rsuite/esm/DOMHelper/index.js')).toBeNull();
    expect(transform('export {}', '/w/src/app/resizeObserver.ts')).toBeNull();
    expect(SIDE_EFFECT_FREE.test('C:\\w\\node_modules\\dom-lib\\esm\\on.js')).toBe(true);
  });
});

// Vite plugin: declares packages whose modules only define their exports side-effect free, so the build drops the
// modules nothing uses. dom-lib (rsuite's DOM helpers) declares no "sideEffects" in its package.json, so every
// module that rsuite's DOMHelper re-exports stayed in the signed-in chunk — PointerMoveTracker, WheelHandler,
// UserAgent and the wheel normaliser among them, used only by the tree table's own chunk (~17 kB of source). Its
// modules' top-level code only sets up their own exports (checked for dom-lib 3.3: no global, no DOM write).
import type { Plugin } from 'vite';

export const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/]dom-lib[\\/]esm[\\/]/;

export function sideEffectFree(test: RegExp = SIDE_EFFECT_FREE): Plugin {
  return {
    name: 'argus-side-effect-free',
    apply: 'build',
    transform(code, id) {
      if (!test.test(id.split('?')[0])) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}

// Not a plugin: the resolve.alias entry of vite.config.ts (a Vite setting), kept here for its unit test.
// The build resolves rsuite's @juggle/resize-observer ponyfill to the browser's own observer
// (src/app/resizeObserver.ts says why). Only the bare specifier is matched: rsuite and rsuite-table import nothing
// else of the package (a unit test checks), and anything deeper would keep the ponyfill rather than break.
import { resolve } from 'node:path';

export const RESIZE_OBSERVER_PONYFILL = '@juggle/resize-observer';

export function resizeObserverAlias(srcDir: string): { find: RegExp; replacement: string } {
  return { find: /^@juggle\/resize-observer$/, replacement: resolve(srcDir, 'app/resizeObserver.ts') };
}

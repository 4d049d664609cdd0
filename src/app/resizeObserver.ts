// rsuite and rsuite-table import the @juggle/resize-observer ponyfill, which never uses the browser's own observer:
// it watches the whole document (a MutationObserver on every node, and listeners for hover, focus, keys and
// animations) and after each of those polls the size of every observed element for up to a second, frame by
// frame — a forced layout of the page each time something changed. Every browser the build targets has the
// native ResizeObserver (Vite's default target, baseline widely available: Chrome 111, Firefox 114, Safari 16.4),
// which measures inside the rendering steps without forcing a layout. The build resolves the ponyfill to this
// module (vite.config.ts); tests in jsdom keep the ponyfill.
export const ResizeObserver = globalThis.ResizeObserver;
export const ResizeObserverEntry = globalThis.ResizeObserverEntry;
export const ResizeObserverSize = globalThis.ResizeObserverSize;

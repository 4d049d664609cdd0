import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { DEFAULT_LANGUAGE, LANGUAGES } from './src/i18n/languages.ts';
import { BASE_NAMESPACES, SHELL_NAMESPACES } from './src/i18n/routeNamespaces.ts';
import { inlineBaseStyle } from './scripts/vite/inlineBaseStyle.ts';
import { earlyRequests } from './scripts/vite/earlyRequests.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { resizeObserverAlias } from './scripts/vite/resizeObserverAlias.ts';
import { DOM_LIB_MODULES, LODASH_FUNCTION } from './scripts/vite/buildSettings.ts';
import { rsuiteDates } from './scripts/vite/rsuiteDates.ts';
import { routePages } from './scripts/vite/routePages.ts';
import { codeChunkGroups } from './scripts/vite/codeChunks.ts';
import { RSUITE_SHEETS_DIR, rsuiteCss } from './scripts/vite/rsuiteCss.ts';
import { styleChunkGroups } from './scripts/vite/styleChunks.ts';

// The reference server (npm run serve) answers the API, uploaded files and the sockets on one port: PORT, as the
// server itself reads it (npm run dev starts both with the same environment).
const server = `http://127.0.0.1:${process.env.PORT || 8080}`;
// §7: these paths go out without the base address, so the dev server forwards them as they are.
const bareApiPaths = ['/evaluate', '/verifyBigSdk', '/deepseek'];

const proxy = Object.fromEntries([
  ['/api', { target: server, changeOrigin: true }],
  ['/files', { target: server, changeOrigin: true }],
  ['/websocket', { target: server, ws: true, changeOrigin: true }],
  ['/socketServer', { target: server, ws: true, changeOrigin: true }],
  ...bareApiPaths.map((path) => [path, { target: server, changeOrigin: true }]),
]);

// The libraries every page runs: React and the router, i18n, the state machines.
const vendorModules = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|i18next|react-i18next|xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/;
// The catalogues of every page (common, errors) and of the signed-in shell (shell), one chunk per language.
const baseCatalogues = (language: string) =>
  new RegExp(`[\\\\/]src[\\\\/]i18n[\\\\/]${language}[\\\\/](${[...BASE_NAMESPACES, ...SHELL_NAMESPACES].join('|')})\\.json$`);

export default defineConfig({
  plugins: [rsuiteCss(), rsuiteDates(resolve('src')), react(), inlineBaseStyle(), earlyRequests('src/earlyRequests.ts'), routePages({ language: DEFAULT_LANGUAGE, base: BASE_NAMESPACES, shell: SHELL_NAMESPACES }), precompress()],
  // rsuite's resize-observer ponyfill becomes the browser's own observer (src/app/resizeObserver.ts says why).
  resolve: {
    alias: [
      resizeObserverAlias(resolve('src')),
      // rsuite imports lodash one function a module (lodash/get, lodash/omit, …), and those share lodash's CommonJS
      // internals (~240 modules, ~12.5 kB brotli of every signed-in page). es-toolkit/compat has the same functions,
      // tested against lodash's own suite, as small ES modules: tests/unit/lodashCompat.test.ts checks it has each.
      { find: LODASH_FUNCTION, replacement: 'es-toolkit/compat/$1' },
    ],
  },
  build: {
    outDir: 'dist',
    // bench/bundleSizes.ts reads the manifest to measure what the login route loads first.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      // dom-lib (rsuite's DOM helpers) declares no "sideEffects", so every module rsuite's DOMHelper re-exports
      // stayed in the signed-in chunk (PointerMoveTracker, WheelHandler, … ~17 kB of source, used only by the tree
      // table). Modules no rule matches keep what their package declares.
      treeshake: { moduleSideEffects: [{ test: DOM_LIB_MODULES, sideEffects: false }] },
      output: {
        // Rolldown's successor of manualChunks. Over HTTP/1.1 a browser fetches six files at a time, so what pages
        // load together is one file: the libraries every page runs (they change rarely: one long-cached chunk),
        // the base catalogues of the page's language, the styles, and the tiers of the console's own code. The
        // rest (each screen's code, the rsuite components only some screens use) is left to automatic splitting.
        // Groups of higher priority capture first; a group also takes what its modules import, unless taken.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: vendorModules, priority: 100 },
            ...LANGUAGES.map((language) => ({ name: `i18n-${language}`, test: baseCatalogues(language), priority: 100 })),
            // The styles every page, and every signed-in page, loads: one file each (styleChunks.ts).
            ...styleChunkGroups({ srcDir: resolve('src'), sheetsDir: resolve(RSUITE_SHEETS_DIR) }).map((group) => ({ ...group, priority: 90 })),
            // The boot, the signed-in shell, the list kit (codeChunks.ts).
            ...codeChunkGroups(),
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
});

import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite/precompress.ts';
import { routePages } from './scripts/vite/routePages.ts';
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

const vendorModules = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const i18nModules = /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/;
const stateModules = /[\\/]node_modules[\\/](xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/;

export default defineConfig({
  plugins: [rsuiteCss(), react(), routePages(), precompress()],
  build: {
    outDir: 'dist',
    // bench/bundleSizes.ts reads the manifest to measure what the login route loads first.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Rolldown's successor of manualChunks: libraries every screen needs change rarely, so they get their own
        // long-cached chunks (React and the router; i18n; state machines). rsuite is left to automatic splitting
        // so each lazy screen loads only the components it uses.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: vendorModules },
            { name: 'i18n', test: i18nModules },
            { name: 'state', test: stateModules },
            // The styles every page, and every signed-in page, loads: one file each (styleChunks.ts).
            ...styleChunkGroups({ srcDir: resolve('src'), sheetsDir: resolve(RSUITE_SHEETS_DIR) }),
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
});

// Kept (issue 37 review): no Vite setting emits a second, import-free entry and names it first in the page as an async
// script (a second <script type="module"> in index.html is merged into the one entry by Vite's HTML build).
// Vite plugin: builds src/earlyRequests.ts as an entry of its own (it has no imports, so its chunk has none) and names
// it first in the page, as an async module script: the browser runs it as soon as it has arrived, without waiting
// for the console's other scripts, whose arrival it is there to overlap. The route pages (routePages.ts) are written
// from the built index.html, so each carries it too. Only in a build: the dev server's page has no early requests,
// and the client then sends the session's calls itself.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

export function earlyRequests(entry: string): Plugin {
  const id = resolve(entry);
  return {
    name: 'argus-early-requests',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id, name: 'early' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((output) => output.type === 'chunk' && output.facadeModuleId === id);
        if (chunk?.type !== 'chunk') throw new Error(`earlyRequests: the build has no chunk for ${entry}`);
        if (chunk.imports.length > 0) throw new Error(`earlyRequests: ${entry} must not import anything (its chunk imports ${chunk.imports.join(', ')})`);
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}

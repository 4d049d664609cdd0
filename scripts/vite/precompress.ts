// Kept (issue 37 review): vite-plugin-compression2 2.5 was tried in its place and measured: it compresses the bundle
// before inlineBaseStyle's last rewrite of the chunks (11 of 174 .br files then held other code than the file
// beside them) and never sees the route pages routePages.ts writes after the bundle (78 pages sent uncompressed).
// Vite plugin: after the build, writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of
// the output, so the server sends them as they are (@fastify/static preCompressed) instead of compressing each
// request. config.json is left alone: it is the runtime configuration, edited in dist/ after a build.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm|map)$/;
const SKIP = new Set(['config.json', '.vite/manifest.json']);
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

export async function precompressDir(outDir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const jobs: Promise<void>[] = [];
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for await (const path of files(outDir)) {
    const name = relative(outDir, path).replaceAll('\\', '/');
    if (!COMPRESSIBLE.test(name) || SKIP.has(name)) continue;
    if ((await stat(path)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const source = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          gz(source, { level: 9 }),
        ]);
        // A copy that is not smaller is not worth sending: the plain file is served instead.
        if (br.length < source.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < source.length) await writeFile(`${path}.gz`, gzipped);
        totals.files++;
        totals.bytes += source.length;
        totals.brotliBytes += Math.min(br.length, source.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'argus-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const { files: count, bytes, brotliBytes } = await precompressDir(outDir);
      config.logger.info(`precompressed ${count} files: ${Math.round(bytes / 1024)} kB → ${Math.round(brotliBytes / 1024)} kB brotli`);
    },
  };
}

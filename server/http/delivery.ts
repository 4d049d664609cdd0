// How answers travel: compressed when the client accepts it, and cached by what they are.
// - JSON (and other compressible) answers above 1 kB are compressed on the fly (brotli, else gzip); request bodies
//   are not decompressed (a client has no reason to send them compressed). Websocket frames, images, video and
//   partial (range) answers are left alone.
// - The built console is compressed at build time (scripts/vite/precompress.ts writes .br and .gz beside each
//   file) and the static plugin sends the variant the browser accepts.
// - Hashed build files under /assets/ never change under their name: cached for a year, immutable, sent without
//   validators and without the headers that only act on documents. Everything else of the console (index.html,
//   config.json, public/lib helpers) is revalidated on each use (no-cache + ETag).
// - A route's URL is answered with the page the build wrote for it (pages/<route>.html: index.html naming the
//   route's code, scripts/vite/routePages.ts); any other page URL with index.html.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const COMPRESS_THRESHOLD = 1024;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * Headers that only act on a document (a page or a frame): a script or style sheet gains nothing from them, and
 * on a signed-in screen's 60-odd asset requests they were ~650 bytes each. nosniff, the cross-origin resource
 * policy and the referrer policy stay on every answer. (The console starts no workers from /assets/, where a
 * script's own CSP would apply.)
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/** Validators a hashed, immutable file never needs (it is not revalidated), nor ranges of a script. */
const IMMUTABLE_NEEDLESS_HEADERS = ['etag', 'last-modified', 'accept-ranges'];

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // Quality 4 keeps brotli cheaper than gzip -6 per byte on JSON while compressing better.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/** The build's route pages (pages/routes.json: path → file); none for a build without them. */
export function readRoutePages(staticDir: string): Map<string, string> {
  const index = join(staticDir, 'pages', 'routes.json');
  if (!existsSync(index)) return new Map();
  const listed = JSON.parse(readFileSync(index, 'utf8')) as Record<string, unknown>;
  return new Map(
    Object.entries(listed).filter(
      (pair): pair is [string, string] => typeof pair[1] === 'string' && /^pages\/[\w~-]+\.html$/.test(pair[1]) && existsSync(join(staticDir, pair[1])),
    ),
  );
}

/** The file that answers a page URL: its route's page, else index.html (the console's router decides). */
export function pageFileFor(pages: ReadonlyMap<string, string>, url: string): string {
  const path = url.split(/[?#]/)[0].replace(/(.)\/+$/, '$1');
  return pages.get(path) ?? 'index.html';
}

/** Serves the built console from staticDir with its precompressed variants and the caching rules above. */
export async function registerConsoleFiles(app: FastifyInstance, staticDir: string): Promise<{ pageFor(url: string): string }> {
  const pages = readRoutePages(staticDir);
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: false,
    // "/" is answered below: the plugin's own index route misses the precompressed copies (404 with preCompressed).
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, path: string) => {
      reply.header('cache-control', isHashedAsset(staticDir, path) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.get('/', (_req, reply) => reply.sendFile('index.html'));
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/assets/') || !/\.(js|css)(\?|$)/.test(req.url)) return payload;
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    if (reply.getHeader('cache-control') === IMMUTABLE) for (const name of IMMUTABLE_NEEDLESS_HEADERS) reply.removeHeader(name);
    return payload;
  });
  return { pageFor: (url) => pageFileFor(pages, url) };
}

export function isHashedAsset(staticDir: string, path: string): boolean {
  const inside = relative(staticDir, path).replaceAll('\\', '/');
  return inside.startsWith('assets/');
}

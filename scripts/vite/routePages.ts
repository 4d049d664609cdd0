// Kept (issue 37 review): no Vite setting or maintained plugin writes a page per route with that route's own chunks
// preloaded (Vite's modulePreload covers the entry's static imports only, and the screens are dynamic imports).
// Vite plugin: a page per route that names the route's code in its head. The console is one index.html; opened at
// /historyEvent, the browser learnt which chunks the screen needs only once the boot script had run and asked for
// them (prefetchInitialRoute): ~75 <link>s appended in one task, ~70 ms of main thread on this machine (~290 ms
// at Lighthouse's 4× CPU), and no request for them before the boot's own scripts were in. Each pages/<route>.html
// is index.html plus <link rel="modulepreload"> for the scripts of the route's screen and layouts and
// <link rel="preload" as="style"> for their sheets, so the browser fetches them while it parses the page and the
// boot's preload helper finds them already there. The page also announces what the boot fetches before it can
// start the session: config.json (<link rel="preload" as="fetch">, which the boot's fetch of it takes over) and the
// message catalogues of the route in the default language — without them those requests left only once the boot
// script had run, one more round trip between the scripts and the session's first request. The server answers a
// route's URL with its page (server/http/delivery.ts), any other URL with index.html. pages/routes.json lists them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';
import { FLEX_LAYOUT, MAIN_LAYOUT, PROTECTED_LAYOUT } from './entryModules.ts';

export interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The part of a route table entry this plugin reads (src/routes.ts RouteEntry). */
export interface RouteLike {
  path: string;
  public?: boolean;
  layout: string;
  redirect?: string;
  screen?: () => unknown;
  /** The route's i18n namespaces beyond the base ones (and, behind sign-in, the shell's). */
  namespaces?: readonly string[];
}

/** What the plugin needs of src/i18n: the default language and the namespaces every page, and the shell, load. */
export interface CatalogueRule {
  language: string;
  base: readonly string[];
  shell: readonly string[];
}

/** The runtime configuration the boot fetches (public/config.json), relative to the base. */
export const RUNTIME_CONFIG = 'config.json';

export const PAGES_DIR = 'pages';
export const PAGES_INDEX = 'pages/routes.json';

/**
 * The src module a screen loader imports, from its source: `() => import('./screens/x/Y.tsx')` → src/screens/x/Y.tsx
 * (as Node loads the table; under Vite's transform the specifier reads /src/screens/x/Y.tsx).
 */
export function screenModule(loader: () => unknown): string {
  const match = /(?:import|__vite_ssr_dynamic_import__)\(\s*['"](?:\.\/|\/src\/)([^'"]+)['"]\s*\)/.exec(String(loader));
  if (!match) throw new Error(`a route's screen loader does not name its module: ${String(loader)}`);
  return `src/${match[1]}`;
}

/** The manifest keys of what a route loads besides the boot: its layouts and its screen. */
export function routeModules(entry: RouteLike, routes: readonly RouteLike[]): string[] {
  const target = targetOf(entry, routes);
  if (!target?.screen) return [];
  const layouts = target.public ? [] : [PROTECTED_LAYOUT, target.layout === 'main' ? MAIN_LAYOUT : FLEX_LAYOUT];
  return [...layouts.map((module) => `src/${module}`), screenModule(target.screen)];
}

/** The route a URL serves: a table redirect's target, if it has a screen. */
function targetOf(entry: RouteLike, routes: readonly RouteLike[]): RouteLike | undefined {
  return entry.redirect ? routes.find((candidate) => candidate.path === entry.redirect && candidate.screen) : entry;
}

/**
 * The catalogue files of a route in the rule's language, in load order: the chunk of the base (and shell) namespaces,
 * then the route's own. A namespace with no file of its own must sit in the base chunk, or the build is wrong.
 */
export function routeCatalogues(manifest: Manifest, entry: RouteLike, routes: readonly RouteLike[], rule: CatalogueRule): string[] {
  const target = targetOf(entry, routes);
  if (!target?.screen) return [];
  const grouped = Object.entries(manifest).find(([, chunk]) => chunk.name === `i18n-${rule.language}`)?.[1].file;
  const files: string[] = [];
  const add = (file: string) => {
    if (!files.includes(file)) files.push(file);
  };
  for (const namespace of [...rule.base, ...(target.public ? [] : rule.shell), ...(target.namespaces ?? [])]) {
    const own = manifest[`src/i18n/${rule.language}/${namespace}.json`]?.file;
    if (own) add(own);
    else if (grouped) add(grouped);
    else throw new Error(`the catalogue ${rule.language}/${namespace} is in no chunk of the build`);
  }
  return files;
}

/** The chunks a manifest key loads without waiting (its static imports, transitively), as keys. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The files the boot's page already names: the entries' static closures, scripts and sheets. */
export function bootFiles(manifest: Manifest): Set<string> {
  const boot = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticClosure(manifest, key, boot);
  return new Set([...boot].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]));
}

/** The script and style files of the given keys' closures that the boot's page does not already name. */
export function routeAssets(manifest: Manifest, keys: string[], boot = bootFiles(manifest)): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    for (const chunkKey of staticClosure(manifest, key, new Set())) {
      if (seen.has(chunkKey)) continue;
      seen.add(chunkKey);
      const chunk = manifest[chunkKey];
      if (!boot.has(chunk.file)) js.push(chunk.file);
      for (const sheet of chunk.css ?? []) if (!boot.has(sheet) && !css.includes(sheet)) css.push(sheet);
    }
  }
  return { js, css };
}

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

export interface PageAssets {
  js: string[];
  css: string[];
  /** Files the boot fetches with fetch() (config.json). */
  fetch?: string[];
}

/** index.html with the route's files announced at the end of its head. */
export function pageHtml(indexHtml: string, base: string, assets: PageAssets): string {
  const links = [
    ...(assets.fetch ?? []).map((file) => `<link rel="preload" as="fetch" crossorigin href="${attribute(base + file)}">`),
    ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="${attribute(base + file)}">`),
    ...assets.css.map((file) => `<link rel="preload" as="style" crossorigin href="${attribute(base + file)}">`),
  ];
  if (!/\n[ \t]*<\/head>/.test(indexHtml)) throw new Error('index.html has no </head> line');
  return indexHtml.replace(/\n([ \t]*)<\/head>/, (_head, indent: string) => `\n${indent}  ${links.join(`\n${indent}  `)}\n${indent}</head>`);
}

/** A route's page file, relative to the build's folder: /historyEvent → pages/historyEvent.html. */
export const pageFile = (path: string) => `${PAGES_DIR}/${path.replace(/^\/+/, '').replaceAll('/', '~')}.html`;

export function routePages(catalogues: CatalogueRule): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'argus-route-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? resolve(config.root, config.build.outDir);
      const text = (name: string) => {
        const output = bundle[name];
        if (output?.type !== 'asset') throw new Error(`the build wrote no ${name}`);
        return typeof output.source === 'string' ? output.source : new TextDecoder().decode(output.source);
      };
      const manifest = JSON.parse(text('.vite/manifest.json')) as Manifest;
      const indexHtml = text('index.html');
      const boot = bootFiles(manifest);
      // The route table is plain TypeScript (type imports only): Node loads it as it is.
      const { flattenRoutes } = (await import(pathToFileURL(resolve(config.root, 'src/routes.ts')).href)) as { flattenRoutes(): RouteLike[] };
      const routes = flattenRoutes();
      const index: Record<string, string> = {};
      for (const entry of routes) {
        if (entry.path in index || entry.path === '/') continue;
        const keys = routeModules(entry, routes);
        if (keys.length === 0) continue;
        const file = pageFile(entry.path);
        mkdirSync(dirname(join(outDir, file)), { recursive: true });
        const code = routeAssets(manifest, keys, boot);
        const texts = routeCatalogues(manifest, entry, routes, catalogues).filter((catalogue) => !boot.has(catalogue) && !code.js.includes(catalogue));
        writeFileSync(join(outDir, file), pageHtml(indexHtml, config.base, { fetch: [RUNTIME_CONFIG], js: [...code.js, ...texts], css: code.css }));
        index[entry.path] = file;
      }
      writeFileSync(join(outDir, PAGES_INDEX), `${JSON.stringify(index, null, 1)}\n`);
      config.logger.info(`route pages: ${Object.keys(index).length} written to ${PAGES_DIR}/`);
    },
  };
}

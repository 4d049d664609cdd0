// Gzip sizes of the built console: what the login route loads first, the largest lazy chunk, and the CSS of every
// route page (dist/pages: the sheet written into the page plus the sheets it preloads, each compressed alone, as the
// server sends them) against the budget of 25 kB gzip per route.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleFigures {
  loginInitialJsKb: number;
  loginInitialCssKb: number;
  largestChunk: { file: string; kb: number };
  totalJsKb: number;
  /** CSS gzip per route page, largest first. */
  routeCss: RouteCss[];
  /** The routes whose CSS is over CSS_BUDGET_KB. */
  routesOverCssBudget: string[];
}

export interface RouteCss {
  route: string;
  kb: number;
  sheets: number;
}

/** The budget: CSS per route, gzip. */
export const CSS_BUDGET_KB = 25;

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const gzKb = (path: string) => Math.round((gzipSync(readFileSync(path)).length / 1024) * 10) / 10;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const INLINE_SHEET = /<style\b[^>]*>([\s\S]*?)<\/style>/g;
const PRELOADED_SHEET = /<link rel="preload" as="style"[^>]*\bhref="\/?([^"]+)"/g;

/** The CSS of each route page the build wrote (pages/routes.json), largest first. */
export function measureRouteCss(dist = 'dist'): RouteCss[] {
  const indexPath = join(dist, 'pages', 'routes.json');
  if (!existsSync(indexPath)) return [];
  const pages = JSON.parse(readFileSync(indexPath, 'utf8')) as Record<string, string>;
  const sheetBytes = new Map<string, number>();
  const gzipOf = (file: string) => {
    const known = sheetBytes.get(file);
    if (known !== undefined) return known;
    const bytes = gzipSync(readFileSync(join(dist, file))).length;
    sheetBytes.set(file, bytes);
    return bytes;
  };
  return Object.entries(pages)
    .map(([route, page]) => {
      const html = readFileSync(join(dist, page), 'utf8');
      const inline = [...html.matchAll(INLINE_SHEET)].map((m) => gzipSync(m[1]).length);
      const linked = [...html.matchAll(PRELOADED_SHEET)].map((m) => gzipOf(m[1]));
      return { route, kb: kb([...inline, ...linked].reduce((n, bytes) => n + bytes, 0)), sheets: inline.length + linked.length };
    })
    .sort((a, b) => b.kb - a.kb || a.route.localeCompare(b.route));
}

export function measureBundle(dist = 'dist'): BundleFigures | null {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
  const entries = Object.entries(manifest);
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const k of keys) {
      if (seen.has(k) || !manifest[k]) continue;
      seen.add(k);
      closure(manifest[k].imports ?? [], seen);
    }
    return seen;
  };
  const entryKey = entries.find(([, e]) => e.isEntry)?.[0];
  const loginKey = entries.find(([k]) => /LoginScreen/.test(k))?.[0];
  const initial = closure([entryKey, loginKey].filter(Boolean) as string[]);
  const js = [...initial].map((k) => manifest[k].file);
  const css = [...new Set([...initial].flatMap((k) => manifest[k].css ?? []))];
  const chunks = [...new Set(entries.map(([, e]) => e.file))].filter((f) => f.endsWith('.js'));
  const sized = chunks.map((file) => ({ file, kb: gzKb(join(dist, file)) })).sort((a, b) => b.kb - a.kb);
  const sum = (files: string[]) => Math.round(files.reduce((n, f) => n + gzKb(join(dist, f)), 0) * 10) / 10;
  const routeCss = measureRouteCss(dist);
  return {
    loginInitialJsKb: sum(js),
    loginInitialCssKb: sum(css),
    largestChunk: sized[0] ?? { file: '-', kb: 0 },
    totalJsKb: sum(chunks),
    routeCss,
    routesOverCssBudget: routeCss.filter((r) => r.kb > CSS_BUDGET_KB).map((r) => r.route),
  };
}
